package io.csvws.sql;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.ColumnNaming;
import io.csvws.schema.CsvwsTable;
import io.csvws.sql.functions.SqlVocabulary;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.validate.IdentifierNamespace;
import org.apache.calcite.sql.validate.SelectScope;
import org.apache.calcite.sql.validate.SqlQualified;
import org.apache.calcite.sql.validate.SqlValidatorCatalogReader;
import org.apache.calcite.sql.validate.SqlValidatorImpl;
import org.apache.calcite.sql.validate.SqlValidatorNamespace;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql.validate.SqlValidatorTable;
import org.apache.calcite.util.Util;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.apache.calcite.runtime.Resources;
import org.apache.calcite.rel.type.RelDataTypeFactory;

/**
 * Calcite's validator with csvws's rules for the hidden row number:
 * <ul>
 *   <li>{@code SELECT *} and {@code t.*} leave out {@code _row} of csvws tables (it stays
 *       selectable and filterable by name);</li>
 *   <li>a NATURAL JOIN whose sides both carry {@code _row} is refused, since it would join on row
 *       numbers;</li>
 *   <li>a file that cannot be read fails the query with the reason, instead of looking like a
 *       table without columns;</li>
 *   <li>a FROM item names a table even where a folder has the same name
 *       ({@link FolderShadowedTables});</li>
 *   <li>an unknown column, table or function gets "did you mean" suggestions;</li>
 *   <li>PostgreSQL's {@code x::type} is {@code CAST(x AS type)};</li>
 *   <li>DuckDB's {@code GROUP BY ALL} and {@code ORDER BY ALL} ({@link AllColumns}).</li>
 * </ul>
 */
final class CsvwsValidator extends SqlValidatorImpl {

  private final FolderShadowedTables shadowedTables;
  /** The statement being validated, for {@link FolderShadowedTables}. */
  private SqlNode statement;

  CsvwsValidator(SqlOperatorTable opTab, SqlValidatorCatalogReader catalogReader,
      RelDataTypeFactory typeFactory, Config config) {
    super(opTab, catalogReader, typeFactory, config);
    this.shadowedTables = new FolderShadowedTables(catalogReader);
  }

  @Override
  public SqlNode validate(SqlNode topNode) {
    statement = SqlVocabulary.instance().rewrite(topNode);
    return super.validate(statement);
  }

  /** Before Calcite's own rewrites, renames FROM items that a folder of the same name shadows. */
  @Override
  protected SqlNode performUnconditionalRewrites(SqlNode node, boolean underFrom) {
    if (node instanceof SqlSelect) {
      shadowedTables.rename((SqlSelect) node, statement == null ? node : statement);
    }
    if (node instanceof SqlCall
        && ((SqlCall) node).getOperator() == SqlLibraryOperators.INFIX_CAST) {
      // PostgreSQL's x::type is CAST(x AS type), whatever operator table is in use.
      SqlCall cast = (SqlCall) node;
      node = SqlStdOperatorTable.CAST.createCall(cast.getParserPosition(), cast.getOperandList());
    }
    SqlNode rewritten = super.performUnconditionalRewrites(node, underFrom);
    if (rewritten instanceof SqlSelect) {
      AllColumns.expandGroupBy((SqlSelect) rewritten, this);
    }
    return rewritten;
  }

  /** Errors about an unknown column, table or function suggest names ({@link DidYouMean}). */
  @Override
  public CalciteContextException newValidationError(SqlNode node,
      Resources.ExInst<SqlValidatorException> e) {
    return DidYouMean.explain(super.newValidationError(node, e), node, this, statement);
  }

  /** {@code ORDER BY ALL}, once the select list is expanded ({@link AllColumns}). */
  @Override
  protected void validateOrderList(SqlSelect select) {
    if (AllColumns.isAll(select.getOrderList())) {
      SelectScope scope = getRawSelectScope(select);
      List<SqlNode> columns = scope == null ? null : scope.getExpandedSelectList();
      AllColumns.expandOrderBy(select,
          columns == null ? select.getSelectList().size() : columns.size());
    }
    super.validateOrderList(select);
  }

  /** Called only while expanding a star; skipping an item here leaves it out of {@code *}. */
  @Override
  protected void addToSelectList(List<SqlNode> list, Set<String> aliases,
      List<Map.Entry<String, RelDataType>> fieldList, SqlNode exp, SelectScope scope,
      boolean includeSystemVars) {
    if (isHiddenRowNumber(exp, scope)) {
      return;
    }
    super.addToSelectList(list, aliases, fieldList, exp, scope, includeSystemVars);
  }

  private static boolean isHiddenRowNumber(SqlNode exp, SqlValidatorScope scope) {
    if (!(exp instanceof SqlIdentifier)) {
      return false;
    }
    SqlIdentifier id = (SqlIdentifier) exp;
    if (id.names.size() < 2 || !ColumnNaming.ROW_COLUMN.equals(Util.last(id.names))) {
      return false;
    }
    SqlQualified q = scope.fullyQualify(id);
    SqlValidatorTable table = q.namespace == null ? null : q.namespace.getTable();
    return table != null && table.unwrap(CsvwsTable.class) != null;
  }

  @Override
  protected void validateJoin(SqlJoin join, SqlValidatorScope scope) {
    super.validateJoin(join, scope);
    if (join.isNatural() && hasRowNumber(join.getLeft()) && hasRowNumber(join.getRight())) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED,
          "NATURAL JOIN of two csvws tables would also match their hidden _row columns (row "
              + "numbers); write JOIN ... USING (column, ...) with the columns to match instead.");
    }
  }

  private boolean hasRowNumber(SqlNode side) {
    SqlValidatorNamespace ns = getNamespace(side);
    return ns != null && ns.getRowType().getField(ColumnNaming.ROW_COLUMN, true, false) != null;
  }

  @Override
  protected void validateNamespace(SqlValidatorNamespace namespace, RelDataType targetRowType) {
    SqlValidatorTable table = namespace.getTable();
    CsvwsTable csv = table == null ? null : table.unwrap(CsvwsTable.class);
    if (csv != null && csv.failure() != null) {
      CsvwsException f = csv.failure();
      throw new CsvwsException(f.code(), f.getMessage(), f);
    }
    try {
      super.validateNamespace(namespace, targetRowType);
    } catch (CalciteContextException e) {
      if (namespace instanceof IdentifierNamespace) {
        throw MissingTable.explain(e, ((IdentifierNamespace) namespace).getId(),
            getCatalogReader());
      }
      throw e;
    }
  }
}
