package io.csvws.config;

/** Whether spaces around fields (outside quotes) are part of their values. */
public enum TrimMode {
  /** Decided per file: trimmed when most fields after a delimiter start with a space. */
  AUTO,
  /** Spaces around fields are dropped. */
  ALWAYS,
  /** Spaces are data. */
  NEVER
}
