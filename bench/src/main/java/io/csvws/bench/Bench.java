package io.csvws.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the benchmark: generates (or reuses) the data, runs every engine on every query in child
 * JVMs, warm and cold, runs the scenarios, and writes a markdown report. See docs/benchmarks.md.
 */
public final class Bench {
  /** The console scenario's query. */
  static final String CONSOLE_SQL = "SELECT * FROM tall LIMIT 20";
  /** Queries of the big-file scenario: a count, a grouping and a whole scan, all streaming. */
  static final List<Query> BIG_QUERIES = List.of(Query.Q1, Query.Q2, Query.Q7);
  /** Rows of tall per GiB, from the generator's average row (about 166 bytes). */
  static final long TALL_ROWS_PER_GIB = 6_500_000;

  private final Options o;
  private final PrintStream log;
  private final Path logs;

  /** Results by mode (warm, cold), query and engine. */
  final Map<Query, Map<Engine, Cell>> warm = new EnumMap<>(Query.class);
  final Map<Query, Map<Engine, Cell>> cold = new EnumMap<>(Query.class);
  /** The console scenario: time to the first row and to the end, per run; null if not run. */
  ConsoleResult console;
  /** The big-file scenario by query; empty if not run. */
  final Map<Query, Cell> big = new EnumMap<>(Query.class);
  DataSet bigData;
  /** The many-files scenario; null if not run. */
  ManyFiles.Result many;
  /** The first-second scenario; null if not run. */
  FirstSecond firstSecond;
  /** The entry points' cold starts; null if not run. */
  EntryPoints entryPoints;
  /** The JVM-start scenario; null if not run. */
  JvmStart jvmStart;

  record ConsoleResult(List<Double> firstRowMs, List<Double> totalMs, String problem) {
  }

  Bench(Options o, PrintStream log) {
    this.o = o;
    this.log = log;
    this.logs = o.root.resolve("bench/target/bench-logs");
  }

