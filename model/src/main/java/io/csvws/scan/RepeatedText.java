package io.csvws.scan;

import io.csvws.tokenizer.FieldText;
import java.nio.charset.Charset;
import java.util.Arrays;

/**
 * Decodes the short values of one text column, giving the same {@code String} for the same bytes
 * while the column keeps repeating itself.
 *
 * <p>A column of few distinct values (a status, a country code) then costs one string per value
 * instead of one per row, and what receives the rows, such as a grouping, compares and hashes one
 * instance instead of a new copy each time. Values are remembered in a small table indexed by a
 * hash of their bytes; a column whose values rarely repeat (names, e-mail addresses) is noticed
 * after a few hundred values and decoded plainly from then on. Not thread-safe: one per column
 * decoder.
 */
final class RepeatedText {
  /** Longer values are rarely repeated and are decoded plainly. */
  static final int MAX_BYTES = 32;
  private static final int SLOTS = 64;
  /** Values looked up between checks that reuse pays: at least half of them found. */
  private static final int CHECK_EVERY = 256;

  private final Charset charset;
  private final byte[][] bytes = new byte[SLOTS][];
  private final String[] text = new String[SLOTS];
  private int lookups;
  private int found;
  private boolean reusing = true;

  RepeatedText(Charset charset) {
    this.charset = charset;
  }

  /** The text of {@code f}, which is 1 to {@link #MAX_BYTES} bytes long. */
  String decode(FieldText f) {
    if (!reusing) {
      return f.decode(charset);
    }
    byte[] b = f.bytes();
    int from = f.from();
    int to = f.to();
    int n = to - from;
    int slot = (n * 31 + b[from] * 7 + b[to - 1] * 131 + b[from + (n >> 1)]) & (SLOTS - 1);
    byte[] seen = bytes[slot];
    lookups++;
    if (seen != null && same(seen, b, from, n)) {
      found++;
      return text[slot];
    }
    if (lookups % CHECK_EVERY == 0 && found < lookups / 2) {
      reusing = false;
    }
    String s = f.decode(charset);
    bytes[slot] = Arrays.copyOfRange(b, from, to);
    text[slot] = s;
    return s;
  }

  /**
   * Whether {@code seen} holds the bytes {@code b[from..from+n)}. A plain loop: for values this
   * short it beats the vectorized comparison of {@link Arrays#equals}, whose setup costs more than
   * comparing a few bytes.
   */
  private static boolean same(byte[] seen, byte[] b, int from, int n) {
    if (seen.length != n) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (seen[i] != b[from + i]) {
        return false;
      }
    }
    return true;
  }

  /** Whether values are still looked up (false once the column proved not to repeat). */
  boolean reusing() {
    return reusing;
  }
}
