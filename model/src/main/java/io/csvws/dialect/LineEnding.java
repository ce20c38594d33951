package io.csvws.dialect;

import io.csvws.tokenizer.Words;

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
    boolean hasQuote = quote >= 0;
    long quotes = hasQuote ? Words.repeated(quote) : 0;
    long lfs = Words.repeated('\n');
    long crs = Words.repeated('\r');
    int i = 0;
    while (i < length) {
      while (i + 8 <= length) {
        long w = Words.at(b, i);
        long stops = Words.zeroBytes(w ^ lfs) | Words.zeroBytes(w ^ crs)
            | (hasQuote ? Words.zeroBytes(w ^ quotes) : 0);
        if (stops != 0) {
          i += Words.firstByte(stops);
          break;
        }
        i += 8;
      }
      if (i >= length) {
        break;
      }
      byte c = b[i];
      // Bytes compare sign-extended, so without the check quote -1 (none) would match 0xFF.
      if (hasQuote && c == quote) {
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
      i++;
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
