package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an entry checks besides the fingerprint: the inode-change time, and a hash of the first
 * and last bytes with the size, so a file rewritten in place with the same size and time is seen.
 */
class ContentCheckTest {
  @TempDir
  Path dir;

  private static long crc(byte[] b, int from, int to) {
    CRC32C c = new CRC32C();
    c.update(b, from, to - from);
    return c.getValue();
  }

  @Test
  void checksAreEqualOnlyWithBothFieldsEqualAndHashApartWhenEitherDiffers() {
    ContentCheck c = new ContentCheck(1_700_000_000_123_456_789L, 0xCAFE_F00DL);
    ContentCheck same = new ContentCheck(1_700_000_000_123_456_789L, 0xCAFE_F00DL);

    assertThat(c).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo("a check");
    for (ContentCheck other : new ContentCheck[] {
        new ContentCheck(1_700_000_000_123_456_790L, 0xCAFE_F00DL),
        new ContentCheck(Long.MIN_VALUE, 0xCAFE_F00DL),
        new ContentCheck(1_700_000_000_123_456_789L, 0xCAFE_F00EL),
        new ContentCheck(1_700_000_000_123_456_789L, 0xCAFE_F00DL ^ (1L << 40))}) {
      assertThat(c).as("%s", other).isNotEqualTo(other);
      assertThat(c.hashCode()).as("%s", other).isNotEqualTo(other.hashCode());
    }
  }

  @Test
  void aSmallFileIsHashedWholeWithItsSize() throws IOException {
    byte[] bytes = "n\n1\n2\n".getBytes();
    Path p = Files.write(dir.resolve("a.csv"), bytes);

    ContentCheck check = ContentCheck.of(p, bytes.length);

    assertThat(check.edgesHash()).isEqualTo(crc(bytes, 0, bytes.length) ^ ((long) bytes.length << 32));
    Object ctime = Files.getAttribute(p, "unix:ctime", LinkOption.NOFOLLOW_LINKS);
    assumeThat(ctime).isInstanceOf(FileTime.class);
    assertThat(check.changedNanos()).isEqualTo(((FileTime) ctime).to(TimeUnit.NANOSECONDS));
  }

  @Test
  void aChangeAnywhereInASmallFileIsSeen() throws IOException {
    byte[] bytes = new byte[2 * ContentCheck.SPAN];
    Arrays.fill(bytes, (byte) 'a');
    Path p = Files.write(dir.resolve("a.csv"), bytes);
    ContentCheck before = ContentCheck.of(p, bytes.length);
    bytes[ContentCheck.SPAN] = 'b';
    Files.write(p, bytes);

    assertThat(ContentCheck.of(p, bytes.length).edgesHash()).isNotEqualTo(before.edgesHash());
    assertThat(ContentCheck.of(p, bytes.length).edgesHash())
        .isEqualTo(crc(bytes, 0, bytes.length) ^ ((long) bytes.length << 32));
  }

  /** A larger file: its first and last {@code SPAN} bytes, not its middle. */
  @Test
  void aLargerFileIsHashedAtItsEdges() throws IOException {
    byte[] bytes = new byte[2 * ContentCheck.SPAN + 1];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 31);
    }
    Path p = Files.write(dir.resolve("a.csv"), bytes);

    ContentCheck check = ContentCheck.of(p, bytes.length);

    CRC32C c = new CRC32C();
    c.update(bytes, 0, ContentCheck.SPAN);
    c.update(bytes, bytes.length - ContentCheck.SPAN, ContentCheck.SPAN);
    assertThat(check.edgesHash()).isEqualTo(c.getValue() ^ ((long) bytes.length << 32));
    bytes[ContentCheck.SPAN] ^= 1;
    Files.write(p, bytes);
    assertThat(ContentCheck.of(p, bytes.length).edgesHash()).as("the middle byte is not read")
        .isEqualTo(check.edgesHash());
  }

  /** A file shorter than its size said (cut while read): the check ends, and does not match. */
  @Test
  void aFileShorterThanItsSizeEndsTheRead() throws IOException {
    byte[] bytes = new byte[3 * ContentCheck.SPAN];
    Arrays.fill(bytes, (byte) 'x');
    Path p = Files.write(dir.resolve("a.csv"), bytes);
    ContentCheck whole = ContentCheck.of(p, bytes.length);
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      f.setLength(100);
    }

    assertThat(ContentCheck.of(p, bytes.length)).isNotEqualTo(whole);
    assertThat(ContentCheck.of(p, bytes.length).edgesHash()).as("the bytes that are there")
        .isEqualTo(crc(Arrays.copyOf(bytes, 100), 0, 100) ^ ((long) bytes.length << 32));
    assertThat(ContentCheck.of(p, 200).edgesHash()).isNotEqualTo(ContentCheck.of(p, 100)
        .edgesHash());
  }

  @Test
  void anEmptyFileHasACheckToo() throws IOException {
    Path p = Files.write(dir.resolve("a.csv"), new byte[0]);

    assertThat(ContentCheck.of(p, 0).edgesHash()).isEqualTo(crc(new byte[0], 0, 0));
  }

  /** Two builds differ in their stamp; one build's stamp does not change while it runs. */
  @Test
  void theCodeStampNamesWhereTheClassesCameFrom() throws IOException, URISyntaxException {
    Path source = Path.of(CodeStamp.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI());

    String stamp = CodeStamp.current();

    assertThat(CodeStamp.current()).isSameAs(stamp);
    if (Files.isDirectory(source)) {
      long newest;
      try (Stream<Path> s = Files.walk(source)) {
        newest = s.filter(f -> f.toString().endsWith(".class")).mapToLong(f -> {
          try {
            return Files.getLastModifiedTime(f).toMillis();
          } catch (IOException e) {
            throw new AssertionError(e);
          }
        }).max().orElseThrow();
      }
      assertThat(stamp).isEqualTo(source + "|classes|" + newest);
    } else {
      assertThat(stamp).isEqualTo(source + "|" + Files.size(source) + "|"
          + Files.getLastModifiedTime(source).toMillis());
    }
  }
}
