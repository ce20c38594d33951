package io.csvws.scan;

import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.TableFile;

/**
 * What one scan of a table file reads, fixed when the query is planned: the file, the metadata the
 * plan was built on, the columns to produce, the columns a pushed-down condition reads, and the
 * rows the condition can accept.
 *
 * <p>A value: immutable, thread-safe, and it reaches nothing. A {@link FileScan} runs it with what
 * the engine lends (the settings, the metadata cache, the scan threads), and the row sources are
 * given those explicitly.
 */
public final class ScanPlan {
  private final TableFile file;
  private final TableMetadata metadata;
  private final int[] columns;
  private final int[] filterColumns;
  private final long firstRow;
  private final long lastRow;

  /**
   * @param columns the table column ordinals to produce, in output order; the ordinal equal to
   *     the number of columns is the row number
   * @param filterColumns the ordinals a pushed-down condition reads, in the order of the row the
   *     condition is given; empty without a condition
   * @param firstRow no row before this one (1-based) can pass the condition: the scan may start
   *     there, using the row index
   * @param lastRow no row after this one can pass the condition: the scan stops there
   */
  public ScanPlan(TableFile file, TableMetadata metadata, int[] columns, int[] filterColumns,
      long firstRow, long lastRow) {
    this.file = file;
    this.metadata = metadata;
    this.columns = columns.clone();
    this.filterColumns = filterColumns.clone();
    this.firstRow = firstRow;
    this.lastRow = lastRow;
  }

  /** The scan of every row of the same file that decodes no field, as a count reads it. */
  ScanPlan everyRowNoColumn() {
    return new ScanPlan(file, metadata, new int[0], new int[0], 1, Long.MAX_VALUE);
  }

  TableFile file() {
    return file;
  }

  TableMetadata metadata() {
    return metadata;
  }

  int[] columnsShared() {
    return columns;
  }

  int[] filterColumnsShared() {
    return filterColumns;
  }

  long firstRow() {
    return firstRow;
  }

  long lastRow() {
    return lastRow;
  }

  /** The ordinal that stands for the row number. */
  int rowOrdinal() {
    return metadata.columns().size();
  }

  /** Whether the scan produces or tests the row number, which only a read in order knows. */
  boolean readsRowNumber() {
    // Loops, not a stream: every scan asks, in a fresh JVM too.
    int r = rowOrdinal();
    for (int c : columns) {
      if (c == r) {
        return true;
      }
    }
    for (int c : filterColumns) {
      if (c == r) {
        return true;
      }
    }
    return false;
  }
}
