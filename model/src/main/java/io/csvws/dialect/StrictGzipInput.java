package io.csvws.dialect;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import java.util.zip.ZipException;

/**
 * The decompressed bytes of a gzip file (RFC 1952), one member after another, refusing what
 * {@link java.util.zip.GZIPInputStream} lets pass in silence: bytes after the last member that
 * are not another member (a truncated copy, a second file appended, garbage) end its stream as if
 * the file ended there, so rows would be lost without a word. Here they fail the read, naming the
 * file and the offset. Each member's CRC and length are checked.
 *
 * <p>Not thread-safe, like any stream.
 */
final class StrictGzipInput extends InputStream {
  private static final int BUFFER = 1 << 16;
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;

  private final PushbackInputStream in;
  private final String source;
  private final Inflater inflater = new Inflater(true);
  private final CRC32 crc = new CRC32();
  private final byte[] buf = new byte[BUFFER];
  private final byte[] single = new byte[1];
  private int filled;
  /** Compressed bytes consumed before the current member's deflate data, for messages. */
  private long offset;
  private long memberBytes;
  private boolean ended;

  /**
   * @param in the compressed bytes, from the first
   * @param source the file as the user knows it, for messages
   * @throws IOException if the stream does not start with a gzip header
   */
  StrictGzipInput(InputStream in, String source) throws IOException {
    this.in = new PushbackInputStream(in, BUFFER);
    this.source = source;
    if (!readHeader(true)) {
      throw new ZipException("Not in GZIP format");
    }
  }

  @Override
  public int read() throws IOException {
    int n = read(single, 0, 1);
    return n < 0 ? -1 : single[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    while (!ended) {
      int n;
      try {
        n = inflater.inflate(b, off, len);
      } catch (DataFormatException e) {
        throw new ZipException("invalid compressed data: " + e.getMessage());
      }
      if (n > 0) {
        crc.update(b, off, n);
        memberBytes += n;
        return n;
      }
      if (inflater.finished()) {
        endMember();
      } else if (inflater.needsDictionary()) {
        throw new ZipException("compressed data needs a preset dictionary");
      } else if (inflater.needsInput()) {
        filled = in.read(buf, 0, buf.length);
        if (filled < 0) {
          throw new EOFException("the gzip data ends before its end (the file is truncated)");
        }
        inflater.setInput(buf, 0, filled);
      }
    }
    return -1;
  }

  /** Checks the trailer of the member just inflated and starts the next one, if any. */
  private void endMember() throws IOException {
    int remaining = inflater.getRemaining();
    if (remaining > 0) {
      in.unread(buf, filled - remaining, remaining);
    }
    offset += inflater.getBytesRead();
    long expectedCrc = readInt();
    long expectedSize = readInt();
    offset += 8;
    if (expectedCrc != crc.getValue()) {
      throw new ZipException("corrupt gzip data: checksum mismatch");
    }
    if (expectedSize != (memberBytes & 0xffffffffL)) {
      throw new ZipException("corrupt gzip data: length mismatch");
    }
    inflater.reset();
    crc.reset();
    memberBytes = 0;
    if (!readHeader(false)) {
      ended = true;
    }
  }

  /**
   * Reads a member header; false at the end of the file after a member.
   *
   * @throws CsvwsException if bytes follow the last member that are not a member
   */
  private boolean readHeader(boolean first) throws IOException {
    int id1 = in.read();
    if (id1 < 0 && !first) {
      return false;
    }
    int id2 = in.read();
    if (id1 != 0x1f || id2 != 0x8b) {
      if (first) {
        return false;
      }
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, source + " has bytes after the end "
          + "of its gzip data (at compressed byte " + offset + ") that are not gzip: the file is "
          + "damaged or something was appended to it. Nothing past that point could be read; "
          + "recompress the file.");
    }
    if (in.read() != 8) {
      throw new ZipException("unsupported gzip compression method");
    }
    int flags = in.read();
    skip(6);
    offset += 10;
    if ((flags & FEXTRA) != 0) {
      int xlen = in.read() | in.read() << 8;
      skip(xlen);
      offset += 2 + xlen;
    }
    if ((flags & FNAME) != 0) {
      skipZeroTerminated();
    }
    if ((flags & FCOMMENT) != 0) {
      skipZeroTerminated();
    }
    if ((flags & FHCRC) != 0) {
      skip(2);
      offset += 2;
    }
    return true;
  }

  private long readInt() throws IOException {
    long v = 0;
    for (int i = 0; i < 4; i++) {
      int c = in.read();
      if (c < 0) {
        throw new EOFException("the gzip data ends before its end (the file is truncated)");
      }
      v |= (long) c << (8 * i);
    }
    return v;
  }

  private void skip(int n) throws IOException {
    for (int i = 0; i < n; i++) {
      if (in.read() < 0) {
        throw new EOFException("the gzip header ends early (the file is truncated)");
      }
    }
  }

  private void skipZeroTerminated() throws IOException {
    int c;
    do {
      c = in.read();
      offset++;
      if (c < 0) {
        throw new EOFException("the gzip header ends early (the file is truncated)");
      }
    } while (c != 0);
  }

  @Override
  public void close() throws IOException {
    inflater.end();
    in.close();
  }
}
