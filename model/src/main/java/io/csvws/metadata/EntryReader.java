package io.csvws.metadata;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads what {@link java.io.DataOutputStream} wrote (big-endian numbers, length-prefixed UTF-8
 * strings) straight from an entry's bytes. A fresh JVM reads a 20,000-column table's entry while
 * its code is still interpreted: a read here is a few array loads, where a {@code
 * DataInputStream} over a {@code ByteArrayInputStream} makes several synchronized calls per
 * number and copies every string's bytes before decoding them. Runs past the end throw {@link
 * EOFException}. Not thread-safe.
 */
final class EntryReader {
  private final byte[] bytes;
  private final int end;
  private int pos;
  /** The bytes and value of the last string read for each of a few callers' slots. */
  private final int[] lastStart = new int[4];
  private final int[] lastLength = {-1, -1, -1, -1};
  private final String[] lastValue = new String[4];

  /** Reads {@code bytes[0..end)}. */
  EntryReader(byte[] bytes, int end) {
    this.bytes = bytes;
    this.end = end;
  }

  /** Bytes not read yet. */
  int available() {
    return end - pos;
  }

  private int take(int n) throws EOFException {
    if (end - pos < n) {
      throw new EOFException();
    }
    int at = pos;
    pos += n;
    return at;
  }

  int readUnsignedByte() throws EOFException {
    return bytes[take(1)] & 0xff;
  }

  boolean readBoolean() throws EOFException {
    return bytes[take(1)] != 0;
  }

  char readChar() throws EOFException {
    int at = take(2);
    return (char) (((bytes[at] & 0xff) << 8) | (bytes[at + 1] & 0xff));
  }

  int readInt() throws EOFException {
    int at = take(4);
    return ((bytes[at] & 0xff) << 24) | ((bytes[at + 1] & 0xff) << 16)
        | ((bytes[at + 2] & 0xff) << 8) | (bytes[at + 3] & 0xff);
  }

  long readLong() throws EOFException {
    return ((long) readInt() << 32) | (readInt() & 0xffffffffL);
  }

  /**
   * The next {@code n} longs, as {@link #readLong} reads them one by one, copied in one call: a
   * fresh JVM reads a 2-million-row file's row index (about 4,500 numbers) while this code is
   * still interpreted.
   */
  long[] readLongs(int n) throws EOFException {
    if (n < 0 || n > available() / Long.BYTES) {
      throw new EOFException();
    }
    int at = take(n * Long.BYTES);
    long[] out = new long[n];
    ByteBuffer.wrap(bytes, at, n * Long.BYTES).asLongBuffer().get(out);
    return out;
  }

  double readDouble() throws EOFException {
    return Double.longBitsToDouble(readLong());
  }

  /** The next {@code n} bytes as UTF-8. */
  String string(int n) throws IOException {
    if (n < 0) {
      throw new IOException("bad string length " + n);
    }
    int at = take(n);
    return new String(bytes, at, n, StandardCharsets.UTF_8);
  }

  /**
   * The next {@code n} bytes as UTF-8, the same String object as the last one read for {@code
   * slot} when its bytes are the same: the columns of a wide file mostly repeat their type's
   * strings, which then cost a comparison instead of a decoding and a copy each.
   */
  String repeatedString(int n, int slot) throws IOException {
    if (n < 0) {
      throw new IOException("bad string length " + n);
    }
    int at = take(n);
    if (n == lastLength[slot]
        && Arrays.equals(bytes, at, at + n, bytes, lastStart[slot], lastStart[slot] + n)) {
      return lastValue[slot];
    }
    String s = new String(bytes, at, n, StandardCharsets.UTF_8);
    lastStart[slot] = at;
    lastLength[slot] = n;
    lastValue[slot] = s;
    return s;
  }
}
