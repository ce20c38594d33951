package io.csvws.driver;

import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import io.csvws.error.Sentences;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gives an exception from Calcite's JDBC layer (Avatica) what every csvws error has: a SQLState
 * and a message that says what happened and what to do. Avatica throws many without a SQLState,
 * some without a message ({@code SQLFeatureNotSupportedException: null}), and its conversion
 * errors name an internal class ({@code cannot convert to long (...StringAccessor@1b2c3d)}).
 * An exception that already has both is returned as it is.
 */
final class SqlStates {
  /** Feature not supported. */
  static final String NOT_SUPPORTED = "0A000";
  /** Invalid character value for cast: a value the getter asked for cannot convert to. */
  static final String CANNOT_CONVERT = "22018";
  /** Any other failure of a call. */
  static final String GENERAL = "HY000";

  /** Invalid descriptor index: a column number or label the result does not have. */
  static final String NO_SUCH_COLUMN = "07009";

  private static final Pattern ORDINAL = Pattern.compile("^invalid column ordinal: (-?\\d+)");
  private static final Pattern LABEL = Pattern.compile("^column '(.*)' not found$");
  private static final Pattern CONVERSION = Pattern.compile("^cannot convert to ");

  private static final Set<String> SCROLLING = Set.of("absolute", "relative", "first", "last",
      "previous", "beforeFirst", "afterLast", "isLast");

  private static final Set<String> ROW_CHANGES = Set.of("insertRow", "deleteRow", "updateRow",
      "refreshRow", "cancelRowUpdates", "moveToInsertRow", "moveToCurrentRow");

  private SqlStates() {
  }

  /**
   * {@code e} when it has a SQLState and a message, else an exception that has both.
   *
   * @param method the JDBC method that failed, e.g. {@code getInt}
   * @param column the column the method read, e.g. {@code column 2 ("name", VARCHAR)}, or null
   */
  static SQLException complete(SQLException e, String method, String column) {
    String message = e.getMessage();
    if (e.getSQLState() != null && message != null && !message.isBlank()) {
      return e;
    }
    if (method.startsWith("update") || ROW_CHANGES.contains(method)) {
      return new SQLFeatureNotSupportedException("csvws is read-only: the rows of a result "
          + "cannot be changed (" + method + " is not supported).", NOT_SUPPORTED, e);
    }
    if (SCROLLING.contains(method)) {
      return new SQLFeatureNotSupportedException("The rows of a csvws result are read forward "
          + "only: " + method + " is not supported; run the query again to read from the start.",
          NOT_SUPPORTED, e);
    }
    if (e instanceof SQLFeatureNotSupportedException || message == null || message.isBlank()) {
      return new SQLFeatureNotSupportedException("csvws does not support " + method + ".",
          NOT_SUPPORTED, e);
    }
    Matcher ordinal = ORDINAL.matcher(message);
    if (ordinal.find()) {
      return new SQLException("Column " + ordinal.group(1) + " does not exist in this result; "
          + "its columns are numbered from 1.", NO_SUCH_COLUMN, e);
    }
    Matcher label = LABEL.matcher(message);
    if (label.find()) {
      return new SQLException("This result has no column labelled '" + label.group(1) + "'.",
          NO_SUCH_COLUMN, e);
    }
    if (CONVERSION.matcher(message).find()) {
      return new SQLDataException((column == null ? "The value" : capitalized(column))
          + " cannot be read with " + method + "; read it with getObject or getString.",
          CANNOT_CONVERT, e);
    }
    return new SQLException(Sentences.ending(capitalized(message)), GENERAL, e);
  }

  private static String capitalized(String s) {
    return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
