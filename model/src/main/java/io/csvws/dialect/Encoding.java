package io.csvws.dialect;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * How a file's bytes become text.
 *
 * @param charset the character set of the file
 * @param bomLength bytes of byte-order mark to skip at the start
 * @param confidence 1.0 when a BOM, an override or a fully valid UTF-8 sample decided it; lower for
 *     the single-byte fallback, which any byte sequence "fits"
 * @param decidedBy how it was decided, for metadata and messages
 */
public record Encoding(Charset charset, int bomLength, double confidence, String decidedBy) {
  /** Every ASCII character a delimiter, quote, line break or parsed value can be made of. */
  private static final String ASCII_PROBE =
      "\t\n\r !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`"
          + "abcdefghijklmnopqrstuvwxyz{|}~";
  private static final byte[] ASCII_PROBE_BYTES = ASCII_PROBE.getBytes(StandardCharsets.US_ASCII);

  /**
   * Whether the tokenizer can work on the file's own bytes: true for UTF-8 and for single-byte
   * charsets that store ASCII as ASCII (ISO-8859-*, windows-125*), where a delimiter or quote byte
   * is never part of another character. Other files (UTF-16, EBCDIC, Shift_JIS, whose second bytes
   * can be {@code |}) are transcoded to UTF-8 first.
   */
  public boolean asciiCompatible() {
    if (charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII)) {
      return true;
    }
    String name = charset.name();
    if (name.startsWith("UTF-16") || name.startsWith("UTF-32") || !charset.canEncode()) {
      return false;
    }
    return charset.newEncoder().maxBytesPerChar() == 1.0f
        && Arrays.equals(ASCII_PROBE.getBytes(charset), ASCII_PROBE_BYTES);
  }

  /** The charset of the bytes the tokenizer sees. */
  public Charset tokenizerCharset() {
    return asciiCompatible() ? charset : StandardCharsets.UTF_8;
  }
}
