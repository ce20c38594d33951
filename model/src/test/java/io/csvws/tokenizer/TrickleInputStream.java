package io.csvws.tokenizer;

import java.io.InputStream;
import java.util.Random;

/**
 * Hands out its bytes 1 to 7 at a time, in a seeded random pattern, so a reader meets a buffer
 * boundary at every position of its input across a few seeds.
 */
final class TrickleInputStream extends InputStream {
  private final byte[] data;
  private final Random random;
  private int pos;

  TrickleInputStream(byte[] data, long seed) {
    this.data = data;
    this.random = new Random(seed);
  }

  @Override
  public int read() {
    return pos < data.length ? data[pos++] & 0xff : -1;
  }

  @Override
  public int read(byte[] b, int off, int len) {
    if (len == 0) {
      return 0;
    }
    if (pos >= data.length) {
      return -1;
    }
    int n = Math.min(Math.min(len, 1 + random.nextInt(7)), data.length - pos);
    System.arraycopy(data, pos, b, off, n);
    pos += n;
    return n;
  }
}
