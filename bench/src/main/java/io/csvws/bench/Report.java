package io.csvws.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/** The benchmark's results as markdown. */
final class Report {
  private static final List<Engine> PEERS =
      List.of(Engine.CALCITE, Engine.CSVJDBC, Engine.DUCKDB, Engine.H2);

  private final Options o;
  private final Machine machine;
  private final DataSet data;
  private final Bench b;
  private final LocalDateTime started;
  private final Map<String, Integer> notes = new LinkedHashMap<>();
  private final StringBuilder md = new StringBuilder();

  Report(Options o, Machine machine, DataSet data, Bench b, LocalDateTime started) {
    this.o = o;
    this.machine = machine;
    this.data = data;
    this.b = b;
    this.started = started;
  }

  static String ms(double ms) {
    if (Double.isNaN(ms)) {
      return "-";
    }
    if (ms < 1) {
      return String.format(Locale.ROOT, "%.2f ms", ms);
    }
    if (ms < 10) {
      return String.format(Locale.ROOT, "%.1f ms", ms);
    }
    if (ms < 1000) {
      return String.format(Locale.ROOT, "%.0f ms", ms);
    }
    if (ms < 10_000) {
      return String.format(Locale.ROOT, "%.2f s", ms / 1000);
    }
    return String.format(Locale.ROOT, "%.1f s", ms / 1000);
  }

  static String ratio(double r) {
    if (r >= 10) {
      return String.format(Locale.ROOT, "%.0f", r);
    }
    if (r >= 0.1) {
      return String.format(Locale.ROOT, "%.2f", r);
    }
    return String.format(Locale.ROOT, "%.3f", r);
  }

  private static String mb(long bytes) {
    return bytes < 0 ? "-" : Long.toString(Math.round(bytes / (double) (1 << 20)));
  }

  /** A cell as the progress log shows it. */
  static String cellText(Cell c) {
    return switch (c.status) {
      case OK -> c.ms.isEmpty() ? "no runs" : ms(c.median()) + " (n=" + c.ms.size() + ", rows "
          + c.rows + ")";
      case NA -> "n/a";
      case CAPPED -> ">" + ChildProcess.fmt(c.capSeconds) + " s";
      case ERROR, CRASHED -> c.status.name().toLowerCase(Locale.ROOT) + ": " + c.message;
    };
  }

  private String note(String text) {
    int n = notes.computeIfAbsent(text, k -> notes.size() + 1);
    return "[" + n + "]";
  }

  private String cell(Cell c, Engine e, Query q, Cell reference) {
    if (c == null) {
      return "";
    }
    return switch (c.status) {
      case OK -> {
        String t = ms(c.median());
        if (reference != null && c != reference && e != Engine.BYTES && mismatch(c, e, reference)) {
          t += " " + note(e.label() + " " + q + " answered " + c.rows + " rows (check value "
              + c.value + ") where the reference answered " + reference.rows + " rows ("
              + reference.value + ")");
        }
        yield t;
      }
      case NA -> "n/a";
      case CAPPED -> ">" + ChildProcess.fmt(c.capSeconds) + " s";
      case ERROR -> "error " + note(e.label() + " " + q + ": " + c.message);
      case CRASHED -> "crashed " + note(e.label() + " " + q + ": " + c.message);
    };
  }

  /**
   * Whether two answers differ: in the check value always, and in the number of rows between
   * SQL engines (a floor's Q1 counts records where SQL returns one row with the count).
   */
  private static boolean mismatch(Cell c, Engine e, Cell ref) {
    return c.value != ref.value || (!e.isFloor() && c.rows != ref.rows);
  }

  /** csvws's answer where it has one, else the first engine's that answered by SQL. */
  private static Cell reference(Map<Engine, Cell> row) {
    Cell c = row.get(Engine.CSVWS);
    if (c != null && c.ok()) {
      return c;
    }
    for (Map.Entry<Engine, Cell> e : row.entrySet()) {
      if (!e.getKey().isFloor() && e.getValue().ok()) {
        return e.getValue();
      }
    }
    return null;
  }

  private static String ratioCell(Cell csvws, Cell peer) {
    if (csvws == null || peer == null) {
      return "";
    }
    if (csvws.ok() && peer.ok()) {
      return ratio(csvws.median() / peer.median());
    }
    if (csvws.ok() && peer.status == Cell.Status.CAPPED) {
      return "<" + ratio(csvws.median() / (peer.capSeconds * 1000));
    }
    return "-";
  }

