package io.csvws.web;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;

/**
 * The queries one user ran from the web console, newest first, kept on the server in memory
 * until the gateway stops (so a reload of the page keeps them, and they are the user's only: the
 * gateway keeps one history per authenticated user). At most {@link #MAX_ENTRIES}; the oldest go
 * first. Thread-safe.
 */
final class QueryHistory {
  /** Queries kept per user. */
  static final int MAX_ENTRIES = 200;

  /**
   * One query as it was run.
   *
   * @param sql the text the person wrote (saved results not expanded)
   * @param ranAt when it was started
   * @param elapsedMs how long it took to give its first page or its error
   * @param error the error's message, or null when it ran
   */
  record Entry(String sql, Instant ranAt, long elapsedMs, String error) {
  }

  private final Deque<Entry> entries = new ArrayDeque<>();

  /** Adds a query; running the same text again moves it to the top instead of repeating it. */
  synchronized void add(Entry e) {
    for (Iterator<Entry> it = entries.iterator(); it.hasNext(); ) {
      if (it.next().sql().equals(e.sql())) {
        it.remove();
        break;
      }
    }
    entries.addFirst(e);
    while (entries.size() > MAX_ENTRIES) {
      entries.removeLast();
    }
  }

  /** The queries, newest first. */
  synchronized List<Entry> newestFirst() {
    return new ArrayList<>(entries);
  }
}
