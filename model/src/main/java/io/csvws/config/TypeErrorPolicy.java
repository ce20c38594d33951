package io.csvws.config;

/** What a scan does with a value that does not fit its column's type. */
public enum TypeErrorPolicy {
  /** The query fails with an error naming the file, row, column and value. */
  FAIL,
  /** The value reads as NULL; the count of such cells is reported as a warning. */
  NULL
}
