package io.csvws.schema;

import static io.csvws.schema.SchemaFixtures.catalog;
import static io.csvws.schema.SchemaFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.metadata.TableMetadata;
import io.csvws.scan.FileScan;
import io.csvws.scan.QueryDiagnostics;
import io.csvws.sql.CsvwsTypeFactory;
import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table file as a Calcite table, on a temp folder: its row type (the file's columns, then
 * {@code _row}), kept per type factory; its metadata kept for the statement; its statistic; its
 * scans and count; a file that cannot be read.
 */
class CsvwsTableTest {
  @TempDir
  Path dir;

  private CsvwsTable table(Catalog catalog, String fileName, String tableName) {
    return new CsvwsTable(catalog, catalog.workspace().table(List.of(), fileName, tableName));
  }

  @Test
  void theRowTypeIsTheColumnsThenTheRowNumber() {
    write(dir, "t.csv", "id,name,price,when,n2\n1,x,2.50,2024-01-02,7\n2,y,3.125,2024-02-03,8\n");
    CsvwsTable t = table(catalog(dir), "t.csv", "t");
    RelDataType type = t.getRowType(new JavaTypeFactoryImpl());
    assertThat(type.getFieldNames()).containsExactly("id", "name", "price", "when", "n2",
        "_row");
    assertThat(type.getFieldList()).extracting(f -> f.getType().getSqlTypeName())
        .containsExactly(SqlTypeName.INTEGER, SqlTypeName.VARCHAR, SqlTypeName.DECIMAL,
            SqlTypeName.DATE, SqlTypeName.INTEGER, SqlTypeName.BIGINT);
    assertThat(type.getFieldList().get(2).getType().getScale()).isEqualTo(3);
    assertThat(type.getFieldList().get(0).getType())
        .as("columns of one type share it").isSameAs(type.getFieldList().get(4).getType());
    assertThat(t.rowOrdinal()).isEqualTo(5);
    assertThat(type.getFieldList().get(5).getType().isNullable()).isFalse();
  }

  /** Planner-free statements ask for single columns' types, which must be the row type's. */
  @Test
  void eachColumnsTypeAloneIsItsTypeInTheRowType() {
    write(dir, "t.csv", "id,name,price,when\n1,x,2.50,2024-01-02\n2,y,3.125,2024-02-03\n");
    CsvwsTable t = table(catalog(dir), "t.csv", "t");
    RelDataTypeFactory factory = new JavaTypeFactoryImpl();
    RelDataType row = t.getRowType(factory);

    for (int k = 0; k <= t.rowOrdinal(); k++) {
      assertThat(t.columnType(k, factory)).as(row.getFieldNames().get(k))
          .isEqualTo(row.getFieldList().get(k).getType());
    }
  }

  /** A file of {@code n} integer columns and one row. */
  private CsvwsTable wide(int n) {
    StringBuilder header = new StringBuilder();
    StringBuilder row = new StringBuilder();
    for (int i = 0; i < n; i++) {
      header.append(i == 0 ? "" : ",").append('c').append(i);
      row.append(i == 0 ? "" : ",").append(i);
    }
    write(dir, "w" + n + ".csv", header + "\n" + row + "\n");
    CsvwsTable t = table(catalog(dir), "w" + n + ".csv", "w" + n);
    assertThat(t.metadata().columns()).hasSize(n);
    return t;
  }

  @Test
  void buildingTheRowTypeOfAVeryWideFileStopsWhenTheStatementIsCancelled() {
    QueryDiagnostics cancelled = new QueryDiagnostics();
    cancelled.cancel();
    CsvwsTable narrow = wide(4095);
    assertThat(cancelled.collect(() -> narrow.getRowType(new JavaTypeFactoryImpl())))
        .as("checked every 4,096 columns").extracting(RelDataType::getFieldCount)
        .isEqualTo(4096);
    CsvwsTable wide = wide(4096);
    assertThatThrownBy(() -> cancelled.collect(() -> wide.getRowType(new JavaTypeFactoryImpl())))
        .isInstanceOf(CsvwsException.class).hasMessage("Statement cancelled while planning.");
    assertThat(wide.getRowType(new JavaTypeFactoryImpl()).getFieldCount()).isEqualTo(4097);
  }

