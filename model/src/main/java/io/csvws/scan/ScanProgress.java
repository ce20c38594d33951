package io.csvws.scan;

/**
 * One scan's share of its execution's {@link QueryProgress}. The scan reports where it is at its
 * interrupt checks (every thousand rows or so, never per row); each report adds only what is new
 * to the execution's counters. Used by the scan's consuming thread only.
 */
final class ScanProgress {
  private final QueryDiagnostics execution;
  private final long fileBytes;
  private long bytesReported;
  private long rowsReported;
  private boolean finished;

  /**
   * @param execution the execution to report to, or null (then nothing is counted)
   * @param fileBytes the size of the file the scan reads
   */
  ScanProgress(QueryDiagnostics execution, long fileBytes) {
    this.execution = execution;
    this.fileBytes = fileBytes;
  }

  /** The scan has read {@code bytes} of its file and {@code rows} records so far. */
  void at(long bytes, long rows) {
    if (execution == null || finished) {
      return;
    }
    long b = Math.min(bytes, fileBytes);
    execution.scanned(b - bytesReported, rows - rowsReported);
    bytesReported = b;
    rowsReported = rows;
  }

  /** The scan is over (read to its end, or stopped early): its whole file counts as read. */
  void finish(long rows) {
    if (execution == null || finished) {
      return;
    }
    at(fileBytes, rows);
    finished = true;
  }
}