  public static void main(String[] args) throws Exception {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.print(Options.usage());
      System.exit(2);
      return;
    }
    if (o.help) {
      System.out.print(Options.usage());
      return;
    }
    new Bench(o, System.out).run();
  }

  void run() throws Exception {
    Machine machine = Machine.read();
    log.println("machine: " + machine.describe());
    DataSet data = new DataSet(o.data.resolve(o.workload.folderName()), o.workload, true);
    data.ensure(log);
    if (o.scenarios.contains("big")) {
      bigData = new DataSet(o.data.resolve("big-" + ChildProcess.fmt(o.bigGb) + "gib"),
          new Workload(o.workload.seed(), Math.round(o.bigGb * TALL_ROWS_PER_GIB), 1, 22),
          false);
      bigData.ensure(log);
    }
    if (o.generateOnly) {
      return;
    }
    LocalDateTime started = LocalDateTime.now();
    // Every measurement and scenario writes its children's errors here; a fresh clone has none.
    Files.createDirectories(logs);
    if (o.warm) {
      measureAll(data, false, warm);
    }
    if (o.cold) {
      measureAll(data, true, cold);
    }
    if (o.scenarios.contains("console")) {
      console = console(data);
    }
    if (o.scenarios.contains("many")) {
      many = new ManyFiles(o, log, logs).run();
    }
    if (o.scenarios.contains(FirstSecond.NAME)) {
      firstSecond = new FirstSecond(o, data, log, logs);
      firstSecond.run();
    }
    if (o.scenarios.contains(EntryPoints.NAME)) {
      entryPoints = new EntryPoints(o, log, logs);
      entryPoints.run();
    }
    if (o.scenarios.contains(JvmStart.NAME)) {
      jvmStart = new JvmStart(o, data, log, logs);
      jvmStart.run();
    }
    if (bigData != null) {
      for (Query q : BIG_QUERIES) {
        Cell c = measure(Engine.CSVWS, q, bigData, true, 1, List.of("-Xmx256m"),
            Math.max(o.cap, 600), "big");
        big.put(q, c);
      }
    }
    String report = new Report(o, machine, data, this, started).markdown();
    Path out = o.out != null ? o.out : o.root.resolve("bench/target/bench-results/"
        + o.modeName() + "-" + started.format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))
        + ".md");
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, report, StandardCharsets.UTF_8);
    log.println();
    log.println(report);
    log.println("report written to " + out);
  }

  private void measureAll(DataSet data, boolean coldMode, Map<Query, Map<Engine, Cell>> into)
      throws Exception {
    for (Query q : o.queries) {
      Map<Engine, Cell> row = into.computeIfAbsent(q, k -> new EnumMap<>(Engine.class));
      for (Engine e : o.engines) {
        Cell c;
        if (!e.answers(q, o.workload)) {
          c = Cell.na("no equivalent");
        } else if (coldMode && e == Engine.CSVWS_CACHED) {
          c = Cell.na("the cache lives in the JVM: a fresh JVM has none");
        } else {
          c = measure(e, q, data, coldMode, coldMode ? o.coldRuns : 1, o.jvmOpts, o.cap,
              coldMode ? "cold" : "warm");
        }
        row.put(e, c);
      }
    }
  }

  private Cell measure(Engine e, Query q, DataSet data, boolean coldMode, int children,
      List<String> jvmOpts, double cap, String label) throws IOException, InterruptedException {
    Cell c = new Cell();
    c.capSeconds = cap;
    for (int i = 0; i < children; i++) {
      List<String> cmd = new ArrayList<>();
      cmd.add(javaExecutable());
      cmd.addAll(jvmOpts);
      cmd.add("-cp");
      cmd.add(Classpath.forEngine(System.getProperty("java.class.path"), e));
      cmd.add(Child.class.getName());
      cmd.addAll(List.of(Child.args(e, q, data.workload(), data.folder(), coldMode, o.warmup,
          o.warmupSeconds, o.iterations, cap)));
      Path logFile = logs.resolve(label + "-" + q + "-" + e.id() + "-" + i + ".log");
      ChildProcess.Outcome out = ChildProcess.run(cmd, 60, cap, logFile);
      c.add(out, coldMode);
      if (out.status != ChildProcess.Status.OK) {
        break;
      }
    }
    log.printf(Locale.ROOT, "[%s] %s %-12s %s%n", label, q, e.id(), Report.cellText(c));
    return c;
  }

  static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * Times {@code java -jar driver/target/csvws-driver.jar <folder> -e "..." --outputformat=csv}
   * from process start to the first row on its output, and to its end.
   */
  private ConsoleResult console(DataSet data) throws IOException, InterruptedException {
    Path jar = o.root.resolve("driver/target/csvws-driver.jar");
    if (!Files.isRegularFile(jar)) {
      return new ConsoleResult(List.of(), List.of(), jar + " is missing: build the driver first");
    }
    List<Double> first = new ArrayList<>();
    List<Double> total = new ArrayList<>();
    int runs = Math.max(3, o.coldRuns);
    Path logFile = logs.resolve("console.log");
    Files.createDirectories(logs);
    for (int i = 0; i < runs; i++) {
      ProcessBuilder pb = new ProcessBuilder(javaExecutable(), "-jar", jar.toString(),
          data.folder().toString(), "-e", CONSOLE_SQL, "--outputformat=csv")
          .redirectError(logFile.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
      long t0 = System.nanoTime();
      Process p = pb.start();
      // The first non-blank line is the header; each later one a row. Read on a thread of its
      // own, so a console that hangs is stopped at the cap.
      double[] firstRow = {-1};
      int[] dataRows = {0};
      Thread reader = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(
            new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
          String line;
          boolean header = false;
          while ((line = r.readLine()) != null) {
            if (line.isBlank()) {
              continue;
            }
            if (!header) {
              header = true;
            } else if (dataRows[0]++ == 0) {
              firstRow[0] = (System.nanoTime() - t0) / 1e6;
            }
          }
        } catch (IOException e) {
          // the process went away
        }
      }, "console-reader");
      reader.setDaemon(true);
      reader.start();
      if (!p.waitFor((long) (o.cap * 1000), TimeUnit.MILLISECONDS)) {
        ChildProcess.kill(p);
        return new ConsoleResult(first, total, "did not end within the cap");
      }
      double end = (System.nanoTime() - t0) / 1e6;
      reader.join(10_000);
      if (p.exitValue() != 0 || dataRows[0] != 20) {
        return new ConsoleResult(first, total, "exit code " + p.exitValue() + ", " + dataRows[0]
            + " rows; see " + logFile);
      }
      first.add(firstRow[0]);
      total.add(end);
    }
    log.printf(Locale.ROOT, "[console] first row %.0f ms, end %.0f ms (median of %d)%n",
        Cell.median(first), Cell.median(total), runs);
    return new ConsoleResult(first, total, null);
  }
}
