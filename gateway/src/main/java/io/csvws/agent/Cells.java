package io.csvws.agent;

import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;

/**
 * Values as a tool shows them: numbers and booleans as JSON numbers and booleans, dates and times
 * in ISO form ({@code 2024-01-03 09:15:00}), text cut at a limit with the driver's marker {@code ...[+N chars]}; counts the cuts.
 * Not thread-safe: one per response.
 */
final class Cells {
  private final int limit;
  private int truncated;

  Cells(int limit) {
    this.limit = limit;
  }

  int limit() {
    return limit;
  }

  /** How many values were cut so far. */
  int truncated() {
    return truncated;
  }

  Object read(ResultSet rs, int column) throws SQLException {
    return value(rs.getObject(column));
  }

  Object value(Object v) {
    if (v == null || v instanceof Boolean || v instanceof Integer || v instanceof Long
        || v instanceof Short || v instanceof Byte || v instanceof BigDecimal) {
      return v;
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      return Double.isFinite(d) ? v : String.valueOf(d);
    }
    if (v instanceof Timestamp) {
      return CsvWriter.TIMESTAMP.format(((Timestamp) v).toLocalDateTime());
    }
    if (v instanceof Date) {
      return ((Date) v).toLocalDate().toString();
    }
    if (v instanceof Time) {
      return CsvWriter.TIME.format(((Time) v).toLocalTime());
    }
    return text(v.toString());
  }

  /** Text cut to the limit; a cut is counted. Never splits a surrogate pair. */
  String text(String s) {
    if (s == null || s.length() <= limit) {
      return s;
    }
    int end = limit;
    if (Character.isHighSurrogate(s.charAt(end - 1))) {
      end--;
    }
    truncated++;
    return s.substring(0, end) + "...[+" + (s.length() - end) + " chars]";
  }
}
