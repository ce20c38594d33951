package io.csvws.bench;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A buffered writer of ASCII bytes with allocation-free number formatting, for generating large
 * files quickly. Not thread-safe.
 */
final class AsciiOut implements AutoCloseable {
  private final OutputStream out;
  private final byte[] buf;
  private int pos;
  private long written;

  AsciiOut(OutputStream out, int bufferSize) {
    this.out = out;
    this.buf = new byte[bufferSize];
  }

  /** Bytes written so far, buffered ones included. */
  long written() {
    return written + pos;
  }

  private void ensure(int n) throws IOException {
    if (pos + n > buf.length) {
      flushBuffer();
    }
  }

  private void flushBuffer() throws IOException {
    out.write(buf, 0, pos);
    written += pos;
    pos = 0;
  }

  AsciiOut put(byte b) throws IOException {
    ensure(1);
    buf[pos++] = b;
    return this;
  }

  AsciiOut put(char c) throws IOException {
    return put((byte) c);
  }

  AsciiOut put(byte[] bytes) throws IOException {
    return put(bytes, 0, bytes.length);
  }

  AsciiOut put(byte[] bytes, int off, int len) throws IOException {
    if (len > buf.length) {
      flushBuffer();
      out.write(bytes, off, len);
      written += len;
      return this;
    }
    ensure(len);
    System.arraycopy(bytes, off, buf, pos, len);
    pos += len;
    return this;
  }

  /** Writes an ASCII string (characters above 0x7f are not expected). */
  AsciiOut put(String s) throws IOException {
    int n = s.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      buf[pos++] = (byte) s.charAt(i);
    }
    return this;
  }

  /** Writes a non-negative or negative integer in decimal. */
  AsciiOut putLong(long v) throws IOException {
    ensure(20);
    if (v < 0) {
      buf[pos++] = '-';
      v = -v;
    }
    if (v < 10) {
      buf[pos++] = (byte) ('0' + v);
      return this;
    }
    int start = pos;
    while (v > 0) {
      buf[pos++] = (byte) ('0' + (v % 10));
      v /= 10;
    }
    for (int i = start, j = pos - 1; i < j; i++, j--) {
      byte t = buf[i];
      buf[i] = buf[j];
      buf[j] = t;
    }
    return this;
  }

  /** Writes {@code v} with exactly {@code width} digits, zero-padded ({@code v} must fit). */
  AsciiOut putPadded(long v, int width) throws IOException {
    ensure(width);
    for (int i = pos + width - 1; i >= pos; i--) {
      buf[i] = (byte) ('0' + (v % 10));
      v /= 10;
    }
    pos += width;
    return this;
  }

  /** Writes {@code units / 10^decimals} with exactly {@code decimals} digits after the point. */
  AsciiOut putFixed(long units, int decimals) throws IOException {
    long scale = 1;
    for (int i = 0; i < decimals; i++) {
      scale *= 10;
    }
    if (units < 0) {
      put('-');
      units = -units;
    }
    putLong(units / scale);
    put('.');
    return putPadded(units % scale, decimals);
  }

  @Override
  public void close() throws IOException {
    flushBuffer();
    out.close();
  }
}
