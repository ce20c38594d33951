package io.csvws.web;

import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows a chart of a kept result draws: the first {@link #MAX_ROWS} at most, read through the
 * result's pages (so a chart never makes the server hold or send the whole result), with whether
 * the result has more rows than the chart shows. The page says so on the chart when it does.
 *
 * <p>Why the first rows and not a sample or an aggregate: the chart then draws exactly rows the
 * table shows, in the result's order, and a person who wants the whole result drawn writes the
 * aggregate in SQL (GROUP BY), where it is exact. A cell longer than a page shows is drawn with
 * its cut text (an axis label never needs 200 characters; a number is never that long).
 */
final class ChartData {
  /** The most rows one chart draws. */
  static final int MAX_ROWS = 1000;

  private ChartData() {
  }

  /**
   * The answer of {@code GET /web/api/results/ID/chart?rows=N}: {@code {rows, totalRows (null
   * until known), rowsSoFar, partial, limit}}; each cell is null (SQL NULL) or a string.
   *
   * @param limit rows wanted, 1 to {@link #MAX_ROWS}
   * @throws IllegalArgumentException when {@code limit} is out of that range
   */
  static Map<String, Object> firstRows(KeptResult result, int limit)
      throws SQLException, IOException {
    if (limit < 1 || limit > MAX_ROWS) {
      throw new IllegalArgumentException("A chart draws 1 to " + MAX_ROWS + " rows, not "
          + limit + ": give the parameter 'rows' in that range, or aggregate the result in SQL "
          + "(GROUP BY) to draw all of it.");
    }
    List<List<String>> rows = new ArrayList<>();
    KeptResult.Page last = null;
    for (int page = 0; rows.size() < limit; page++) {
      last = result.page(page);
      for (KeptResult.Cell[] row : last.rows()) {
        if (rows.size() == limit) {
          break;
        }
        List<String> out = new ArrayList<>(row.length);
        for (KeptResult.Cell c : row) {
          out.add(c == null ? null : c.text());
        }
        rows.add(out);
      }
      if (last.rows().size() < KeptResult.PAGE_ROWS) {
        break;
      }
    }
    // Reading a page reads one row past it, so rowsSoFar tells whether more rows follow.
    boolean partial = last.totalRows() < 0 ? last.rowsSoFar() > rows.size()
        : last.totalRows() > rows.size();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("rows", rows);
    m.put("totalRows", last.totalRows() < 0 ? null : last.totalRows());
    m.put("rowsSoFar", last.rowsSoFar());
    m.put("partial", partial);
    m.put("limit", limit);
    return m;
  }
}
