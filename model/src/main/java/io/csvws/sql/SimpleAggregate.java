package io.csvws.sql;

import io.csvws.scan.PartialAggregation;
import io.csvws.schema.CsvwsTable;
import io.csvws.sql.GroupedAggregation.Accumulation;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code SELECT <grouping columns and aggregates> FROM t [WHERE <row numbers>] [GROUP BY
 * columns]} of a csvws table, prepared without Calcite's planner.
 *
 * <p>A fresh JVM spends more time planning such a statement (validating, converting, rules,
 * generating code with Janino) than scanning a file of a few hundred megabytes, while the plan
 * the planner would choose is always the same. This path runs that plan:
 * <ul>
 *   <li>when every call reads a plain column, the scan aggregates each batch on the threads that
 *       read the file ({@link PartialAggregation}, as {@code PartialAggregateRule} plans it) and
 *       the partial rows are combined ({@link GroupedAggregation});</li>
 *   <li>when a call reads arithmetic ({@code SUM(pos + sample_00017)}), the scan's rows are
 *       aggregated as they come, the arithmetic checked as the planned statement checks it
 *       ({@link AggregateOperand});</li>
 *   <li>a lone {@code COUNT(*)} of the whole table is the table's row count, as
 *       {@code CountScan} answers it.</li>
 * </ul>
 * The columns are described as the planned statement describes them: labels (an alias, a
 * column's name, else {@code EXPR$n}), result types ({@code COUNT} BIGINT NOT NULL, {@code SUM}
 * as csvws's type system derives it, {@code MIN} and {@code MAX} of the argument's type, NULL
 * allowed without GROUP BY), and the table of origin of grouping columns.
 *
 * <p>It takes only what it answers exactly as the planner would:
 * <ul>
 *   <li>select items that are grouping columns, or {@code COUNT(*)}, {@code COUNT(column)},
 *       {@code SUM}, {@code MIN} or {@code MAX} of a column or of {@code +, -, *} of INTEGER and
 *       BIGINT columns and integer literals, each optionally {@code AS} a simple alias, with no
 *       two labels alike whatever their case;</li>
 *   <li>an optional GROUP BY of columns; names written exactly as the file spells them;</li>
 *   <li>a FROM item that is one readable csvws table without an alias, that no folder of the same
 *       name shadows;</li>
 *   <li>an optional WHERE of {@code _row} ranges ({@link RowNumberRange}) that accepts some
 *       row.</li>
 * </ul>
 * Anything else (AVG, DISTINCT, FILTER, HAVING, ORDER BY, LIMIT, an expression of the result,
 * MIN of a DOUBLE, an unknown name) takes the ordinary path, which also reports every error.
 * Immutable.
 */
final class SimpleAggregate {
  /** The column types this path describes exactly as Calcite does (its scalar types). */
  private static final Set<SqlTypeName> SCALAR = EnumSet.of(SqlTypeName.BOOLEAN,
      SqlTypeName.INTEGER, SqlTypeName.BIGINT, SqlTypeName.DECIMAL, SqlTypeName.DOUBLE,
      SqlTypeName.DATE, SqlTypeName.TIME, SqlTypeName.TIMESTAMP, SqlTypeName.VARCHAR);
  /** Types a sum is taken of, as the partial aggregation takes them. */
  private static final Set<SqlTypeName> SUMMED = EnumSet.of(SqlTypeName.INTEGER,
      SqlTypeName.BIGINT, SqlTypeName.DECIMAL, SqlTypeName.DOUBLE);
  /**
   * Types whose least and greatest values do not depend on the order values come in (not DOUBLE,
   * whose NaN does), as the partial aggregation takes them.
   */
  private static final Set<SqlTypeName> ORDERED = EnumSet.of(SqlTypeName.INTEGER,
      SqlTypeName.BIGINT, SqlTypeName.DECIMAL, SqlTypeName.VARCHAR, SqlTypeName.DATE,
      SqlTypeName.TIME, SqlTypeName.TIMESTAMP);

  /** An aggregate function this path computes. */
  private enum Function {
    COUNT, SUM, MIN, MAX
  }

  /** One aggregate call: its function, what it reads (null for {@code COUNT(*)}), its type. */
  private record Call(Function function, AggregateOperand operand, RelDataType type) {
  }

  /**
   * One result column: the position of its value in a grouped row (the groups, then the calls),
   * its label and type, and for a grouping column its name in the table (else null).
   */
  private record Output(int index, String label, RelDataType type, String column) {
  }

  private final CsvwsTable table;
  private final List<String> qualifiedName;
  private final int[] groups;
  private final List<Call> calls;
  private final List<Output> outputs;
  /** The rows a WHERE accepts, or null without one. */
  private final RowNumberRange range;

