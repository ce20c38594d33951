package io.csvws.scan;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * The threads parallel scans run on, and when a scan is worth them: one pool per driver, sized to
 * the machine's processors, of daemon threads so an application that forgets to close its
 * connections still exits. Thread-safe.
 */
public final class ScanWorkers implements AutoCloseable {
  /** Files smaller than this are read by one thread: starting workers would cost more. */
  static final long MIN_BYTES = 16L << 20;
  /** The bytes of one chunk: small enough that a few in flight stay a few MB of rows. */
  static final int CHUNK_BYTES = 1 << 20;

  private final int parallelism;
  private final long minBytes;
  private final int chunkBytes;
  /** Made on first use: a fresh JVM's one-table answer never starts a worker. */
  private ExecutorService pool;
  private boolean closed;

  /** @param parallelism how many workers one scan uses; 1 reads every file on one thread */
  public ScanWorkers(int parallelism) {
    this(parallelism, MIN_BYTES, CHUNK_BYTES);
  }

  /**
   * Workers with other sizes than the defaults, so tests can cut small files into many chunks.
   *
   * @param minBytes the smallest file read in parallel
   * @param chunkBytes how many bytes each worker reads at a time
   */
  public ScanWorkers(int parallelism, long minBytes, int chunkBytes) {
    if (chunkBytes < 1) {
      throw new IllegalArgumentException("chunkBytes must be positive: " + chunkBytes);
    }
    this.parallelism = Math.max(1, parallelism);
    this.minBytes = minBytes;
    this.chunkBytes = chunkBytes;
  }

  private synchronized ExecutorService pool() {
    if (closed) {
      throw new RejectedExecutionException("The scan workers are closed.");
    }
    if (pool == null) {
      AtomicInteger n = new AtomicInteger();
      ThreadFactory threads = r -> {
        Thread t = new Thread(r, "csvws-scan-" + n.incrementAndGet());
        t.setDaemon(true);
        return t;
      };
      pool = Executors.newCachedThreadPool(threads);
    }
    return pool;
  }

  /** Workers sized to the processors of this machine. */
  public static ScanWorkers forThisMachine() {
    return new ScanWorkers(Runtime.getRuntime().availableProcessors());
  }

  int parallelism() {
    return parallelism;
  }

  long minBytes() {
    return minBytes;
  }

  int chunkBytes() {
    return chunkBytes;
  }

  /**
   * Runs {@code work} on a worker thread.
   *
   * @throws RejectedExecutionException once the workers are closed
   */
  public void submit(Runnable work) {
    pool().execute(work);
  }

  /**
   * Runs {@code work} for each index in {@code [0, count)} on up to {@link #parallelism} threads,
   * the caller's among them, and returns when all are done. Used to inspect many small files at
   * once (metadata of a whole folder), where a file is too small to split.
   *
   * @throws RuntimeException the first failure of any index, after the others finished; on one
   *     thread, at once (the indexes after it are not run)
   */
  public void forEach(int count, IntConsumer work) {
    int threads = Math.min(parallelism, count);
    if (threads <= 1) {
      for (int i = 0; i < count; i++) {
        work.accept(i);
      }
      return;
    }
    AtomicInteger next = new AtomicInteger();
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    CountDownLatch helpersDone = new CountDownLatch(threads - 1);
    Runnable drain = () -> {
      for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
        try {
          work.accept(i);
        } catch (RuntimeException e) {
          failure.compareAndSet(null, e);
        }
      }
    };
    ExecutorService helpers = threads > 1 ? pool() : null;
    for (int t = 1; t < threads; t++) {
      helpers.execute(() -> {
        try {
          drain.run();
        } finally {
          helpersDone.countDown();
        }
      });
    }
    drain.run();
    try {
      helpersDone.await();
    } catch (InterruptedException e) {
      // The helpers stop once the indexes run out; the caller's interrupt is kept for it.
      next.set(count);
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while inspecting files", e);
    }
    if (failure.get() != null) {
      throw failure.get();
    }
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (pool != null) {
      pool.shutdownNow();
    }
  }
}
