package io.csvws.sql;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.SqlUtil;

/**
 * DuckDB's {@code GROUP BY ALL} and {@code ORDER BY ALL}, written as an unquoted {@code ALL}
 * alone in the clause (a column named {@code all} is written {@code "all"}).
 *
 * <ul>
 *   <li>{@code GROUP BY ALL} groups by every select item that contains no aggregate function
 *       (constants are left out: they change no group); with only aggregates it is a plain
 *       aggregate over all rows.</li>
 *   <li>{@code ORDER BY ALL [ASC|DESC] [NULLS FIRST|LAST]} orders by every select column, left
 *       to right, each the same way.</li>
 * </ul>
 * Stateless.
 */
final class AllColumns {
  private AllColumns() {
  }

  /** Whether {@code list} is the single unquoted word {@code ALL}, maybe with ASC/DESC/NULLS. */
  static boolean isAll(SqlNodeList list) {
    return list != null && list.size() == 1 && allWord(list.get(0)) != null;
  }

  private static SqlIdentifier allWord(SqlNode item) {
    SqlNode n = item;
    while (n.getKind() == SqlKind.DESCENDING || n.getKind() == SqlKind.NULLS_FIRST
        || n.getKind() == SqlKind.NULLS_LAST) {
      n = ((SqlCall) n).operand(0);
    }
    if (n instanceof SqlIdentifier) {
      SqlIdentifier id = (SqlIdentifier) n;
      if (id.isSimple() && !id.isComponentQuoted(0) && id.getSimple().equalsIgnoreCase("ALL")) {
        return id;
      }
    }
    return null;
  }

  /** Replaces {@code GROUP BY ALL} of {@code select} by its grouping items. */
  static void expandGroupBy(SqlSelect select, SqlValidator validator) {
    if (!isAll(select.getGroup())) {
      return;
    }
    SqlParserPos pos = select.getGroup().getParserPosition();
    List<SqlNode> keys = new ArrayList<>();
    for (SqlNode item : select.getSelectList()) {
      SqlNode e = SqlUtil.stripAs(item);
      if (e instanceof SqlIdentifier && ((SqlIdentifier) e).isStar()) {
        throw new CsvwsException(ErrorCode.QUERY_FAILED, "GROUP BY ALL cannot group by the "
            + "columns of " + e + " (at line " + e.getParserPosition().getLineNum()
            + ", column " + e.getParserPosition().getColumnNum() + "); list the columns in "
            + "the SELECT clause, or write SELECT DISTINCT * instead.");
      }
      if (e instanceof SqlLiteral || containsAggregate(e, validator)) {
        continue;
      }
      keys.add(e.clone(e.getParserPosition()));
    }
    select.setGroupBy(new SqlNodeList(keys, pos));
  }

  /**
   * Replaces {@code ORDER BY ALL} of {@code select} by the ordinals of its {@code columns}
   * select columns (the select list as the validator expanded it).
   */
  static void expandOrderBy(SqlSelect select, int columns) {
    SqlNodeList order = select.getOrderList();
    if (!isAll(order)) {
      return;
    }
    SqlNode item = order.get(0);
    List<SqlNode> items = new ArrayList<>();
    for (int i = 1; i <= columns; i++) {
      items.add(wrapLike(item, SqlLiteral.createExactNumeric(Integer.toString(i),
          item.getParserPosition())));
    }
    select.setOrderBy(new SqlNodeList(items, order.getParserPosition()));
  }

  /** {@code ordinal} under the same DESC and NULLS FIRST/LAST as {@code item}. */
  private static SqlNode wrapLike(SqlNode item, SqlNode ordinal) {
    if (item instanceof SqlIdentifier) {
      return ordinal;
    }
    SqlCall call = (SqlCall) item;
    return call.getOperator().createCall(call.getParserPosition(),
        wrapLike(call.operand(0), ordinal));
  }

  /** Whether {@code e} calls an aggregate or window function outside a sub-query. */
  private static boolean containsAggregate(SqlNode e, SqlValidator validator) {
    Boolean found = e.accept(new SqlBasicVisitor<Boolean>() {
      @Override
      public Boolean visit(SqlCall call) {
        if (call instanceof SqlSelect || call.getKind() == SqlKind.OVER
            || isAggregate(call.getOperator(), validator)) {
          return call.getKind() != SqlKind.SELECT;
        }
        for (SqlNode operand : call.getOperandList()) {
          if (operand != null && Boolean.TRUE.equals(operand.accept(this))) {
            return true;
          }
        }
        return false;
      }

      @Override
      public Boolean visit(SqlNodeList list) {
        for (SqlNode n : list) {
          if (n != null && Boolean.TRUE.equals(n.accept(this))) {
            return true;
          }
        }
        return false;
      }
    });
    return Boolean.TRUE.equals(found);
  }

  private static boolean isAggregate(SqlOperator op, SqlValidator validator) {
    if (!(op instanceof SqlUnresolvedFunction)) {
      return op.isAggregator();
    }
    List<SqlOperator> overloads = new ArrayList<>();
    validator.getOperatorTable().lookupOperatorOverloads(
        ((SqlUnresolvedFunction) op).getNameAsId(), (SqlFunctionCategory) null,
        SqlSyntax.FUNCTION, overloads, validator.getCatalogReader().nameMatcher());
    return overloads.stream().anyMatch(SqlOperator::isAggregator);
  }
}
