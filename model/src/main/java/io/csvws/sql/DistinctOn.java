package io.csvws.sql;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlStarExclude;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.SqlWindow;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * PostgreSQL's {@code SELECT DISTINCT ON (keys) items FROM ... ORDER BY o}: the first row, in
 * the ORDER BY's order, of each group of rows with equal keys. {@link HeaderWordTokens} reads
 * {@code DISTINCT ON (keys)} as a first select item {@code CSVWS_DISTINCT_ON(keys)}; this turns
 * such a query into
 * <pre>
 * SELECT * EXCLUDE ($rn, $ord) FROM (
 *   SELECT items, ROW_NUMBER() OVER (PARTITION BY keys ORDER BY o) AS $rn,
 *          ROW_NUMBER() OVER (ORDER BY o) AS $ord
 *   FROM ...) WHERE $rn = 1 ORDER BY $ord
 * </pre>
 * before validation. Positions ({@code ORDER BY 2}) in the keys or the order are replaced by the
 * select items they name. Stateless.
 */
final class DistinctOn {
  /** The name of the select item that stands for {@code DISTINCT ON (keys)}. */
  static final String MARKER = "CSVWS_DISTINCT_ON";
  private static final String ROW_NUMBER = "$csvws_distinct_rn";
  private static final String ORDER = "$csvws_distinct_order";

  private DistinctOn() {
  }

  /** The statement with every DISTINCT ON query rewritten; {@code node} itself if none. */
  static SqlNode rewrite(SqlNode node) {
    return node == null ? null : node.accept(new Rewriter());
  }

  /** Rewrites from the leaves up, so a DISTINCT ON inside a DISTINCT ON works. */
  private static final class Rewriter extends SqlShuttle {
    @Override
    public SqlNode visit(SqlCall call) {
      if (call instanceof SqlOrderBy && isMarked(((SqlOrderBy) call).query)) {
        SqlOrderBy orderBy = (SqlOrderBy) call;
        SqlSelect select = (SqlSelect) super.visit((SqlCall) orderBy.query);
        return build(select, orderBy.orderList, orderBy.offset, orderBy.fetch);
      }
      if (call instanceof SqlOrderBy && ((SqlOrderBy) call).query instanceof SqlWith
          && isMarked(((SqlWith) ((SqlOrderBy) call).query).body)) {
        // WITH x AS (...) SELECT DISTINCT ON ... ORDER BY ...: the order belongs to the body.
        SqlOrderBy orderBy = (SqlOrderBy) call;
        SqlWith with = (SqlWith) orderBy.query;
        SqlNodeList withList = (SqlNodeList) with.withList.accept(this);
        SqlSelect body = (SqlSelect) super.visit((SqlCall) with.body);
        return new SqlWith(with.getParserPosition(), withList,
            build(body, orderBy.orderList, orderBy.offset, orderBy.fetch));
      }
      SqlNode done = super.visit(call);
      if (isMarked(done)) {
        SqlSelect select = (SqlSelect) done;
        return build(select, select.getOrderList(), select.getOffset(), select.getFetch());
      }
      return done;
    }
  }

  private static boolean isMarked(SqlNode node) {
    if (!(node instanceof SqlSelect)) {
      return false;
    }
    SqlNodeList items = ((SqlSelect) node).getSelectList();
    return !items.isEmpty() && marker(items.get(0)) != null;
  }

  private static SqlCall marker(SqlNode item) {
    if (item instanceof SqlBasicCall && ((SqlBasicCall) item).getOperator().getKind()
        == SqlKind.OTHER_FUNCTION
        && MARKER.equals(((SqlBasicCall) item).getOperator().getName().toUpperCase(Locale.ROOT))) {
      return (SqlCall) item;
    }
    return null;
  }

