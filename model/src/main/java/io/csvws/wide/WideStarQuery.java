package io.csvws.wide;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.ColumnNaming;
import io.csvws.schema.CsvwsTable;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.logical.LogicalSort;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableIntList;

/**
 * Plans {@code SELECT * FROM <wide table> [WHERE ...] [ORDER BY ...] [LIMIT ...]} without
 * validating one identifier per column.
 *
 * <p>Calcite's validator resolves each column of an expanded {@code *} by scanning the whole row
 * type several times, which on a 20,000-column file costs minutes. For this shape the query is
 * validated with the star replaced by the row number ({@code SELECT _row FROM ...}), which checks
 * every clause the user wrote, and the relational plan is then widened to every column. The result
 * is the same as the plain path's: the table's columns in file order, without {@code _row}.
 * Anything else (joins, expressions, ordinals in ORDER BY, DISTINCT, grouping) takes the plain
 * path.
 */
public final class WideStarQuery {
  /** From this many columns on, the plain path's quadratic validation is noticeable. */
  public static final int MIN_COLUMNS = 500;
  /**
   * From this many columns on, a star in any other shape is refused: the plain path would validate
   * for minutes and then exceed the size limit of generated code.
   */
  static final int MAX_PLAIN_STAR_COLUMNS = 4096;

  private final SqlSelect select;
  private final SqlNode wrapper;
  private final SqlIdentifier star;

  private WideStarQuery(SqlSelect select, SqlNode wrapper, SqlIdentifier star) {
    this.select = select;
    this.wrapper = wrapper;
    this.star = star;
  }

  /** The query's shape, if it is a single-table {@code SELECT *} this class plans; else null. */
  public static WideStarQuery match(SqlNode node) {
    SqlSelect select;
    if (node instanceof SqlOrderBy) {
      SqlOrderBy ob = (SqlOrderBy) node;
      if (!(ob.query instanceof SqlSelect) || hasOrdinal(ob.orderList)) {
        return null;
      }
      select = (SqlSelect) ob.query;
    } else if (node instanceof SqlSelect) {
      select = (SqlSelect) node;
    } else {
      return null;
    }
    if (select.getSelectList().size() != 1
        || !(select.getSelectList().get(0) instanceof SqlIdentifier)
        || select.isDistinct() || select.getGroup() != null || select.getHaving() != null
        || !select.getWindowList().isEmpty() || select.getQualify() != null
        || (select.getHints() != null && !select.getHints().isEmpty())
        || hasOrdinal(select.getOrderList())
        || tableName(select.getFrom()) == null) {
      return null;
    }
    SqlIdentifier star = (SqlIdentifier) select.getSelectList().get(0);
    return star.isStar() && star.names.size() <= 2 ? new WideStarQuery(select, node, star) : null;
  }

  /** The table identifier of {@code FROM t} or {@code FROM t AS a}; null for anything else. */
  private static SqlIdentifier tableName(SqlNode from) {
    if (from instanceof SqlIdentifier) {
      return (SqlIdentifier) from;
    }
    if (from != null && from.getKind() == SqlKind.AS) {
      SqlCall as = (SqlCall) from;
      if (as.operandCount() == 2 && as.operand(0) instanceof SqlIdentifier) {
        return as.operand(0);
      }
    }
    return null;
  }

  private static boolean hasOrdinal(SqlNodeList orderList) {
    if (orderList == null) {
      return false;
    }
    for (SqlNode item : orderList) {
      SqlNode e = item;
      while (e instanceof SqlBasicCall && (e.getKind() == SqlKind.DESCENDING
          || e.getKind() == SqlKind.NULLS_FIRST || e.getKind() == SqlKind.NULLS_LAST)) {
        e = ((SqlBasicCall) e).operand(0);
      }
      if (e instanceof SqlNumericLiteral) {
        return true;
      }
    }
    return false;
  }

  /** The names of the table in FROM, to look it up. */
  public List<String> tableNames() {
    return tableName(select.getFrom()).names;
  }

  /**
   * Whether {@link #plan} can plan over {@code table}: a readable csvws table of at least
   * {@link #MIN_COLUMNS} columns. Asked first, so that no planner is set up for other tables.
   */
  public static boolean mayPlan(RelOptTable table) {
    CsvwsTable csv = table == null ? null : table.unwrap(CsvwsTable.class);
    return csv != null && csv.failure() == null && csv.rowOrdinal() >= MIN_COLUMNS;
  }

