package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.catchThrowable;

import java.sql.SQLException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.opentest4j.AssertionFailedError;

/** The {@link SQLException} a JDBC call must throw, for assertions on its message and state. */
final class SqlFailures {
  private SqlFailures() {
  }

  /** Runs {@code call} and returns the SQLException it threw; fails if it threw none or another. */
  static SQLException sqlFailure(ThrowingCallable call) {
    Throwable t = catchThrowable(call);
    if (t == null) {
      throw new AssertionFailedError("expected an SQLException, but the call succeeded");
    }
    if (!(t instanceof SQLException)) {
      throw new AssertionFailedError("expected an SQLException, got " + t, t);
    }
    return (SQLException) t;
  }
}
