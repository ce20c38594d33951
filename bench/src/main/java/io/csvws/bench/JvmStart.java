package io.csvws.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The "start" scenario: how much later than the JVM's own start a fresh JVM has csvws's answer
 * to a {@code COUNT(*)}, a {@code _row} seek and a {@code LIMIT 20} of tall, its metadata cache
 * warm, beside DuckDB's JDBC driver. Each command line runs {@link StartProgram} twice over: with
 * an empty {@code main} (the JVM's start with that class path and those options) and with each
 * statement, every command line and statement in turn in each round. Each run gives two times from
 * starting the process: to the moment its {@code main} has every answer (the child's clock read
 * against the parent's: both are the machine's monotonic clock), and to the process's end. They
 * differ by the JVM's exit, which waits for compilations still running, so that a program's end
 * depends on what its compiler threads happen to be doing; the answer does not.
 *
 * <p>The command lines: a bare JVM (the bench's jar alone); csvws plain ({@code java -cp
 * csvws-driver.jar:app.jar}); with the build's class-data archive, as the JVM maps it by default
 * and where it was written ({@code -XX:ArchiveRelocationMode=0}); with an archive the program
 * trains itself in one run (JDK 24 and later: an ahead-of-time cache); DuckDB's driver plain.
 */
final class JvmStart {
  /** The scenario's name on the command line. */
  static final String NAME = "start";
  /** The first JDK whose own training run writes an ahead-of-time cache. */
  private static final int AOT_CACHE_FEATURE = 25;
  private static final List<String> QUIET_CDS = List.of("-Xshare:auto", "-Xlog:cds=off",
      "-Xlog:cds+dynamic=off");

  /** What a child runs: nothing, or one bench query. */
  enum Case {
    EMPTY("empty `main`", null),
    COUNT("`COUNT(*)`", Query.Q1),
    SEEK("`_row` seek, 21 rows", Query.Q6),
    LIMIT("`LIMIT 20`", Query.Q5);

    final String label;
    final Query query;

    Case(String label, Query query) {
      this.label = label;
      this.query = query;
    }
  }

  /** One command line and what it measured, ms per case from starting the process. */
  static final class Setup {
    final String label;
    /** The engine whose jar is on the class path; null for the bare JVM. */
    final Engine engine;
    final List<String> options;
    /** To the moment {@code main} had every answer (an empty {@code main}: began). */
    final Map<Case, List<Double>> answerMs = new EnumMap<>(Case.class);
    /** To the process's end. */
    final Map<Case, List<Double>> endMs = new EnumMap<>(Case.class);
    String problem;

    Setup(String label, Engine engine, List<String> options) {
      this.label = label;
      this.engine = engine;
      this.options = options;
      for (Case c : Case.values()) {
        if (c == Case.EMPTY || engine != null) {
          answerMs.put(c, new ArrayList<>());
          endMs.put(c, new ArrayList<>());
        }
      }
    }

    /** The median time to the answer of {@code c}; null if not measured. */
    Double median(Case c) {
      return median(answerMs.get(c));
    }

    /** The median time to the end of the process that answered {@code c}; null if not measured. */
    Double medianEnd(Case c) {
      return median(endMs.get(c));
    }

    private static Double median(List<Double> v) {
      return v == null || v.isEmpty() ? null : Cell.median(v);
    }
  }

  final List<Setup> setups = new ArrayList<>();
  String problem;
  private final Options o;
  private final DataSet data;
  private final PrintStream log;
  private final Path logs;
  private final String java;

  JvmStart(Options o, DataSet data, PrintStream log, Path logs) {
    this.o = o;
    this.data = data;
    this.log = log;
    this.logs = logs;
    this.java = o.startJava != null ? o.startJava.toString() : Bench.javaExecutable();
  }

  /** csvws's metadata cache for the scenario's children, beside its logs. */
  private Path cacheFolder() {
    return logs.resolve("start-cache");
  }

