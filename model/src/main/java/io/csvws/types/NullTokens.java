package io.csvws.types;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Cell values that mean "no value" in typed columns, such as {@code NA} or {@code NULL}, matched
 * byte for byte against a field's content. Immutable.
 */
public final class NullTokens {
  /** No tokens: only empty cells are NULL. */
  public static final NullTokens NONE = new NullTokens(List.of());

  private final byte[][] tokens;
  /** Bit n set when a token is n bytes long (bit 63: 63 or more), to reject most cells at once. */
  private final long lengths;
  /** Bit b set when a token starts with byte b (one bit per possible byte, in four words). */
  private final long[] firstBytes = new long[4];

  private NullTokens(List<String> tokens) {
    // A loop, not a stream: every scan's first decoder makes one, in a fresh JVM too.
    this.tokens = new byte[tokens.size()][];
    for (int k = 0; k < this.tokens.length; k++) {
      this.tokens[k] = tokens.get(k).getBytes(StandardCharsets.UTF_8);
    }
    long l = 0;
    for (byte[] t : this.tokens) {
      l |= 1L << Math.min(t.length, 63);
      if (t.length > 0) {
        firstBytes[(t[0] & 0xFF) >>> 6] |= 1L << (t[0] & 63);
      }
    }
    this.lengths = l;
  }

  /** The given tokens (UTF-8; every supported charset reads ASCII tokens the same). */
  public static NullTokens of(List<String> tokens) {
    return tokens.isEmpty() ? NONE : new NullTokens(tokens);
  }

  /** Whether {@code b[s..e)} is one of the tokens. */
  public boolean matches(byte[] b, int s, int e) {
    if ((lengths & (1L << Math.min(e - s, 63))) == 0
        || (e > s && (firstBytes[(b[s] & 0xFF) >>> 6] & (1L << (b[s] & 63))) == 0)) {
      return false;
    }
    for (byte[] t : tokens) {
      if (t.length == e - s && (t.length == 0 || t[0] == b[s])
          && Arrays.equals(t, 0, t.length, b, s, e)) {
        return true;
      }
    }
    return false;
  }
}
