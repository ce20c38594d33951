package io.csvws.dialect;

/** The line breaks seen in a sample. The tokenizer accepts all three kinds in any file. */
public enum LineEnding {
  LF, CRLF, CR, MIXED,
  /** The sample holds a single line. */
  NONE;

  /** Counts the line breaks outside quoted fields of {@code b[0..length)}; quote -1 for none. */
  static LineEnding of(byte[] b, int length, int quote) {
    int lf = 0;
    int crlf = 0;
    int cr = 0;
    boolean quoted = false;
    for (int i = 0; i < length; i++) {
      byte c = b[i];
      // Bytes compare sign-extended, so without the check quote -1 (none) would match 0xFF.
      if (quote >= 0 && c == quote) {
        quoted = !quoted;
      } else if (!quoted && c == '\r') {
        if (i + 1 < length && b[i + 1] == '\n') {
          crlf++;
          i++;
        } else {
          cr++;
        }
      } else if (!quoted && c == '\n') {
        lf++;
      }
    }
    int kinds = (lf > 0 ? 1 : 0) + (crlf > 0 ? 1 : 0) + (cr > 0 ? 1 : 0);
    if (kinds == 0) {
      return NONE;
    }
    if (kinds > 1) {
      return MIXED;
    }
    return lf > 0 ? LF : crlf > 0 ? CRLF : CR;
  }
}
