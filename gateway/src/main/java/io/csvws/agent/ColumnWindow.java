package io.csvws.agent;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;

/**
 * Which columns of a wider set a response shows: {@code shown} of {@code total}, from
 * {@code offset} (0-based).
 */
record ColumnWindow(int offset, int shown, int total) {

  static ColumnWindow of(int total, long offset, int max) {
    if (offset > 0 && offset >= total) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "column_offset " + offset
          + " is past the last column: there are " + total + " columns. Use a column_offset "
          + "below " + total + ".");
    }
    int from = (int) offset;
    return new ColumnWindow(from, Math.min(max, total - from), total);
  }

  int end() {
    return offset + shown;
  }
}
