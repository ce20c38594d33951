package io.csvws.metadata;

import io.csvws.workspace.FileFingerprint;
import java.util.Arrays;

/**
 * Where the rows of one file version start: the exact row count, and the byte offsets of some of
 * its rows (every {@link #STRIDE}-th row of a scan on one thread, the first row of every chunk and
 * every {@code STRIDE}-th row after it in a parallel scan), so that {@code COUNT(*)} of an unchanged
 * file needs no scan, a scan of a {@code _row} range starts near its first row instead of at the
 * top of the file, and a parallel scan cuts the file where rows are known to start.
 *
 * <p>Built as a side effect of any scan that reads a file to its end. Offsets are positions in the
 * bytes the tokenizer reads (after decompression, byte-order mark and transcoding). Immutable.
 *
 * @param fingerprint the file version it describes
 * @param rowCount the number of data rows
 * @param rows the numbers (1-based, ascending) of the rows whose offsets are known; the first is 1
 *     unless the file has no rows
 * @param offsets the offset of the record of {@code rows[k]} at index k
 */
public record RowIndex(FileFingerprint fingerprint, long rowCount, long[] rows, long[] offsets) {
  /** Rows between two indexed rows: at 2,000,000 rows, about 2,000 offsets (32 KB). */
  public static final int STRIDE = 1024;

  public RowIndex {
    if (rows.length != offsets.length) {
      throw new IllegalArgumentException("rows and offsets differ in length");
    }
    rows = rows.clone();
    offsets = offsets.clone();
  }

  /** How many rows have a known offset. */
  public int size() {
    return rows.length;
  }

  /** The nearest row at or before {@code row} (1-based) whose offset is known; 1 if none. */
  public long indexedRowAtOrBefore(long row) {
    int k = floor(row);
    return k < 0 ? 1 : rows[k];
  }

  /** The offset of a row {@link #indexedRowAtOrBefore(long)} returned; 0 for row 1 of no index. */
  public long offsetOf(long indexedRow) {
    int k = floor(indexedRow);
    return k < 0 ? 0 : offsets[k];
  }

  /** The row number of the k-th known offset. */
  public long row(int k) {
    return rows[k];
  }

  /** The k-th known offset. */
  public long offset(int k) {
    return offsets[k];
  }

  private int floor(long row) {
    int k = Arrays.binarySearch(rows, row);
    return k >= 0 ? k : -k - 2;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowIndex r && r.fingerprint.equals(fingerprint) && r.rowCount == rowCount
        && Arrays.equals(r.rows, rows) && Arrays.equals(r.offsets, offsets);
  }

  @Override
  public int hashCode() {
    return fingerprint.hashCode() * 31 + Long.hashCode(rowCount);
  }

  @Override
  public String toString() {
    return "RowIndex(" + rowCount + " rows, " + offsets.length + " offsets)";
  }

  /** Collects known row offsets in ascending row order. Not thread-safe. */
  public static final class Builder {
    private long[] rows = new long[64];
    private long[] offsets = new long[64];
    private int size;

    /** Offers the offset of {@code row} from a scan on one thread; kept when it starts a stride. */
    public void row(long row, long offset) {
      if ((row - 1) % STRIDE == 0) {
        add(row, offset);
      }
    }

    /** Keeps the offset of {@code row}, which must be after every row added so far. */
    public void add(long row, long offset) {
      if (size > 0 && row <= rows[size - 1]) {
        throw new IllegalArgumentException("row " + row + " is not after row " + rows[size - 1]);
      }
      if (size == rows.length) {
        rows = Arrays.copyOf(rows, size * 2);
        offsets = Arrays.copyOf(offsets, size * 2);
      }
      rows[size] = row;
      offsets[size++] = offset;
    }

    public RowIndex build(FileFingerprint fingerprint, long rowCount) {
      return new RowIndex(fingerprint, rowCount, Arrays.copyOf(rows, size),
          Arrays.copyOf(offsets, size));
    }
  }
}
