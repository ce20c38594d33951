package io.csvws.driver;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;

/**
 * Turns what the engine throws into the {@link SQLException} a JDBC client sees: a csvws failure
 * anywhere in the cause chain gives its own message and SQLState; other exceptions keep theirs.
 */
final class SqlErrors {
  private SqlErrors() {
  }

  static SQLException translate(Throwable t) {
    CsvwsException c = CsvwsException.find(t);
    if (c != null) {
      return of(c, t);
    }
    if (t instanceof SQLException) {
      return (SQLException) t;
    }
    String m = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
    return new SQLException(m, ErrorCode.QUERY_FAILED.sqlState(), t);
  }

  static SQLException of(CsvwsException c, Throwable cause) {
    String state = c.code().sqlState();
    switch (c.code()) {
      case TIMEOUT:
        return new SQLTimeoutException(c.getMessage(), state, cause);
      case TYPE_MISMATCH:
        return new SQLDataException(c.getMessage(), state, cause);
      default:
        return new SQLException(c.getMessage(), state, cause);
    }
  }

  static SQLException closed(String what) {
    return new SQLException(what + " is closed.", "08003");
  }
}
