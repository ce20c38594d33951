package io.csvws.sql;

import io.csvws.schema.CsvwsTable;
import java.util.List;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlIdentifier;

/**
 * The one csvws table a statement prepared without the planner reads, as its FROM names it:
 * found only where the validator would find the same table (no folder of that name shadows it),
 * readable, and with its row number as the last column of its row type. Immutable.
 *
 * @param table the table
 * @param qualifiedName its name as the catalog gives it (the origin of each result column)
 * @param rowType its row type, the row number last
 * @param rowOrdinal the ordinal of the row number
 */
record ScannedTable(CsvwsTable table, List<String> qualifiedName, RelDataType rowType,
    int rowOrdinal) {

  /** The table {@code from} names, or null when the planned path must resolve or report it. */
  static ScannedTable lookup(SqlIdentifier from, CsvwsPrepare.CatalogReader reader) {
    if (new FolderShadowedTables(reader).shadows(from)) {
      return null;
    }
    RelOptTable relTable = reader.getTable(from.names);
    CsvwsTable table = relTable == null ? null : relTable.unwrap(CsvwsTable.class);
    if (table == null || table.failure() != null) {
      return null;
    }
    RelDataType rowType = relTable.getRowType();
    int rowOrdinal = table.rowOrdinal();
    if (rowType.getFieldCount() != rowOrdinal + 1) {
      return null;
    }
    return new ScannedTable(table, List.copyOf(relTable.getQualifiedName()), rowType,
        rowOrdinal);
  }
}
