package io.csvws.scan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Collects what the scans of one query execution have to report to the client (values read as
 * NULL under {@code onTypeError=null}, and the like), to be returned as JDBC warnings.
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
