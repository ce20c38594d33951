package io.csvws.driver;

import io.csvws.engine.Execution;
import io.csvws.engine.QueryText;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.parser.SqlParseException;

/**
 * Turns what the engine throws into the {@link SQLException} a JDBC client sees: a csvws failure
 * anywhere in the cause chain gives its own message and SQLState; a syntax or validation error of
 * the SQL gives SQLState {@code 42000} and the parser's or validator's own words, without the
 * wrapping and the parser's list of every token it could have accepted.
 */
final class SqlErrors {
  private static final Pattern ENCOUNTERED =
      Pattern.compile("Encountered \"([^\"]*)\" at line (\\d+), column (\\d+)");

  private static final Pattern MISSING = Pattern.compile("Missing conversion is (\\w+)\\[");

  /** SQLState of a scalar sub-query that returns more than one row, as PostgreSQL reports it. */
  private static final String CARDINALITY_VIOLATION = "21000";

  /** SQLState of a statement or input nested too deeply to process, as PostgreSQL reports it. */
  private static final String STATEMENT_TOO_COMPLEX = "54001";

  /** SQLState of a column name that the result does not have, as PostgreSQL reports it. */
  private static final String UNDEFINED_COLUMN = "42703";

  /** SQLState of a failure inside csvws rather than of the statement, as PostgreSQL's. */
  private static final String INTERNAL_ERROR = "XX000";

  private SqlErrors() {
  }

  /**
   * As {@link #translate(Throwable)}, but a failure of an execution the client cancelled is
   * reported as cancelled (SQLState {@code 57014}), whatever the engine was doing when it stopped.
   */
  static SQLException translate(Throwable t, Execution execution) {
    SQLException e = translate(t);
    if (execution != null && execution.cancelReason() != null) {
      return new SQLException(execution.cancelReason(), ErrorCode.CANCELLED.sqlState(), e);
    }
    if (execution != null && execution.cancelled()
        && !ErrorCode.CANCELLED.sqlState().equals(e.getSQLState())) {
      return cancelled(e);
    }
    return e;
  }

  static SQLException cancelled(Throwable cause) {
    return new SQLException("Statement cancelled.", ErrorCode.CANCELLED.sqlState(), cause);
  }

  static SQLException translate(Throwable t) {
    CsvwsException c = CsvwsException.find(t);
    if (c != null) {
      return of(c, t);
    }
    SqlParseException parse = find(t, SqlParseException.class);
    if (parse != null) {
      return new SQLSyntaxErrorException(syntaxMessage(parse), ErrorCode.QUERY_FAILED.sqlState(),
          t);
    }
    NumberFormatException notANumber = find(t, NumberFormatException.class);
    if (notANumber != null) {
      return new SQLDataException("Invalid number in a cast: " + notANumber.getMessage()
          .replace("For input string: ", "") + " is not a number. TRY_CAST(x AS type) gives NULL "
          + "for such values.", ErrorCode.TYPE_MISMATCH.sqlState(), t);
    }
    IllegalStateException state = find(t, IllegalStateException.class);
    if (state != null && state.getMessage() != null
        && state.getMessage().contains("more than one value in agg SINGLE_VALUE")) {
      return new SQLException("A scalar sub-query returned more than one row; add a condition "
          + "or LIMIT 1, or use IN or EXISTS.", CARDINALITY_VIOLATION, t);
    }
    ArithmeticException arithmetic = find(t, ArithmeticException.class);
    if (arithmetic != null) {
      return arithmetic(arithmetic, t);
    }
    CalciteContextException invalid = find(t, CalciteContextException.class);
    if (invalid != null) {
      return new SQLSyntaxErrorException(invalid.getMessage(), ErrorCode.QUERY_FAILED.sqlState(),
          t);
    }
    RelOptPlanner.CannotPlanException unplanned = find(t, RelOptPlanner.CannotPlanException.class);
    if (unplanned != null) {
      // The model names the construct (io.csvws.sql.UnsupportedForm); this is the backstop that
      // keeps the planner's dump of its search space from a user whatever the path.
      Matcher op = MISSING.matcher(String.valueOf(unplanned.getMessage()));
      return new SQLException("csvws cannot run this query: its engine has no implementation for "
          + (op.find() ? "its " + op.group(1).replaceFirst("^Logical", "") + " operation"
              : "one of its forms") + ". Rewrite that part of the query (docs/sql.md lists the "
          + "supported forms and functions).", ErrorCode.QUERY_FAILED.sqlState(), t);
    }
    StackOverflowError deep = find(t, StackOverflowError.class);
    if (deep != null) {
      return new SQLException("The statement (or a file it reads) is nested too deeply to "
          + "process; simplify it.", STATEMENT_TOO_COMPLEX, t);
    }
    if (t instanceof SQLException) {
      return SqlStates.complete((SQLException) t, "this call", null);
    }
    if (t instanceof Error) {
      return new SQLException("csvws failed with an internal error (" + t.getClass().getSimpleName()
          + (t.getMessage() == null ? "" : ": " + t.getMessage()) + "); the statement did not "
          + "run. Please report it with the statement.", INTERNAL_ERROR, t);
    }
    String m = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
    return new SQLException(m, ErrorCode.QUERY_FAILED.sqlState(), t);
  }