  /**
   * Plans the query if its table is a csvws table of at least {@link #MIN_COLUMNS} columns.
   *
   * @param table the resolved table of {@link #tableNames()}, or null
   * @param convert turns a (validated-on-the-way) query into a relational plan
   * @return the plan producing every column in file order, or null to take the plain path
   */
  public RelNode plan(RelOptTable table, Function<SqlNode, RelRoot> convert) {
    if (!mayPlan(table)) {
      return null;
    }
    CsvwsTable csv = table.unwrap(CsvwsTable.class);
    int n = csv.rowOrdinal();
    List<String> qualifier = star.names.subList(0, star.names.size() - 1);
    List<String> rowId = new ArrayList<>(qualifier);
    rowId.add(ColumnNaming.ROW_COLUMN);
    select.setSelectList(new SqlNodeList(
        List.of(new SqlIdentifier(rowId, star.getParserPosition())), SqlParserPos.ZERO));
    RelRoot root = convert.apply(wrapper);

    RelNode rel = root.rel;
    Sort sort = null;
    if (rel instanceof Sort) {
      sort = (Sort) rel;
      rel = sort.getInput();
    }
    if (!(rel instanceof Project)) {
      return null;
    }
    Project narrow = (Project) rel;
    RelNode input = narrow.getInput();
    List<RexNode> exprs = narrow.getProjects();
    if (input.getRowType().getFieldCount() != n + 1
        || !(exprs.get(0) instanceof RexInputRef)
        || ((RexInputRef) exprs.get(0)).getIndex() != n) {
      return null;
    }
    RelBuilder b = RelFactories.LOGICAL_BUILDER.create(input.getCluster(), null);
    b.push(input);
    List<RexNode> wide = new ArrayList<>(b.fields(ImmutableIntList.range(0, n)));
    List<String> names = new ArrayList<>(input.getRowType().getFieldNames().subList(0, n));
    for (int i = 0; i < exprs.size(); i++) {
      wide.add(exprs.get(i));
      names.add("$csvws_extra" + i);
    }
    b.project(wide, names, true);
    if (sort != null) {
      List<RelFieldCollation> keys = new ArrayList<>();
      for (RelFieldCollation k : sort.getCollation().getFieldCollations()) {
        keys.add(k.withFieldIndex(k.getFieldIndex() + n));
      }
      RelCollation collation = RelCollations.of(keys);
      RelNode sorted = LogicalSort.create(b.build(), collation, sort.offset, sort.fetch);
      b.push(sorted);
    }
    b.project(b.fields(ImmutableIntList.range(0, n)),
        input.getRowType().getFieldNames().subList(0, n), true);
    return b.build();
  }

  /**
   * Refuses a {@code *} or {@code t.*} that this class does not plan over a table of at least
   * {@link #MAX_PLAIN_STAR_COLUMNS} columns, with what to write instead.
   *
   * @param resolve looks a table up by its names; null if there is no such table
   */
  public static void refuseOtherWideStars(SqlNode query, Function<List<String>, RelOptTable> resolve) {
    query.accept(new SqlShuttle() {
      @Override
      public SqlNode visit(SqlCall call) {
        if (call instanceof SqlSelect) {
          SqlSelect select = (SqlSelect) call;
          boolean star = select.getSelectList().stream()
              .anyMatch(i -> i instanceof SqlIdentifier && ((SqlIdentifier) i).isStar());
          if (star) {
            for (SqlIdentifier t : fromTables(select.getFrom(), new ArrayList<>())) {
              RelOptTable table = resolve.apply(t.names);
              CsvwsTable csv = table == null ? null : table.unwrap(CsvwsTable.class);
              if (csv != null && csv.failure() == null
                  && csv.rowOrdinal() >= MAX_PLAIN_STAR_COLUMNS) {
                throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "SELECT * over "
                    + csv.file().relativePath() + " (" + csv.rowOrdinal() + " columns) runs only "
                    + "as SELECT * FROM table [WHERE ...] [ORDER BY columns] [LIMIT ...]; in joins, "
                    + "sub-queries or beside other expressions, name the columns you need instead "
                    + "(SELECT a, b, ... FROM ...).");
              }
            }
          }
        }
        return super.visit(call);
      }
    });
  }

  /** Table identifiers among the items of a FROM clause (through joins and aliases). */
  private static List<SqlIdentifier> fromTables(SqlNode from, List<SqlIdentifier> out) {
    if (from instanceof SqlIdentifier) {
      out.add((SqlIdentifier) from);
    } else if (from instanceof SqlJoin) {
      fromTables(((SqlJoin) from).getLeft(), out);
      fromTables(((SqlJoin) from).getRight(), out);
    } else if (from != null && from.getKind() == SqlKind.AS) {
      fromTables(((SqlCall) from).operand(0), out);
    }
    return out;
  }
}
