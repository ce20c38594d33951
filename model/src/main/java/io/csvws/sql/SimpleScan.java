package io.csvws.sql;

import io.csvws.scan.FileScan;
import io.csvws.schema.CsvwsTable;
import io.csvws.wide.WideStarQuery;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code SELECT columns FROM t [WHERE <row numbers and column tests>] [LIMIT n] [OFFSET m]} of a
 * csvws table, prepared without Calcite's planner.
 *
 * <p>A fresh JVM spends most of such a statement's time preparing it (Calcite's rules, metadata
 * and convertlet tables, the validator's operator tables, code generation with Janino), while the
 * plan the planner would choose is always the same: one scan of the file producing the named
 * columns, starting at the first row the condition can pass (through the row index) and stopping
 * after the last, testing the condition on the columns it reads before decoding the others, then
 * the limit. This path builds that same scan ({@link FileScan}), tests the same row range and
 * column values on each row read, skips and takes the same rows, and describes the columns as the
 * planned statement does (labels, types, nullability, table and column of origin).
 *
 * <p>It takes only what it can answer exactly as the planner would:
 * <ul>
 *   <li>select items that are {@code *} (of a table of fewer than {@link WideStarQuery#MIN_COLUMNS}
 *       columns: without {@code _row}) or a column written exactly as the file names it
 *       ({@code _row} included), optionally {@code AS} a simple alias, with no two labels alike
 *       whatever their case;</li>
 *   <li>a FROM item that is one csvws table, readable, without an alias, that no folder of the
 *       same name shadows;</li>
 *   <li>a WHERE of conditions joined by AND: comparisons ({@code =, <, <=, >, >=, BETWEEN}) of
 *       {@code _row} with unsigned integer literals, whose range is not empty, and tests of
 *       columns with literals or {@code IS [NOT] NULL} ({@link SimpleCondition}), which the scan
 *       threads apply to the decoded values as the planned scan applies its pushed-down
 *       condition;</li>
 *   <li>a LIMIT of at least 1 and an OFFSET, both unsigned integer literals.</li>
 * </ul>
 * Anything else (another spelling of a name, an expression, ORDER BY, a parameter, a view or
 * system table, a file that cannot be read) takes the ordinary path, which also reports every
 * error. Immutable.
 */
final class SimpleScan {
  /** The column types this path describes exactly as Calcite does (its scalar types). */
  private static final Set<SqlTypeName> SCALAR = EnumSet.of(SqlTypeName.BOOLEAN,
      SqlTypeName.INTEGER, SqlTypeName.BIGINT, SqlTypeName.DECIMAL, SqlTypeName.DOUBLE,
      SqlTypeName.DATE, SqlTypeName.TIME, SqlTypeName.TIMESTAMP, SqlTypeName.VARCHAR);

  private final CsvwsTable table;
  private final List<String> qualifiedName;
  private final TableColumns tableColumns;
  private final int[] columns;
  private final List<String> labels;
  private final boolean rowCondition;
  /** The tests of columns, in the order written. */
  private final List<SimpleCondition.Conjunct> tests;
  private final long firstRow;
  private final long lastRow;
  private final long offset;
  /** At most this many rows, or -1 for no limit. */
  private final long fetch;

  private SimpleScan(CsvwsTable table, List<String> qualifiedName, TableColumns tableColumns,
      int[] columns, List<String> labels, RowNumberRange range, boolean rowCondition,
      List<SimpleCondition.Conjunct> tests,
      long offset, long fetch) {
    this.table = table;
    this.qualifiedName = List.copyOf(qualifiedName);
    this.tableColumns = tableColumns;
    this.columns = columns.clone();
    this.labels = List.copyOf(labels);
    this.rowCondition = rowCondition;
    this.tests = List.copyOf(tests);
    this.firstRow = range.first();
    this.lastRow = range.last();
    this.offset = offset;
    this.fetch = fetch;
  }

  /** The query {@code parsed} is, when this path can answer it; else null. */
  static SimpleScan match(SqlNode parsed, CsvwsPrepare.CatalogReader reader) {
    SqlNode query = parsed;
    SqlNode offsetNode = null;
    SqlNode fetchNode = null;
    if (query instanceof SqlOrderBy orderBy) {
      if (!isAbsent(orderBy.orderList)) {
        return null;
      }
      query = orderBy.query;
      offsetNode = orderBy.offset;
      fetchNode = orderBy.fetch;
    }
    if (!(query instanceof SqlSelect select) || !plainSelect(select)
        || !(select.getFrom() instanceof SqlIdentifier from) || from.isStar()) {
      return null;
    }
    if (offsetNode == null && fetchNode == null) {
      offsetNode = select.getOffset();
      fetchNode = select.getFetch();
    } else if (select.getOffset() != null || select.getFetch() != null) {
      return null;
    }
    // The planned limit counts in ints too (EnumerableLimit).
    long offset = offsetNode == null ? 0 : RowNumberRange.unsignedInteger(offsetNode);
    long fetch = fetchNode == null ? -1 : RowNumberRange.unsignedInteger(fetchNode);
    if (offset < 0 || offset > Integer.MAX_VALUE || fetch > Integer.MAX_VALUE
        || (fetchNode != null && fetch < 1)) {
      return null;
    }
    // The shape first: no table is looked up (its row type built) for any other query.
    for (SqlNode item : select.getSelectList()) {
      SqlNode e = item.getKind() == SqlKind.AS ? ((SqlCall) item).operand(0) : item;
      if (!(e instanceof SqlIdentifier)) {
        return null;
      }
    }
    List<SqlNode> conjuncts = new ArrayList<>();
    if (select.getWhere() != null) {
      conjuncts(select.getWhere(), conjuncts);
      for (SqlNode c : conjuncts) {
        if (!RowNumberRange.isShape(c) && !SimpleCondition.isShape(c)) {
          return null;
        }
      }
    }
    ScannedTable scanned = ScannedTable.lookup(from, reader);
    if (scanned == null) {
      return null;
    }
    CsvwsTable table = scanned.table();
    TableColumns columns = scanned.columns();
    List<Integer> picked = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (SqlNode item : select.getSelectList()) {
      if (!selectItem(item, columns, picked, labels)) {
        return null;
      }
    }
    if (picked.isEmpty()) {
      return null; // a star over a file without columns: the planner says what that is
    }
    Set<String> distinct = new HashSet<>();
    for (String label : labels) {
      if (!distinct.add(label.toLowerCase(Locale.ROOT))) {
        return null;
      }
    }
    for (int c : picked) {
      if (!SCALAR.contains(columns.type(c).getSqlTypeName())) {
        return null;
      }
    }
    RowNumberRange range = RowNumberRange.ALL;
    boolean rowCondition = false;
    List<SimpleCondition.Conjunct> tests = new ArrayList<>();
    Set<String> aliases = new HashSet<>();
    for (SqlNode item : select.getSelectList()) {
      if (item.getKind() == SqlKind.AS) {
        aliases.add(((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple()
            .toLowerCase(Locale.ROOT));
      }
    }
    for (SqlNode c : conjuncts) {
      if (RowNumberRange.isShape(c)) {
        rowCondition = true;
        range = range.narrowedBy(c, columns);
        if (range == null || range.isEmpty()) {
          return null;
        }
      } else {
        List<SimpleCondition.Conjunct> resolved = SimpleCondition.resolve(c, columns, aliases,
            reader);
        if (resolved == null) {
          return null;
        }
        tests.addAll(resolved);
      }
    }
    if (!SimpleCondition.satisfiable(tests)) {
      return null;
    }
    return new SimpleScan(table, scanned.qualifiedName(), columns,
        picked.stream().mapToInt(Integer::intValue).toArray(), labels, range, rowCondition, tests,
        offset, fetch);
  }

  /** The tests of columns the condition makes, in the order written. */
  List<SimpleCondition.Conjunct> tests() {
    return tests;
  }

  /** A SELECT with no keyword, grouping, window, ordering or hint. */
  private static boolean plainSelect(SqlSelect select) {
    return isAbsent(select.getOperandList().get(0)) && select.getGroup() == null
        && select.getHaving() == null && isAbsent(select.getWindowList())
        && select.getQualify() == null && isAbsent(select.getOrderList())
        && isAbsent(select.getHints());
  }

  private static boolean isAbsent(SqlNode node) {
    return node == null || (node instanceof SqlNodeList list && list.isEmpty());
  }

  /**
   * Adds the columns and labels of one select item; false when the item is not {@code *}, a
   * column written as the file names it, or such a column with a simple alias.
   */
  private static boolean selectItem(SqlNode item, TableColumns columns, List<Integer> picked,
      List<String> labels) {
    String alias = null;
    SqlNode expression = item;
    if (item.getKind() == SqlKind.AS) {
      SqlCall as = (SqlCall) item;
      if (as.operandCount() != 2 || !(as.operand(1) instanceof SqlIdentifier name)
          || !name.isSimple()) {
        return false;
      }
      alias = name.getSimple();
      expression = as.operand(0);
    }
    if (!(expression instanceof SqlIdentifier id)) {
      return false;
    }
    if (id.isStar()) {
      int rowOrdinal = columns.rowOrdinal();
      if (alias != null || id.names.size() != 1 || rowOrdinal >= WideStarQuery.MIN_COLUMNS) {
        return false;
      }
      for (int c = 0; c < rowOrdinal; c++) {
        picked.add(c);
        labels.add(columns.name(c));
      }
      return true;
    }
    int c = columns.ordinal(id);
    if (c < 0) {
      return false;
    }
    picked.add(c);
    labels.add(alias != null ? alias : id.getSimple());
    return true;
  }

  /** Adds the operands of {@code condition}'s ANDs, however nested, to {@code out}. */
  private static void conjuncts(SqlNode condition, List<SqlNode> out) {
    if (condition instanceof SqlBasicCall call && call.getKind() == SqlKind.AND) {
      for (SqlNode operand : call.getOperandList()) {
        conjuncts(operand, out);
      }
    } else {
      out.add(condition);
    }
  }

  /** The prepared statement: the scan, its row test, offset and limit, run when it executes. */
  <T> CalcitePrepare.CalciteSignature<T> prepare(CalcitePrepare.Context context, String sql,
      long maxRowCount) {
    JavaTypeFactory typeFactory = context.getTypeFactory();
    org.apache.calcite.rel.type.RelDataTypeFactory.Builder b = typeFactory.builder();
    List<ColumnMetaData> described = new ArrayList<>(columns.length);
    for (int k = 0; k < columns.length; k++) {
      RelDataType type = tableColumns.type(columns[k]);
      b.add(labels.get(k), type);
      List<String> origin = new ArrayList<>(qualifiedName);
      origin.add(tableColumns.name(columns[k]));
      described.add(ColumnDescription.of(typeFactory, k, labels.get(k), type, origin));
    }
    RelDataType rowType = b.build();
    List<ColumnMetaData> metaData = List.copyOf(described);
    // The scan decodes the columns the condition reads, in ascending order as the planned scan
    // does (so a value that does not fit its type is reported for the same column), tests the
    // row, and decodes the rest only for rows that pass.
    TreeSet<Integer> read = new TreeSet<>();
    tests.forEach(t -> read.add(t.ordinal()));
    if (rowCondition) {
      read.add(table.rowOrdinal());
    }
    int[] filterColumns = read.stream().mapToInt(Integer::intValue).toArray();
    List<Predicate1<Object[]>> checks = new ArrayList<>();
    if (rowCondition) {
      checks.add(new ValueTests.LongRange(filterColumns.length - 1, firstRow, lastRow));
    }
    for (SimpleCondition.Conjunct t : tests) {
      checks.add(t.test(read.headSet(t.ordinal()).size()));
    }
    FileScan plan = table.scan(columns, filterColumns, firstRow, lastRow);
    Predicate1<Object[]> condition = checks.isEmpty() ? null : ValueTests.all(checks);
    long skip = offset;
    long take = fetch;
    return new DirectSignature<T>(sql, rowType, metaData, context.getRootSchema(), maxRowCount,
        dataContext -> {
          Enumerable<Object> rows = plan.enumerable(dataContext, condition);
          if (skip > 0) {
            rows = rows.skip((int) skip);
          }
          if (take >= 0) {
            rows = new FirstRows(rows, take);
          }
          @SuppressWarnings("unchecked")
          Enumerable<T> typed = (Enumerable<T>) rows;
          return typed;
        });
  }
}
