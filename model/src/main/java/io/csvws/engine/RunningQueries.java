package io.csvws.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The query executions of one engine whose results are still open, so an operator (the gateway's
 * heap guard, the console's progress line) can find and cancel one. An execution is here from its
 * start until its result set is exhausted or closed. Thread-safe.
 */
final class RunningQueries {
  private final Set<Execution> running = ConcurrentHashMap.newKeySet();

  void start(Execution execution) {
    running.add(execution);
  }

  void end(Execution execution) {
    running.remove(execution);
  }

  /** The executions running now, oldest first. */
  List<Execution> snapshot() {
    List<Execution> list = new ArrayList<>(running);
    list.sort((a, b) -> Long.compare(a.startedNanos(), b.startedNanos()));
    return list;
  }
}