  /**
   * An overflow (SQLState 22003) or a division by zero (22012) in the query's arithmetic, which
   * Calcite reports with Java's words ("integer overflow", "/ by zero", "Value 3000000000 out of
   * range").
   */
  private static SQLException arithmetic(ArithmeticException e, Throwable cause) {
    String m = e.getMessage() == null ? "" : e.getMessage();
    if (m.contains("by zero")) {
      return new SQLDataException("Division by zero.", ErrorCode.DIVISION_BY_ZERO.sqlState(),
          cause);
    }
    return new SQLDataException("Numeric value out of range: " + m + ". The result does not fit "
        + "its type; CAST an operand to a wider type (BIGINT or DECIMAL(38, s)) to compute it.",
        ErrorCode.NUMERIC_OUT_OF_RANGE.sqlState(), cause);
  }

  static SQLException of(CsvwsException c, Throwable cause) {
    String state = c.code().sqlState();
    switch (c.code()) {
      case TIMEOUT:
        return new SQLTimeoutException(c.getMessage(), state, cause);
      case TYPE_MISMATCH:
      case NUMERIC_OUT_OF_RANGE:
      case DIVISION_BY_ZERO:
      case INVALID_ARGUMENT:
        return new SQLDataException(c.getMessage(), state, cause);
      default:
        return new SQLException(c.getMessage(), state, cause);
    }
  }

  /**
   * "Syntax error at line 1, column 20: unexpected "ordinal"." and, when the unexpected word is a
   * reserved word, how to use it as a name.
   */
  static String syntaxMessage(SqlParseException e) {
    String first = e.getMessage() == null ? "" : e.getMessage().split("\n", 2)[0].trim();
    Matcher m = ENCOUNTERED.matcher(first);
    if (!m.find()) {
      return "Syntax error: " + first;
    }
    // The parser quotes its look-ahead ("range from"); the first token is the one at fault.
    String token = m.group(1).startsWith("'") || m.group(1).startsWith("\\\"")
        ? m.group(1) : m.group(1).split("\\s+", 2)[0];
    String message = "Syntax error at line " + m.group(2) + ", column " + m.group(3)
        + ": unexpected \"" + token + "\".";
    if (token.matches("[A-Za-z_]+") && isReserved(token)) {
      message += " " + token.toUpperCase(Locale.ROOT) + " is a reserved word; to use it as a "
          + "table or column name, quote it: \"" + token + "\".";
    }
    return message;
  }

  private static boolean isReserved(String word) {
    return QueryText.isReservedWord(word);
  }

  private static <T extends Throwable> T find(Throwable t, Class<T> type) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (type.isInstance(c)) {
        return type.cast(c);
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return null;
  }

  /**
   * A getter's failure with a SQLState: Avatica's conversion errors ("cannot convert to long
   * (org.apache...StringAccessor@5600a5da)") and bad column references have none, and name an
   * internal class.
   */
  static SQLException fetch(Exception e) {
    if (e instanceof SQLException s && s.getSQLState() != null) {
      return s;
    }
    String m = String.valueOf(e.getMessage()).replaceAll("\\s*\\(org\\.apache[^)]*\\)", "");
    if (m.startsWith("cannot convert to ")) {
      return new SQLDataException("The value " + m + "; read it with getString, or CAST it in "
          + "the query.", ErrorCode.TYPE_MISMATCH.sqlState(), e);
    }
    if (m.startsWith("invalid column ordinal")) {
      return new SQLException(m + "; columns are numbered from 1 to the result's column count.",
          ErrorCode.INVALID_ARGUMENT.sqlState(), e);
    }
    if (m.startsWith("column '") && m.endsWith("not found")) {
      return new SQLException(m + " in the result.", UNDEFINED_COLUMN, e);
    }
    return translate(e);
  }

  static SQLException closed(String what) {
    return new SQLException(what + " is closed.", "08003");
  }
}
