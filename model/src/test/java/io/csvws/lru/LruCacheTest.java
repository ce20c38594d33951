package io.csvws.lru;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The bounded map behind csvws's metadata cache and folder listings. */
class LruCacheTest {
  /** Weighs a value as its length. */
  private static LruCache<String, String> byLength(long max) {
    return new LruCache<>(max, (k, v) -> v.length());
  }

  @Test
  void keepsEntriesWithinTheBoundDroppingTheLeastRecentlyUsedFirst() {
    LruCache<String, String> c = byLength(10);
    c.put("a", "aaa");
    c.put("b", "bbb");
    c.put("c", "ccc");
    assertThat(c.get("a")).isEqualTo("aaa"); // now b is the least recently used

    c.put("d", "dd");

    assertThat(c.get("b")).isNull();
    assertThat(c.get("a")).isEqualTo("aaa");
    assertThat(c.get("c")).isEqualTo("ccc");
    assertThat(c.get("d")).isEqualTo("dd");
    assertThat(c.size()).isEqualTo(3);
    assertThat(c.weight()).isEqualTo(8);
  }

  @Test
  void anEntryExactlyFillingTheBoundIsKept() {
    LruCache<String, String> c = byLength(4);
    c.put("a", "aa");
    c.put("b", "bb");

    assertThat(c.size()).isEqualTo(2);
    assertThat(c.weight()).isEqualTo(4);

    c.put("c", "c");

    assertThat(c.get("a")).isNull();
    assertThat(c.get("b")).isEqualTo("bb");
    assertThat(c.weight()).isEqualTo(3);
  }

  @Test
  void replacingAValueCountsOnlyItsNewWeight() {
    LruCache<String, String> c = byLength(10);
    c.put("a", "aaaaaaaa");
    c.put("a", "a");

    assertThat(c.weight()).isEqualTo(1);
    assertThat(c.size()).isEqualTo(1);

    c.put("b", "bbbbbbbbb");

    assertThat(c.get("a")).isEqualTo("a");
    assertThat(c.get("b")).isEqualTo("bbbbbbbbb");
    assertThat(c.weight()).isEqualTo(10);
  }

  @Test
  void replacingAValueMakesItTheMostRecentlyUsed() {
    LruCache<String, String> c = byLength(3);
    c.put("a", "a");
    c.put("b", "b");
    c.put("c", "c");
    c.put("a", "A");

    c.put("d", "d");

    assertThat(c.get("b")).isNull();
    assertThat(c.get("a")).isEqualTo("A");
  }

  @Test
  void anEntryHeavierThanTheBoundIsNotKeptAndPushesNothingOut() {
    LruCache<String, String> c = byLength(5);
    c.put("a", "aa");

    c.put("big", "bbbbbbbbbbbb");

    assertThat(c.get("big")).isNull();
    assertThat(c.get("a")).isEqualTo("aa");
    assertThat(c.size()).isEqualTo(1);
    assertThat(c.weight()).isEqualTo(2);
  }

  @Test
  void anEntryHeavierThanOneEntryMayWeighIsNotKeptNorIsTheValueItReplaces() {
    LruCache<String, String> c = new LruCache<>(10, 4, (k, v) -> v.length());
    c.put("a", "aa");
    c.put("b", "bbbb");
    c.put("b", "bbbbb");
    c.put("c", "ccccc");

    assertThat(c.get("a")).isEqualTo("aa");
    assertThat(c.get("b")).isNull();
    assertThat(c.get("c")).isNull();
    assertThat(c.size()).isEqualTo(1);
    assertThat(c.weight()).isEqualTo(2);
  }

  @Test
  void anEntryOfExactlyTheMostOneMayWeighIsKept() {
    LruCache<String, String> c = new LruCache<>(10, 4, (k, v) -> v.length());
    c.put("a", "aaaa");

    assertThat(c.get("a")).isEqualTo("aaaa");
    assertThat(c.weight()).isEqualTo(4);
  }

  @Test
  void anEntryMayWeighNothing() {
    LruCache<String, Long> c = new LruCache<>(1, (k, v) -> v);
    c.put("free", 0L);
    c.put("paid", 1L);

    assertThat(c.get("free")).isZero();
    assertThat(c.get("paid")).isEqualTo(1L);
    assertThat(c.weight()).isEqualTo(1);
  }

  @Test
  void removingForgetsTheEntryAndItsWeight() {
    LruCache<String, String> c = byLength(10);
    c.put("a", "aaa");
    c.put("b", "bb");

    c.remove("a");
    c.remove("absent");

    assertThat(c.get("a")).isNull();
    assertThat(c.get("b")).isEqualTo("bb");
    assertThat(c.weight()).isEqualTo(2);
    assertThat(c.size()).isEqualTo(1);
  }

  @Test
  void ofSizeCountsEntries() {
    LruCache<Integer, String> c = LruCache.ofSize(2);
    c.put(1, "a long value that weighs nothing more");
    c.put(2, "b");
    c.put(3, "c");

    assertThat(c.get(1)).isNull();
    assertThat(c.get(2)).isEqualTo("b");
    assertThat(c.get(3)).isEqualTo("c");
    assertThat(c.weight()).isEqualTo(2);
  }

  @Test
  void aBoundOfZeroKeepsNothing() {
    LruCache<Integer, String> c = LruCache.ofSize(0);
    c.put(1, "a");

    assertThat(c.get(1)).isNull();
    assertThat(c.size()).isZero();
  }

  @Test
  void negativeBoundsAndWeightsAreRefused() {
    assertThatThrownBy(() -> LruCache.ofSize(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
    assertThatThrownBy(() -> new LruCache<String, String>(10, -2, (k, v) -> 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-2");
    LruCache<String, Long> c = new LruCache<>(10, (k, v) -> v);

    assertThatThrownBy(() -> c.put("k", -3L))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("k")
        .hasMessageContaining("-3");
    assertThat(c.size()).isZero();
    assertThat(c.weight()).isZero();
  }

  @Test
  void concurrentUseKeepsTheWeightOfWhatIsKept() throws Exception {
    LruCache<Integer, String> c = byLengthInts(1_000);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int seed = t;
        done.add(pool.submit(() -> {
          for (int i = 0; i < 20_000; i++) {
            int key = (i * 31 + seed) % 500;
            if (i % 7 == 0) {
              c.remove(key);
            } else if (i % 2 == 0) {
              c.put(key, "v".repeat(1 + key % 5));
            } else {
              String v = c.get(key);
              assertThat(v == null || v.length() == 1 + key % 5).isTrue();
            }
          }
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
    long sum = 0;
    for (int key = 0; key < 500; key++) {
      String v = c.get(key);
      sum += v == null ? 0 : v.length();
    }
    assertThat(c.weight()).isEqualTo(sum).isLessThanOrEqualTo(1_000);
  }

  private static LruCache<Integer, String> byLengthInts(long max) {
    return new LruCache<>(max, (k, v) -> v.length());
  }
}
