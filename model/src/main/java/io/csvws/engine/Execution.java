package io.csvws.engine;

import io.csvws.error.LenientRead;
import io.csvws.scan.QueryDiagnostics;
import java.util.List;

/**
 * One execution of a query on an engine: what its scans report (values read leniently, notes about
 * how files were read), how far it is, and the means to stop it. Made by {@link
 * Session#newExecution()}; the JDBC layer runs every call that may advance the query's scans
 * (executing, fetching rows) inside {@link #collect}, between {@link #started()} and {@link
 * #ended()}, and the engine lists it among its {@link Engine#runningQueries() running queries}
 * in between.
 *
 * <p>Cancellation belongs to the execution, not to the statement: a statement cancelled once runs
 * its next query normally, and a cancel that arrives while nothing runs stops nothing later.
 * Thread-safe.
 */
public final class Execution {
  private final QueryDiagnostics diagnostics;
  private final RunningQueries registry;

  /** Work that may advance the execution's scans, such as executing a statement. */
  @FunctionalInterface
  public interface Action<T, E extends Exception> {
    T run() throws E;
  }

  Execution(RunningQueries registry, boolean countAllocations) {
    this.registry = registry;
    this.diagnostics = new QueryDiagnostics(countAllocations);
  }

  /**
   * Starts the query timeout now: the execution fails with {@code TIMEOUT} once {@code seconds}
   * have passed (planning counts). 0 means no timeout.
   */
  public void timeoutAfter(int seconds) {
    diagnostics.timeoutAfter(seconds);
  }

  /** Marks the execution as running: its engine lists it until {@link #ended()}. */
  public void started() {
    diagnostics.started();
    registry.start(this);
  }

  /** Marks the execution as over: its results are exhausted or closed. */
  public void ended() {
    diagnostics.ended();
    registry.end(this);
  }

  /** Runs {@code action} as part of this execution: its scans report to it and check its cancel. */
  public <T, E extends Exception> T collect(Action<T, E> action) throws E {
    // Adapted, not extended: the scan package is not the engine's to export.
    return diagnostics.collect(new QueryDiagnostics.Action<T, E>() {
      @Override
      public T run() throws E {
        return action.run();
      }
    });
  }

  /** How far the execution's scans are now. */
  public QueryProgress progress() {
    return new QueryProgress(diagnostics.bytesRead(), diagnostics.bytesTotal(),
        diagnostics.rowsRead(), (System.nanoTime() - diagnostics.startedNanos()) / 1_000_000,
        diagnostics.running());
  }

  /** Asks the execution to stop; its scans fail with {@code CANCELLED} at their next check. */
  public void cancel() {
    diagnostics.cancel();
  }

  /**
   * Cancels on behalf of an operator rather than the client; {@code reason} becomes the error
   * message the client sees.
   */
  public void cancel(String reason) {
    diagnostics.cancel(reason);
  }

  /** Why the execution was cancelled when it was not the client's doing, else null. */
  public String cancelReason() {
    return diagnostics.cancelReason();
  }

  /** Whether the execution was cancelled. */
  public boolean cancelled() {
    return diagnostics.cancelled();
  }

  /** {@link System#nanoTime()} when the execution was made. */
  public long startedNanos() {
    return diagnostics.startedNanos();
  }

  /** The thread that made the execution: the one its client runs statements on. */
  public Thread owner() {
    return diagnostics.owner();
  }

  /**
   * Bytes the calls of this execution have allocated so far, on the threads that ran them: a
   * measure of which query is eating memory.
   */
  public long allocatedBytes() {
    return diagnostics.allocatedBytes();
  }

  /** How many times the scans read something leniently in the way {@code kind} names. */
  public long count(LenientRead kind) {
    return diagnostics.count(kind);
  }

  /** The message of the first lenient read of {@code kind} (in file order), or null. */
  public String first(LenientRead kind) {
    return diagnostics.first(kind);
  }

  /** Notes about how the scanned files were read, each once, at most 20. */
  public List<String> notes() {
    return diagnostics.notes();
  }
}
