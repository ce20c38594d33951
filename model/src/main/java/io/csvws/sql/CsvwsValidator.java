package io.csvws.sql;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.ColumnNaming;
import io.csvws.schema.CsvwsTable;
import io.csvws.sql.functions.SqlVocabulary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.JoinConditionType;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlStarExclude;
import org.apache.calcite.sql.SqlStarReplace;
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
 *   <li>a NATURAL JOIN matches the visible columns both sides have, never {@code _row};</li>
 *   <li>a file that cannot be read fails the query with the reason, instead of looking like a
 *       table without columns;</li>
 *   <li>a FROM item names a table even where a folder has the same name
 *       ({@link FolderShadowedTables});</li>
 *   <li>an unknown column, table or function gets "did you mean" suggestions;</li>
 *   <li>PostgreSQL's {@code x::type} is {@code CAST(x AS type)}, and its type names such as
 *       {@code TEXT} and {@code INT8} name the standard types ({@link TypeAliases});</li>
 *   <li>DuckDB's {@code GROUP BY ALL} and {@code ORDER BY ALL} ({@link AllColumns}).</li>
 * </ul>
 */
final class CsvwsValidator extends SqlValidatorImpl {

  private final FolderShadowedTables shadowedTables;
  /** Hidden row numbers that a star under JOIN ... USING expanded to, taken out afterwards. */
  private final Set<SqlNode> hiddenItems = Collections.newSetFromMap(new IdentityHashMap<>());
  /** The statement being validated, for {@link FolderShadowedTables}. */
  private SqlNode statement;
  /** The parsed statement when a rewrite before validation replaced it, and its rewrite. */
  private SqlNode parsed;
  private SqlNode rewritten;

  CsvwsValidator(SqlOperatorTable opTab, SqlValidatorCatalogReader catalogReader,
      RelDataTypeFactory typeFactory, Config config) {
    super(opTab, catalogReader, typeFactory, config);
    this.shadowedTables = new FolderShadowedTables(catalogReader);
  }

  @Override
  public SqlNode validate(SqlNode topNode) {
    statement = SqlVocabulary.instance().rewrite(DistinctOn.rewrite(topNode));
    TypeAliases.rewrite(statement);
    SqlNode validated = super.validate(statement);
    if (statement != topNode && getValidatedNodeTypeIfKnown(topNode) == null) {
      // Calcite asks for the type and origins of the statement it parsed, which a rewrite
      // replaced.
      setValidatedNodeType(topNode, getValidatedNodeType(validated));
      parsed = topNode;
      rewritten = validated;
    }
    return validated;
  }