  private static SqlSelect build(SqlSelect select, SqlNodeList orderList, SqlNode offset,
      SqlNode fetch) {
    SqlParserPos pos = select.getParserPosition();
    List<SqlNode> items = new ArrayList<>(select.getSelectList().getList());
    SqlCall marker = marker(items.remove(0));
    SqlNodeList keys = new SqlNodeList(pos);
    for (SqlNode key : marker.getOperandList()) {
      keys.add(byPosition(key, items, "DISTINCT ON"));
    }
    SqlNodeList order = new SqlNodeList(pos);
    if (orderList != null) {
      for (SqlNode o : orderList) {
        order.add(byPositionInOrder(o, items));
      }
    }
    List<SqlNode> innerItems = new ArrayList<>(items);
    innerItems.add(as(rowNumber(keys, order, pos), ROW_NUMBER, pos));
    if (!order.isEmpty()) {
      innerItems.add(as(rowNumber(new SqlNodeList(pos), order, pos), ORDER, pos));
    }
    SqlSelect inner = new SqlSelect(pos, null,
        new SqlNodeList(innerItems, pos), select.getFrom(), select.getWhere(), select.getGroup(),
        select.getHaving(), select.getWindowList(), select.getQualify(), null, null, null,
        select.getHints());
    SqlNodeList hidden = new SqlNodeList(pos);
    hidden.add(new SqlIdentifier(ROW_NUMBER, pos));
    if (!order.isEmpty()) {
      hidden.add(new SqlIdentifier(ORDER, pos));
    }
    SqlNodeList outerItems = SqlNodeList.of(
        new SqlStarExclude(pos, SqlIdentifier.star(pos), hidden));
    SqlNode where = SqlStdOperatorTable.EQUALS.createCall(pos,
        new SqlIdentifier(ROW_NUMBER, pos), SqlLiteral.createExactNumeric("1", pos));
    SqlNodeList outerOrder = order.isEmpty() ? null
        : SqlNodeList.of(new SqlIdentifier(ORDER, pos));
    return new SqlSelect(pos, null, outerItems,
        as(inner, "$csvws_distinct", pos), where, null, null, null, null, outerOrder, offset,
        fetch, null);
  }

  private static SqlNode rowNumber(SqlNodeList partition, SqlNodeList order, SqlParserPos pos) {
    SqlWindow window = SqlWindow.create(null, null, partition, order,
        SqlLiteral.createBoolean(true, pos), null, null, null, pos);
    return SqlStdOperatorTable.OVER.createCall(pos,
        SqlStdOperatorTable.ROW_NUMBER.createCall(pos), window);
  }

  private static SqlNode as(SqlNode e, String name, SqlParserPos pos) {
    return SqlStdOperatorTable.AS.createCall(pos, e, new SqlIdentifier(name, pos));
  }

  /** An ORDER BY item, whose position may be under DESC or NULLS FIRST/LAST. */
  private static SqlNode byPositionInOrder(SqlNode o, List<SqlNode> items) {
    if (o.getKind() == SqlKind.DESCENDING || o.getKind() == SqlKind.NULLS_FIRST
        || o.getKind() == SqlKind.NULLS_LAST) {
      SqlCall call = (SqlCall) o;
      return call.getOperator().createCall(call.getParserPosition(),
          byPositionInOrder(call.operand(0), items));
    }
    if (o instanceof SqlIdentifier && ((SqlIdentifier) o).isSimple()) {
      // An output column's name, as PostgreSQL reads ORDER BY k of SELECT ... AS k.
      for (SqlNode item : items) {
        if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(1).toString()
            .equalsIgnoreCase(((SqlIdentifier) o).getSimple())) {
          return SqlUtil.stripAs(item);
        }
      }
    }
    return byPosition(o, items, "ORDER BY");
  }

  /** The select item that a position names, or {@code e} if it is no position. */
  private static SqlNode byPosition(SqlNode e, List<SqlNode> items, String clause) {
    if (!(e instanceof SqlNumericLiteral) || !((SqlNumericLiteral) e).isInteger()) {
      return e;
    }
    int n = ((SqlNumericLiteral) e).intValue(true);
    SqlNode item = n >= 1 && n <= items.size() ? items.get(n - 1) : null;
    if (item == null || (item instanceof SqlIdentifier && ((SqlIdentifier) item).isStar())
        || item instanceof SqlStarExclude) {
      throw new CsvwsException(ErrorCode.QUERY_FAILED, "Position " + n + " in the " + clause
          + " of a SELECT DISTINCT ON query names no single select item; write the expression "
          + "instead of its position.");
    }
    return SqlUtil.stripAs(item);
  }
}
