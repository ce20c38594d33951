package io.csvws.metadata;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;

/**
 * What a stored entry checks about a file besides its size, modification time and inode, so that
 * a file rewritten in place with the same size and the same modification time (a file system that
 * keeps whole seconds, or a writer that sets the time back) is still seen as changed: the
 * inode-change time where the system keeps one (writing a file changes it, and no program can set
 * it back), and a hash of the first and last {@value #SPAN} bytes.
 *
 * @param changedNanos the inode-change time in nanoseconds, or {@link Long#MIN_VALUE} where the
 *     file system has none
 * @param edgesHash CRC-32C of the first and last {@value #SPAN} bytes (the whole file when shorter)
 */
record ContentCheck(long changedNanos, long edgesHash) {
  /** Bytes hashed at each end: a page or two, read in well under a millisecond. */
  static final int SPAN = 4096;

  // Written out: a record's own equals and hashCode are linked through method handles at their
  // first call, milliseconds of every fresh JVM that finds a file in the cache folder.
  @Override
  public boolean equals(Object o) {
    return o instanceof ContentCheck c && changedNanos == c.changedNanos
        && edgesHash == c.edgesHash;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(changedNanos) * 31 + Long.hashCode(edgesHash);
  }

  /** Reads the check of {@code path}, whose size is {@code size}. */
  static ContentCheck of(Path path, long size) throws IOException {
    long changed = Long.MIN_VALUE;
    try {
      Object ctime = Files.getAttribute(path, "unix:ctime", LinkOption.NOFOLLOW_LINKS);
      if (ctime instanceof FileTime t) {
        changed = t.to(TimeUnit.NANOSECONDS);
      }
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      // No unix view (Windows): the size, times and edges decide.
    }
    CRC32C crc = new CRC32C();
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
      ByteBuffer b = ByteBuffer.allocate((int) Math.min(size, 2L * SPAN));
      if (size <= 2L * SPAN) {
        readFully(ch, b, 0);
      } else {
        b.limit(SPAN);
        readFully(ch, b, 0);
        b.limit(2 * SPAN);
        readFully(ch, b, size - SPAN);
      }
      b.flip();
      crc.update(b);
    }
    return new ContentCheck(changed, crc.getValue() ^ (size << 32));
  }

  private static void readFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
    long at = position;
    while (b.hasRemaining()) {
      int n = ch.read(b, at);
      if (n < 0) {
        // Shorter than its size said: changed while read, so the check will not match.
        return;
      }
      at += n;
    }
  }
}
