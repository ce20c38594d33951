package io.csvws.scan;

import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * Rows of an operator that reads no file (a join, VALUES, a recursive union), made to stop at a
 * cancel or the query timeout: Calcite's own operators loop without looking at either, so a big
 * cross join of VALUES would otherwise run to its end. Generated code calls {@link #of} around
 * such an operator's rows (see {@code io.csvws.planner.InterruptibleOperators}).
 */
public final class InterruptibleRows {
  private InterruptibleRows() {
  }

  /**
   * {@code rows}, checked for a cancel or timeout every {@code every} rows (a power of two).
   *
   * @param doing what the operator does, for the error message, e.g. "joining rows"
   */
  public static <T> Enumerable<T> of(DataContext root, Enumerable<T> rows, String doing,
      int every) {
    AtomicBoolean cancel = root == null ? null
        : (AtomicBoolean) root.get(DataContext.Variable.CANCEL_FLAG.camelName);
    Object timeout = root == null ? null : root.get(DataContext.Variable.TIMEOUT.camelName);
    QueryDiagnostics execution = QueryDiagnostics.current();
    long deadline = execution != null && execution.deadline() != Long.MAX_VALUE
        ? execution.deadline()
        : timeout instanceof Long && (Long) timeout > 0
            ? System.nanoTime() + (Long) timeout * 1_000_000L : Long.MAX_VALUE;
    Interrupts interrupts = Interrupts.ofOperator(cancel, execution, deadline, doing);
    int mask = Integer.highestOneBit(Math.max(1, every)) - 1;
    return new AbstractEnumerable<>() {
      @Override
      public Enumerator<T> enumerator() {
        Enumerator<T> in = rows.enumerator();
        return new Enumerator<>() {
          private long row;

          @Override
          public T current() {
            return in.current();
          }

          @Override
          public boolean moveNext() {
            if ((++row & mask) == 0) {
              interrupts.check(row);
            }
            return in.moveNext();
          }

          @Override
          public void reset() {
            in.reset();
          }

          @Override
          public void close() {
            in.close();
          }
        };
      }
    };
  }
}