  /** Field origins of the parsed statement are those of its rewrite ({@link DistinctOn}). */
  @Override
  public List<List<String>> getFieldOrigins(SqlNode sqlQuery) {
    return super.getFieldOrigins(sqlQuery == parsed && rewritten != null ? rewritten : sqlQuery);
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
    node = RoundedLiteralCasts.round(node);
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

  /**
   * Called only while expanding a star; skipping an item here leaves it out of {@code *}.
   * Under a JOIN ... USING, Calcite moves the star's items by their position among all the
   * columns of each side, so there the hidden row number is kept in place, remembered, and
   * taken out once the star is expanded ({@link #withoutHidden}).
   */
  @Override
  protected void addToSelectList(List<SqlNode> list, Set<String> aliases,
      List<Map.Entry<String, RelDataType>> fieldList, SqlNode exp, SelectScope scope,
      boolean includeSystemVars) {
    if (isHiddenRowNumber(exp, scope)) {
      if (hasUsing(scope.getNode().getFrom())) {
        hiddenItems.add(exp);
        list.add(exp);
        fieldList.add(Map.entry(ColumnNaming.ROW_COLUMN, deriveType(scope, exp)));
      }
      return;
    }
    super.addToSelectList(list, aliases, fieldList, exp, scope, includeSystemVars);
  }

  private static boolean hasUsing(SqlNode from) {
    if (!(from instanceof SqlJoin)) {
      return false;
    }
    SqlJoin join = (SqlJoin) from;
    return join.isNatural() || join.getConditionType() == JoinConditionType.USING
        || hasUsing(join.getLeft()) || hasUsing(join.getRight());
  }

  @Override
  protected RelDataType validateSelectList(SqlNodeList selectItems, SqlSelect select,
      RelDataType targetRowType) {
    if (hasUsing(select.getFrom())) {
      for (SqlNode item : selectItems) {
        SqlIdentifier starId = item instanceof SqlStarExclude
            ? ((SqlStarExclude) item).getStarIdentifier()
            : item instanceof SqlStarReplace ? ((SqlStarReplace) item).getStarIdentifier() : null;
        if (starId != null && starId.names.size() == 1) {
          // Calcite moves USING columns by position, which a left-out column would shift.
          throw new CsvwsException(ErrorCode.QUERY_FAILED, "SELECT * "
              + (item instanceof SqlStarExclude ? "EXCLUDE" : "REPLACE") + " (...) over a JOIN "
              + "... USING or a NATURAL JOIN is not supported; list the columns to select, or "
              + "join with ON (a.k = b.k).");
        }
      }
      nameItemsBeforeStar(selectItems);
    }
    RelDataType rowType = super.validateSelectList(selectItems, select, targetRowType);
    if (hiddenItems.isEmpty()) {
      return rowType;
    }
    SelectScope scope = getRawSelectScope(select);
    List<SqlNode> expanded = scope == null ? null : scope.getExpandedSelectList();
    if (expanded == null || expanded.size() != rowType.getFieldCount()) {
      return rowType;
    }
    RelDataTypeFactory.Builder fields = getTypeFactory().builder();
    List<SqlNode> kept = new ArrayList<>();
    for (int i = 0; i < expanded.size(); i++) {
      if (!hiddenItems.contains(expanded.get(i))) {
        kept.add(expanded.get(i));
        fields.add(rowType.getFieldList().get(i));
      }
    }
    if (kept.size() == expanded.size()) {
      return rowType;
    }
    scope.setExpandedSelectList(kept);
    if (select.getSelectList().size() == expanded.size()) {
      select.setSelectList(new SqlNodeList(kept, select.getSelectList().getParserPosition()));
    }
    return fields.uniquify().build();
  }

  /**
   * Calcite moves the USING columns of a {@code *} to the front of the star's columns, which it
   * finds as the first select item that is a bare column name: a bare column before the star
   * ({@code SELECT o.order_id, * ...}) would be taken for the star's first column and the row
   * mixed up. Naming such columns with their own name ({@code o.order_id AS order_id}) keeps
   * them apart and changes nothing else.
   */
  private static void nameItemsBeforeStar(SqlNodeList items) {
    int star = -1;
    for (int i = 0; i < items.size() && star < 0; i++) {
      SqlNode item = items.get(i);
      SqlIdentifier id = item instanceof SqlStarExclude ? ((SqlStarExclude) item).getStarIdentifier()
          : item instanceof SqlIdentifier ? (SqlIdentifier) item : null;
      if (id != null && id.isStar() && id.names.size() == 1) {
        star = i;
      }
    }
    for (int i = 0; i < star; i++) {
      SqlNode item = items.get(i);
      if (item instanceof SqlIdentifier && !((SqlIdentifier) item).isStar()) {
        SqlIdentifier id = (SqlIdentifier) item;
        items.set(i, SqlStdOperatorTable.AS.createCall(id.getParserPosition(), id,
            new SqlIdentifier(Util.last(id.names), id.getParserPosition())));
      }
    }
  }

  /** The star's expansion for ORDER BY ordinals, without the hidden row numbers. */
  @Override
  public SqlNodeList expandStar(SqlNodeList selectList, SqlSelect select,
      boolean includeSystemVars) {
    SqlNodeList list = super.expandStar(selectList, select, includeSystemVars);
    SqlNodeList kept = withoutHidden(list);
    if (kept != list) {
      SelectScope scope = getRawSelectScope(select);
      if (scope != null) {
        scope.setExpandedSelectList(kept.getList());
      }
    }
    return kept;
  }

  private SqlNodeList withoutHidden(SqlNodeList list) {
    List<SqlNode> kept = new ArrayList<>();
    for (SqlNode item : list) {
      if (!hiddenItems.contains(item)) {
        kept.add(item);
      }
    }
    return kept.size() == list.size() ? list : new SqlNodeList(kept, list.getParserPosition());
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

  /**
   * A NATURAL JOIN matches the columns both sides show, never the hidden row numbers: it is
   * rewritten to {@code USING (those columns)}, or to {@code ON TRUE} when there are none
   * (PostgreSQL's meaning).
   */
  @Override
  protected void validateJoin(SqlJoin join, SqlValidatorScope scope) {
    if (join.isNatural()) {
      List<String> common = commonVisibleColumns(join.getLeft(), join.getRight());
      SqlParserPos pos = join.getParserPosition();
      join.setOperand(1, SqlLiteral.createBoolean(false, pos));
      if (common.isEmpty()) {
        join.setOperand(4, JoinConditionType.ON.symbol(pos));
        join.setOperand(5, SqlLiteral.createBoolean(true, pos));
      } else {
        List<SqlNode> ids = new ArrayList<>();
        for (String name : common) {
          ids.add(new SqlIdentifier(name, pos));
        }
        join.setOperand(4, JoinConditionType.USING.symbol(pos));
        join.setOperand(5, new SqlNodeList(ids, pos));
      }
    }
    super.validateJoin(join, scope);
  }

  /** The columns, other than a csvws table's hidden row number, that both sides have. */
  private List<String> commonVisibleColumns(SqlNode left, SqlNode right) {
    RelDataType rightType = getNamespace(right).getRowType();
    List<String> common = new ArrayList<>();
    for (String name : getNamespace(left).getRowType().getFieldNames()) {
      if (!ColumnNaming.ROW_COLUMN.equals(name)
          && getCatalogReader().nameMatcher().field(rightType, name) != null
          && !common.contains(name)) {
        common.add(name);
      }
    }
    return common;
  }

  @Override
  protected void validateNamespace(SqlValidatorNamespace namespace, RelDataType targetRowType) {
    SqlValidatorTable table = namespace.getTable();
    CsvwsTable csv = table == null ? null : table.unwrap(CsvwsTable.class);
    if (csv != null && csv.failure() != null) {
      CsvwsException f = csv.failure();
      throw new CsvwsException(f.code(), f.getMessage(), f);
    }
    if (csv != null && table instanceof Prepare.PreparingTable preparing
        && getCatalogReader() instanceof CsvwsPrepare.CatalogReader reader) {
      reader.validated(preparing);
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
