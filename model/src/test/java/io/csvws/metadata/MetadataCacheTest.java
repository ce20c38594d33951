package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.columns;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Metadata is kept per file version and reading settings, and dropped when the file changes. */
class MetadataCacheTest {
  @TempDir
  Path dir;

  private TableFile table(String name) {
    return Workspace.open(dir).table(List.of(), name, "t");
  }

  @Test
  void anUnchangedFileIsInspectedOnce() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n");
    MetadataCache cache = new MetadataCache(10);

    TableMetadata first = cache.get(table("a.csv"), ConnectionConfig.defaults());
    TableMetadata second = cache.get(table("a.csv"), ConnectionConfig.defaults());

    assertThat(second).isSameAs(first);
  }

  /**
   * Threads asking at once for a file not yet known share one inspection: each gets the same
   * metadata object, which two inspections would not give.
   */
  @Test
  void threadsAskingAtOnceShareOneInspection() throws Exception {
    // Large enough that the first inspection (an 8 MiB sample) is still running when the others
    // ask.
    StringBuilder b = new StringBuilder("id,name,amount\n");
    for (int i = 0; b.length() < (12 << 20); i++) {
      b.append(i).append(",name ").append(i).append(',').append(i % 1000).append(".25\n");
    }
    Files.writeString(dir.resolve("big.csv"), b);
    MetadataCache cache = new MetadataCache(10);
    int threads = 4;
    java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(threads);
    try {
      List<java.util.concurrent.Future<TableMetadata>> asked = new java.util.ArrayList<>();
      for (int t = 0; t < threads; t++) {
        asked.add(pool.submit(() -> {
          start.await();
          return cache.get(table("big.csv"), ConnectionConfig.defaults());
        }));
      }
      start.countDown();
      TableMetadata first = asked.get(0).get();
      assertThat(columns(first)).containsExactly("id:BIGINT", "name:VARCHAR", "amount:DECIMAL");
      for (java.util.concurrent.Future<TableMetadata> f : asked) {
        assertThat(f.get()).isSameAs(first);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aChangedFileIsInspectedAgain() throws IOException {
    Path p = dir.resolve("a.csv");
    Files.writeString(p, "n\n1\n");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata before = cache.get(table("a.csv"), ConnectionConfig.defaults());

    Files.writeString(p, "n\nx\n");
    Files.setLastModifiedTime(p, FileTime.fromMillis(
        Files.getLastModifiedTime(p).toMillis() + 5_000));
    TableMetadata after = cache.get(table("a.csv"), ConnectionConfig.defaults());

    assertThat(columns(before)).containsExactly("n:INTEGER");
    assertThat(columns(after)).containsExactly("n:VARCHAR");
  }

  @Test
  void differentReadingSettingsAreKeptApart() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n");
    MetadataCache cache = new MetadataCache(10);

    TableMetadata typed = cache.get(table("a.csv"), ConnectionConfig.defaults());
    TableMetadata text = cache.get(table("a.csv"),
        ConnectionConfig.parse(Map.of("inferTypes", "false")));
    TableMetadata truncating = cache.get(table("a.csv"),
        ConnectionConfig.parse(Map.of("maxCellChars", "5")));

    assertThat(columns(typed)).containsExactly("n:INTEGER");
    assertThat(columns(text)).containsExactly("n:VARCHAR");
    assertThat(truncating).as("maxCellChars does not change how a file is read").isSameAs(typed);
  }

  /**
   * The memory budget of {@link MetadataCache}: a sixteenth of the heap, at least 8 MiB. Guava
   * splits it among four segments and drops at once an entry that weighs more than its segment's
   * share, so an entry heavier than a quarter of it is not kept.
   */
  private static long budget() {
    return Math.max(8L << 20, Runtime.getRuntime().maxMemory() / 16);
  }

  /** A file wider than the memory budget holds is inspected again; a narrow one is kept. */
  @Test
  void metadataWeighsByItsColumns(@TempDir Path wide) throws IOException {
    // About 640 bytes a column: more than a quarter of the budget (26,000 columns at 1 GB).
    int columns = (int) (budget() / 4 / 640 * 5 / 4);
    StringBuilder s = new StringBuilder(columns * 8);
    for (int i = 0; i < columns; i++) {
      s.append(i == 0 ? "" : ",").append('c').append(i);
    }
    s.append('\n');
    for (int i = 0; i < columns; i++) {
      s.append(i == 0 ? "" : ",").append(i);
    }
    s.append('\n');
    Files.writeString(wide.resolve("wide.csv"), s);
    Files.writeString(wide.resolve("narrow.csv"), "n\n1\n");
    ConnectionConfig memory = ConnectionConfig.parse(Map.of("metadataCache", "memory"));
    MetadataCache cache = new MetadataCache(10);
    TableFile wideFile = Workspace.open(wide).table(List.of(), "wide.csv", "t");
    TableFile narrowFile = Workspace.open(wide).table(List.of(), "narrow.csv", "t");

    TableMetadata first = cache.get(wideFile, memory);
    TableMetadata second = cache.get(wideFile, memory);
    TableMetadata narrow = cache.get(narrowFile, memory);

    assertThat(first.columns()).hasSize(columns);
    assertThat(second).as("too heavy to keep").isNotSameAs(first);
    assertThat(second.columns()).isEqualTo(first.columns());
    assertThat(cache.get(narrowFile, memory)).isSameAs(narrow);
  }

  /** A row index weighs 16 bytes an offset: one heavier than its share is not kept. */
  @Test
  void aRowIndexWeighsByItsOffsets() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n");
    Files.writeString(dir.resolve("b.csv"), "n\n1\n");
    TableFile a = table("a.csv");
    TableFile b = table("b.csv");
    ConnectionConfig memory = ConnectionConfig.parse(Map.of("metadataCache", "memory"));
    MetadataCache cache = new MetadataCache(10);
    int size = (int) (budget() / 4 / 16 * 5 / 4);
    long[] rows = new long[size];
    Arrays.setAll(rows, k -> k + 1L);
    RowIndex heavy = new RowIndex(a.fingerprint(), size, rows, rows);
    RowIndex light = new RowIndex(b.fingerprint(), 10, new long[] {1, 5}, new long[] {0, 9});

    cache.putRowIndex(a, memory, heavy);
    cache.putRowIndex(b, memory, light);

    assertThat(cache.rowIndex(a, memory)).as("too heavy to keep").isNull();
    assertThat(cache.rowIndex(b, memory)).isSameAs(light);
  }

  /** Two files whose keys hash alike ("Aa" and "BB" do) are two entries, not one. */
  @Test
  void filesWhoseKeysHashAlikeAreKeptApart() throws IOException {
    Files.writeString(dir.resolve("Aa.csv"), "n\n1\n");
    Files.writeString(dir.resolve("BB.csv"), "n\nx\n");
    assumeThat(table("Aa.csv").path().hashCode()).as("paths hash as their bytes")
        .isEqualTo(table("BB.csv").path().hashCode());
    ConnectionConfig memory = ConnectionConfig.parse(Map.of("metadataCache", "memory"));
    MetadataCache cache = new MetadataCache(10);

    TableMetadata a = cache.get(table("Aa.csv"), memory);
    TableMetadata b = cache.get(table("BB.csv"), memory);

    assertThat(columns(a)).containsExactly("n:INTEGER");
    assertThat(columns(b)).containsExactly("n:VARCHAR");
    assertThat(cache.get(table("Aa.csv"), memory)).isSameAs(a);
    assertThat(cache.get(table("BB.csv"), memory)).isSameAs(b);
  }

  @Test
  void aFailureIsNotCached() throws IOException {
    Path p = dir.resolve("a.csv.gz");
    Files.write(p, "not gzip".getBytes(StandardCharsets.US_ASCII));
    MetadataCache cache = new MetadataCache(10);

    TableMetadata failed = cache.get(table("a.csv.gz"), ConnectionConfig.defaults());
    TableMetadata again = cache.get(table("a.csv.gz"), ConnectionConfig.defaults());

    assertThat(failed.failure()).isNotNull();
    assertThat(again).isNotSameAs(failed);
  }
}
