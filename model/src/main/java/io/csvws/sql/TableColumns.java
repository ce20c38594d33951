package io.csvws.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlIdentifier;

/**
 * How the statements prepared without the planner resolve a column name: only a name written
 * exactly as the file spells it, and only when no other column has the same name in another case,
 * so that the validator would resolve it to the same column. Stateless.
 */
final class TableColumns {
  private TableColumns() {
  }

  /**
   * The ordinal in {@code rowType} of the column {@code id} names exactly, when no other column
   * has its name in another case; else -1 (the planned path resolves, or reports, the rest).
   */
  static int ordinal(SqlIdentifier id, RelDataType rowType) {
    if (!id.isSimple() || id.isStar()) {
      return -1;
    }
    String name = id.getSimple();
    RelDataTypeField exact = rowType.getField(name, true, false);
    if (exact == null) {
      return -1;
    }
    int alike = 0;
    for (String other : rowType.getFieldNames()) {
      if (other.equalsIgnoreCase(name)) {
        alike++;
      }
    }
    return alike == 1 ? exact.getIndex() : -1;
  }
}
