package io.csvws.gateway;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * The screenshots the browser tests save, and how they reach the docs.
 *
 * <p>Every view is written to {@code target/web-screenshots/NAME.png} with a PNG text chunk
 * {@code csvws-view} that names the view and the test that made it. With
 * {@code -Dcsvws.refreshScreenshots=true} the same file is also written to
 * {@code docs/images/web/NAME.png}; without it the docs are never touched, so an ordinary build
 * leaves the work tree clean (PNG bytes differ from run to run). {@code WebDocsScreenshotsTest}
 * checks that docs/web.md shows every view the tests make and nothing else, each image carrying
 * the chunk of its view.
 */
final class Screenshots {
  static final Path TARGET = Path.of("target", "web-screenshots");
  /** The docs' copy, relative to the gateway module (the tests' working directory). */
  static final Path DOCS = Path.of("..", "docs", "images", "web");
  static final String KEYWORD = "csvws-view";
  private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

  /** The width and height of a PNG and its csvws-view text (null when absent). */
  record Info(int width, int height, String view) {
  }

  private Screenshots() {
  }

  /** Whether this run refreshes the docs' screenshots. */
  static boolean refreshing() {
    return Boolean.getBoolean("csvws.refreshScreenshots");
  }

  /**
   * Saves {@code png} as view {@code name}, tagged with the view and {@code madeBy} (the test),
   * under target/ and, when refreshing, under docs/images/web/.
   */
  static Path save(String name, byte[] png, String madeBy) throws IOException {
    if (!name.matches("[a-z0-9-]+")) {
      throw new IllegalArgumentException("A view name is lower-case letters, digits and '-': "
          + name);
    }
    byte[] tagged = tag(png, name + "; made by " + madeBy);
    Files.createDirectories(TARGET);
    Path out = TARGET.resolve(name + ".png");
    Files.write(out, tagged);
    if (refreshing()) {
      Files.createDirectories(DOCS);
      Files.write(DOCS.resolve(name + ".png"), tagged);
    }
    return out;
  }

  /** The first test method on the stack, as Class.method: who made a screenshot. */
  static String caller() {
    for (StackTraceElement e : new Throwable().getStackTrace()) {
      String c = e.getClassName();
      if (c.startsWith("io.csvws.gateway.") && c.endsWith("Test")) {
        return c.substring("io.csvws.gateway.".length()) + "." + e.getMethodName();
      }
    }
    return "a test";
  }

  /** {@code png} with a tEXt chunk {@code csvws-view} = {@code text} right after its header. */
  static byte[] tag(byte[] png, String text) throws IOException {
    check(png);
    int ihdrEnd = 8 + 4 + 4 + 13 + 4;
    ByteArrayOutputStream data = new ByteArrayOutputStream();
    data.write(KEYWORD.getBytes(StandardCharsets.ISO_8859_1));
    data.write(0);
    data.write(text.getBytes(StandardCharsets.ISO_8859_1));
    byte[] body = data.toByteArray();
    ByteArrayOutputStream out = new ByteArrayOutputStream(png.length + body.length + 12);
    out.write(png, 0, ihdrEnd);
    DataOutputStream chunk = new DataOutputStream(out);
    chunk.writeInt(body.length);
    byte[] type = "tEXt".getBytes(StandardCharsets.ISO_8859_1);
    chunk.write(type);
    chunk.write(body);
    CRC32 crc = new CRC32();
    crc.update(type);
    crc.update(body);
    chunk.writeInt((int) crc.getValue());
    out.write(png, ihdrEnd, png.length - ihdrEnd);
    return out.toByteArray();
  }

  /** The size of a PNG and its csvws-view text, reading its chunks. */
  static Info read(byte[] png) throws IOException {
    check(png);
    ByteBuffer b = ByteBuffer.wrap(png);
    int width = b.getInt(16);
    int height = b.getInt(20);
    String view = null;
    int at = 8;
    while (at + 8 <= png.length) {
      int length = b.getInt(at);
      String type = new String(png, at + 4, 4, StandardCharsets.ISO_8859_1);
      if (type.equals("tEXt")) {
        String text = new String(png, at + 8, length, StandardCharsets.ISO_8859_1);
        int zero = text.indexOf('\0');
        if (zero > 0 && text.substring(0, zero).equals(KEYWORD)) {
          view = text.substring(zero + 1);
        }
      }
      if (type.equals("IEND")) {
        break;
      }
      at += 12 + length;
    }
    return new Info(width, height, view);
  }

  private static void check(byte[] png) throws IOException {
    if (png.length < 33 || !Arrays.equals(Arrays.copyOf(png, 8), SIGNATURE)
        || !new String(png, 12, 4, StandardCharsets.ISO_8859_1).equals("IHDR")) {
      throw new IOException("not a PNG (no PNG signature and IHDR chunk)");
    }
  }
}
