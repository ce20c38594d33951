package io.csvws.engine;

import io.csvws.metadata.ColumnInfo;
import io.csvws.types.ColumnType;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A table's columns described as Calcite's connection describes them for {@code SELECT *} without
 * the planner, for {@link DirectAnswer.Rows}: made here without Calcite's type factory, which a
 * direct answer does not load. The descriptions must stay those of
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
    List<DirectAnswer.Column> described = new ArrayList<>(fileColumns.size());
    for (ColumnInfo column : fileColumns) {
      described.add(describe(schema, table, column));
    }
    return new DirectAnswer.Rows(described, rows);
  }

  /**
   * The ordinals of the file columns {@code names} names, in that order; every column for no
   * names. Null when a name is not a column's exactly as the file spells it, or two names are
   * alike in any case (their labels would be), which the parser's path resolves or reports. The
   * caller has checked that no two columns are named alike in another case, so a name found is
   * the column Calcite's case-insensitive lookup finds.
   */
  static int[] ordinals(List<ColumnInfo> columns, List<String> names) {
    if (names.isEmpty()) {
      int[] all = new int[columns.size()];
      for (int c = 0; c < all.length; c++) {
        all[c] = c;
      }
      return all;
    }
    int[] out = new int[names.size()];
    Set<String> labels = new HashSet<>();
    for (int k = 0; k < out.length; k++) {
      out[k] = ordinal(columns, names.get(k));
      if (out[k] < 0 || !labels.add(names.get(k).toLowerCase(Locale.ROOT))) {
        return null;
      }
    }
    return out;
  }

  /** The ordinal of the file column named {@code name} exactly, or -1. */
  static int ordinal(List<ColumnInfo> columns, String name) {
    for (int c = 0; c < columns.size(); c++) {
      if (columns.get(c).name().equals(name)) {
        return c;
      }
    }
    return -1;
  }

  /**
   * A file column as Calcite's connection describes it ({@code ColumnDescription} in the
   * planner-free path): nullable, with the precision and scale csvws's type system gives the
   * column's type.
   */
  private static DirectAnswer.Column describe(String schema, String table, ColumnInfo column) {
    return describe(column.name(), column.type(), scale(column), true, schema, table);
  }

  /** The scale of a file column's values: a DECIMAL's, else 0. */
  static int scale(ColumnInfo column) {
    return column.type() == ColumnType.DECIMAL ? column.format().scale() : 0;
  }

  /**
   * A column of csvws's type {@code type} as Calcite's connection describes it, with the
   * precision csvws's type system gives the type.
   *
   * @param scale the scale of a DECIMAL, else 0
   * @param schema the schema of the table the column comes from, or null when computed
   * @param table the table it comes from, or null when computed
   */
  static DirectAnswer.Column describe(String label, ColumnType type, int scale, boolean nullable,
      String schema, String table) {
    int precision = switch (type) {
      case BOOLEAN -> 1;
      case INTEGER -> 10;
      case BIGINT -> 19;
      case DECIMAL -> 38;
      case DOUBLE -> 15;
      case DATE -> 0;
      case TIME, TIMESTAMP -> 3;
      case VARCHAR -> -1;
    };
    int jdbcType = switch (type) {
      case BOOLEAN -> Types.BOOLEAN;
      case INTEGER -> Types.INTEGER;
      case BIGINT -> Types.BIGINT;
      case DECIMAL -> Types.DECIMAL;
      case DOUBLE -> Types.DOUBLE;
      case DATE -> Types.DATE;
      case TIME -> Types.TIME;
      case TIMESTAMP -> Types.TIMESTAMP;
      case VARCHAR -> Types.VARCHAR;
    };
    return new DirectAnswer.Column(label, jdbcType, type.name(), nullable,
        Math.max(precision, 0), scale, precision, schema, table);
  }
}