  void run() throws IOException, InterruptedException {
    Path driverJar = o.root.resolve("driver/target/csvws-driver.jar");
    if (!Files.isRegularFile(driverJar)) {
      problem = driverJar + " is missing: build the driver first";
      return;
    }
    Folders.deleteTree(cacheFolder());
    Setup plain = new Setup("csvws, no archive", Engine.CSVWS, List.of());
    // The cache warm: a complete scan of tall (metadata, row count, row index).
    String primed = runQueries(plain, List.of(Case.COUNT), "start-prime.log");
    if (primed == null) {
      problem = "priming the metadata cache failed; see " + logs.resolve("start-prime.log");
      return;
    }
    setups.add(new Setup("bare JVM (the bench's jar only)", null, List.of()));
    setups.add(plain);
    Path archive = driverJar.resolveSibling("csvws-driver.jsa");
    String archiveProblem = buildArchiveProblem(archive);
    List<String> build = new ArrayList<>(List.of("-XX:SharedArchiveFile=" + archive));
    build.addAll(QUIET_CDS);
    Setup built = new Setup("csvws, the build's archive", Engine.CSVWS, build);
    List<String> inPlace = new ArrayList<>(build);
    inPlace.addAll(List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0"));
    Setup builtInPlace = new Setup("csvws, the build's archive mapped where written",
        Engine.CSVWS, inPlace);
    built.problem = archiveProblem;
    builtInPlace.problem = archiveProblem;
    setups.add(built);
    setups.add(builtInPlace);
    setups.add(ownArchive());
    setups.add(new Setup("DuckDB JDBC", Engine.DUCKDB, List.of()));

    int rounds = Math.max(1, o.coldRuns);
    for (int round = 0; round < rounds; round++) {
      for (Setup s : setups) {
        for (Case c : Case.values()) {
          if (s.problem != null || !s.answerMs.containsKey(c)) {
            continue;
          }
          long t0 = System.nanoTime();
          String out = c == Case.EMPTY ? runEmpty(s) : runQueries(s, List.of(c), "start.log");
          long end = System.nanoTime();
          Long answered = out == null ? null : answered(out);
          if (answered == null || answered < t0 || answered > end) {
            s.problem = c.label + " failed; see " + logs.resolve("start.log");
          } else {
            s.answerMs.get(c).add((answered - t0) / 1e6);
            s.endMs.get(c).add((end - t0) / 1e6);
          }
        }
      }
      log.printf(Locale.ROOT, "[start] round %d of %d done%n", round + 1, rounds);
    }
    // Megabytes each, of no use after the run.
    Folders.deleteTree(cacheFolder());
    Files.deleteIfExists(logs.resolve("start-own.jsa"));
    Files.deleteIfExists(logs.resolve("start-own.aot"));
    for (Setup s : setups) {
      log.printf(Locale.ROOT, "[start] %-50s %s%n", s.label, s.problem != null
          ? "not run: " + s.problem : s.answerMs.keySet().stream()
              .map(c -> c.name().toLowerCase(Locale.ROOT) + " " + Report.ms(s.median(c)))
              .toList());
    }
  }

  /**
   * The archive a program writes in one run of its own statements and maps in later ones: on JDK
   * 24 and later an ahead-of-time cache, before that a dynamic class-data archive.
   */
  private Setup ownArchive() throws IOException, InterruptedException {
    boolean aot = featureVersion() >= AOT_CACHE_FEATURE;
    Path file = logs.resolve("start-own." + (aot ? "aot" : "jsa"));
    Files.deleteIfExists(file);
    List<String> training = aot
        ? List.of("-XX:AOTCacheOutput=" + file, "-Xlog:disable", "-Xlog:all=warning:stderr")
        : List.of("-XX:ArchiveClassesAtExit=" + file, "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
    List<String> use = new ArrayList<>();
    if (aot) {
      use.addAll(List.of("-XX:AOTCache=" + file, "-Xlog:disable", "-Xlog:all=warning:stderr"));
    } else {
      use.add("-XX:SharedArchiveFile=" + file);
      use.addAll(QUIET_CDS);
    }
    Setup s = new Setup("csvws, the program's own " + (aot ? "ahead-of-time cache" : "archive")
        + " (" + (aot ? "`-XX:AOTCacheOutput`" : "`-XX:ArchiveClassesAtExit`")
        + " in one run of its statements)", Engine.CSVWS, use);
    Setup trainer = new Setup("training", Engine.CSVWS, training);
    if (runQueries(trainer, List.of(Case.COUNT, Case.SEEK, Case.LIMIT), "start-train.log") == null
        || !Files.isRegularFile(file)) {
      s.problem = "the training run wrote no archive; see " + logs.resolve("start-train.log");
    }
    return s;
  }

  /** Why the build's archive cannot be mapped by this scenario's JVM; null if it can. */
  private String buildArchiveProblem(Path archive) throws IOException {
    Path stamp = archive.resolveSibling(archive.getFileName() + ".stamp");
    if (!Files.isRegularFile(archive) || !Files.isRegularFile(stamp)) {
      return "no archive beside the driver jar";
    }
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(stamp, StandardCharsets.UTF_8)) {
      p.load(in);
    }
    Path writer = Path.of(p.getProperty("java.home", "")).toAbsolutePath().normalize();
    return javaHome().equals(writer.toRealPath()) ? null
        : "the build's archive was written by " + writer + ", not this JVM";
  }

  /** The home of the scenario's JVM, links followed ({@code /usr/bin/java} is often one). */
  private Path javaHome() throws IOException {
    return Path.of(java).toRealPath().getParent().getParent();
  }

  /** The feature version of the scenario's JVM, from its release file. */
  private int featureVersion() throws IOException {
    Path release = javaHome().resolve("release");
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(release, StandardCharsets.UTF_8)) {
      p.load(in);
    }
    String v = p.getProperty("JAVA_VERSION", "").replace("\"", "");
    int dot = v.indexOf('.');
    return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
  }

