package io.csvws.driver;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A metadata result set put in the order JDBC specifies. Calcite lists tables in hash order;
 * listings are small, so they are read whole, sorted, and served from memory.
 */
final class SortedRows {
  private SortedRows() {
  }

  /**
   * The rows of {@code rs} (which is closed) sorted by the given 1-based columns, nulls first,
   * each compared as text.
   */
  static ResultSet sort(ResultSet rs, int... byColumns) throws SQLException {
    try (rs) {
      ResultSetMetaData md = rs.getMetaData();
      int n = md.getColumnCount();
      List<Object[]> rows = new ArrayList<>();
      while (rs.next()) {
        Object[] row = new Object[n];
        for (int i = 0; i < n; i++) {
          row[i] = rs.getObject(i + 1);
        }
        rows.add(row);
      }
      Comparator<Object[]> order = null;
      for (int c : byColumns) {
        Comparator<Object[]> key = Comparator.comparing(r -> r[c - 1] == null ? null
            : r[c - 1].toString(), Comparator.nullsFirst(Comparator.naturalOrder()));
        order = order == null ? key : order.thenComparing(key);
      }
      if (order != null) {
        rows.sort(order);
      }
      return new ListResultSet(new FixedMetaData(md), rows);
    }
  }
}
