package io.csvws.dialect;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

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

  /**
   * Whether the tokenizer can work on the file's own bytes: true for charsets that store ASCII as
   * single bytes; UTF-16 files are transcoded to UTF-8 first.
   */
  public boolean asciiCompatible() {
    return !charset.name().startsWith("UTF-16") && !charset.name().startsWith("UTF-32");
  }

  /** The charset of the bytes the tokenizer sees. */
  public Charset tokenizerCharset() {
    return asciiCompatible() ? charset : StandardCharsets.UTF_8;
  }
}
