package io.csvws.scan;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads parallel scans run on: one pool per driver, sized to the machine's processors, of
 * daemon threads so an application that forgets to close its connections still exits.
 * Thread-safe.
 */
public final class ScanWorkers implements AutoCloseable {
  private final int parallelism;
  private final ExecutorService pool;

  /** @param parallelism how many workers one scan uses; 1 reads every file on one thread */
  public ScanWorkers(int parallelism) {
    this.parallelism = Math.max(1, parallelism);
    AtomicInteger n = new AtomicInteger();
    ThreadFactory threads = r -> {
      Thread t = new Thread(r, "csvws-scan-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
    this.pool = Executors.newCachedThreadPool(threads);
  }

  /** Workers sized to the processors of this machine. */
  public static ScanWorkers forThisMachine() {
    return new ScanWorkers(Runtime.getRuntime().availableProcessors());
  }

  int parallelism() {
    return parallelism;
  }

  void submit(Runnable work) {
    pool.execute(work);
  }

  @Override
  public void close() {
    pool.shutdownNow();
  }
}
