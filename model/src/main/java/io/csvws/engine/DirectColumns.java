package io.csvws.engine;

import io.csvws.metadata.ColumnInfo;
import io.csvws.types.ColumnType;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;

/**
 * A table's columns described in Avatica's terms as Calcite's connection describes them for
 * {@code SELECT *} without the planner, for {@link DirectAnswer.Rows}: made here without Calcite's
 * type factory, which a direct answer does not load. The descriptions must stay those of
 * {@code io.csvws.sql.ColumnDescription}; the driver's tests compare every one of them.
 */
final class DirectColumns {
  private DirectColumns() {
  }

  /**
   * The rows of {@code SELECT *} of a table, each column described with the table as its origin.
   *
   * @param schema the schema the table was found in
   * @param table the table's name as the catalog gives it
   * @param fileColumns the table's columns, in order
   * @param rows the rows, as {@code io.csvws.sql.RowSeek} reads them
   */
  static DirectAnswer.Rows rows(String schema, String table, List<ColumnInfo> fileColumns,
      Iterable<Object> rows) {
    List<ColumnMetaData> described = new ArrayList<>(fileColumns.size());
    for (int k = 0; k < fileColumns.size(); k++) {
      described.add(describe(k, schema, table, fileColumns.get(k)));
    }
    return new DirectAnswer.Rows(described, rows);
  }

  /**
   * A file column as Calcite's connection describes it ({@code ColumnDescription} in the
   * planner-free path): nullable, signed, the scan's value class as its representation, and the
   * precision and scale csvws's type system gives the column's type.
   */
  private static ColumnMetaData describe(int ordinal, String schema, String table,
      ColumnInfo column) {
    ColumnType type = column.type();
    int precision;
    int scale = 0;
    ColumnMetaData.Rep rep;
    int jdbcType;
    switch (type) {
      case BOOLEAN -> {
        precision = 1;
        rep = ColumnMetaData.Rep.BOOLEAN;
        jdbcType = Types.BOOLEAN;
      }
      case INTEGER -> {
        precision = 10;
        rep = ColumnMetaData.Rep.INTEGER;
        jdbcType = Types.INTEGER;
      }
      case BIGINT -> {
        precision = 19;
        rep = ColumnMetaData.Rep.LONG;
        jdbcType = Types.BIGINT;
      }
      case DECIMAL -> {
        precision = 38;
        scale = column.format().scale();
        rep = ColumnMetaData.Rep.NUMBER;
        jdbcType = Types.DECIMAL;
      }
      case DOUBLE -> {
        precision = 15;
        rep = ColumnMetaData.Rep.DOUBLE;
        jdbcType = Types.DOUBLE;
      }
      case DATE -> {
        precision = 0;
        rep = ColumnMetaData.Rep.INTEGER;
        jdbcType = Types.DATE;
      }
      case TIME -> {
        precision = 3;
        rep = ColumnMetaData.Rep.INTEGER;
        jdbcType = Types.TIME;
      }
      case TIMESTAMP -> {
        precision = 3;
        rep = ColumnMetaData.Rep.LONG;
        jdbcType = Types.TIMESTAMP;
      }
      default -> {
        precision = -1;
        rep = ColumnMetaData.Rep.STRING;
        jdbcType = Types.VARCHAR;
      }
    }
    ColumnMetaData.AvaticaType avaticaType = ColumnMetaData.scalar(jdbcType, type.name(), rep);
    return new ColumnMetaData(ordinal, false, true, false, false,
        DatabaseMetaData.columnNullable, true, precision, column.name(), column.name(), schema,
        Math.max(precision, 0), scale, table, null, avaticaType, true, false, false,
        avaticaType.columnClassName());
  }
}
