package io.csvws.planner;

import io.csvws.scan.FileScan;

/**
 * A table file as csvws's scan nodes see it: its columns, then the hidden row number, and a scan of
 * some of them. The schema's table ({@code io.csvws.schema.CsvwsTable}) is one; the nodes know it
 * only through this, so planning does not depend on the schema tree.
 */
public interface ScanSource {
  /** The ordinal of the row number {@code _row}: after the file's columns. */
  int rowOrdinal();

  /**
   * A scan of {@code columns} (ordinals, {@link #rowOrdinal()} for the row number), testing rows
   * with a condition over {@code filterColumns} when there is one, reading no row before
   * {@code firstRow} nor after {@code lastRow}.
   */
  FileScan scan(int[] columns, int[] filterColumns, long firstRow, long lastRow);
}
