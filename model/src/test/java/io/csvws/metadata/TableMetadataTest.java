package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.dialect.Dialect;
import io.csvws.dialect.Encoding;
import io.csvws.types.ColumnType;
import io.csvws.workspace.FileFingerprint;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Row estimates for the planner, and when two versions of a file have the same columns. */
class TableMetadataTest {
  private static TableMetadata of(long size, long rowCount, double bytesPerRow,
      ColumnInfo... columns) {
    return new TableMetadata(new FileFingerprint(Path.of("/w/a.csv"), size, 1, "k"),
        new Encoding(StandardCharsets.UTF_8, 0, 1, "test"), Dialect.unread(), List.of(columns),
        10, rowCount >= 0, rowCount, bytesPerRow, List.of(), null);
  }

  private static ColumnInfo col(String name, int field, ColumnType type, String how) {
    return new ColumnInfo(name, field, type, how);
  }

  @Test
  void aKnownRowCountIsTheEstimate() {
    assertThat(of(1_000, 42, 10, col("a", 0, ColumnType.INTEGER, "x")).estimatedRowCount())
        .isEqualTo(42);
    assertThat(of(1_000, 0, 10).estimatedRowCount()).isZero();
  }

  @Test
  void otherwiseTheSizeOverTheBytesPerRow() {
    assertThat(of(1_000, -1, 8).estimatedRowCount()).isEqualTo(125);
    assertThat(of(5, -1, 8).estimatedRowCount()).as("at least one row").isEqualTo(1);
    assertThat(of(1_000, -1, 0).estimatedRowCount()).as("nothing sampled").isEqualTo(100);
  }

  @Test
  void sameColumnsComparesNamesFieldsAndTypesOnly() {
    TableMetadata a = of(1, 1, 1, col("a", 0, ColumnType.INTEGER, "from 10 rows"),
        col("b", 1, ColumnType.VARCHAR, "x"));

    assertThat(a.sameColumns(of(9, 5, 2, col("a", 0, ColumnType.INTEGER, "from 20 rows"),
        col("b", 1, ColumnType.VARCHAR, "y")))).isTrue();
    assertThat(a.sameColumns(of(1, 1, 1, col("a", 0, ColumnType.INTEGER, "x")))).isFalse();
    assertThat(a.sameColumns(of(1, 1, 1, col("a", 0, ColumnType.INTEGER, "x"),
        col("B", 1, ColumnType.VARCHAR, "x")))).isFalse();
    assertThat(a.sameColumns(of(1, 1, 1, col("a", 0, ColumnType.INTEGER, "x"),
        col("b", 2, ColumnType.VARCHAR, "x")))).isFalse();
    assertThat(a.sameColumns(of(1, 1, 1, col("a", 0, ColumnType.BIGINT, "x"),
        col("b", 1, ColumnType.VARCHAR, "x")))).isFalse();
  }
}
