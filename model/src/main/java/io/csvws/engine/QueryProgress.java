package io.csvws.engine;

/**
 * How far one query execution is, as its file scans know it.
 *
 * @param bytesRead bytes of the scanned files read so far (a finished scan counts its whole file)
 * @param bytesTotal the sizes of the files the execution's scans read, summed (a file read twice
 *     counts twice); 0 when it reads no file
 * @param rowsRead records the scans have read so far
 * @param elapsedMillis milliseconds since the execution started
 * @param running whether the execution is still running (its result is not exhausted or closed)
 */
public record QueryProgress(long bytesRead, long bytesTotal, long rowsRead, long elapsedMillis,
    boolean running) {

  /** The fraction of {@link #bytesTotal} read, from 0 to 1; 0 when nothing is to be read. */
  public double fraction() {
    return bytesTotal <= 0 ? 0 : Math.min(1.0, (double) bytesRead / bytesTotal);
  }
}
