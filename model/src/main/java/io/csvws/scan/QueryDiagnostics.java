package io.csvws.scan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One query execution as its scans see it: what they have to report to the client (values read
 * as NULL under {@code onTypeError=null}, and the like), to be returned as JDBC warnings, and
 * whether the client has cancelled it.
 *
 * <p>Cancellation belongs to the execution, not to the statement: a statement cancelled once runs
 * its next query normally, and a cancel that arrives while nothing runs stops nothing later.
 *
 * <p>A scan finds the collector of the execution it serves through {@link #current()}: the JDBC
 * layer runs each call that may advance a scan inside {@link #collect}. Scans capture the
 * collector when they open, so a result set read later on another thread still reports to its own.
 * Thread-safe.
 */
public final class QueryDiagnostics {
  private static final ThreadLocal<QueryDiagnostics> CURRENT = new ThreadLocal<>();
  private static final int MAX_MESSAGES = 20;

  private final List<String> messages = new ArrayList<>();
  private final AtomicBoolean cancelled = new AtomicBoolean();
  private volatile long deadline = Long.MAX_VALUE;
  private long typeErrorsNulled;

  /** An action that may start scans, such as executing a statement. */
  @FunctionalInterface
  public interface Action<T, E extends Exception> {
    T run() throws E;
  }

  /** Runs {@code action} with this collector current on this thread. */
  public <T, E extends Exception> T collect(Action<T, E> action) throws E {
    QueryDiagnostics previous = CURRENT.get();
    CURRENT.set(this);
    try {
      return action.run();
    } finally {
      CURRENT.set(previous);
    }
  }

  /** The collector of the execution running on this thread, or null outside one. */
  static QueryDiagnostics current() {
    return CURRENT.get();
  }

  /** Asks the scans of this execution to stop; they fail with {@code CANCELLED} at their next check. */
  public void cancel() {
    cancelled.set(true);
  }

  /** Whether {@link #cancel} was called. */
  public boolean cancelled() {
    return cancelled.get();
  }

  /**
   * Starts the query timeout now: scans of this execution fail with {@code TIMEOUT} once
   * {@code seconds} have passed since this call (which the driver makes as the execution starts,
   * so planning counts). 0 means no timeout.
   */
  public void timeoutAfter(int seconds) {
    deadline = seconds > 0 ? System.nanoTime() + seconds * 1_000_000_000L : Long.MAX_VALUE;
  }

  /** {@link System#nanoTime()} at which this execution times out, or Long.MAX_VALUE. */
  long deadline() {
    return deadline;
  }

  synchronized void typeErrorNulled(String firstMessage) {
    if (typeErrorsNulled++ == 0) {
      add(firstMessage);
    }
  }

  synchronized void add(String message) {
    if (messages.size() < MAX_MESSAGES) {
      messages.add(message);
    }
  }

  /** How many values did not fit their column type and were read as NULL. */
  public synchronized long typeErrorsNulled() {
    return typeErrorsNulled;
  }

  /** The messages collected so far, at most {@value #MAX_MESSAGES}. */
  public synchronized List<String> messages() {
    return Collections.unmodifiableList(new ArrayList<>(messages));
  }
}
