package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/** Work spread over the scan threads: every index once, on several threads, failures reported. */
class ScanWorkersTest {
  @Test
  void everyIndexRunsExactlyOnceOnUpToParallelismThreads() {
    try (ScanWorkers workers = new ScanWorkers(3)) {
      AtomicIntegerArray runs = new AtomicIntegerArray(5_000);
      Set<String> threads = ConcurrentHashMap.newKeySet();
      workers.forEach(runs.length(), i -> {
        runs.incrementAndGet(i);
        threads.add(Thread.currentThread().getName());
      });

      for (int i = 0; i < runs.length(); i++) {
        assertThat(runs.get(i)).as("index %d", i).isEqualTo(1);
      }
      // Which threads take part is a race (the pool may take every index before the caller
      // does); how many may is not.
      assertThat(threads).hasSizeBetween(1, 3);
    }
  }

  @Test
  void aFailureIsRethrownAfterTheOtherIndexesRan() {
    try (ScanWorkers workers = new ScanWorkers(2)) {
      AtomicIntegerArray runs = new AtomicIntegerArray(100);
      assertThatThrownBy(() -> workers.forEach(runs.length(), i -> {
        runs.incrementAndGet(i);
        if (i == 42) {
          throw new IllegalStateException("file 42 cannot be read");
        }
      })).hasMessage("file 42 cannot be read");
      for (int i = 0; i < runs.length(); i++) {
        assertThat(runs.get(i)).isEqualTo(1);
      }
    }
  }

  @Test
  void oneWorkerRunsOnTheCallersThread() {
    try (ScanWorkers workers = new ScanWorkers(1)) {
      Set<String> threads = ConcurrentHashMap.newKeySet();
      List<Integer> indexes = new java.util.ArrayList<>();
      workers.forEach(10, i -> {
        threads.add(Thread.currentThread().getName());
        indexes.add(i);
      });
      assertThat(threads).containsExactly(Thread.currentThread().getName());
      assertThat(indexes).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
    }
  }

  @Test
  void workersAreNamedDaemonThreadsThatDoNotKeepTheProgramAlive() throws InterruptedException {
    try (ScanWorkers workers = new ScanWorkers(2)) {
      // Each index waits until both have started, so the pool's thread must take one of them.
      CountDownLatch bothStarted = new CountDownLatch(2);
      Map<Integer, Thread> ranOn = new ConcurrentHashMap<>();
      workers.forEach(2, i -> {
        ranOn.put(i, Thread.currentThread());
        bothStarted.countDown();
        await(bothStarted);
      });

      assertThat(bothStarted.getCount()).as("both ran at once").isZero();
      List<Thread> pool = ranOn.values().stream()
          .filter(t -> t != Thread.currentThread()).toList();
      assertThat(pool).hasSize(1);
      assertThat(pool.get(0).getName()).isEqualTo("csvws-scan-1");
      assertThat(pool.get(0).isDaemon()).isTrue();
    }
  }

  @Test
  void neverMoreIndexesRunAtOnceThanTheParallelism() {
    try (ScanWorkers workers = new ScanWorkers(2)) {
      AtomicInteger running = new AtomicInteger();
      AtomicInteger most = new AtomicInteger();
      // Each index waits a while for a third to start beside it: one more thread would show.
      CountDownLatch three = new CountDownLatch(3);
      workers.forEach(6, i -> {
        most.accumulateAndGet(running.incrementAndGet(), Math::max);
        three.countDown();
        await(three, 300);
        running.decrementAndGet();
      });

      assertThat(most.get()).isBetween(1, 2);
    }
  }

  @Test
  void withOneWorkerAFailureStopsTheIndexesAfterIt() {
    try (ScanWorkers workers = new ScanWorkers(1)) {
      AtomicIntegerArray runs = new AtomicIntegerArray(10);
      assertThatThrownBy(() -> workers.forEach(runs.length(), i -> {
        runs.incrementAndGet(i);
        if (i == 3) {
          throw new IllegalStateException("file 3 cannot be read");
        }
      })).hasMessage("file 3 cannot be read");
      assertThat(runs.toString()).isEqualTo("[1, 1, 1, 1, 0, 0, 0, 0, 0, 0]");
    }
  }

  @Test
  void aCallerInterruptedWhileWaitingForTheHelpersFailsAndKeepsItsInterrupt() {
    try (ScanWorkers workers = new ScanWorkers(2)) {
      AtomicIntegerArray runs = new AtomicIntegerArray(20);
      Thread.currentThread().interrupt();
      try {
        assertThatThrownBy(() -> workers.forEach(runs.length(), runs::incrementAndGet))
            .isInstanceOf(IllegalStateException.class)
            .hasMessage("Interrupted while inspecting files")
            .hasCauseInstanceOf(InterruptedException.class);
        assertThat(Thread.currentThread().isInterrupted()).as("the interrupt is kept").isTrue();
      } finally {
        Thread.interrupted();
      }
    }
  }

  @Test
  void parallelismAndSizesAreWhatWasAsked() {
    try (ScanWorkers none = new ScanWorkers(0); ScanWorkers sized = new ScanWorkers(3, 5, 1);
        ScanWorkers machine = ScanWorkers.forThisMachine()) {
      assertThat(none.parallelism()).as("at least one").isEqualTo(1);
      assertThat(none.minBytes()).isEqualTo(ScanWorkers.MIN_BYTES);
      assertThat(none.chunkBytes()).isEqualTo(ScanWorkers.CHUNK_BYTES);
      assertThat(sized.parallelism()).isEqualTo(3);
      assertThat(sized.minBytes()).isEqualTo(5);
      assertThat(sized.chunkBytes()).isEqualTo(1);
      assertThat(machine.parallelism()).isEqualTo(Runtime.getRuntime().availableProcessors());
    }
    assertThatThrownBy(() -> new ScanWorkers(2, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("chunkBytes must be positive: 0");
  }

  @Test
  void closedWorkersTakeNoMoreWork() {
    ScanWorkers workers = new ScanWorkers(2);
    workers.close();
    assertThatThrownBy(() -> workers.submit(() -> { }))
        .isInstanceOf(RejectedExecutionException.class);
    assertThatThrownBy(() -> workers.forEach(2, i -> { }))
        .isInstanceOf(RejectedExecutionException.class);
  }

  private static void await(CountDownLatch latch) {
    await(latch, 10_000);
  }

  /** Waits for {@code latch} at most {@code millis}; a test that waits in vain fails elsewhere. */
  private static void await(CountDownLatch latch, long millis) {
    try {
      latch.await(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
