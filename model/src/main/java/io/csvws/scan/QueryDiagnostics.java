package io.csvws.scan;

import io.csvws.error.LenientRead;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * One query execution as its scans see it: what they have to report to the client (values read as
 * NULL under {@code onTypeError=null}, rows with missing or extra fields, invalid bytes, and
 * doubts about how a file was read), to be returned as JDBC warnings, and whether the client has
 * cancelled it or its time is up.
 *
 * <p>Cancellation belongs to the execution, not to the statement: a statement cancelled once runs
 * its next query normally, and a cancel that arrives while nothing runs stops nothing later.
 *
 * <p>A scan finds the collector of the execution it serves through {@link #current()}: the JDBC
 * layer runs each call that may advance a scan inside {@link #collect}. Scans capture the
 * collector when they open, so a result set read later on another thread still reports to its own.
 * Thread-safe. The front door presents it as {@code io.csvws.engine.Execution}, and the engine that
 * made it lists it while it runs.
 */
public final class QueryDiagnostics {
  /**
   * The execution the current thread works for, bound only for the length of a {@link #collect}
   * call and restored after it (a scoped value, as Java 21's {@code ScopedValue}): no thread sees
   * another's, so nothing here is shared between queries. It is how the code Calcite calls while
   * planning and inspecting, which is given no csvws context, finds its execution's cancel.
   */
  private static final ThreadLocal<QueryDiagnostics> CURRENT = new ThreadLocal<>();
  private static final int MAX_NOTES = 20;

  private final Map<LenientRead, Long> counts = new EnumMap<>(LenientRead.class);
  private final Map<LenientRead, String> firsts = new EnumMap<>(LenientRead.class);
  private final Map<LenientRead, Position> firstAt = new EnumMap<>(LenientRead.class);
  private final Set<String> notes = new LinkedHashSet<>();
  private final AtomicBoolean cancelled = new AtomicBoolean();
  private final long startedNanos = System.nanoTime();
  /** The thread that created the execution: the one its client runs statements on. */
  private final Thread owner = Thread.currentThread();
  // Progress: updated by scans at their interrupt checks, read by whoever shows it.
  private final AtomicLong scanBytesTotal = new AtomicLong();
  private final AtomicLong scanBytesRead = new AtomicLong();
  private final AtomicLong scanRows = new AtomicLong();
  private volatile boolean running;
  private volatile String cancelReason;
  /** Bytes allocated by the threads of finished calls of this execution. */
  private volatile long allocatedBytes;
  /** The thread in a call of this execution now and its allocation count at the call's start. */
  private volatile Thread activeThread;
  private volatile long activeBaseline;
  private volatile long deadline = Long.MAX_VALUE;
  private final boolean countAllocations;

  /** A collector that counts the bytes its calls allocate. */
  public QueryDiagnostics() {
    this(true);
  }

  /** A collector that counts the bytes its calls allocate only if {@code countAllocations}. */
  public QueryDiagnostics(boolean countAllocations) {
    this.countAllocations = countAllocations;
  }

  /** An action that may start scans, such as executing a statement. */
  @FunctionalInterface
  public interface Action<T, E extends Exception> {
    T run() throws E;
  }

  /** Marks the execution as running. */
  public void started() {
    running = true;
  }

  /** Marks the execution as over: its results are exhausted or closed. */
  public void ended() {
    running = false;
  }

  /** Whether the execution runs: started and not yet ended. */
  public boolean running() {
    return running;
  }

  /** Bytes of the scanned files read so far (a finished scan counts its whole file). */
  public long bytesRead() {
    return scanBytesRead.get();
  }

  /** The sizes of the files this execution's scans read, summed; 0 when it reads no file. */
  public long bytesTotal() {
    return scanBytesTotal.get();
  }

  /** Records the scans have read so far. */
  public long rowsRead() {
    return scanRows.get();
  }

  /** The thread that created this execution (the client's thread running the statement). */
  public Thread owner() {
    return owner;
  }

  /** A scan of a file of {@code bytes} is about to read it: the total to read grows. */
  void scanWillRead(long bytes) {
    scanBytesTotal.addAndGet(bytes);
  }

  /** Scans read {@code bytes} more bytes of their files and {@code rows} more records. */
  void scanned(long bytes, long rows) {
    if (bytes != 0) {
      scanBytesRead.addAndGet(bytes);
    }
    if (rows != 0) {
      scanRows.addAndGet(rows);
    }
  }

  /** Runs {@code action} with this collector current on this thread. */
  public <T, E extends Exception> T collect(Action<T, E> action) throws E {
    QueryDiagnostics previous = CURRENT.get();
    CURRENT.set(this);
    if (!countAllocations) {
      try {
        return action.run();
      } finally {
        CURRENT.set(previous);
      }
    }
    Thread me = Thread.currentThread();
    long baseline = Allocation.of(me);
    activeBaseline = baseline;
    activeThread = me;
    try {
      return action.run();
    } finally {
      activeThread = null;
      allocatedBytes += Allocation.of(me) - baseline;
      CURRENT.set(previous);
    }
  }

  /**
   * Bytes the calls of this execution have allocated so far (on the threads that ran them, so a
   * parallel scan's workers are not counted): a measure of which query is eating memory. Always
   * 0 when the collector does not count allocations.
   */
  public long allocatedBytes() {
    Thread t = activeThread;
    long now = t == null ? 0 : Math.max(0, Allocation.of(t) - activeBaseline);
    return allocatedBytes + now;
  }

  /** The collector of the execution running on this thread, or null outside one. */
  static QueryDiagnostics current() {
    return CURRENT.get();
  }

  /** Asks the scans of this execution to stop; they fail with {@code CANCELLED} at their next check. */
  public void cancel() {
    cancelled.set(true);
  }

  /**
   * Cancels on behalf of the operator rather than the client; {@code reason} becomes the error
   * message the client sees.
   */
  public void cancel(String reason) {
    cancelReason = reason;
    cancelled.set(true);
  }

  /** Why the execution was cancelled when it was not the client's doing, else null. */
  public String cancelReason() {
    return cancelReason;
  }

  /** {@link System#nanoTime()} when the execution started. */
  public long startedNanos() {
    return startedNanos;
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

  /**
   * Throws if the execution running on this thread was cancelled or is past its timeout; does
   * nothing outside an execution. For phases before a scan (inspecting a file, naming columns,
   * planning), which must stop as promptly as a scan does; {@code doing} says what was under way,
   * such as "inspecting data/q1.csv".
   *
   * @throws io.csvws.error.CsvwsException {@code CANCELLED} or {@code TIMEOUT}
   */
  public static void checkInterrupted(String doing) {
    QueryDiagnostics d = CURRENT.get();
    if (d == null) {
      return;
    }
    if (d.cancelled()) {
      throw new io.csvws.error.CsvwsException(io.csvws.error.ErrorCode.CANCELLED,
          d.cancelReason != null ? d.cancelReason : "Statement cancelled while " + doing + ".");
    }
    if (d.deadline != Long.MAX_VALUE && System.nanoTime() - d.deadline > 0) {
      throw new io.csvws.error.CsvwsException(io.csvws.error.ErrorCode.TIMEOUT,
          "Statement exceeded its query timeout while " + doing + ".");
    }
  }

  /** {@link System#nanoTime()} at which this execution times out, or Long.MAX_VALUE. */
  long deadline() {
    return deadline;
  }

  /**
   * Counts one event at row {@code row} of {@code file}. {@code message} describes it and is
   * asked for only when it becomes the first of its kind: a file whose every row is ragged must
   * not build a message a row. The first is the first in file order, not in time: a parallel
   * scan's workers read later chunks while earlier ones are still being read, so an event of a
   * later row may arrive first. Events of another file than the first one reported keep the
   * order they arrived in.
   */
  synchronized void count(LenientRead kind, String file, long row, Supplier<String> message) {
    long count = counts.merge(kind, 1L, Long::sum);
    Position first = firstAt.get(kind);
    if (count == 1L || (first.file().equals(file) && row < first.row())) {
      firsts.put(kind, message.get());
      firstAt.put(kind, new Position(file, row));
    }
  }

  /** Where the first event of a kind was: a file and a row. */
  private record Position(String file, long row) {
  }

  /** Adds a note about how a file was read (each distinct note once). */
  synchronized void note(String note) {
    if (notes.size() < MAX_NOTES) {
      notes.add(note);
    }
  }

  /** How many events of {@code kind} happened so far. */
  public synchronized long count(LenientRead kind) {
    return counts.getOrDefault(kind, 0L);
  }

  /** The message of the first event of {@code kind}, or null. */
  public synchronized String first(LenientRead kind) {
    return firsts.get(kind);
  }

  /** How many values did not fit their column type and were read as NULL. */
  public long typeErrorsNulled() {
    return count(LenientRead.TYPE_ERROR_NULLED);
  }

  /** Notes about how the scanned files were read, at most {@value #MAX_NOTES}. */
  public synchronized List<String> notes() {
    return Collections.unmodifiableList(new ArrayList<>(notes));
  }
}
