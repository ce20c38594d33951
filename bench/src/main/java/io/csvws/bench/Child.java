package io.csvws.bench;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmark's child JVM: runs one query on one engine and reports each run on standard
 * output, as lines starting with {@value #PREFIX} that {@link ChildProcess} reads.
 *
 * <p>Warm mode: connect once, warm up, then measured runs, stopping early when the runs would
 * take longer than the time cap in all. Cold mode: connect and run once (the parent times the
 * whole process, JVM start included). csvws without its cache moves the file's modification
 * time before each run, so every run is a first query on a file it knows nothing of.
 */
public final class Child {
  static final String PREFIX = "@@";

  private final Engine engine;
  private final Query query;
  private final Workload workload;
  private final Path folder;
  private final boolean cold;
  private final int warmup;
  private final long warmupNanos;
  private final int iterations;
  private final long capNanos;
  private final PrintStream out;
  /** SQL run instead of the query's own; null for the query's. */
  private final String sqlOverride;
  /** csvws's metadataCache property: a folder, or memory. */
  private final String metadataCache;
  private long touches;

  private Child(Map<String, String> a, PrintStream out) {
    this.engine = Engine.byId(a.get("engine"));
    this.query = Query.valueOf(a.get("query"));
    this.workload = new Workload(Long.parseLong(a.get("seed")), Long.parseLong(a.get("tallRows")),
        Integer.parseInt(a.get("wideRows")), Integer.parseInt(a.get("wideColumns")));
    this.folder = Path.of(a.get("folder"));
    this.cold = "cold".equals(a.get("mode"));
    this.warmup = Integer.parseInt(a.get("warmup"));
    this.warmupNanos = (long) (Double.parseDouble(a.get("warmupSeconds")) * 1e9);
    this.iterations = Integer.parseInt(a.get("iterations"));
    this.capNanos = (long) (Double.parseDouble(a.get("cap")) * 1e9);
    this.out = out;
    this.sqlOverride = a.get("sql");
    this.metadataCache = a.getOrDefault("cache", "memory");
  }

  /** Arguments as key=value pairs. */
  static String[] args(Engine engine, Query query, Workload w, Path folder, boolean cold,
      int warmup, double warmupSeconds, int iterations, double capSeconds) {
    return new String[] {"engine=" + engine.id(), "query=" + query.name(), "seed=" + w.seed(),
        "tallRows=" + w.tallRows(), "wideRows=" + w.wideRows(),
        "wideColumns=" + w.wideColumns(), "folder=" + folder.toAbsolutePath(),
        "mode=" + (cold ? "cold" : "warm"), "warmup=" + warmup,
        "warmupSeconds=" + warmupSeconds, "iterations=" + iterations,
        "cap=" + capSeconds};
  }

  public static void main(String[] args) {
    Map<String, String> a = new HashMap<>();
    for (String s : args) {
      int eq = s.indexOf('=');
      a.put(s.substring(0, eq), s.substring(eq + 1));
    }
    PrintStream out = System.out;
    try (HeapWatch heap = new HeapWatch()) {
      try {
        new Child(a, out).run();
      } catch (Throwable t) {
        out.println(PREFIX + "error " + oneLine(t));
      }
      // All the CPU the process used, JVM start included: on a busy machine a fairer measure of
      // the work a fresh JVM does than its wall time.
      out.printf(Locale.ROOT, "%sprocess cpu=%.3f%n", PREFIX, cpuNanos() / 1e6);
      out.printf(Locale.ROOT, "%sheap used=%d after=%d rss=%d%n", PREFIX, heap.peakUsed(),
          heap.peakAfterGc(), HeapWatch.peakRss());
      out.println(PREFIX + "done");
      out.flush();
    }
    System.exit(0);
  }

  /** The exception's class and message, and its causes', on one line. */
  static String oneLine(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null && sb.length() < 600; c = c.getCause()) {
      if (sb.length() > 0) {
        sb.append(" <- ");
      }
      sb.append(c.getClass().getSimpleName());
      if (c.getMessage() != null) {
        sb.append(": ").append(c.getMessage().strip());
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return sb.toString().replaceAll("\\s+", " ");
  }

  private void run() throws Exception {
    if (engine.isFloor()) {
      runFloor();
      return;
    }
    String sql = sqlOverride != null ? sqlOverride : engine.sql(query, workload);
    long t0 = System.nanoTime();
    try (Connection c = engine.connect(folder, metadataCache)) {
      engine.prepareTable(c, folder, query.table());
      out.printf(Locale.ROOT, "%sconnected ms=%.3f%n", PREFIX, (System.nanoTime() - t0) / 1e6);
      if (cold) {
        report("measure", runOnce(c, sql));
        return;
      }
      if (engine == Engine.CSVWS_CACHED) {
        // An earlier complete scan: metadata, row count and row index are known.
        report("prime", runOnce(c, "SELECT COUNT(*) FROM " + query.table()));
      }
      loop(() -> runOnce(c, sql));
    }
  }

  private void runFloor() throws Exception {
    if (cold) {
      report("measure", floorOnce());
      return;
    }
    loop(this::floorOnce);
  }

  private interface Measured {
    Run run() throws Exception;
  }

  /**
   * Warms up for at least {@code warmup} runs and {@code warmupSeconds} (the JIT compiles the
   * planner's and the scan's code only after many runs of a short query), unless a run takes a
   * third of the cap; then measures {@code iterations} runs, fewer if they would exceed the cap.
   */
  private void loop(Measured m) throws Exception {
    long start = System.nanoTime();
    for (int i = 0; i < warmup || System.nanoTime() - start < warmupNanos; i++) {
      Run r = m.run();
      report("warmup", r);
      if (r.nanos > capNanos / 3) {
        break;
      }
    }
    long spent = 0;
    for (int i = 0; i < iterations; i++) {
      Run r = m.run();
      report("measure", r);
      spent += r.nanos;
      if (spent + r.nanos > capNanos) {
        break;
      }
    }
  }

  /** One run's measurements. */
  record Run(long nanos, long firstNanos, long rows, long value, long cpuNanos) {
  }

  private void report(String phase, Run r) {
    out.printf(Locale.ROOT, "%srun phase=%s ms=%.3f first=%.3f rows=%d value=%d cpu=%.3f%n",
        PREFIX, phase, r.nanos / 1e6, r.firstNanos / 1e6, r.rows, r.value, r.cpuNanos / 1e6);
    out.flush();
  }

  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private Run floorOnce() throws Exception {
    long cpu0 = cpuNanos();
    long t0 = System.nanoTime();
    Floors.Answer a = Floors.run(engine, query, folder);
    long t = System.nanoTime() - t0;
    return new Run(t, t, a.rows(), a.value(), cpuNanos() - cpu0);
  }

  /**
   * Changes the modification time of the query's file, so csvws's cache no longer holds it: one
   * second later, then back, so the file keeps about the time it had.
   */
  private void touch() throws Exception {
    Path file = folder.resolve(query.table() + ".csv");
    long was = Files.getLastModifiedTime(file).toMillis();
    long step = ++touches % 2 == 1 ? 1000 : -1000;
    Files.setLastModifiedTime(file, FileTime.fromMillis(was + step));
  }

  private Run runOnce(Connection c, String sql) throws Exception {
    if (engine == Engine.CSVWS && !cold) {
      touch();
    }
    int check = query.checkColumn();
    long cpu0 = cpuNanos();
    long t0 = System.nanoTime();
    long first = -1;
    long rows = 0;
    long value = 0;
    long sink = 0;
    try (Statement st = c.createStatement()) {
      try {
        st.setQueryTimeout((int) Math.max(1, capNanos / 1_000_000_000L));
      } catch (SQLException | UnsupportedOperationException e) {
        // The parent's watchdog stops it then.
      }
      try (ResultSet rs = st.executeQuery(sql)) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          for (int i = 1; i <= n; i++) {
            Object o = rs.getObject(i);
            if (o != null) {
              sink++;
              if (i == check) {
                value += asLong(o);
              }
            }
          }
          if (rows++ == 0) {
            first = System.nanoTime() - t0;
          }
        }
      }
    }
    long t = System.nanoTime() - t0;
    Sink.consume(sink);
    return new Run(t, first < 0 ? t : first, rows, value, cpuNanos() - cpu0);
  }

  private static long asLong(Object o) {
    if (o instanceof Number num) {
      return num instanceof BigDecimal bd ? bd.longValue() : num.longValue();
    }
    return new BigDecimal(o.toString().trim()).longValue();
  }
}