  private SimpleAggregate(CsvwsTable table, List<String> qualifiedName, int[] groups,
      List<Call> calls, List<Output> outputs, RowNumberRange range) {
    this.table = table;
    this.qualifiedName = List.copyOf(qualifiedName);
    this.groups = groups.clone();
    this.calls = List.copyOf(calls);
    this.outputs = List.copyOf(outputs);
    this.range = range;
  }

  /**
   * The query {@code parsed} is, when this path can answer it; else null.
   *
   * @param sql the statement's text, which an overflow's message quotes
   */
  static SimpleAggregate match(SqlNode parsed, CsvwsPrepare.CatalogReader reader, String sql) {
    if (!(parsed instanceof SqlSelect select) || !plainSelect(select)
        || !(select.getFrom() instanceof SqlIdentifier from) || from.isStar()) {
      return null;
    }
    // The shape first: no table is looked up (its row type built) for any other query.
    SqlNodeList groupBy = select.getGroup();
    if (groupBy != null && (groupBy.isEmpty() || !groupBy.stream().allMatch(
        g -> g instanceof SqlIdentifier id && id.isSimple() && !id.isStar()))) {
      return null;
    }
    boolean aggregates = false;
    for (SqlNode item : select.getSelectList()) {
      SqlNode e = expression(item);
      if (e == null) {
        return null;
      }
      if (!(e instanceof SqlIdentifier)) {
        if (function(e) == null) {
          return null;
        }
        aggregates = true;
      }
    }
    if (!aggregates && groupBy == null) {
      return null;
    }
    if (select.getWhere() != null && !RowNumberRange.isShape(select.getWhere())) {
      return null;
    }
    ScannedTable scanned = ScannedTable.lookup(from, reader);
    if (scanned == null) {
      return null;
    }
    CsvwsTable table = scanned.table();
    TableColumns columns = scanned.columns();
    RowNumberRange range = null;
    if (select.getWhere() != null) {
      range = RowNumberRange.of(select.getWhere(), columns);
      if (range == null || range.isEmpty()) {
        return null;
      }
    }
    TreeSet<Integer> grouped = new TreeSet<>();
    if (groupBy != null) {
      for (SqlNode g : groupBy) {
        int c = columns.ordinal((SqlIdentifier) g);
        if (c < 0 || !SCALAR.contains(columns.type(c).getSqlTypeName())
            || aliasedAway((SqlIdentifier) g, c, select.getSelectList(), columns)) {
          return null;
        }
        grouped.add(c);
      }
    }
    int[] groups = grouped.stream().mapToInt(Integer::intValue).toArray();
    RelDataTypeFactory typeFactory = reader.getTypeFactory();
    List<Call> calls = new ArrayList<>();
    List<Output> outputs = new ArrayList<>();
    Set<String> labels = new HashSet<>();
    List<SqlNode> items = select.getSelectList().getList();
    for (int i = 0; i < items.size(); i++) {
      SqlNode item = items.get(i);
      SqlNode e = expression(item);
      String alias = item == e ? null : ((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple();
      Output out;
      if (e instanceof SqlIdentifier id) {
        int c = columns.ordinal(id);
        int g = c < 0 ? -1 : grouped.headSet(c).size();
        if (c < 0 || !grouped.contains(c)) {
          return null; // not grouped: the validator says so
        }
        out = new Output(g, alias != null ? alias : id.getSimple(), columns.type(c),
            columns.name(c));
      } else {
        Call call = call((SqlCall) e, columns, typeFactory, sql, groups.length == 0);
        if (call == null) {
          return null;
        }
        calls.add(call);
        out = new Output(groups.length + calls.size() - 1,
            alias != null ? alias : SqlUtil.deriveAliasFromOrdinal(i), call.type(), null);
      }
      if (!labels.add(out.label().toLowerCase(Locale.ROOT))) {
        return null;
      }
      outputs.add(out);
    }
    return new SimpleAggregate(table, scanned.qualifiedName(), groups, calls, outputs,
        range);
  }

  /** A SELECT with no keyword, HAVING, window, ordering, limit or hint. */
  private static boolean plainSelect(SqlSelect select) {
    return isAbsent(select.getOperandList().get(0)) && select.getHaving() == null
        && isAbsent(select.getWindowList()) && select.getQualify() == null
        && isAbsent(select.getOrderList()) && isAbsent(select.getHints())
        && select.getOffset() == null && select.getFetch() == null;
  }

  private static boolean isAbsent(SqlNode node) {
    return node == null || (node instanceof SqlNodeList list && list.isEmpty());
  }

  /** A select item without its simple alias; null for another kind of alias or a star. */
  private static SqlNode expression(SqlNode item) {
    SqlNode e = item;
    if (item.getKind() == SqlKind.AS) {
      SqlCall as = (SqlCall) item;
      if (as.operandCount() != 2 || !(as.operand(1) instanceof SqlIdentifier name)
          || !name.isSimple()) {
        return null;
      }
      e = as.operand(0);
    }
    if (e instanceof SqlIdentifier id && (!id.isSimple() || id.isStar())) {
      return null;
    }
    return e;
  }

  /**
   * Whether a select item's alias is spelt like the grouping name {@code g} without being that
   * column under its own name: Calcite may then group by the aliased expression.
   */
  private static boolean aliasedAway(SqlIdentifier g, int ordinal, SqlNodeList selectList,
      TableColumns columns) {
    for (SqlNode item : selectList) {
      if (item.getKind() != SqlKind.AS) {
        continue;
      }
      SqlCall as = (SqlCall) item;
      String alias = ((SqlIdentifier) as.operand(1)).getSimple();
      if (alias.equalsIgnoreCase(g.getSimple()) && !(alias.equals(g.getSimple())
          && as.operand(0) instanceof SqlIdentifier id
          && columns.ordinal(id) == ordinal)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The function of {@code COUNT}, {@code SUM}, {@code MIN} or {@code MAX} of one operand,
   * written plainly: an unquoted name, no DISTINCT or ALL, no FILTER, OVER or WITHIN GROUP (which
   * wrap the call in another); else null.
   */
  private static Function function(SqlNode e) {
    if (!(e instanceof SqlCall call) || !(call.getOperator() instanceof SqlFunction f)
        || (f.getSqlIdentifier() != null && (!f.getSqlIdentifier().isSimple()
            || f.getSqlIdentifier().isComponentQuoted(0)))
        || call.getFunctionQuantifier() != null || call.operandCount() != 1) {
      return null;
    }
    return switch (f.getName().toUpperCase(Locale.ROOT)) {
      case "COUNT" -> Function.COUNT;
      case "SUM" -> Function.SUM;
      case "MIN" -> Function.MIN;
      case "MAX" -> Function.MAX;
      default -> null;
    };
  }

  /**
   * The call {@code e} is over a table of {@code columns}, typed as the validator
   * types it; null when this path does not compute it.
   *
   * @param emptyGroup whether there is no GROUP BY: the call's result may then be NULL
   */
  private static Call call(SqlCall e, TableColumns columns, RelDataTypeFactory typeFactory,
      String sql, boolean emptyGroup) {
    Function function = function(e);
    SqlNode arg = e.operand(0);
    if (function == Function.COUNT) {
      RelDataType count = typeFactory.createTypeWithNullability(
          typeFactory.createSqlType(SqlTypeName.BIGINT), false);
      if (arg instanceof SqlIdentifier star && star.isStar()) {
        return star.names.size() == 1 ? new Call(function, null, count) : null;
      }
      AggregateOperand column = AggregateOperand.of(arg, columns, typeFactory, sql);
      return column == null || column.column() < 0
          || !SCALAR.contains(column.type().getSqlTypeName()) ? null
          : new Call(function, column, count);
    }
    AggregateOperand operand = AggregateOperand.of(arg, columns, typeFactory, sql);
    if (operand == null) {
      return null;
    }
    RelDataType argType = operand.type();
    SqlTypeName name = argType.getSqlTypeName();
    RelDataType type;
    if (function == Function.SUM) {
      if (!SUMMED.contains(name)) {
        return null;
      }
      type = typeFactory.getTypeSystem().deriveSumType(typeFactory, argType);
    } else {
      if (!ORDERED.contains(name)) {
        return null;
      }
      type = argType;
    }
    if (emptyGroup) {
      type = typeFactory.createTypeWithNullability(type, true);
    }
    return new Call(function, operand, type);
  }

  /**
   * Whether the query counts the whole table, once or several times: the planner makes one
   * call of equal calls, and answers a lone {@code COUNT(*)} with the row count known for the
   * file ({@code CountScan}), which reads nothing when the count is known and so warns of nothing.
   */
  private boolean countsTable() {
    return groups.length == 0 && range == null
        && calls.stream().allMatch(c -> c.operand() == null);
  }

  /** Whether every call reads a plain column, so the scan's threads can aggregate batches. */
  private boolean partial() {
    return calls.stream().allMatch(c -> c.operand() == null || c.operand().column() >= 0);
  }

  /** The prepared statement: the scan and its grouping, run when it executes. */
  <T> CalcitePrepare.CalciteSignature<T> prepare(CalcitePrepare.Context context, String sql,
      long maxRowCount) {
    JavaTypeFactory typeFactory = context.getTypeFactory();
    RelDataTypeFactory.Builder b = typeFactory.builder();
    List<ColumnMetaData> described = new ArrayList<>(outputs.size());
    for (int k = 0; k < outputs.size(); k++) {
      Output out = outputs.get(k);
      b.add(out.label(), out.type());
      List<String> origin = null;
      if (out.column() != null) {
        origin = new ArrayList<>(qualifiedName);
        origin.add(out.column());
      }
      described.add(ColumnDescription.of(typeFactory, k, out.label(), out.type(), origin));
    }
    RelDataType rowType = b.build();
    List<ColumnMetaData> metaData = List.copyOf(described);
    Grouping grouping = countsTable() ? null : grouping();
    int[] picked = outputs.stream().mapToInt(Output::index).toArray();
    return new DirectSignature<T>(sql, rowType, metaData, context.getRootSchema(), maxRowCount,
        dataContext -> {
          // Grouped when the statement executes, as Calcite's aggregate groups when bound.
          List<Object> rows = ColumnAggregates.picked(grouping == null
              ? ColumnAggregates.counted(table, dataContext, calls.size())
              : grouping.run(dataContext), picked);
          @SuppressWarnings("unchecked")
          Enumerable<T> typed = (Enumerable<T>) Linq4j.asEnumerable(rows);
          return typed;
        });
  }

  /**
   * The scan and grouping the planner would choose: the table's columns the query reads (in
   * table order), the row range, and either partial aggregates of each batch
   * ({@link ColumnAggregates}) or plain rows.
   */
  private Grouping grouping() {
    int n = calls.size();
    if (partial()) {
      PartialAggregation.Kind[] kinds = new PartialAggregation.Kind[n];
      int[] args = new int[n];
      for (int c = 0; c < n; c++) {
        Call call = calls.get(c);
        kinds[c] = partialKind(call);
        args[c] = call.operand() == null ? -1 : call.operand().column();
      }
      return ColumnAggregates.of(table, groups, kinds, args, range)::run;
    }
    Set<Integer> read = new TreeSet<>();
    for (int g : groups) {
      read.add(g);
    }
    for (Call c : calls) {
      if (c.operand() != null) {
        c.operand().columns(read);
      }
    }
    ColumnAggregates.ReadColumns columns = ColumnAggregates.ReadColumns.of(table, read, range);
    int[] position = columns.position();
    int[] keys = new int[groups.length];
    for (int g = 0; g < keys.length; g++) {
      keys[g] = position[groups[g]];
    }
    Accumulation[] accumulations = new Accumulation[n];
    List<AggregateOperand> unbound = new ArrayList<>();
    for (int c = 0; c < n; c++) {
      Call call = calls.get(c);
      accumulations[c] = accumulation(call);
      unbound.add(call.operand());
    }
    GroupedAggregation aggregation = new GroupedAggregation(columns.fields().length, keys,
        accumulations, OperandProgram.of(unbound, position));
    return root -> aggregation.run(columns.scan().enumerable(root, columns.inRange()));
  }

  /** What the scan's threads keep for {@code call}, as {@code PartialAggregateRule} chooses. */
  private static PartialAggregation.Kind partialKind(Call call) {
    return switch (call.function()) {
      case COUNT -> call.operand() == null ? PartialAggregation.Kind.COUNT_ROWS
          : PartialAggregation.Kind.COUNT;
      case SUM -> switch (call.type().getSqlTypeName()) {
        case BIGINT -> PartialAggregation.Kind.SUM_LONG;
        case DOUBLE -> PartialAggregation.Kind.SUM_DOUBLE;
        default -> PartialAggregation.Kind.SUM_DECIMAL;
      };
      case MIN -> PartialAggregation.Kind.MIN;
      case MAX -> PartialAggregation.Kind.MAX;
    };
  }

  /** What the grouping does with the values a row gives {@code call}. */
  private static Accumulation accumulation(Call call) {
    return switch (call.function()) {
      case COUNT -> call.operand() == null ? Accumulation.COUNT_ROWS : Accumulation.COUNT;
      case SUM -> switch (call.type().getSqlTypeName()) {
        case BIGINT -> Accumulation.SUM_LONG;
        case DOUBLE -> Accumulation.SUM_DOUBLE;
        default -> Accumulation.SUM_DECIMAL;
      };
      case MIN -> Accumulation.MIN;
      case MAX -> Accumulation.MAX;
    };
  }

  /** The grouped rows of the statement, computed when it executes. */
  @FunctionalInterface
  private interface Grouping {
    List<Object[]> run(DataContext root);
  }
}