  private List<Engine> engines(boolean cold) {
    List<Engine> es = new ArrayList<>();
    for (Engine e : o.engines) {
      if (!(cold && e == Engine.CSVWS_CACHED)) {
        es.add(e);
      }
    }
    return es;
  }

  private void table(Map<Query, Map<Engine, Cell>> results, boolean cold) {
    List<Engine> es = engines(cold);
    List<Engine> peers = PEERS.stream().filter(es::contains).toList();
    boolean ratios = es.contains(Engine.CSVWS);
    md.append("| query |");
    for (Engine e : es) {
      md.append(' ').append(e.label()).append(" |");
    }
    if (ratios) {
      for (Engine p : peers) {
        md.append(" csvws/").append(p.label()).append(" |");
      }
    }
    md.append("\n|---|");
    md.append("---:|".repeat(es.size() + (ratios ? peers.size() : 0)));
    md.append('\n');
    for (Query q : o.queries) {
      Map<Engine, Cell> row = results.get(q);
      if (row == null) {
        continue;
      }
      Cell ref = reference(row);
      md.append("| ").append(q).append(" |");
      for (Engine e : es) {
        md.append(' ').append(cell(row.get(e), e, q, ref)).append(" |");
      }
      if (ratios) {
        for (Engine p : peers) {
          md.append(' ').append(ratioCell(row.get(Engine.CSVWS), row.get(p))).append(" |");
        }
      }
      md.append('\n');
    }
    md.append('\n');
  }

  private void memoryTable(Map<Query, Map<Engine, Cell>> results, boolean cold) {
    List<Engine> es = engines(cold);
    md.append("| query |");
    for (Engine e : es) {
      md.append(' ').append(e.label()).append(" |");
    }
    md.append("\n|---|").append("---:|".repeat(es.size())).append('\n');
    for (Query q : o.queries) {
      Map<Engine, Cell> row = results.get(q);
      if (row == null) {
        continue;
      }
      md.append("| ").append(q).append(" |");
      for (Engine e : es) {
        Cell c = row.get(e);
        md.append(' ');
        if (c != null && c.heapUsed >= 0) {
          md.append(mb(c.heapUsed)).append(" / ").append(mb(c.heapAfterGc)).append(" / ")
              .append(mb(c.rss));
        } else {
          md.append(c == null || c.status == Cell.Status.NA ? "n/a" : "-");
        }
        md.append(" |");
      }
      md.append('\n');
    }
    md.append('\n');
  }

  private Cell get(Map<Query, Map<Engine, Cell>> r, Query q, Engine e) {
    Map<Engine, Cell> row = r.get(q);
    return row == null ? null : row.get(e);
  }

  private void target(String what, String measured, Boolean met) {
    md.append("| ").append(what).append(" | ").append(measured).append(" | ")
        .append(met == null ? "not measured" : met ? "yes" : "**no**").append(" |\n");
  }

  private void ratioTarget(Query q, Engine peer, double atMost, String what) {
    Cell c = get(b.warm, q, Engine.CSVWS);
    Cell p = get(b.warm, q, peer);
    if (c == null || p == null || !c.ok() || !(p.ok() || p.status == Cell.Status.CAPPED)) {
      target(what, "-", null);
      return;
    }
    double peerMs = p.ok() ? p.median() : p.capSeconds * 1000;
    double r = c.median() / peerMs;
    target(what, ms(c.median()) + " vs " + (p.ok() ? "" : ">") + ms(peerMs) + ": ratio "
        + (p.ok() ? "" : "<") + ratio(r), r <= atMost);
  }

  private void bound(Cell c, boolean first, double limitMs, String what) {
    if (c == null || !c.ok()) {
      target(what, c == null ? "-" : cellText(c), c == null ? null : false);
      return;
    }
    double v = first ? c.medianFirst() : c.median();
    target(what, ms(v), v < limitMs);
  }

