package io.csvws.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.ZipException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Gzip members built byte by byte, with every optional header field RFC 1952 allows, so each
 * header flag, the trailer checks and the offsets named in messages are read as the format says.
 */
class StrictGzipInputTest {
  private static final int FTEXT = 1;
  private static final int FHCRC = 2;
  private static final int FEXTRA = 4;
  private static final int FNAME = 8;
  private static final int FCOMMENT = 16;

  /** One gzip member of {@code data} with the header fields {@code flags} asks for. */
  private static byte[] member(byte[] data, int flags) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0x1f);
    out.write(0x8b);
    out.write(8);
    out.write(flags);
    out.writeBytes(new byte[] {1, 2, 3, 4, 0, 3});
    if ((flags & FEXTRA) != 0) {
      // A subfield of 300 bytes, so the length's high byte matters.
      byte[] extra = new byte[300];
      Arrays.fill(extra, (byte) 'x');
      out.write(extra.length & 0xff);
      out.write(extra.length >>> 8);
      out.writeBytes(extra);
    }
    if ((flags & FNAME) != 0) {
      out.writeBytes("data.csv".getBytes(StandardCharsets.ISO_8859_1));
      out.write(0);
    }
    if ((flags & FCOMMENT) != 0) {
      out.writeBytes("made by hand for a test".getBytes(StandardCharsets.ISO_8859_1));
      out.write(0);
    }
    if ((flags & FHCRC) != 0) {
      out.write(0xab);
      out.write(0xcd);
    }
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    deflater.setInput(data);
    deflater.finish();
    byte[] chunk = new byte[4096];
    while (!deflater.finished()) {
      out.write(chunk, 0, deflater.deflate(chunk));
    }
    deflater.end();
    CRC32 crc = new CRC32();
    crc.update(data);
    writeInt(out, crc.getValue());
    writeInt(out, data.length);
    return out.toByteArray();
  }

  private static void writeInt(ByteArrayOutputStream out, long v) {
    for (int i = 0; i < 4; i++) {
      out.write((int) (v >>> (8 * i)) & 0xff);
    }
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static byte[] readAll(byte[] gz) throws IOException {
    try (InputStream in = new StrictGzipInput(new ByteArrayInputStream(gz), "t.csv.gz")) {
      return in.readAllBytes();
    }
  }

  private static byte[] text(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @ParameterizedTest(name = "flags {0}")
  @ValueSource(ints = {0, FTEXT, FHCRC, FEXTRA, FNAME, FCOMMENT,
      FTEXT | FHCRC | FEXTRA | FNAME | FCOMMENT})
  void everyOptionalHeaderFieldIsSkipped(int flags) throws IOException {
    byte[] data = text("id,name\n1,é\n2,b\n");

    assertThat(readAll(member(data, flags))).isEqualTo(data);
  }

  @Test
  void membersFollowingEachOtherAreOneStream() throws IOException {
    byte[] gz = concat(member(text("a,b\n"), FNAME), member(text("1,2\n"), FEXTRA | FHCRC),
        member(text(""), 0), member(text("3,4\n"), FCOMMENT));

    assertThat(new String(readAll(gz), StandardCharsets.UTF_8)).isEqualTo("a,b\n1,2\n3,4\n");
  }

  /**
   * The offset in the message is where the garbage starts: the length of the members before it,
   * header fields, deflate data and trailers included.
   */
  @ParameterizedTest(name = "flags {0}")
  @ValueSource(ints = {0, FEXTRA, FNAME, FCOMMENT, FHCRC, FHCRC | FEXTRA | FNAME | FCOMMENT})
  void bytesAfterTheLastMemberFailNamingTheirOffset(int flags) {
    byte[] first = member(text("a,b\n1,2\n"), flags);
    byte[] second = member(text("3,4\n"), flags);
    byte[] gz = concat(first, second, text("garbage"));

    assertThatThrownBy(() -> readAll(gz)).isInstanceOfSatisfying(CsvwsException.class, e -> {
      assertThat(e.code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
      assertThat(e.getMessage()).startsWith("t.csv.gz has bytes after the end of its gzip data "
          + "(at compressed byte " + (first.length + second.length) + ")");
    });
  }

  @Test
  void aSingleStrayByteAfterTheLastMemberFails() {
    byte[] gz = concat(member(text("a\n"), 0), new byte[] {0x1f});

    assertThatThrownBy(() -> readAll(gz)).isInstanceOf(CsvwsException.class)
        .hasMessageContaining("at compressed byte " + (gz.length - 1));
  }

  @Test
  void aLargeMemberSpanningManyBuffersIsReadWhole() throws IOException {
    byte[] data = new byte[1 << 20];
    new Random(7).nextBytes(data);
    byte[] gz = concat(member(data, FNAME), member(text("tail\n"), 0));

    byte[] read = readAll(gz);

    assertThat(read).hasSize(data.length + 5);
    assertThat(Arrays.copyOf(read, data.length)).isEqualTo(data);
  }

  @Test
  void byteByByteReadsGiveTheSameBytes() throws IOException {
    byte[] data = text("x,y\n\"q\",1\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (InputStream in = new StrictGzipInput(
        new ByteArrayInputStream(concat(member(data, 0), member(data, 0))), "t.csv.gz")) {
      assertThat(in.read(new byte[4], 0, 0)).isZero();
      for (int b = in.read(); b >= 0; b = in.read()) {
        out.write(b);
      }
      assertThat(in.read()).isEqualTo(-1);
      assertThat(in.read(new byte[4], 0, 4)).isEqualTo(-1);
    }

    assertThat(out.toByteArray()).isEqualTo(concat(data, data));
  }

  @Test
  void aWrongChecksumFails() {
    byte[] gz = member(text("a,b\n"), 0);
    gz[gz.length - 8] ^= 1;

    assertThatThrownBy(() -> readAll(gz)).isInstanceOf(ZipException.class)
        .hasMessageContaining("checksum mismatch");
  }

  @Test
  void aWrongLengthFails() {
    byte[] gz = member(text("a,b\n"), 0);
    gz[gz.length - 1] = 1;

    assertThatThrownBy(() -> readAll(gz)).isInstanceOf(ZipException.class)
        .hasMessageContaining("length mismatch");
  }

  @Test
  void aTruncatedTrailerFails() {
    byte[] gz = member(text("a,b\n"), 0);

    assertThatThrownBy(() -> readAll(Arrays.copyOf(gz, gz.length - 2)))
        .isInstanceOf(EOFException.class).hasMessageContaining("truncated");
  }

  @Test
  void truncatedDeflateDataFails() {
    byte[] data = new byte[5000];
    new Random(3).nextBytes(data);
    byte[] gz = member(data, 0);

    assertThatThrownBy(() -> readAll(Arrays.copyOf(gz, gz.length / 2)))
        .isInstanceOf(EOFException.class).hasMessageContaining("before its end");
  }

  /** Cut inside the optional field: after the 10 fixed bytes and {@code into} bytes of it. */
  @ParameterizedTest(name = "flags {0}, {1} bytes into the field")
  @CsvSource({"4, 3", "8, 1", "8, 8", "16, 1", "2, 1"})
  void aHeaderCutShortFails(int flags, int into) {
    byte[] gz = member(text("a"), flags);
    byte[] cut = Arrays.copyOf(gz, 10 + into);

    assertThatThrownBy(() -> readAll(cut)).isInstanceOf(EOFException.class)
        .hasMessageContaining("header ends early");
  }

  @Test
  void aHeaderCutInItsFixedPartFails() {
    byte[] gz = member(text("a"), 0);

    assertThatThrownBy(() -> readAll(Arrays.copyOf(gz, 7))).isInstanceOf(EOFException.class)
        .hasMessageContaining("header ends early");
  }

  @Test
  void anotherCompressionMethodIsRefused() {
    byte[] gz = member(text("a"), 0);
    gz[2] = 7;

    assertThatThrownBy(() -> readAll(gz)).isInstanceOf(ZipException.class)
        .hasMessageContaining("compression method");
  }

  @Test
  void aSecondMemberWithAnotherMethodIsRefused() {
    byte[] second = member(text("b"), 0);
    second[2] = 0;

    assertThatThrownBy(() -> readAll(concat(member(text("a"), 0), second)))
        .isInstanceOf(ZipException.class).hasMessageContaining("compression method");
  }

  @Test
  void corruptDeflateDataFails() {
    byte[] gz = member(text("a,b\n"), 0);
    // A deflate block of the reserved type 3.
    gz[10] = (byte) 0x07;

    assertThatThrownBy(() -> readAll(gz)).isInstanceOf(ZipException.class)
        .hasMessageContaining("invalid compressed data");
  }

  @ParameterizedTest(name = "[{index}]")
  @ValueSource(strings = {"", "\u001f", "\u001fx", "x\u008b", "plain text"})
  void whatDoesNotStartAsGzipIsRefused(String start) {
    byte[] bytes = start.getBytes(StandardCharsets.ISO_8859_1);

    assertThatThrownBy(() -> new StrictGzipInput(new ByteArrayInputStream(bytes), "t.csv.gz"))
        .isInstanceOf(ZipException.class).hasMessage("Not in GZIP format");
  }

  @Test
  void closingClosesTheFileStream() throws IOException {
    boolean[] closed = {false};
    InputStream file = new ByteArrayInputStream(member(text("a"), 0)) {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    new StrictGzipInput(file, "t.csv.gz").close();

    assertThat(closed[0]).isTrue();
  }

  /** Zero bytes after the last member (a padded copy) are no member either. */
  @Test
  void zeroBytesAfterTheLastMemberFail() {
    byte[] first = member(text("a,b\n"), 0);

    assertThatThrownBy(() -> readAll(concat(first, new byte[16])))
        .isInstanceOf(CsvwsException.class)
        .hasMessageContaining("(at compressed byte " + first.length + ")");
  }

  /** A file stream that sometimes hands out nothing is not at its end. */
  @Test
  void readsOfTheFileThatReturnNothingAreNotTheEnd() throws IOException {
    byte[] data = new byte[200_000];
    new Random(5).nextBytes(data);
    byte[] gz = concat(member(data, FNAME), member(text("end\n"), 0));
    InputStream sometimesNothing = new InputStream() {
      private int pos;
      private int calls;

      @Override
      public int read() {
        return pos < gz.length ? gz[pos++] & 0xff : -1;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (pos >= gz.length) {
          return -1;
        }
        if (calls++ % 2 == 0) {
          return 0;
        }
        int n = Math.min(Math.min(len, 1000), gz.length - pos);
        System.arraycopy(gz, pos, b, off, n);
        pos += n;
        return n;
      }
    };
    try (InputStream in = new StrictGzipInput(sometimesNothing, "t.csv.gz")) {
      assertThat(in.readAllBytes()).isEqualTo(concat(data, text("end\n")));
    }
  }
}