  @Test
  void decimalsOfOtherScalesAreOtherTypes() {
    write(dir, "d.csv", "a,b,c\n1.5,1.25,1.5\n");
    RelDataType type = table(catalog(dir), "d.csv", "d").getRowType(new JavaTypeFactoryImpl());
    assertThat(type.getFieldList()).extracting(f -> f.getType().getScale())
        .containsExactly(1, 2, 1, 0);
    assertThat(type.getFieldList().get(0).getType())
        .isNotEqualTo(type.getFieldList().get(1).getType());
  }

  @Test
  void eachTypeFactoryGetsTheRowTypeItMakes() {
    write(dir, "t.csv", "a,b\n1,2.5\n");
    Catalog catalog = catalog(dir);
    CsvwsTable t = table(catalog, "t.csv", "t");
    RelDataTypeFactory csvws = new CsvwsTypeFactory();
    RelDataTypeFactory java = new JavaTypeFactoryImpl();
    RelDataType first = t.getRowType(csvws);
    assertThat(t.getRowType(csvws)).isSameAs(first);
    RelDataType other = t.getRowType(java);
    assertThat(other).isEqualTo(table(catalog, "t.csv", "t").getRowType(java));
    assertThat(t.getRowType(csvws)).isEqualTo(table(catalog, "t.csv", "t").getRowType(csvws));
    assertThat(other.getFieldList().get(1).getType().getPrecision())
        .isEqualTo(java.getTypeSystem().getMaxPrecision(SqlTypeName.DECIMAL));
    assertThat(first.getFieldList().get(1).getType().getPrecision())
        .isEqualTo(csvws.getTypeSystem().getMaxPrecision(SqlTypeName.DECIMAL));
  }

  @Test
  void theMetadataIsReadOnceAndKeptForTheStatement() throws IOException {
    write(dir, "t.csv", "a,b\n1,2\n");
    Catalog catalog = catalog(dir);
    CsvwsTable t = table(catalog, "t.csv", "t");
    TableMetadata first = t.metadata();
    assertThat(first.columns()).hasSize(2);
    write(dir, "t.csv", "a,b,c\n1,2,3\n4,5,6\n");
    assertThat(t.metadata()).isSameAs(first);
    assertThat(t.rowOrdinal()).isEqualTo(2);
    assertThat(t.getRowType(new JavaTypeFactoryImpl()).getFieldCount()).isEqualTo(3);
    assertThat(table(catalog, "t.csv", "t").rowOrdinal()).as("a new statement").isEqualTo(3);
    assertThat(t.file().relativePath()).isEqualTo("t.csv");
    assertThat(t.failure()).isNull();
    assertThat(t).hasToString("CsvwsTable(t.csv)");
  }

  @Test
  void theStatisticIsTheRowCountWithTheRowNumberAsKey() {
    write(dir, "t.csv", "a,b\n1,2\n3,4\n5,6\n");
    Statistic s = table(catalog(dir), "t.csv", "t").getStatistic();
    assertThat(s.getRowCount()).isEqualTo(3.0);
    assertThat(s.getKeys()).containsExactly(ImmutableBitSet.of(2));
    assertThat(s.isKey(ImmutableBitSet.of(2))).isTrue();
    assertThat(s.isKey(ImmutableBitSet.of(0))).isFalse();
  }

  @Test
  void aFileThatCannotBeReadSaysWhy() {
    write(dir, "bad.csv.gz", "not gzip at all\n");
    CsvwsTable t = table(catalog(dir), "bad.csv.gz", "bad");
    assertThat(t.failure()).isNotNull();
    assertThat(t.failure().getMessage()).contains("bad.csv.gz");
    assertThat(t.failure()).isSameAs(t.metadata().failure());
  }

