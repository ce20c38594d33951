package io.csvws.sql;

import io.csvws.schema.WorkspaceSchema;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.sql.validate.SqlValidatorUtil;

/**
 * Names the schema a missing table was looked for in.
 *
 * <p>A qualified name is looked up from the default schema and from the root, so when
 * {@code data.sales.q2} is missing Calcite finds two partial matches and reports
 * "Object 'data' not found", naming a folder that exists. This says "Table 'q2' not found in
 * schema 'data.sales'" instead. Stateless.
 */
final class MissingTable {
  private MissingTable() {
  }

  /**
   * A clearer error for {@code id} when every name but the last leads to a schema that has no
   * such table; otherwise {@code original}.
   */
  static CalciteContextException explain(CalciteContextException original, SqlIdentifier id,
      SqlValidatorCatalogReader catalogReader) {
    if (id.names.size() < 2 || id.isStar()) {
      return original;
    }
    List<String> prefix = id.names.subList(0, id.names.size() - 1);
    CalciteSchema schema = null;
    for (List<String> schemaPath : catalogReader.getSchemaPaths()) {
      List<String> path = new ArrayList<>(schemaPath);
      path.addAll(prefix);
      schema = SqlValidatorUtil.getSchema(catalogReader.getRootSchema(), path,
          catalogReader.nameMatcher());
      if (schema != null) {
        break;
      }
    }
    String table = id.names.get(id.names.size() - 1);
    if (schema == null || schema.getTable(table, false) != null) {
      return original;
    }
    List<String> schemaNames = schema.path(null);
    if (schemaNames.size() > 1 && schemaNames.get(0).isEmpty()) {
      schemaNames = schemaNames.subList(1, schemaNames.size());
    }
    if (schemaNames.size() > 1 && schemaNames.get(0).equals(WorkspaceSchema.DEFAULT_SCHEMA)) {
      schemaNames = schemaNames.subList(1, schemaNames.size());
    }
    String message = "Table '" + table + "' not found in schema '"
        + String.join(".", schemaNames) + "'";
    CalciteContextException better = new CalciteContextException("From line "
        + original.getPosLine() + ", column " + original.getPosColumn() + " to line "
        + original.getEndPosLine() + ", column " + original.getEndPosColumn(),
        new SqlValidatorException(message, null), original.getPosLine(),
        original.getPosColumn(), original.getEndPosLine(), original.getEndPosColumn());
    better.addSuppressed(original);
    return better;
  }
}
