package io.csvws.sql;

import io.csvws.schema.CsvwsTable;
import io.csvws.scan.FileScan;
import org.apache.calcite.linq4j.Enumerable;

/**
 * The rows of {@code SELECT * FROM t WHERE _row BETWEEN first AND last}, read as {@link
 * SimpleScan} reads that statement: every file column decoded, the row number tested, the scan
 * started near the first row when the file's row index knows where it is. For the engine's
 * direct answers, which must give exactly the rows and values the prepared statement gives.
 */
public final class RowSeek {
  private RowSeek() {
  }

  /**
   * The rows, each an array of the file's column values in the scan's representation (a bare
   * value when the file has one column), read when enumerated.
   *
   * @param first the first row, at least 1
   * @param last the last row, at least {@code first}
   */
  public static Enumerable<Object> rows(CsvwsTable table, long first, long last) {
    int width = table.rowOrdinal();
    int[] columns = new int[width];
    for (int k = 0; k < width; k++) {
      columns[k] = k;
    }
    FileScan plan = table.scan(columns, new int[] {width}, first, last);
    // No data context: the execution the caller runs in holds the cancel and time limit.
    return plan.enumerable(null, new ValueTests.LongRange(0, first, last));
  }
}
