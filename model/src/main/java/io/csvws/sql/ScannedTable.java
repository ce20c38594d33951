package io.csvws.sql;

import io.csvws.schema.CsvwsTable;
import java.util.List;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.Wrapper;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * The one csvws table a statement prepared without the planner reads, as its FROM names it:
 * found only where the validator would find the same table (no folder of that name shadows it),
 * and readable. Immutable.
 *
 * @param table the table
 * @param qualifiedName its name as the catalog gives it (the origin of each result column)
 * @param columns its columns, the row number last
 */
record ScannedTable(CsvwsTable table, List<String> qualifiedName, TableColumns columns) {

  /** The table {@code from} names, or null when the planned path must resolve or report it. */
  static ScannedTable lookup(SqlIdentifier from, CsvwsPrepare.CatalogReader reader) {
    if (new FolderShadowedTables(reader).shadows(from)) {
      return null;
    }
    // The catalog's own lookup, without the row type the catalog reader's getTable would make.
    CalciteSchema.TableEntry entry = SqlValidatorUtil.getTableEntry(reader, from.names);
    CsvwsTable table = entry == null ? null : csvwsTable(entry.getTable());
    if (table == null || table.failure() != null) {
      return null;
    }
    return new ScannedTable(table, List.copyOf(entry.path()),
        new TableColumns(table, reader.getTypeFactory()));
  }

  private static CsvwsTable csvwsTable(Table table) {
    return table instanceof CsvwsTable t ? t
        : table instanceof Wrapper w ? w.unwrap(CsvwsTable.class) : null;
  }
}
