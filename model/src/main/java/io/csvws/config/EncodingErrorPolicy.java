package io.csvws.config;

/** What a scan does with bytes that are not valid in the file's encoding. */
public enum EncodingErrorPolicy {
  /** Each invalid sequence reads as U+FFFD; the count of affected cells is reported as a warning. */
  REPLACE,
  /** The query fails with an error naming the file, row, column and byte offset. */
  FAIL
}
