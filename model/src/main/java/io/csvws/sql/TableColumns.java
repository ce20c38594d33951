package io.csvws.sql;

import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.ColumnNaming;
import io.csvws.schema.CsvwsTable;
import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlIdentifier;

/**
 * The columns of the table a statement prepared without the planner reads, as the planned path's
 * row type has them (the file's columns, then {@code _row}), with each column's type made only
 * when the statement uses that column: on a 20,000-column file, making and interning the whole
 * row type is the larger part of a fresh JVM's preparation.
 *
 * <p>A name resolves only when written exactly as the file spells it, and only when no other
 * column has the same name in another case, so that the validator would resolve it to the same
 * column. Not thread-safe: one statement's preparation uses it.
 */
final class TableColumns {
  private final CsvwsTable table;
  private final RelDataTypeFactory typeFactory;
  /** The names, {@code _row} last: a lookup compares names in a tight loop. */
  private final String[] names;
  private final RelDataType[] types;

  TableColumns(CsvwsTable table, RelDataTypeFactory typeFactory) {
    this.table = table;
    this.typeFactory = typeFactory;
    List<ColumnInfo> columns = table.metadata().columns();
    this.names = new String[columns.size() + 1];
    for (int c = 0; c < columns.size(); c++) {
      names[c] = columns.get(c).name();
    }
    names[columns.size()] = ColumnNaming.ROW_COLUMN;
    this.types = new RelDataType[names.length];
  }

  /** The ordinal of {@code _row}, the last column. */
  int rowOrdinal() {
    return names.length - 1;
  }

  /** The name of column {@code ordinal}. */
  String name(int ordinal) {
    return names[ordinal];
  }

  /** The type of column {@code ordinal}, as the table's row type has it. */
  RelDataType type(int ordinal) {
    RelDataType t = types[ordinal];
    if (t == null) {
      t = table.columnType(ordinal, typeFactory);
      types[ordinal] = t;
    }
    return t;
  }

  /**
   * The ordinal of the column {@code id} names exactly, when no other column has its name in
   * another case; else -1 (the planned path resolves, or reports, the rest).
   */
  int ordinal(SqlIdentifier id) {
    if (!id.isSimple() || id.isStar()) {
      return -1;
    }
    String name = id.getSimple();
    int length = name.length();
    int exact = -1;
    int alike = 0;
    for (int c = 0; c < names.length; c++) {
      String other = names[c];
      if (other.length() == length && other.equalsIgnoreCase(name)) {
        alike++;
        if (exact < 0 && other.equals(name)) {
          exact = c;
        }
      }
    }
    return alike == 1 ? exact : -1;
  }
}
