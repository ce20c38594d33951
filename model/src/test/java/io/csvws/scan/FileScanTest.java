package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.Predicate1;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan runs its plan (a value) with the settings, metadata cache and threads it is given: what
 * it learns of the file (the row index a complete read builds) goes to that cache, and only when
 * the read covered the whole file.
 */
class FileScanTest {
  /** A sample of 100 rows, in memory: a file of thousands of rows has no known row count. */
  private static final ConnectionConfig SAMPLED = ConnectionConfig.parse(
      Map.of("sampleRows", "100", "metadataCache", "memory"));
  private static final int ROWS = 5000;

  @TempDir
  Path dir;

  private TableFile write(int rows) throws IOException {
    StringBuilder s = new StringBuilder("id,name\n");
    for (int i = 1; i <= rows; i++) {
      s.append(i).append(",name ").append(i).append('\n');
    }
    Files.writeString(dir.resolve("t.csv"), s, StandardCharsets.UTF_8);
    return Workspace.open(dir).table(List.of(), "t.csv", "t");
  }

  private static FileScan scan(TableFile file, TableMetadata m, MetadataCache cache, int[] columns,
      int[] filterColumns, long firstRow, long lastRow) {
    return new FileScan(new ScanPlan(file, m, columns, filterColumns, firstRow, lastRow), SAMPLED,
        cache, null);
  }

  private static List<Object> rows(FileScan scan, Predicate1<Object[]> condition) {
    List<Object> out = new ArrayList<>();
    try (Enumerator<Object> e = scan.enumerable(null, condition).enumerator()) {
      while (e.moveNext()) {
        Object row = e.current();
        out.add(row instanceof Object[] a ? List.of(a) : row);
      }
    }
    return out;
  }

  @Test
  void aCountPastTheSampleReadsTheFileAndLeavesItsRowIndexInTheCacheItWasGiven()
      throws IOException {
    TableFile file = write(ROWS);
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, SAMPLED);
    TableFile version = file.at(m.fingerprint());
    assertThat(m.rowCount()).as("row count known from the sample").isEqualTo(-1);
    assertThat(cache.rowIndex(version, SAMPLED)).isNull();

    long counted = scan(file, m, cache, new int[0], new int[0], 1, Long.MAX_VALUE).count(null);

    assertThat(counted).isEqualTo(ROWS);
    RowIndex index = cache.rowIndex(version, SAMPLED);
    assertThat(index).as("the count's row index").isNotNull();
    assertThat(index.rowCount()).isEqualTo(ROWS);
    assertThat(new MetadataCache(10).rowIndex(version, SAMPLED)).as("another cache").isNull();
  }

  @Test
  void aReadThatStopsBeforeTheEndLeavesNoRowIndexAndALaterReadStartsFromTheOneLeft()
      throws IOException {
    TableFile file = write(ROWS);
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, SAMPLED);
    TableFile version = file.at(m.fingerprint());
    int rowOrdinal = m.columns().size();

    assertThat(rows(scan(file, m, cache, new int[] {0}, new int[0], 1, 10), null)).hasSize(10);
    assertThat(cache.rowIndex(version, SAMPLED)).as("index after a partial read").isNull();
    assertThat(rows(scan(file, m, cache, new int[] {0}, new int[0], 1, Long.MAX_VALUE), null))
        .hasSize(ROWS);
    assertThat(cache.rowIndex(version, SAMPLED)).as("index after a whole read").isNotNull();

    Predicate1<Object[]> rows4000To4002 = v -> (Long) v[0] >= 4000 && (Long) v[0] <= 4002;
    assertThat(rows(scan(file, m, cache, new int[] {0, rowOrdinal}, new int[] {rowOrdinal}, 4000,
        4002), rows4000To4002)).containsExactly(List.of(4000L, 4000L), List.of(4001L, 4001L),
        List.of(4002L, 4002L));
  }

  @Test
  void aFileThatChangedSinceThePlanIsCountedAsItIsNow() throws IOException {
    TableFile file = write(3);
    MetadataCache cache = new MetadataCache(10);
    TableMetadata planned = cache.get(file, SAMPLED);
    FileScan count = scan(file, planned, cache, new int[0], new int[0], 1, Long.MAX_VALUE);
    assertThat(count.count(null)).isEqualTo(3);

    Files.writeString(dir.resolve("t.csv"), "4,name 4\n5,name 5\n", StandardCharsets.UTF_8,
        StandardOpenOption.APPEND);

    assertThat(count.count(null)).isEqualTo(5);
  }
}
