package io.csvws.agent;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.sql.SQLException;

/**
 * Turns what the driver throws into a tool error: the code follows the SQLState (see
 * {@link ErrorCode}), the message keeps the engine's words and adds what an agent can do next.
 */
final class Failures {
  /** Error messages can quote cell values; they are bounded like everything else an agent reads. */
  static final int MAX_MESSAGE_CHARS = 2_000;

  private Failures() {
  }

  static ErrorCode codeOf(SQLException e) {
    String state = e.getSQLState();
    if (state != null) {
      for (ErrorCode c : ErrorCode.values()) {
        if (c.sqlState().equals(state)) {
          return c;
        }
      }
    }
    return ErrorCode.QUERY_FAILED;
  }

  static CsvwsException of(SQLException e, int timeoutSeconds) {
    ErrorCode code = codeOf(e);
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    String hint;
    switch (code) {
      case READ_ONLY:
        hint = "To write a result to a file, use export.";
        break;
      case SANDBOX_VIOLATION:
        hint = "Name tables by paths relative to the workspace, as list_tables shows them.";
        break;
      case FILE_READ_FAILED:
        hint = "list_tables shows the tables and any file that cannot be read.";
        break;
      case TIMEOUT:
        hint = "The limit is " + timeoutSeconds + " s a query. Count first, filter with WHERE, "
            + "name only the columns you need, or add LIMIT.";
        break;
      case CANCELLED:
        hint = "The query was stopped before it finished; run it again if it is still needed.";
        code = ErrorCode.TIMEOUT;
        break;
      case NUMERIC_OUT_OF_RANGE:
      case DIVISION_BY_ZERO:
        // The engine's message already says how to compute it.
        return new CsvwsException(code, bound(message), e);
      case TYPE_MISMATCH:
        hint = "Compare the value as text with CAST(column AS VARCHAR), or filter it out.";
        code = ErrorCode.QUERY_FAILED;
        break;
      default:
        hint = message.contains("not found") ? "describe_table lists a table's columns; "
            + "list_tables lists the tables. Quote names with spaces or capitals in double quotes."
            : "Check the SQL against describe_table and try again.";
        break;
    }
    return new CsvwsException(code, bound(message) + (message.endsWith(".") ? " " : ". ") + hint,
        e);
  }

  static String bound(String message) {
    if (message.length() <= MAX_MESSAGE_CHARS) {
      return message;
    }
    return message.substring(0, MAX_MESSAGE_CHARS) + "...[+"
        + (message.length() - MAX_MESSAGE_CHARS) + " chars]";
  }
}
