package io.csvws.scan;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The query executions of this process whose results are still open, so an operator (the
 * gateway's heap guard) can find and cancel one. An execution is here from its start until its
 * result set is exhausted or closed. Thread-safe.
 */
public final class RunningQueries {
  private static final Set<QueryDiagnostics> RUNNING = ConcurrentHashMap.newKeySet();

  private RunningQueries() {
  }

  static void start(QueryDiagnostics execution) {
    RUNNING.add(execution);
  }

  static void end(QueryDiagnostics execution) {
    RUNNING.remove(execution);
  }

  /** The executions running now, oldest first. */
  public static List<QueryDiagnostics> snapshot() {
    List<QueryDiagnostics> list = new ArrayList<>(RUNNING);
    list.sort((a, b) -> Long.compare(a.startedNanos(), b.startedNanos()));
    return list;
  }
}
