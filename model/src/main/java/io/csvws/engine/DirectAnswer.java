package io.csvws.engine;

import java.math.BigDecimal;
import java.sql.DatabaseMetaData;
import java.sql.Types;
import java.util.List;
import java.util.Objects;

/**
 * The answer to a statement the engine answered without Calcite ({@link Session#answerDirectly}),
 * for the JDBC layer to present exactly as Calcite's connection presents the same statement's:
 * a client cannot tell the two apart. Described in csvws's own terms, not Avatica's: describing a
 * column in Avatica's terms initialises Avatica's protocol descriptors, and reading a date
 * through its accessors loads the locale's calendar data, together a third of a fresh JVM's seek
 * from the metadata cache.
 */
public sealed interface DirectAnswer permits DirectAnswer.Count, DirectAnswer.Rows {

  /** The columns, in order. */
  List<Column> columns();

  /**
   * The rows, each an array of the columns' values, or the bare value when there is one column;
   * read when enumerated. An iterator that is {@link AutoCloseable} holds a file open until it
   * is closed.
   */
  Iterable<Object> rows();

  /**
   * {@code SELECT COUNT(*)}: one row holding {@code count}, in one column that Calcite describes
   * as an unnamed first expression: {@code EXPR$0}, {@code BIGINT NOT NULL}, precision 19.
   *
   * @param count the table's row count
   */
  record Count(long count) implements DirectAnswer {
    /** The column's label, as Calcite derives it for the first unnamed expression. */
    public static final String LABEL = "EXPR$0";
    private static final int DIGITS = String.valueOf(Long.MAX_VALUE).length();
    private static final Column COLUMN =
        new Column(LABEL, Types.BIGINT, "BIGINT", false, DIGITS, 0, DIGITS, null, null);

    @Override
    public List<Column> columns() {
      return List.of(COLUMN);
    }

    @Override
    public Iterable<Object> rows() {
      return List.of(count);
    }
  }

  /**
   * {@code SELECT *} of a table: the rows as the planner-free scan reads them, in the scan's
   * representation (epoch days for a DATE, milliseconds for a TIME or TIMESTAMP).
   *
   * @param columns the columns, in order
   * @param rows the rows, read from the file each time they are enumerated
   */
  record Rows(List<Column> columns, Iterable<Object> rows) implements DirectAnswer {
    public Rows {
      columns = List.copyOf(columns);
      Objects.requireNonNull(rows, "rows");
    }
  }

  /**
   * A column as Calcite's connection describes it: signed, case-sensitive, not searchable,
   * read-only, no catalog.
   *
   * @param label the column's label and name
   * @param jdbcType its type's {@link Types} code: BOOLEAN, INTEGER, BIGINT, DECIMAL, DOUBLE,
   *     DATE, TIME, TIMESTAMP or VARCHAR
   * @param typeName its type's name
   * @param nullable whether it may hold NULL
   * @param precision its precision as csvws's type system gives it; 0 for VARCHAR (unbounded)
   * @param scale its scale, for a DECIMAL
   * @param displaySize its display size: Calcite's connection gives the type's precision, -1
   *     for VARCHAR
   * @param schema the schema of the table it comes from, or null for a computed column
   * @param table the table it comes from, or null for a computed column
   */
  record Column(String label, int jdbcType, String typeName, boolean nullable, int precision,
      int scale, int displaySize, String schema, String table) {
    public Column {
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(typeName, "typeName");
    }

    /** {@link DatabaseMetaData#columnNullable} or {@link DatabaseMetaData#columnNoNulls}. */
    public int nullability() {
      return nullable ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls;
    }

    /** The name of the class {@code getObject} returns. */
    public String className() {
      Class<?> c = switch (jdbcType) {
        case Types.BOOLEAN -> Boolean.class;
        case Types.INTEGER -> Integer.class;
        case Types.BIGINT -> Long.class;
        case Types.DECIMAL -> BigDecimal.class;
        case Types.DOUBLE -> Double.class;
        case Types.DATE -> java.sql.Date.class;
        case Types.TIME -> java.sql.Time.class;
        case Types.TIMESTAMP -> java.sql.Timestamp.class;
        default -> String.class;
      };
      return c.getName();
    }
  }
}