  private void targets() {
    md.append("| target (issue 4) | measured | met |\n|---|---|---|\n");
    for (Query q : List.of(Query.Q1, Query.Q2, Query.Q3)) {
      ratioTarget(q, Engine.DUCKDB, 1.0, q + " warm, no cache: no slower than DuckDB");
      ratioTarget(q, Engine.CALCITE, 0.25, q + " warm, no cache: at least 4x faster than"
          + " calcite-file");
    }
    bound(get(b.warm, Query.Q1, Engine.CSVWS_CACHED), false, 20,
        "Q1 again on the unchanged file: under 20 ms");
    ratioTarget(Query.Q4, Engine.DUCKDB, 1.0 / 50, "Q4: at least 50x faster than DuckDB");
    ratioTarget(Query.Q4, Engine.CALCITE, 1.0 / 3, "Q4: at least 3x faster than calcite-file");
    bound(get(b.warm, Query.Q5, Engine.CSVWS), true, 100,
        "Q5 warm, no cache: first row within 100 ms");
    if (b.console != null && b.console.problem() == null) {
      double f = Cell.median(b.console.firstRowMs());
      target("Q5 from a cold `java -jar ... -e` to first rows: within 1.5 s", ms(f), f < 1500);
    } else {
      target("Q5 from a cold `java -jar ... -e` to first rows: within 1.5 s",
          b.console == null ? "-" : b.console.problem(), null);
    }
    bound(get(b.warm, Query.Q6, Engine.CSVWS_CACHED), false, 50,
        "Q6 with the row index built: under 50 ms");
    if (!b.big.isEmpty()) {
      boolean all = b.big.values().stream().allMatch(Cell::ok);
      target("a full scan of a " + ChildProcess.fmt(o.bigGb) + " GiB file with -Xmx256m completes",
          all ? "Q7 in " + ms(b.big.get(Query.Q7).median()) : "see the big-file scenario", all);
    } else {
      target("a full scan of a 2 GB file with -Xmx256m completes", "not run (--scenarios big)",
          null);
    }
    Cell q7 = get(b.warm, Query.Q7, Engine.CSVWS_CACHED);
    Cell q7plain = get(b.warm, Query.Q7, Engine.CSVWS);
    if (q7 != null && q7.ok()) {
      target("both cores busy on full scans of large files (CPU time / wall time, Q7)",
          String.format(Locale.ROOT, "%.2f cores cached, %.2f without cache", q7.medianCores(),
              q7plain != null && q7plain.ok() ? q7plain.medianCores() : Double.NaN),
          q7.medianCores() >= 1.5);
    } else {
      target("both cores busy on full scans of large files", "-", null);
    }
    md.append('\n');
  }

