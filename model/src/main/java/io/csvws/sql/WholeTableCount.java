package io.csvws.sql;

import io.csvws.schema.CsvwsTable;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.List;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code SELECT COUNT(*) FROM t}, exactly that, of a csvws table, prepared without Calcite's
 * planner.
 *
 * <p>A fresh JVM spends most of such a statement's time preparing it: loading and initialising
 * Calcite's rules, generating metadata handlers and the plan's code with Janino (about 0.8 s of CPU
 * where {@code SELECT 1}, which Calcite itself prepares without its planner, takes none). The plan
 * it would choose is always the same ({@code CountScan}): the row count known for the file's
 * current version (from the persistent metadata cache too), else a scan that counts rows. This
 * path runs that same count ({@link CsvwsTable#countRows}) when the statement executes, and
 * describes its one column as the planner does: {@code EXPR$0}, {@code BIGINT NOT NULL}.
 *
 * <p>Any other shape (an alias, a condition, grouping, a join, a view or system table, a file
 * that cannot be read) takes the ordinary path, which also reports every error.
 */
final class WholeTableCount {
  private WholeTableCount() {
  }

  /**
   * The table {@code parsed} counts, when it is {@code SELECT COUNT(*) FROM <name>} and the name
   * is a readable csvws table; else null.
   */
  static CsvwsTable match(SqlNode parsed, CsvwsPrepare.CatalogReader reader) {
    if (!(parsed instanceof SqlSelect select) || select.getSelectList().size() != 1
        || !isCountStar(select.getSelectList().get(0))
        || !(select.getFrom() instanceof SqlIdentifier from) || from.isStar()) {
      return null;
    }
    List<SqlNode> operands = select.getOperandList();
    // Keywords (DISTINCT, STREAM), then select list and FROM, then every other clause.
    if (!isAbsent(operands.get(0))) {
      return null;
    }
    for (int k = 3; k < operands.size(); k++) {
      if (!isAbsent(operands.get(k))) {
        return null;
      }
    }
    RelOptTable table = reader.getTable(from.names);
    CsvwsTable csv = table == null ? null : table.unwrap(CsvwsTable.class);
    if (csv == null || csv.failure() != null) {
      return null;
    }
    return csv;
  }

  private static boolean isAbsent(SqlNode node) {
    return node == null || (node instanceof SqlNodeList list && list.isEmpty());
  }

  /** {@code COUNT(*)}: no DISTINCT, FILTER, OVER, alias or qualified star. */
  private static boolean isCountStar(SqlNode item) {
    if (!(item instanceof SqlCall call) || !(call.getOperator() instanceof SqlFunction f)
        || !"COUNT".equalsIgnoreCase(f.getName())
        || (f.getSqlIdentifier() != null && !f.getSqlIdentifier().isSimple())
        || call.getFunctionQuantifier() != null
        || call.operandCount() != 1) {
      return false;
    }
    SqlNode arg = call.operand(0);
    return arg instanceof SqlIdentifier star && star.isStar() && star.names.size() == 1;
  }

  /** The prepared statement: one row, the table's row count, counted when it executes. */
  static <T> CalcitePrepare.CalciteSignature<T> prepare(CalcitePrepare.Context context,
      String sql, CsvwsTable table, long maxRowCount) {
    JavaTypeFactory typeFactory = context.getTypeFactory();
    RelDataType count = typeFactory.createTypeWithNullability(
        typeFactory.createSqlType(SqlTypeName.BIGINT), false);
    String label = SqlUtil.deriveAliasFromOrdinal(0);
    RelDataType rowType = typeFactory.builder().add(label, count).build();
    ColumnMetaData.AvaticaType avaticaType = ColumnMetaData.scalar(Types.BIGINT,
        SqlTypeName.BIGINT.getName(),
        ColumnMetaData.Rep.of(typeFactory.getJavaClass(count)));
    ColumnMetaData column = new ColumnMetaData(0, false, true, false, false,
        DatabaseMetaData.columnNoNulls, true, count.getPrecision(), label, null, null,
        count.getPrecision(), 0, null, null, avaticaType, true, false, false,
        avaticaType.columnClassName());
    List<ColumnMetaData> columns = List.of(column);
    return new DirectSignature<T>(sql, rowType, columns, context.getRootSchema(), maxRowCount,
        dataContext -> {
          @SuppressWarnings("unchecked")
          T rows = (T) Long.valueOf(table.countRows(dataContext));
          return Linq4j.singletonEnumerable(rows);
        });
  }
}
