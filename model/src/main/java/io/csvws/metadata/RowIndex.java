package io.csvws.metadata;

import io.csvws.workspace.FileFingerprint;
import java.util.Arrays;

/**
 * Where the rows of one file version start: the exact row count, and the byte offset of every
 * {@code stride}-th row, so that {@code COUNT(*)} of an unchanged file needs no scan and a scan of a
 * {@code _row} range starts near its first row instead of at the top of the file.
 *
 * <p>Built as a side effect of any scan that reads a file to its end. Offsets are positions in the
 * bytes the tokenizer reads (after decompression, byte-order mark and transcoding). Immutable.
 *
 * @param fingerprint the file version it describes
 * @param rowCount the number of data rows
 * @param stride rows between two indexed rows
 * @param offsets offset of row {@code 1 + k * stride} at index k
 */
public record RowIndex(FileFingerprint fingerprint, long rowCount, int stride, long[] offsets) {
  /** Rows between indexed positions: at 2,000,000 rows, 2,000 offsets (16 KB). */
  public static final int STRIDE = 1024;

  public RowIndex {
    offsets = offsets.clone();
  }

  /** The first row of the nearest indexed position at or before {@code row} (1-based). */
  public long indexedRowAtOrBefore(long row) {
    long k = Math.min((Math.max(row, 1) - 1) / stride, offsets.length - 1L);
    return k < 0 ? 1 : k * stride + 1;
  }

  /** The offset of {@link #indexedRowAtOrBefore(long)}. */
  public long offsetOf(long indexedRow) {
    return offsets.length == 0 ? 0 : offsets[(int) ((indexedRow - 1) / stride)];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowIndex r && r.fingerprint.equals(fingerprint) && r.rowCount == rowCount
        && r.stride == stride && Arrays.equals(r.offsets, offsets);
  }

  @Override
  public int hashCode() {
    return fingerprint.hashCode() * 31 + Long.hashCode(rowCount);
  }

  @Override
  public String toString() {
    return "RowIndex(" + rowCount + " rows, " + offsets.length + " offsets)";
  }

  /** Collects the offsets of a scan from the first row. Not thread-safe. */
  public static final class Builder {
    private long[] offsets = new long[64];
    private int size;

    /** Offers the offset of {@code row}; kept when the row starts a stride. */
    public void row(long row, long offset) {
      if ((row - 1) % STRIDE == 0) {
        if (size == offsets.length) {
          offsets = Arrays.copyOf(offsets, size * 2);
        }
        offsets[size++] = offset;
      }
    }

    public RowIndex build(FileFingerprint fingerprint, long rowCount) {
      return new RowIndex(fingerprint, rowCount, STRIDE, Arrays.copyOf(offsets, size));
    }
  }
}
