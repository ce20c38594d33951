package io.csvws.types;

import java.nio.charset.StandardCharsets;

/** Runs a byte parser on text placed in the middle of a larger buffer, as the scan does. */
final class Parse {
  /** A byte parser of {@link ValueParsers}. */
  interface ByteParser {
    Object parse(byte[] b, int s, int e);
  }

  private Parse() {
  }

  /**
   * Parses {@code text} between bytes that would change the result if the parser read outside
   * its range.
   */
  static Object of(ByteParser parser, String text) {
    byte[] t = text.getBytes(StandardCharsets.UTF_8);
    byte[] b = new byte[t.length + 4];
    b[0] = '9';
    b[1] = '-';
    System.arraycopy(t, 0, b, 2, t.length);
    b[t.length + 2] = '9';
    b[t.length + 3] = 'e';
    return parser.parse(b, 2, 2 + t.length);
  }

  /**
   * Asserts a parse result in loops over many inputs, where building an AssertJ assertion for
   * each would cost more than the parsing under test.
   */
  static void check(Object actual, Object expected, String text) {
    if (!java.util.Objects.equals(actual, expected)) {
      org.assertj.core.api.Assertions.assertThat(actual).as(text).isEqualTo(expected);
    }
  }

  static boolean misfit(ByteParser parser, String text) {
    return of(parser, text) == ValueParsers.MISFIT;
  }
}
