package io.csvws.differential;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What an engine answered to a query: its column types (as the driver names them) and its rows, or
 * the exception it threw.
 *
 * @param types the type name of each column
 * @param rows the rows, in the order the driver gave them
 * @param error the exception, or null
 */
record Answer(List<String> types, List<List<Value>> rows, SQLException error) {

  /** Runs {@code sql} on {@code c}; a failure becomes an answer too. */
  static Answer of(Connection c, String sql) {
    return of(c, sql, false);
  }

  /** Runs {@code sql} on {@code c}, reading values with {@code getString} if {@code asText}. */
  static Answer of(Connection c, String sql, boolean asText) {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      int n = md.getColumnCount();
      List<String> types = new ArrayList<>();
      for (int i = 1; i <= n; i++) {
        types.add(md.getColumnTypeName(i));
      }
      List<List<Value>> rows = new ArrayList<>();
      while (rs.next()) {
        List<Value> row = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          row.add(Value.of(asText ? rs.getString(i) : rs.getObject(i)));
        }
        rows.add(row);
      }
      return new Answer(types, rows, null);
    } catch (SQLException e) {
      return new Answer(List.of(), List.of(), e);
    }
  }

  /** The rows sorted by every column, for answers whose order the query does not fix. */
  List<List<Value>> sortedRows() {
    List<List<Value>> sorted = new ArrayList<>(rows);
    sorted.sort(Comparator.comparing(Answer::key));
    return sorted;
  }

  private static String key(List<Value> row) {
    StringBuilder b = new StringBuilder();
    for (Value v : row) {
      b.append(v.sortKey()).append('\u0000');
    }
    return b.toString();
  }

  /** The exception as one line: SQLState and the first line of the message. */
  String errorText() {
    if (error == null) {
      return "no error";
    }
    String message = String.valueOf(error.getMessage());
    int nl = message.indexOf('\n');
    return "SQLState " + error.getSQLState() + ": "
        + (nl < 0 ? message : message.substring(0, nl) + " ...");
  }
}
