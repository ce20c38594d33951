package io.csvws.gateway;

import io.csvws.engine.Engine;
import io.csvws.engine.Execution;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps one query from taking the gateway down: when the heap is fuller than the limit even after
 * a collection, the running query that has allocated the most is cancelled with an error that
 * says why. The others keep running.
 */
final class HeapGuard implements AutoCloseable {
  private static final long CHECK_MILLIS = 50;
  /** Time for a cancelled query to stop and its memory to be collected before the next check. */
  private static final long COOL_DOWN_NANOS = TimeUnit.MILLISECONDS.toNanos(1500);

  private final Engine engine;
  private final double limit;
  private final Consumer<String> log;
  private final GatewayMetrics metrics;
  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "csvws-heap-guard");
    t.setDaemon(true);
    return t;
  });
  private long quietUntil;

  /**
   * @param engine the engine whose running queries the guard may cancel: the gateway's own
   */
  HeapGuard(Engine engine, double limit, GatewayMetrics metrics, Consumer<String> log) {
    this.engine = engine;
    this.limit = limit;
    this.metrics = metrics;
    this.log = log;
  }

  void start() {
    timer.scheduleWithFixedDelay(this::check, CHECK_MILLIS, CHECK_MILLIS, TimeUnit.MILLISECONDS);
  }

  private void check() {
    if (System.nanoTime() < quietUntil || fullness() < limit) {
      return;
    }
    List<Execution> running = engine.runningQueries();
    if (running.isEmpty()) {
      return;
    }
    // Garbage counts as used until collected: only a heap still full afterwards is a danger.
    System.gc();
    double after = fullness();
    if (after < limit) {
      return;
    }
    running = engine.runningQueries();
    if (running.isEmpty()) {
      return;
    }
    // The query that has allocated the most is the likeliest to hold the heap; under load the
    // longest-running one is often just a small query waiting for a core.
    Execution victim = running.stream()
        .max(Comparator.comparingLong(Execution::allocatedBytes)).orElseThrow();
    String reason = String.format(Locale.ROOT, "Query cancelled by the gateway to protect the "
        + "server: its memory was %.0f%% full (the limit is %.0f%%) and this query had "
        + "allocated the most. Ask for less at once (a LIMIT, a narrower WHERE, fewer groups "
        + "or a smaller sort), or ask the operator for more memory.", after * 100, limit * 100);
    victim.cancel(reason);
    metrics.queryCancelledByHeapGuard();
    log.accept(String.format(Locale.ROOT, "heap guard: heap %.0f%% full, cancelled a query that "
        + "ran %d ms and allocated %d MB", after * 100,
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - victim.startedNanos()),
        victim.allocatedBytes() >> 20));
    quietUntil = System.nanoTime() + COOL_DOWN_NANOS;
  }

  private double fullness() {
    MemoryUsage heap = memory.getHeapMemoryUsage();
    long max = heap.getMax() > 0 ? heap.getMax() : heap.getCommitted();
    return (double) heap.getUsed() / max;
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
