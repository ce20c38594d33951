package io.csvws.dialect;

import io.csvws.workspace.NoLinkOpen;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;

/**
 * Opens a table file as the bytes the tokenizer reads: decompressed, byte-order mark skipped, and
 * UTF-16 transcoded to UTF-8 (so delimiters and quotes are single bytes in every supported file).
 * Every open goes through {@link NoLinkOpen}: a link swapped in for the file is never followed.
 */
public final class DecodedInput {
  private DecodedInput() {
  }

  /** The file's bytes after decompression, from the first byte. */
  public static InputStream openRaw(TableFile file) throws IOException {
    return openRaw(file, null);
  }

  private static InputStream openRaw(TableFile file, FileBytesRead count) throws IOException {
    InputStream in = NoLinkOpen.stream(file.path(), file.relativePath());
    if (count != null) {
      in = count.counting(in);
    }
    if (file.gzip()) {
      try {
        return new StrictGzipInput(in, file.relativePath());
      } catch (IOException e) {
        in.close();
        throw e;
      }
    }
    return in;
  }

  /** The file's bytes as the tokenizer reads them, for {@code encoding}. */
  public static InputStream open(TableFile file, Encoding encoding) throws IOException {
    return open(file, encoding, null);
  }

  private static InputStream open(TableFile file, Encoding encoding, FileBytesRead count)
      throws IOException {
    InputStream in = openRaw(file, count);
    try {
      in.skipNBytes(encoding.bomLength());
    } catch (IOException e) {
      in.close();
      throw e;
    }
    return encoding.asciiCompatible() ? in : new Utf8Transcoder(
        new InputStreamReader(in, encoding.charset().newDecoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE)));
  }

  /**
   * The file's bytes as the tokenizer reads them, from {@code offset} of those bytes on. A plain
   * file is positioned directly; a compressed or transcoded one is read and discarded up to the
   * offset, which still spares the tokenizing.
   */
  public static InputStream openAt(TableFile file, Encoding encoding, long offset)
      throws IOException {
    return openAt(file, encoding, offset, null);
  }

  /**
   * As {@link #openAt(TableFile, Encoding, long)}, counting the bytes of the file read (and those
   * before {@code offset}, passed over) into {@code count} when it is not null.
   */
  public static InputStream openAt(TableFile file, Encoding encoding, long offset,
      FileBytesRead count) throws IOException {
    if (offset == 0) {
      return open(file, encoding, count);
    }
    if (!file.gzip() && encoding.asciiCompatible()) {
      SeekableByteChannel channel = NoLinkOpen.channel(file.path(), file.relativePath());
      try {
        channel.position(encoding.bomLength() + offset);
      } catch (IOException e) {
        channel.close();
        throw e;
      }
      InputStream in = Channels.newInputStream(channel);
      if (count == null) {
        return in;
      }
      count.skipped(encoding.bomLength() + offset);
      return count.counting(in);
    }
    InputStream in = open(file, encoding, count);
    try {
      in.skipNBytes(offset);
    } catch (IOException e) {
      in.close();
      throw e;
    }
    return in;
  }

  /** Re-encodes characters from a reader as UTF-8 bytes. */
  static final class Utf8Transcoder extends InputStream {
    private final Reader reader;
    private final CharsetEncoder encoder = StandardCharsets.UTF_8.newEncoder()
        .onMalformedInput(CodingErrorAction.REPLACE)
        .onUnmappableCharacter(CodingErrorAction.REPLACE);
    private final CharBuffer chars = CharBuffer.allocate(1 << 14);
    private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16);
    private boolean readerDone;

    Utf8Transcoder(Reader reader) {
      this.reader = reader;
      chars.flip();
      bytes.flip();
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      while (!bytes.hasRemaining()) {
        if (readerDone && !chars.hasRemaining()) {
          return -1;
        }
        if (!readerDone) {
          chars.compact();
          int n = reader.read(chars);
          chars.flip();
          if (n < 0) {
            readerDone = true;
          }
        }
        bytes.clear();
        CoderResult r = encoder.encode(chars, bytes, readerDone);
        if (readerDone && !chars.hasRemaining()) {
          encoder.flush(bytes);
        }
        bytes.flip();
        if (r.isError()) {
          r.throwException();
        }
      }
      int n = Math.min(len, bytes.remaining());
      bytes.get(b, off, n);
      return n;
    }

    @Override
    public void close() throws IOException {
      reader.close();
    }
  }
}
