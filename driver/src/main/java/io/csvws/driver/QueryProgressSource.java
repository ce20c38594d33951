package io.csvws.driver;

import io.csvws.engine.QueryProgress;

/**
 * A csvws statement's view of how far its latest execution is: bytes of the scanned files read out
 * of their size, records read, time elapsed. Reach it from any statement of a
 * {@code jdbc:csvws:} connection (also through a pool's proxy) with
 * {@code statement.unwrap(QueryProgressSource.class)}; safe to call from another thread while the
 * statement runs, which is what a progress bar does.
 */
public interface QueryProgressSource {
  /** The latest execution's progress, or null when the statement has not run. */
  QueryProgress progress();
}