  private static List<Object> all(Iterable<Object> rows) {
    List<Object> out = new ArrayList<>();
    for (Object r : rows) {
      out.add(r instanceof Object[] a ? Arrays.asList(a) : r);
    }
    return out;
  }

  @Test
  void scansGiveTheColumnsAskedForAndTheRowNumber() {
    write(dir, "t.csv", "a,b\nx,1\ny,2\nz,3\nw,4\n");
    CsvwsTable t = table(catalog(dir), "t.csv", "t");
    assertThat(all(t.scan(new int[] {1, 0}, new int[0], 1, Long.MAX_VALUE).enumerable(null)))
        .containsExactly(List.of(1, "x"), List.of(2, "y"), List.of(3, "z"), List.of(4, "w"));
    assertThat(all(t.scan(new int[] {2, 0}, new int[0], 1, Long.MAX_VALUE).enumerable(null)))
        .containsExactly(List.of(1L, "x"), List.of(2L, "y"), List.of(3L, "z"),
            List.of(4L, "w"));
    assertThat(all(t.scan(new int[] {0}, new int[0], 1, 2).enumerable(null)))
        .containsExactly("x", "y");
  }

  @Test
  void aScanFilteredOnTheRowNumberGivesItsConditionTheRowNumber() {
    write(dir, "t.csv", "a\nx\ny\nz\nw\n");
    CsvwsTable t = table(catalog(dir), "t.csv", "t");
    List<Object> seen = new ArrayList<>();
    FileScan scan = t.scan(new int[] {0, 1}, new int[] {t.rowOrdinal()}, 2, 3);
    List<Object> rows = all(scan.enumerable(null, r -> {
      seen.add(r[0]);
      return (Long) r[0] >= 2;
    }));
    assertThat(rows).containsExactly(List.of("y", 2L), List.of("z", 3L));
    assertThat(seen).contains(2L, 3L).doesNotContain(4L);
    List<Object[]> given = new ArrayList<>();
    List<Object> plain = all(t.scan(new int[] {0}, new int[0], 1, 2).enumerable(null, r -> {
      given.add(r.clone());
      return true;
    }));
    assertThat(plain).containsExactly("x", "y");
    assertThat(given).allMatch(r -> r.length == 0);
  }

  @Test
  void countRowsIsTheWholeTablesRowCount() throws IOException {
    write(dir, "t.csv", "a\nx\ny\nz\n");
    Catalog catalog = catalog(dir);
    assertThat(table(catalog, "t.csv", "t").countRows(null)).isEqualTo(3);
    StringBuilder big = new StringBuilder("n\n");
    for (int i = 0; i < 500; i++) {
      big.append(i).append('\n');
    }
    write(dir, "big.csv", big.toString());
    Catalog sampled = catalog(dir, java.util.Map.of("sampleRows", "10"), null);
    CsvwsTable b = table(sampled, "big.csv", "big");
    assertThat(b.metadata().rowCount()).as("not known from the sample").isNegative();
    assertThat(b.countRows(null)).isEqualTo(500);
    assertThat(Files.exists(dir.resolve("big.csv"))).isTrue();
  }

  @Test
  void aQueryPlansAndReadsTheTable() throws SQLException {
    write(dir, "t.csv", "a,b\nx,1\ny,2\n");
    try (Connection c = ModelConnection.open(dir)) {
      assertThat(ModelConnection.rows(c, "SELECT b, a, _row FROM t ORDER BY b DESC"))
          .containsExactly(List.of("2", "y", "2"), List.of("1", "x", "1"));
      assertThat(ModelConnection.plan(c, "SELECT a FROM t"))
          .contains("CsvwsTableScan(table=[[main, t]], fields=[[a]])");
    }
  }
}
