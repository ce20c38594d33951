package io.csvws.scan;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The client's cancellation and the query timeout, as one scan sees them. Thread-safe: parallel
 * scan workers check the same instance.
 */
final class Interrupts {
  private final AtomicBoolean cancel;
  private final QueryDiagnostics execution;
  private final long deadline;
  private final String file;
  /** What the operator is doing when it is not a file scan, e.g. "joining rows"; else null. */
  private final String doing;

  /**
   * @param cancel Calcite's cancel flag of the statement, or null
   * @param execution the execution the scan serves, cancelled by csvws's driver; or null
   * @param deadline {@link System#nanoTime()} at which the query times out, or Long.MAX_VALUE
   */
  Interrupts(AtomicBoolean cancel, QueryDiagnostics execution, long deadline, String file) {
    this(cancel, execution, deadline, file, null);
  }

  private Interrupts(AtomicBoolean cancel, QueryDiagnostics execution, long deadline,
      String file, String doing) {
    this.cancel = cancel;
    this.execution = execution;
    this.deadline = deadline;
    this.file = file;
    this.doing = doing;
  }

  /** Interrupts of an operator that reads no file; {@code doing} says what it does. */
  static Interrupts ofOperator(AtomicBoolean cancel, QueryDiagnostics execution, long deadline,
      String doing) {
    return new Interrupts(cancel, execution, deadline, null, doing);
  }

  /** Throws if the statement was cancelled or ran past its timeout, naming where it was. */
  void check(long row) {
    if ((cancel != null && cancel.get()) || (execution != null && execution.cancelled())) {
      throw new CsvwsException(ErrorCode.CANCELLED, "Statement cancelled while " + where(row)
          + ".");
    }
    if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0) {
      throw new CsvwsException(ErrorCode.TIMEOUT, "Statement exceeded its query timeout while "
          + where(row) + ".");
    }
  }

  private String where(long row) {
    return file != null ? "reading " + file + " at row " + row : doing + " (row " + row + ")";
  }
}
