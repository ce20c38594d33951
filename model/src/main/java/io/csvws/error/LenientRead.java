package io.csvws.error;

/**
 * Something a scan read leniently instead of failing, as the connection's properties allow; each
 * kind is counted per query execution and reported to the client as a warning.
 */
public enum LenientRead {
  /** A value did not fit its column type and read as NULL ({@code onTypeError=null}). */
  TYPE_ERROR_NULLED("value%s did not fit the column type and read as NULL"),
  /** A record had more or fewer fields than the header ({@code onRaggedRow=pad}). */
  RAGGED_ROW("row%s had a different number of fields than the header: missing fields read as "
      + "NULL, extra fields were ignored"),
  /** A text cell had bytes invalid in the file's encoding ({@code onEncodingError=replace}). */
  INVALID_BYTES("cell%s had bytes that are invalid in the file's encoding, read as U+FFFD");

  private final String summary;

  LenientRead(String summary) {
    this.summary = summary;
  }

  /** "N values did not fit...": the count and what it counts. */
  public String summary(long count) {
    return count + " " + String.format(summary, count == 1 ? "" : "s");
  }
}
