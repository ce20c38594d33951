package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
      workers.forEach(10, i -> threads.add(Thread.currentThread().getName()));
      assertThat(threads).containsExactly(Thread.currentThread().getName());
    }
  }
}
