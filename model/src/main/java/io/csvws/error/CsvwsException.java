package io.csvws.error;

import java.util.Objects;

/**
 * A failure with a category and a message that names the place (file, row, column, property)
 * and says what to do.
 *
 * <p>Unchecked because it travels through Calcite's planner and generated code, which declare no
 * checked exceptions; the JDBC layer turns it into an {@link java.sql.SQLException} carrying
 * {@link ErrorCode#sqlState()}.
 */
public class CsvwsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorCode code;

  public CsvwsException(ErrorCode code, String message) {
    super(message);
    this.code = Objects.requireNonNull(code, "code");
  }

  public CsvwsException(ErrorCode code, String message, Throwable cause) {
    super(message, cause);
    this.code = Objects.requireNonNull(code, "code");
  }

  public ErrorCode code() {
    return code;
  }

  /**
   * Returns the first {@code CsvwsException} in the cause chain of {@code t}, or null.
   * Calcite wraps exceptions raised inside planning and execution; this finds ours again.
   */
  public static CsvwsException find(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof CsvwsException) {
        return (CsvwsException) c;
      }
      if (c.getCause() == c) {
        break;
      }
    }
    return null;
  }
}
