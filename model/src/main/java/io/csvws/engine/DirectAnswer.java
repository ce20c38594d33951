package io.csvws.engine;

import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MetaImpl;
import org.apache.calcite.avatica.util.Cursor;

/**
 * The answer to a statement the engine answered without Calcite ({@link Session#answerDirectly}),
 * for the JDBC layer to present exactly as Calcite's connection presents the same statement's:
 * a client cannot tell the two apart.
 */
public sealed interface DirectAnswer permits DirectAnswer.Count, DirectAnswer.Rows {

  /**
   * {@code SELECT COUNT(*)}: one row holding {@code count}, in one column that Calcite describes
   * as an unnamed first expression: {@code EXPR$0}, {@code BIGINT NOT NULL}, precision 19. Kept
   * apart from {@link Rows} because describing a column in Avatica's terms initialises Avatica's
   * protocol descriptors, a fifth of a fresh JVM's count from the metadata cache.
   *
   * @param count the table's row count
   */
  record Count(long count) implements DirectAnswer {
    /** The column's label, as Calcite derives it for the first unnamed expression. */
    public static final String LABEL = "EXPR$0";
    /** The column's precision and display size: the digits of the largest BIGINT. */
    public static final int PRECISION = String.valueOf(Long.MAX_VALUE).length();
  }

  /**
   * {@code SELECT *} of a table: the rows as the planner-free scan reads them, each column
   * described as Calcite's connection describes it, in the same representation (epoch days for a
   * DATE), for reading through Avatica's own accessors.
   *
   * @param columns the columns, in order
   * @param rows the rows, read from the file each time they are enumerated
   */
  record Rows(List<ColumnMetaData> columns, Iterable<Object> rows) implements DirectAnswer {
    public Rows {
      columns = List.copyOf(columns);
    }

    /** A cursor over the rows, as Calcite's result set makes one for the same columns. */
    public Cursor cursor() {
      return MetaImpl.createCursor(Meta.CursorFactory.deduce(columns, null), rows);
    }
  }
}
