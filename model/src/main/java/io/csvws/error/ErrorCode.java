package io.csvws.error;

/**
 * The category of every failure csvws reports, with the SQLState a JDBC client sees.
 *
 * <p>The names match the codes the agent tools return, so one failure reads the same through
 * JDBC, the gateway and an agent.
 */
public enum ErrorCode {
  /** A connection property, argument or identifier is malformed or unknown. */
  VALIDATION_FAILED("HY024"),
  /** A path or symlink leads outside the workspace root. */
  SANDBOX_VIOLATION("42501"),
  /** A workspace folder or file cannot be read, or its contents cannot be parsed. */
  FILE_READ_FAILED("58030"),
  /** A value does not fit the type of its column. */
  TYPE_MISMATCH("22018"),
  /** A number does not fit the type of an expression (an overflow), which never wraps. */
  NUMERIC_OUT_OF_RANGE("22003"),
  /** A number was divided by zero. */
  DIVISION_BY_ZERO("22012"),
  /** A function was given an argument it cannot use: an unknown unit, a malformed format. */
  INVALID_ARGUMENT("22023"),
  /** A statement other than a query was refused. */
  READ_ONLY("25006"),
  /** A query failed for a reason not listed above. */
  QUERY_FAILED("42000"),
  /** The statement was cancelled by the client. */
  CANCELLED("57014"),
  /** The statement ran past its query timeout. */
  TIMEOUT("HYT00");

  private final String sqlState;

  ErrorCode(String sqlState) {
    this.sqlState = sqlState;
  }

  /** The five-character SQLState reported with this category. */
  public String sqlState() {
    return sqlState;
  }
}
