package io.csvws.agent;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one window of a result set: skips {@code offset} rows without converting them, converts
 * the shown columns of up to {@code wanted} rows (stopping early once they outgrow the byte
 * budget), then, when asked, counts the rows that remain without converting them.
 */
final class RowWindow {
  final List<List<Object>> rows = new ArrayList<>();
  /** Rows of the result, when counted to the end; else the rows seen so far. */
  long total;
  /** Whether the result went on past the collected rows. */
  boolean more;
  /** Whether collecting stopped because the rows outgrew the byte budget. */
  boolean budgetStop;
  /** Cells cut in the first i + 1 rows, for each row i. */
  final List<Integer> cutsThrough = new ArrayList<>();

  private RowWindow() {
  }

  /**
   * @param firstColumns leading columns always read (1-based JDBC indexes, e.g. {@code _row})
   * @param columns      the shown columns (1-based JDBC indexes)
   */
  static RowWindow read(ResultSet rs, int[] firstColumns, int[] columns, long offset, int wanted,
      Cells cells, int budgetBytes, boolean countAll) throws SQLException {
    RowWindow w = new RowWindow();
    long seen = 0;
    while (seen < offset && rs.next()) {
      seen++;
    }
    if (seen < offset) {
      w.total = seen;
      return w;
    }
    long bytes = 0;
    while (w.rows.size() < wanted && !w.budgetStop) {
      if (!rs.next()) {
        w.total = seen;
        return w;
      }
      seen++;
      List<Object> row = new ArrayList<>(firstColumns.length + columns.length);
      for (int c : firstColumns) {
        row.add(cells.read(rs, c));
      }
      for (int c : columns) {
        row.add(cells.read(rs, c));
      }
      w.rows.add(row);
      w.cutsThrough.add(cells.truncated());
      bytes += Json.size(row) + 1;
      if (bytes > budgetBytes) {
        w.budgetStop = true;
      }
    }
    if (countAll) {
      while (rs.next()) {
        seen++;
      }
      w.total = seen;
      w.more = seen > offset + w.rows.size();
    } else {
      w.more = rs.next();
      w.total = seen + (w.more ? 1 : 0);
    }
    return w;
  }

  /** Cells cut in the first {@code n} rows. */
  int cutsIn(int n) {
    return n == 0 ? 0 : cutsThrough.get(n - 1);
  }
}