  /** When the child's {@code main} had its answers, by its {@code answered=} line; null if none. */
  static Long answered(String out) {
    List<String> lines = out.lines().filter(l -> l.startsWith("answered=")).toList();
    if (lines.size() != 1) {
      return null;
    }
    try {
      return Long.parseLong(lines.get(0).substring("answered=".length()).trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private String runEmpty(Setup s) throws IOException, InterruptedException {
    String classPath = s.engine == null ? Classpath.benchOnly()
        : Classpath.forChild(s.engine.isCsvws(), o.root.resolve("driver/target/csvws-driver.jar"));
    return run(command(s, classPath, List.of("empty")), "start.log");
  }

  /**
   * Runs {@code cases} in one child; its output, or null if it failed or an answer was not the
   * one expected (the row count of tall, 21 rows of the seek, 20 of the limit).
   */
  private String runQueries(Setup s, List<Case> cases, String logName)
      throws IOException, InterruptedException {
    List<String> args = new ArrayList<>(List.of(s.engine.name(), data.folder().toString(),
        cacheFolder().toString()));
    for (Case c : cases) {
      args.add(s.engine.sql(c.query, data.workload()));
    }
    String out = run(command(s, Classpath.forChild(s.engine.isCsvws(),
        o.root.resolve("driver/target/csvws-driver.jar")), args), logName);
    if (out == null) {
      return null;
    }
    List<String> lines = out.lines().filter(l -> l.startsWith("rows=")).toList();
    for (int i = 0; i < cases.size(); i++) {
      String expected = switch (cases.get(i)) {
        case COUNT -> "rows=1 first=" + data.workload().tallRows();
        case SEEK -> "rows=" + (data.workload().q6LastRow() - data.workload().q6FirstRow() + 1)
            + " ";
        case LIMIT -> "rows=20 ";
        case EMPTY -> "";
      };
      if (i >= lines.size() || !lines.get(i).startsWith(expected)) {
        Files.writeString(logs.resolve(logName), "expected " + expected + " for "
            + cases.get(i) + ", got: " + out, StandardCharsets.UTF_8);
        return null;
      }
    }
    return out;
  }

  private List<String> command(Setup s, String classPath, List<String> args) {
    List<String> cmd = new ArrayList<>(List.of(java));
    cmd.addAll(o.jvmOpts);
    cmd.addAll(s.options);
    cmd.addAll(List.of("-cp", classPath, StartProgram.class.getName()));
    cmd.addAll(args);
    return cmd;
  }

  /** Runs a child to its end; its standard output, or null if it failed (its error in the log). */
  private String run(List<String> cmd, String logName) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectError(logs.resolve(logName).toFile()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor((long) (o.cap * 1000), TimeUnit.MILLISECONDS)) {
      ChildProcess.kill(p);
      return null;
    }
    return p.exitValue() == 0 ? out : null;
  }

  /** The scenario's section of the report. */
  void markdown(StringBuilder md) {
    md.append("\n## JVM start: a fresh JVM's answer beyond its own start\n\n");
    if (problem != null) {
      md.append("Not run: ").append(problem).append("\n");
      return;
    }
    md.append("`java ").append(String.join(" ", o.jvmOpts)).append(" -cp ... ")
        .append(StartProgram.class.getSimpleName()).append("` (").append(java)
        .append("), tall's metadata cache warm; medians over ").append(Math.max(1, o.coldRuns))
        .append(" rounds, and in brackets the time beyond the same command line's empty `main` ")
        .append("and beyond the bare JVM's.\n\nFrom starting the process to the moment its ")
        .append("`main` has every answer (an empty `main`: to its beginning), read on the ")
        .append("child's clock, which is the machine's monotonic clock:\n\n");
    table(md, true);
    md.append("\nFrom starting the process to its end, which also counts the JVM's exit ")
        .append("(it waits for compilations still running):\n\n");
    table(md, false);
  }

  private void table(StringBuilder md, boolean answer) {
    Double bareMs = median(setups.get(0), Case.EMPTY, answer);
    md.append("| command line |");
    for (Case c : Case.values()) {
      md.append(' ').append(c.label).append(" |");
    }
    md.append("\n|---|");
    md.append("---:|".repeat(Case.values().length));
    md.append('\n');
    for (Setup s : setups) {
      md.append("| ").append(s.label).append(" |");
      if (s.problem != null) {
        md.append(" not run: ").append(s.problem).append(" |".repeat(Case.values().length))
            .append('\n');
        continue;
      }
      Double empty = median(s, Case.EMPTY, answer);
      for (Case c : Case.values()) {
        Double v = median(s, c, answer);
        md.append(' ');
        if (v == null) {
          md.append('-');
        } else {
          md.append(Report.ms(v));
          if (c != Case.EMPTY) {
            md.append(" (").append(signed(v - empty)).append(", ").append(signed(v - bareMs))
                .append(')');
          }
        }
        md.append(" |");
      }
      md.append('\n');
    }
  }

  /** Whole milliseconds with their sign: a process's end can come before an empty one's. */
  private static String signed(double ms) {
    long r = Math.round(ms);
    return (r < 0 ? "" : "+") + r;
  }

  private static Double median(Setup s, Case c, boolean answer) {
    return answer ? s.median(c) : s.medianEnd(c);
  }
}
