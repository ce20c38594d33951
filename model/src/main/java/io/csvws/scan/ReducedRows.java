package io.csvws.scan;

import java.io.IOException;

/**
 * The rows of a one-thread read, reduced batch by batch to partial aggregates, as
 * {@link ParallelRows} reduces its batches on its workers. Not thread-safe.
 */
final class ReducedRows implements RowSource {
  static final int BATCH_ROWS = 1024;

  private final RowSource rows;
  private final PartialAggregation.Reducer reducer;
  private final Object[] batch = new Object[BATCH_ROWS];
  private Object[] reduced = new Object[0];
  private int next;
  private Object current;

  ReducedRows(RowSource rows, PartialAggregation partial) {
    this.rows = rows;
    this.reducer = partial.reducer();
  }

  @Override
  public boolean next() throws IOException {
    if (next == reduced.length) {
      int n = 0;
      while (n < batch.length && rows.next()) {
        batch[n++] = rows.current();
      }
      if (n == 0) {
        return false;
      }
      reduced = reducer.apply(batch, n);
      next = 0;
    }
    current = reduced[next++];
    return true;
  }

  @Override
  public Object current() {
    return current;
  }

  @Override
  public void close() {
    rows.close();
  }
}
