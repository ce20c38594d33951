package io.csvws.differential;

import java.util.List;

/**
 * Compares csvws's answer to DuckDB's for one query and says what differs, in a message that shows the
 * SQL, both answers around the first differing row, and the exception.
 */
final class Comparison {
  private static final int SHOWN_ROWS = 3;

  private Comparison() {
  }

  /** Why csvws's answer is not DuckDB's, or null when they agree. */
  static String problem(QueryCase q, Answer mine, Answer theirs) {
    String head = "csvws SQL:  " + q.sql() + (q.duckSql().equals(q.sql()) ? ""
        : "\nDuckDB SQL: " + q.duckSql() + "  (" + (q.spelling() != null ? q.spelling()
            : "conventions: " + q.conventions()) + ")");
    if (q.errorState() != null) {
      if (mine.error() == null) {
        return head + "\ncsvws answered where it must fail with SQLState " + q.errorState()
            + ": " + show(mine.rows(), 0) + "\nDuckDB: " + theirs.errorText();
      }
      if (!q.errorState().equals(mine.error().getSQLState())) {
        return head + "\ncsvws failed with " + mine.errorText() + ", expected SQLState "
            + q.errorState();
      }
      if (theirs.error() == null) {
        return head + "\nDuckDB answered where both must fail (the suite's mistake): "
            + show(theirs.rows(), 0);
      }
      return null;
    }
    if (theirs.error() != null && mine.error() != null) {
      return head + "\nboth engines failed (a column read with another type than the query"
          + " assumes?):\n  csvws:  " + mine.errorText() + "\n  DuckDB: " + theirs.errorText();
    }
    if (theirs.error() != null) {
      return head + "\nDuckDB failed (the suite's mistake, or a convention not written down): "
          + theirs.errorText();
    }
    if (mine.error() != null) {
      return head + "\ncsvws failed: " + mine.errorText() + "\nDuckDB answered "
          + theirs.rows().size() + " rows: " + show(theirs.rows(), 0);
    }
    if (mine.types().size() != theirs.types().size()) {
      return head + "\ncolumn count: csvws " + mine.types().size() + " " + mine.types()
          + ", DuckDB " + theirs.types().size() + " " + theirs.types();
    }
    List<List<Value>> a = q.orderFixed() ? mine.rows() : mine.sortedRows();
    List<List<Value>> b = q.orderFixed() ? theirs.rows() : theirs.sortedRows();
    int n = Math.min(a.size(), b.size());
    for (int i = 0; i < n; i++) {
      if (!rowMatches(a.get(i), b.get(i))) {
        return head + "\nrow " + (i + 1) + (q.orderFixed() ? "" : " (both sorted)") + " differs:"
            + "\n  csvws:  " + show(a, i) + "\n  DuckDB: " + show(b, i)
            + "\n  types: csvws " + mine.types() + ", DuckDB " + theirs.types();
      }
    }
    if (a.size() != b.size()) {
      return head + "\nrow count: csvws " + a.size() + ", DuckDB " + b.size()
          + "; first extra row: " + show(a.size() > b.size() ? a : b, n);
    }
    return null;
  }

  private static boolean rowMatches(List<Value> a, List<Value> b) {
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).matches(b.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static String show(List<List<Value>> rows, int from) {
    if (rows.isEmpty()) {
      return "(no rows)";
    }
    StringBuilder b = new StringBuilder();
    for (int i = from; i < Math.min(rows.size(), from + SHOWN_ROWS); i++) {
      b.append(i == from ? "" : " / ").append(rows.get(i));
    }
    return b + (rows.size() > from + SHOWN_ROWS ? " / ..." : "");
  }
}
