package io.csvws.config;

/** What a scan does with a record whose field count differs from the header's. */
public enum RaggedRowPolicy {
  /**
   * Missing fields read as NULL and extra non-empty fields are ignored; the count of such rows is
   * reported as a warning.
   */
  PAD,
  /** The query fails with an error naming the file, row and field counts. */
  FAIL
}
