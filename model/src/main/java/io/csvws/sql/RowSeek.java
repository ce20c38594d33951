package io.csvws.sql;

import io.csvws.schema.CsvwsTable;
import io.csvws.scan.FileScan;
import org.apache.calcite.linq4j.Enumerable;

/**
 * The rows of {@code SELECT * FROM t WHERE _row BETWEEN first AND last} and of {@code SELECT *
 * FROM t LIMIT n}, or of some columns instead of {@code *}, read as {@link SimpleScan} reads those
 * statements: the columns decoded in the order the statement names them; for the seek the row
 * number tested and the scan started near the first row when the file's row index knows where it
 * is; for the limit the whole file's scan cut after n rows, so that it reads (and reports the
 * lenient reads of) what the planned statement's scan reads. For the engine's direct answers,
 * which must give exactly the rows, values and warnings the prepared statement gives.
 */
public final class RowSeek {
  private RowSeek() {
  }

  /**
   * The rows, each an array of the columns' values in the scan's representation (a bare value
   * when there is one column), read when enumerated.
   *
   * @param columns the ordinals of the file columns read, in the statement's order
   * @param first the first row, at least 1
   * @param last the last row, at least {@code first}
   */
  public static Enumerable<Object> rows(CsvwsTable table, int[] columns, long first,
      long last) {
    FileScan plan = table.scan(columns, new int[] {table.rowOrdinal()}, first, last);
    // No data context: the execution the caller runs in holds the cancel and time limit.
    return plan.enumerable(null, new ValueTests.LongRange(0, first, last));
  }

  /**
   * The first {@code n} rows, each as {@link #rows} gives them.
   *
   * @param columns the ordinals of the file columns read, in the statement's order
   * @param n at least 1, at most {@link Integer#MAX_VALUE}
   */
  public static Enumerable<Object> first(CsvwsTable table, int[] columns, long n) {
    return new FirstRows(table.scan(columns, new int[0], 1, Long.MAX_VALUE)
        .enumerable(null, null), n);
  }
}
