package io.csvws.sql;

import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * The first {@code n} rows of a scan: the cut of a {@code LIMIT} (or {@code FETCH}) in the
 * planner-free scan ({@link SimpleScan}) and in the engine's direct answers ({@link RowSeek}), so
 * both read the same rows. Like linq4j's {@code take}, it reads the row after the last one it
 * gives before it stops, which decides which lenient reads a limit reports. Its own rather than
 * linq4j's: that class holds all of linq4j's operators, which a fresh JVM would load and verify
 * for one limit.
 */
final class FirstRows extends AbstractEnumerable<Object> {
  private final Enumerable<Object> rows;
  private final long n;

  /** @param n how many rows to give, at least 0 */
  FirstRows(Enumerable<Object> rows, long n) {
    this.rows = rows;
    this.n = n;
  }

  @Override
  public Enumerator<Object> enumerator() {
    return new Cut(rows.enumerator(), n);
  }

  private static final class Cut implements Enumerator<Object> {
    private final Enumerator<Object> rows;
    private final long n;
    /** The index of the current row; -1 before the first. */
    private long index = -1;
    private boolean done;

    Cut(Enumerator<Object> rows, long n) {
      this.rows = rows;
      this.n = n;
    }

    @Override
    public Object current() {
      return rows.current();
    }

    @Override
    public boolean moveNext() {
      if (!done) {
        if (rows.moveNext() && ++index < n) {
          return true;
        }
        done = true;
      }
      return false;
    }

    @Override
    public void reset() {
      rows.reset();
      index = -1;
      done = false;
    }

    @Override
    public void close() {
      rows.close();
    }
  }
}
