package io.csvws.dialect;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * How many bytes of a file a scan has read so far, counted as the file's stream is refilled (once
 * per buffer, never per row): what a scan's progress is measured in, the same unit as the file's
 * size also for a compressed or transcoded file. Read and written by the scan's own thread.
 */
public final class FileBytesRead {
  private long bytes;

  /** Bytes of the file read (or skipped over by positioning) so far. */
  public long bytes() {
    return bytes;
  }

  void skipped(long n) {
    bytes += n;
  }

  /** {@code in}, counting what is read from it into this. */
  InputStream counting(InputStream in) {
    return new FilterInputStream(in) {
      @Override
      public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
          bytes++;
        }
        return b;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
          bytes += n;
        }
        return n;
      }

      @Override
      public long skip(long n) throws IOException {
        long s = in.skip(n);
        if (s > 0) {
          bytes += s;
        }
        return s;
      }
    };
  }
}