  private void details(String mode, Map<Query, Map<Engine, Cell>> results) {
    for (Query q : o.queries) {
      Map<Engine, Cell> row = results.get(q);
      if (row == null) {
        continue;
      }
      for (Map.Entry<Engine, Cell> e : row.entrySet()) {
        Cell c = e.getValue();
        if (!c.ok()) {
          continue;
        }
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %d | %s | %s | %s | %s |"
            + " %.2f | %d |%n", mode, q, e.getKey().label(), ms(Cell.median(c.connectMs)),
            c.ms.size(), ms(c.min()), ms(c.median()), ms(c.max()), ms(c.medianFirst()),
            c.medianCores(), c.rows));
      }
    }
  }

  private static Properties versions() {
    Properties p = new Properties();
    try (InputStream in = Report.class.getResourceAsStream("versions.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // versions stay unknown
    }
    return p;
  }

  String markdown() throws IOException {
    Duration took = Duration.between(started, LocalDateTime.now());
    Workload w = data.workload();
    md.append("# csvws benchmark: ").append(o.modeName()).append(" mode\n\n");
    md.append("- run: ").append(started.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
        .substring(0, 16)).append(", took ").append(took.toMinutes()).append(" min\n");
    md.append("- machine: ").append(machine.describe()).append('\n');
    md.append(String.format(Locale.ROOT, "- data (seed %d): tall.csv %,d rows x 12 columns, %s MB;"
        + " wide.csv %,d rows x %,d columns, %s MB%n", w.seed(), w.tallRows(),
        mb(Files.size(data.tall())), w.wideRows(), w.wideColumns(), mb(Files.size(data.wide()))));
    md.append(String.format(Locale.ROOT, "- settings: warm mode at least %d warm-up runs and %s s,"
        + " then up to %d measured runs, in one JVM per engine and query (median); cold mode %d"
        + " fresh JVM(s) per engine and query; cap %s s a run; child JVM options `%s`%n",
        o.warmup, ChildProcess.fmt(o.warmupSeconds), o.iterations, o.coldRuns,
        ChildProcess.fmt(o.cap), String.join(" ", o.jvmOpts)));
    Properties v = versions();
    md.append("- versions: csvws ").append(v.getProperty("csvws", "?")).append(", calcite-file ")
        .append(v.getProperty("calcite-file", "?")).append(" (on calcite-core ")
        .append(v.getProperty("calcite", "?")).append("), CsvJdbc ")
        .append(v.getProperty("csvjdbc", "?")).append(", DuckDB JDBC ")
        .append(v.getProperty("duckdb", "?")).append(", H2 ").append(v.getProperty("h2", "?"))
        .append(", FastCSV ").append(v.getProperty("fastcsv", "?")).append("\n\n");
    md.append("Queries:\n\n");
    for (Query q : o.queries) {
      md.append("- ").append(q).append(": ").append(q.description()).append(" (csvws: `")
          .append(Engine.CSVWS.sql(q, w)).append("`)\n");
    }
    md.append('\n');
    if (o.warm) {
      md.append("## Warm: same JVM, median time of a query\n\n"
          + "csvws: every run is a first query on a file it has no metadata for (the file's"
          + " modification time is moved before each run); csvws cached: the file's metadata,"
          + " row count and row index are known from an earlier scan. Ratios are csvws (no"
          + " cache) / peer: below 1 csvws is faster.\n\n");
      table(b.warm, false);
    }
    if (o.cold) {
      md.append("## Cold: a fresh JVM per run, JVM start and connect included\n\n");
      table(b.cold, true);
    }
    boolean coldMemory = o.cold;
    if (o.warm || o.cold) {
      md.append("## Memory: peak heap used / most heap left after a collection / peak RSS, MB ("
          + (coldMemory ? "cold runs" : "warm runs") + ")\n\n");
      memoryTable(coldMemory ? b.cold : b.warm, coldMemory);
    }
    md.append("## Targets\n\n");
    targets();
    md.append("## Scenarios\n\n");
    if (b.console != null) {
      md.append("- cold console, `java -jar driver/target/csvws-driver.jar <folder> -e \"")
          .append(Bench.CONSOLE_SQL).append("\" --outputformat=csv`: ");
      if (b.console.problem() != null) {
        md.append(b.console.problem()).append('\n');
      } else {
        md.append("first row after ").append(ms(Cell.median(b.console.firstRowMs())))
            .append(", process ended after ").append(ms(Cell.median(b.console.totalMs())))
            .append(" (median of ").append(b.console.firstRowMs().size()).append(" runs)\n");
      }
    }
    if (!b.big.isEmpty()) {
      md.append(String.format(Locale.ROOT, "- big file: tall.csv of %,d rows, %s MB, csvws in a"
          + " fresh JVM with -Xmx256m:%n%n", b.bigData.workload().tallRows(),
          mb(Files.size(b.bigData.tall()))));
      md.append("  | query | time | rows | heap used / after GC / RSS, MB | cores |\n"
          + "  |---|---:|---:|---:|---:|\n");
      for (Map.Entry<Query, Cell> e : b.big.entrySet()) {
        Cell c = e.getValue();
        md.append("  | ").append(e.getKey()).append(" | ").append(cell(c, Engine.CSVWS,
            e.getKey(), null)).append(" | ").append(c.rows).append(" | ").append(mb(c.heapUsed))
            .append(" / ").append(mb(c.heapAfterGc)).append(" / ").append(mb(c.rss))
            .append(" | ").append(String.format(Locale.ROOT, "%.2f", c.medianCores()))
            .append(" |\n");
      }
    } else {
      md.append("- big file (2 GB, -Xmx256m): not run; `bench/run --scenarios big`\n");
    }
    if (b.many != null) {
      md.append(b.many.markdown());
    }
    if (b.entryPoints != null) {
      b.entryPoints.markdown(md);
    }
    if (b.firstSecond != null) {
      b.firstSecond.markdown(md);
    }
    if (b.jvmStart != null) {
      b.jvmStart.markdown(md);
    }
    md.append('\n');
    if (!notes.isEmpty()) {
      md.append("## Notes\n\n");
      for (Map.Entry<String, Integer> e : notes.entrySet()) {
        md.append(e.getValue()).append(". ").append(e.getKey().replace("|", "\\|")).append('\n');
      }
      md.append('\n');
    }
    if (o.warm || o.cold) {
      md.append("## Details\n\nconnect: opening the connection in the child JVM (for DuckDB"
          + " and H2 with creating the view), not part of warm times; then the measured runs;"
          + " first row: to the first row of the result (cold: from the JVM's start); cores: CPU"
          + " time / wall time of a run.\n\n"
          + "| mode | query | engine | connect | runs | min | median | max | first row | cores"
          + " | rows |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
      details("warm", b.warm);
      details("cold", b.cold);
      md.append('\n');
    }
    return md.toString();
  }
}
