package io.csvws.web;

import java.util.concurrent.atomic.AtomicLong;

/** The bytes of result rows one user's open results may keep in spool files, all together. */
final class SpoolBudget {
  private final long limit;
  private final AtomicLong used = new AtomicLong();

  SpoolBudget(long limit) {
    this.limit = limit;
  }

  /** Takes {@code bytes} of the budget; false (taking nothing) when that would pass the limit. */
  boolean take(long bytes) {
    if (used.addAndGet(bytes) > limit) {
      used.addAndGet(-bytes);
      return false;
    }
    return true;
  }

  /** Gives back {@code bytes} a closed result held. */
  void release(long bytes) {
    used.addAndGet(-bytes);
  }

  long limit() {
    return limit;
  }
}
