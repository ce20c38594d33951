package io.csvws.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The "first second" scenario: one query in a fresh JVM, connect included, as a script, notebook
 * or agent runs it, csvws beside DuckDB's JDBC driver in the same run. Each round runs every case
 * on every variant in turn, so that a machine shared with other work slows all of them alike.
 *
 * <p>csvws runs as a program that uses the driver jar does: {@code java -cp
 * driver/target/csvws-driver.jar:csvws-bench.jar}, without and with its persistent metadata cache
 * (a folder of the bench's own, filled by a run before the first round), and with the class-data
 * archive the build writes beside the jar ({@code -XX:SharedArchiveFile=csvws-driver.jsa}).
 */
final class FirstSecond {
  /** The scenario's name on the command line. */
  static final String NAME = "first";

  /** How a case is run. */
  enum Variant {
    DUCKDB("DuckDB JDBC"),
    CSVWS_NOTHING_CACHED("csvws, nothing cached"),
    CSVWS_CACHED("csvws, metadata cache warm"),
    CSVWS_CACHED_CDS("csvws, cache warm + class-data archive"),
    /** The driver jar of {@code --baseline}: the same code before a change, in the same rounds. */
    BASELINE_CACHED("csvws before (--baseline), cache warm"),
    /** The same, with the baseline's class-data archive. */
    BASELINE_CACHED_CDS("csvws before (--baseline), cache warm + archive");

    final String label;

    Variant(String label) {
      this.label = label;
    }

    boolean csvws() {
      return this != DUCKDB;
    }

    boolean baseline() {
      return this == BASELINE_CACHED || this == BASELINE_CACHED_CDS;
    }
  }

  /**
   * One query of the scenario.
   *
   * @param id short name
   * @param query the bench query it is or stands in for (its table is the one viewed for DuckDB)
   * @param csvwsSql the SQL csvws runs; null for the query's own
   * @param duckdb whether DuckDB runs it too
   */
  record Case(String id, Query query, String csvwsSql, boolean duckdb) {
  }

  /** What each case and variant measured. */
  final Map<String, Map<Variant, Cell>> results = new LinkedHashMap<>();
  String problem;

  private final Options o;
  private final DataSet data;
  private final PrintStream log;
  private final Path logs;

  FirstSecond(Options o, DataSet data, PrintStream log, Path logs) {
    this.o = o;
    this.data = data;
    this.log = log;
    this.logs = logs;
  }

  List<Case> cases() {
    Workload w = data.workload();
    return List.of(
        new Case("SELECT 1", Query.Q1, "SELECT 1", false),
        new Case("Q1", Query.Q1, null, true),
        new Case("Q2", Query.Q2, null, true),
        new Case("Q3", Query.Q3, null, true),
        new Case("Q5", Query.Q5, null, true),
        new Case("Q6 (_row seek)", Query.Q6, null, false),
        new Case("wide SUM(pos + sample_00017)", Query.Q4,
            "SELECT SUM(pos + sample_00017) FROM wide", false));
  }

  private Path cacheFolder() {
    return o.root.resolve("bench/target/first-second-cache");
  }

  /** The baseline's own cache: its code may key or encode entries differently. */
  private Path baselineCacheFolder() {
    return o.root.resolve("bench/target/first-second-cache-baseline");
  }

  private Path jarOf(Variant v) {
    return (v.baseline() ? o.baseline : o.root)
        .resolve("driver/target/csvws-driver.jar");
  }

  private Path archiveOf(Variant v) {
    return jarOf(v).resolveSibling("csvws-driver.jsa");
  }

  void run() throws IOException, InterruptedException {
    Path driverJar = o.root.resolve("driver/target/csvws-driver.jar");
    Path archive = o.root.resolve("driver/target/csvws-driver.jsa");
    if (!Files.isRegularFile(driverJar)) {
      problem = driverJar + " is missing: build the driver first";
      return;
    }
    Folders.deleteTree(cacheFolder());
    Folders.deleteTree(baselineCacheFolder());
    // The cache warm: a complete scan of each file (metadata, row count, row index).
    for (Variant v : o.baseline == null ? List.of(Variant.CSVWS_CACHED)
        : List.of(Variant.CSVWS_CACHED, Variant.BASELINE_CACHED_CDS)) {
      if (!Files.isRegularFile(jarOf(v))) {
        problem = jarOf(v) + " is missing: build the baseline's driver first";
        return;
      }
      for (String table : List.of("tall", "wide")) {
        ChildProcess.Outcome primed = ChildProcess.run(command(v, Query.Q1,
            "SELECT COUNT(*) FROM " + table, jarOf(v), archiveOf(v)), 60, o.cap,
            logs.resolve("first-prime-" + table + "-" + v + ".log"));
        if (primed.status != ChildProcess.Status.OK) {
          problem = "priming the cache with " + table + " failed: " + primed.message;
          return;
        }
      }
    }
    for (Case c : cases()) {
      Map<Variant, Cell> row = new EnumMap<>(Variant.class);
      for (Variant v : Variant.values()) {
        if (v == Variant.DUCKDB && !c.duckdb()) {
          row.put(v, Cell.na("not run"));
        } else if (v.baseline() && o.baseline == null) {
          row.put(v, Cell.na("no --baseline"));
        } else if (v == Variant.BASELINE_CACHED_CDS && !Files.isRegularFile(archiveOf(v))) {
          row.put(v, Cell.na("no archive beside the baseline's jar"));
        } else if (v == Variant.CSVWS_CACHED_CDS && !Files.isRegularFile(archive)) {
          row.put(v, Cell.na("no archive beside the jar"));
        } else {
          Cell cell = new Cell();
          cell.capSeconds = o.cap;
          row.put(v, cell);
        }
      }
      results.put(c.id(), row);
    }
    int rounds = Math.max(3, o.coldRuns);
    for (int round = 0; round < rounds; round++) {
      for (Case c : cases()) {
        for (Variant v : Variant.values()) {
          Cell cell = results.get(c.id()).get(v);
          if (cell.status == Cell.Status.NA || (cell.status != Cell.Status.OK)) {
            continue;
          }
          String sql = v.csvws() ? c.csvwsSql() : null;
          ChildProcess.Outcome out = ChildProcess.run(command(v, c.query(), sql, jarOf(v),
              archiveOf(v)), 60, o.cap, logs.resolve("first-" + c.query() + "-" + v + "-" + round
              + ".log"));
          cell.add(out, true);
        }
      }
      log.printf(Locale.ROOT, "[first] round %d of %d done%n", round + 1, rounds);
    }
    for (Map.Entry<String, Map<Variant, Cell>> e : results.entrySet()) {
      for (Map.Entry<Variant, Cell> v : e.getValue().entrySet()) {
        log.printf(Locale.ROOT, "[first] %-28s %-40s %s%n", e.getKey(), v.getKey().label,
            Report.cellText(v.getValue()));
      }
    }
  }

  /** The child JVM's command line for {@code v} running {@code q} (or {@code sql}). */
  private List<String> command(Variant v, Query q, String sql, Path driverJar, Path archive) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Bench.javaExecutable());
    cmd.addAll(o.jvmOpts);
    if (v == Variant.CSVWS_CACHED_CDS || v == Variant.BASELINE_CACHED_CDS) {
      cmd.add("-XX:SharedArchiveFile=" + archive);
      cmd.add("-Xshare:auto");
    }
    cmd.add("-cp");
    cmd.add(Classpath.forChild(v.csvws(), driverJar));
    cmd.add(Child.class.getName());
    Engine e = v.csvws() ? Engine.CSVWS : Engine.DUCKDB;
    cmd.addAll(List.of(Child.args(e, q, data.workload(), data.folder(), true, 0, 0, 1, o.cap)));
    if (sql != null) {
      cmd.add("sql=" + sql);
    }
    cmd.add("cache=" + (v == Variant.CSVWS_CACHED || v == Variant.CSVWS_CACHED_CDS
        ? cacheFolder().toString()
        : v.baseline() ? baselineCacheFolder().toString() : "memory"));
    return cmd;
  }

  /** The scenario's section of the report. */
  void markdown(StringBuilder md) {
    md.append("\n## First second: one query in a fresh JVM, connect included\n\n");
    if (problem != null) {
      md.append("Not run: ").append(problem).append("\n");
      return;
    }
    md.append("Median time from starting the JVM to the end of the query (first row for Q5), ")
        .append("over the rounds, and in brackets the median CPU time of the whole process (JVM ")
        .append("start included; on a busy machine the fairer measure of the work done); csvws ")
        .append("as `java -cp csvws-driver.jar:app.jar`.\n\n| query |");
    List<Variant> shown = new ArrayList<>(List.of(Variant.values()));
    if (o.baseline == null) {
      shown.remove(Variant.BASELINE_CACHED);
      shown.remove(Variant.BASELINE_CACHED_CDS);
    } else {
      md.insert(md.length() - "\n\n| query |".length(), " The baseline is the driver jar of "
          + o.baseline + ".");
    }
    for (Variant v : shown) {
      md.append(' ').append(v.label).append(" |");
    }
    md.append("\n|---|");
    for (int i = 0; i < shown.size(); i++) {
      md.append("---:|");
    }
    md.append('\n');
    for (Map.Entry<String, Map<Variant, Cell>> e : results.entrySet()) {
      md.append("| ").append(e.getKey()).append(" |");
      for (Variant v : shown) {
        md.append(' ').append(text(e.getKey(), e.getValue().get(v))).append(" |");
      }
      md.append('\n');
    }
  }

  private static String text(String id, Cell c) {
    if (c == null || c.status == Cell.Status.NA) {
      return "-";
    }
    if (!c.ok()) {
      return Report.cellText(c);
    }
    double v = id.equals("Q5") ? c.medianFirst() : c.median();
    return Report.ms(v) + " (" + Report.ms(Cell.median(c.processCpuMs)) + " CPU, n="
        + c.ms.size() + ")";
  }
}
