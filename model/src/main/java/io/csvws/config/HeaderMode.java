package io.csvws.config;

/** Whether the first record of a file names its columns. */
public enum HeaderMode {
  /** Decided per file from a sample: a first row whose values do not fit the types below it is a header. */
  AUTO,
  /** The first record is a header. */
  PRESENT,
  /** There is no header; columns are named {@code column_1}, {@code column_2}, ... */
  ABSENT
}
