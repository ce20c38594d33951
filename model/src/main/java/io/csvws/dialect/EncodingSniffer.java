package io.csvws.dialect;

import io.csvws.tokenizer.Words;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Decides a file's encoding from its first bytes: a byte-order mark (UTF-8, UTF-16LE/BE,
 * UTF-32LE/BE), else UTF-8 when the sample is valid UTF-8, else windows-1252, which maps every byte to a character.
 * An explicit charset overrides all of that, though a matching BOM is still skipped.
 */
public final class EncodingSniffer {
  static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

  private EncodingSniffer() {
  }

  /**
   * @param head the first bytes of the file (after decompression)
   * @param length how many bytes of {@code head} are valid
   * @param complete whether {@code head} holds the whole file, so a sequence cut at the end is an error
   * @param override a charset the user gave, if any
   */
  public static Encoding sniff(byte[] head, int length, boolean complete,
      Optional<Charset> override) {
    Charset bomCharset = null;
    int bom = 0;
    if (length >= 4 && (head[0] & 0xff) == 0xFF && (head[1] & 0xff) == 0xFE && head[2] == 0
        && head[3] == 0) {
      // Checked before UTF-16LE, whose mark is the first half of this one.
      bomCharset = Charset.forName("UTF-32LE");
      bom = 4;
    } else if (length >= 4 && head[0] == 0 && head[1] == 0 && (head[2] & 0xff) == 0xFE
        && (head[3] & 0xff) == 0xFF) {
      bomCharset = Charset.forName("UTF-32BE");
      bom = 4;
    } else if (length >= 3 && (head[0] & 0xff) == 0xEF && (head[1] & 0xff) == 0xBB
        && (head[2] & 0xff) == 0xBF) {
      bomCharset = StandardCharsets.UTF_8;
      bom = 3;
    } else if (length >= 2 && (head[0] & 0xff) == 0xFF && (head[1] & 0xff) == 0xFE) {
      bomCharset = StandardCharsets.UTF_16LE;
      bom = 2;
    } else if (length >= 2 && (head[0] & 0xff) == 0xFE && (head[1] & 0xff) == 0xFF) {
      bomCharset = StandardCharsets.UTF_16BE;
      bom = 2;
    }
    if (override.isPresent()) {
      Charset c = override.get();
      if (bomCharset != null && sameFamily(bomCharset, c)) {
        // Plain "UTF-16" names no byte order; once the mark is skipped its decoder would assume
        // big-endian, so the mark's own byte order is used.
        Charset read = c.equals(StandardCharsets.UTF_16) || c.name().equals("UTF-32")
            ? bomCharset : c;
        return new Encoding(read, bom, 1.0, "charset=" + c.name()
            + (read.equals(c) ? "" : ", byte order from the byte-order mark"));
      }
      return new Encoding(c, 0, 1.0, "charset=" + c.name());
    }
    if (bomCharset != null) {
      return new Encoding(bomCharset, bom, 1.0, "byte-order mark");
    }
    int invalidAt = firstInvalidUtf8(head, length, complete);
    if (invalidAt < 0) {
      return new Encoding(StandardCharsets.UTF_8, 0, 1.0, "sample is valid UTF-8");
    }
    return new Encoding(WINDOWS_1252, 0, 0.5,
        "sample is not valid UTF-8 (byte offset " + invalidAt + "); single-byte fallback");
  }

  private static boolean sameFamily(Charset bom, Charset given) {
    return given.name().startsWith(bom.name().substring(0, Math.min(6, bom.name().length())));
  }

  /**
   * Offset of the first byte that breaks UTF-8, or -1 if the sample is valid. A sequence cut by
   * the end of an incomplete sample is not counted against it.
   */
  static int firstInvalidUtf8(byte[] b, int length, boolean complete) {
    int i = 0;
    while (i < length) {
      int c = b[i] & 0xff;
      if (c < 0x80) {
        i++;
        while (i + 8 <= length && (Words.at(b, i) & Words.HIGH_BITS) == 0) {
          i += 8;
        }
        continue;
      }
      int n;
      int min;
      if (c >= 0xC2 && c <= 0xDF) {
        n = 1;
        min = 0x80;
      } else if (c >= 0xE0 && c <= 0xEF) {
        n = 2;
        min = 0x800;
      } else if (c >= 0xF0 && c <= 0xF4) {
        n = 3;
        min = 0x10000;
      } else {
        return i;
      }
      int cp = c & (0x3F >> n);
      for (int k = 1; k <= n; k++) {
        if (i + k >= length) {
          return complete ? i : -1;
        }
        int cc = b[i + k] & 0xff;
        if ((cc & 0xC0) != 0x80) {
          return i;
        }
        cp = (cp << 6) | (cc & 0x3F);
      }
      if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        return i;
      }
      i += n + 1;
    }
    return -1;
  }
}
