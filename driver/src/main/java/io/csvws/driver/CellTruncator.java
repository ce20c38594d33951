package io.csvws.driver;

import java.util.BitSet;

/**
 * Cuts text values longer than {@code maxCellChars} as they are delivered, and counts the cells it
 * cut (each cell once, however often it is read). The cut happens only at delivery, so it never
 * changes which rows match, how they group or sort, or what an aggregate returns.
 *
 * <p>A cut value keeps its first {@code max} characters (code points; a surrogate pair is never
 * split) and ends with {@code ...[+N chars]}, N being how many characters were cut. Not thread-safe.
 */
final class CellTruncator {
  private final int max;
  private final BitSet cutInRow = new BitSet();
  private long cutCells;

  /** @param max the most characters delivered per value; 0 delivers values whole */
  CellTruncator(int max) {
    this.max = max;
  }

  boolean active() {
    return max > 0;
  }

  int max() {
    return max;
  }

  /** The value as delivered; {@code column} (1-based) identifies the cell within the row. */
  String apply(String value, int column) {
    if (max <= 0 || value == null || value.length() <= max) {
      return value;
    }
    int end;
    try {
      end = value.offsetByCodePoints(0, max);
    } catch (IndexOutOfBoundsException fewerCodePoints) {
      return value;
    }
    if (end >= value.length()) {
      return value;
    }
    int cut = value.codePointCount(end, value.length());
    if (!cutInRow.get(column)) {
      cutInRow.set(column);
      cutCells++;
    }
    return value.substring(0, end) + marker(cut);
  }

  /** The end of a cut value: {@code ...[+N chars]}. */
  static String marker(int cut) {
    return "...[+" + cut + " chars]";
  }

  /** Starts counting the cells of a new row. */
  void nextRow() {
    cutInRow.clear();
  }

  /** Cells cut so far in this result. */
  long cutCells() {
    return cutCells;
  }
}
