package io.csvws.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What the tokenizer reads of a file: decompressed, without its byte-order mark, and UTF-16 turned
 * into UTF-8, so delimiters and quotes are single bytes.
 */
class DecodedInputTest {
  @TempDir
  Path dir;

  private TableFile write(String name, byte[] bytes) throws IOException {
    Files.write(dir.resolve(name), bytes);
    return Workspace.open(dir).table(List.of(), name, "t");
  }

  private static byte[] gzip(byte[] bytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    }
    return out.toByteArray();
  }

  private static byte[] withBom(byte[] bom, String text, Charset cs) {
    byte[] t = text.getBytes(cs);
    byte[] out = new byte[bom.length + t.length];
    System.arraycopy(bom, 0, out, 0, bom.length);
    System.arraycopy(t, 0, out, bom.length, t.length);
    return out;
  }

  /** Sniffs the file's head as the inspector does, then reads it all. */
  private static byte[] decoded(TableFile file, Optional<Charset> override) throws IOException {
    byte[] head;
    try (InputStream in = DecodedInput.openRaw(file)) {
      head = in.readAllBytes();
    }
    Encoding e = EncodingSniffer.sniff(head, head.length, true, override);
    try (InputStream in = DecodedInput.open(file, e)) {
      return in.readAllBytes();
    }
  }

  /** Text with every kind of character UTF-16 has: ASCII, BMP, surrogate pairs, long enough to
   * cross the transcoder's buffers many times. */
  private static String mixedText(long seed, int records) {
    Random r = new Random(seed);
    String[] atoms = {"a", ",", "\"", "\n", "\r\n", "é", "日本", "😀", "𝄞", "€", " "};
    StringBuilder s = new StringBuilder("id,text\n");
    for (int i = 0; i < records; i++) {
      s.append(i).append(",\"");
      int n = r.nextInt(40);
      for (int k = 0; k < n; k++) {
        String a = atoms[r.nextInt(atoms.length)];
        s.append(a.equals("\"") ? "\"\"" : a);
      }
      s.append("\"\n");
    }
    return s.toString();
  }

  @Test
  void gzipIsDecompressed() throws IOException {
    String text = mixedText(1, 20_000);
    TableFile file = write("big.csv.gz", gzip(text.getBytes(StandardCharsets.UTF_8)));

    assertThat(file.gzip()).isTrue();
    assertThat(decoded(file, Optional.empty())).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void gzipWithAUtf8ByteOrderMarkLosesTheMark() throws IOException {
    TableFile file = write("bom.tsv.gz", gzip(withBom(new byte[] {(byte) 0xEF, (byte) 0xBB,
        (byte) 0xBF}, "id\tname\n1\tx\n", StandardCharsets.UTF_8)));

    assertThat(new String(decoded(file, Optional.empty()), StandardCharsets.UTF_8))
        .isEqualTo("id\tname\n1\tx\n");
  }

  @Test
  void notReallyGzipFailsToOpen() throws IOException {
    TableFile file = write("fake.csv.gz", "a,b\n".getBytes(StandardCharsets.US_ASCII));

    assertThatThrownBy(() -> DecodedInput.openRaw(file)).isInstanceOf(IOException.class);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"UTF-16LE", "UTF-16BE"})
  void utf16WithBomBecomesUtf8(String charset) throws IOException {
    Charset cs = Charset.forName(charset);
    byte[] bom = cs == StandardCharsets.UTF_16LE ? new byte[] {(byte) 0xFF, (byte) 0xFE}
        : new byte[] {(byte) 0xFE, (byte) 0xFF};
    String text = mixedText(2, 20_000);
    TableFile file = write("wide.csv", withBom(bom, text, cs));

    assertThat(decoded(file, Optional.empty())).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void utf16GzipBecomesUtf8() throws IOException {
    String text = mixedText(3, 5_000);
    TableFile file = write("wide.csv.gz", gzip(withBom(new byte[] {(byte) 0xFF, (byte) 0xFE},
        text, StandardCharsets.UTF_16LE)));

    assertThat(decoded(file, Optional.empty())).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code charset=UTF-16} names no byte order: the BOM must give it, not a big-endian default. */
  @Test
  void charsetUtf16OnALittleEndianFileReadsTheText() throws IOException {
    String text = "id,name\n1,Zoë 😀\n";
    TableFile file = write("le.csv", withBom(new byte[] {(byte) 0xFF, (byte) 0xFE}, text,
        StandardCharsets.UTF_16LE));

    assertThat(new String(decoded(file, Optional.of(StandardCharsets.UTF_16)),
        StandardCharsets.UTF_8)).isEqualTo(text);
  }

  @Test
  void malformedUtf16IsReplacedNotDropped() throws IOException {
    // A lone low surrogate, then an odd trailing byte.
    byte[] bytes = {(byte) 0xFF, (byte) 0xFE, 'a', 0, 0x00, (byte) 0xDC, 'b', 0, 'c'};
    TableFile file = write("bad.csv", bytes);

    assertThat(new String(decoded(file, Optional.empty()), StandardCharsets.UTF_8))
        .isEqualTo("a\uFFFDb\uFFFD");
  }

  @Test
  void singleByteReadsGiveTheSameBytes() throws IOException {
    String text = mixedText(4, 300);
    TableFile file = write("wide.csv", withBom(new byte[] {(byte) 0xFE, (byte) 0xFF}, text,
        StandardCharsets.UTF_16BE));
    Encoding e = new Encoding(StandardCharsets.UTF_16BE, 2, 1.0, "test");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (InputStream in = DecodedInput.open(file, e)) {
      for (int b = in.read(); b >= 0; b = in.read()) {
        out.write(b);
      }
    }

    assertThat(out.toByteArray()).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] readAt(TableFile file, Encoding e, long offset, FileBytesRead count)
      throws IOException {
    try (InputStream in = DecodedInput.openAt(file, e, offset, count)) {
      return in.readAllBytes();
    }
  }

  private static byte[] from(byte[] b, int offset) {
    return java.util.Arrays.copyOfRange(b, offset, b.length);
  }

  private static final Encoding UTF8_BOM = new Encoding(StandardCharsets.UTF_8, 3, 1.0, "test");

  /**
   * A plain file is positioned past its mark and the offset; the bytes counted are the whole
   * file's once it is read to the end, those passed over included.
   */
  @ParameterizedTest(name = "offset {0}")
  @ValueSource(ints = {0, 1, 7, 16})
  void openAtAPlainFileStartsAtTheOffsetAfterTheMark(int offset) throws IOException {
    byte[] text = "id,name\n1,é\n2,b\n".getBytes(StandardCharsets.UTF_8);
    byte[] bytes = withBom(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
        "id,name\n1,é\n2,b\n", StandardCharsets.UTF_8);
    TableFile file = write("plain.csv", bytes);
    FileBytesRead count = new FileBytesRead();

    assertThat(readAt(file, UTF8_BOM, offset, count)).isEqualTo(from(text, offset));
    assertThat(count.bytes()).isEqualTo(bytes.length);
    assertThat(readAt(file, UTF8_BOM, offset, null)).isEqualTo(from(text, offset));
    try (InputStream in = DecodedInput.openAt(file, UTF8_BOM, offset)) {
      assertThat(in.readAllBytes()).isEqualTo(from(text, offset));
    }
  }

  @ParameterizedTest(name = "offset {0}")
  @ValueSource(ints = {0, 1, 5000, 70_000})
  void openAtAGzipFileSkipsTheDecompressedBytes(int offset) throws IOException {
    byte[] text = mixedText(5, 4_000).getBytes(StandardCharsets.UTF_8);
    byte[] gz = gzip(withBom(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
        new String(text, StandardCharsets.UTF_8), StandardCharsets.UTF_8));
    TableFile file = write("t.csv.gz", gz);
    FileBytesRead count = new FileBytesRead();

    assertThat(readAt(file, UTF8_BOM, offset, count)).isEqualTo(from(text, offset));
    assertThat(count.bytes()).as("compressed bytes read").isEqualTo(gz.length);
    assertThat(readAt(file, UTF8_BOM, offset, null)).isEqualTo(from(text, offset));
  }

  /** A UTF-16 file's offsets are of its UTF-8 transcoding, which the tokenizer reads. */
  @ParameterizedTest(name = "offset {0}")
  @ValueSource(ints = {0, 3, 10_000})
  void openAtATranscodedFileCountsUtf8Bytes(int offset) throws IOException {
    String text = mixedText(6, 2_000);
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
    byte[] bytes = withBom(new byte[] {(byte) 0xFF, (byte) 0xFE}, text, StandardCharsets.UTF_16LE);
    TableFile file = write("w.csv", bytes);
    Encoding e = new Encoding(StandardCharsets.UTF_16LE, 2, 1.0, "test");
    FileBytesRead count = new FileBytesRead();

    assertThat(readAt(file, e, offset, count)).isEqualTo(from(utf8, offset));
    assertThat(count.bytes()).isEqualTo(bytes.length);
  }

  @Test
  void openAtPastTheEndOfAPlainFileReadsNothing() throws IOException {
    TableFile file = write("short.csv", "a,b\n".getBytes(StandardCharsets.US_ASCII));
    Encoding e = new Encoding(StandardCharsets.UTF_8, 0, 1.0, "test");

    assertThat(readAt(file, e, 100, null)).isEmpty();
  }

  @Test
  void openAtPastTheEndOfADecompressedFileFails() throws IOException {
    TableFile file = write("short.csv.gz", gzip("a,b\n".getBytes(StandardCharsets.US_ASCII)));
    Encoding e = new Encoding(StandardCharsets.UTF_8, 0, 1.0, "test");

    assertThatThrownBy(() -> readAt(file, e, 100, null)).isInstanceOf(java.io.EOFException.class);
  }

  @Test
  void aMarkLongerThanTheFileFailsToOpen() throws IOException {
    TableFile file = write("tiny.csv", new byte[] {(byte) 0xEF});

    assertThatThrownBy(() -> DecodedInput.open(file, UTF8_BOM))
        .isInstanceOf(java.io.EOFException.class);
  }

  /** Bytes read one at a time and skipped are counted as well as those read in blocks. */
  @Test
  void singleByteReadsAndSkipsAreCounted() throws IOException {
    byte[] bytes = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    TableFile file = write("count.csv", bytes);
    Encoding e = new Encoding(StandardCharsets.UTF_8, 0, 1.0, "test");
    FileBytesRead count = new FileBytesRead();
    try (InputStream in = DecodedInput.openAt(file, e, 2, count)) {
      assertThat(count.bytes()).isEqualTo(2);
      assertThat(in.read()).isEqualTo('2');
      assertThat(count.bytes()).isEqualTo(3);
      assertThat(in.skip(4)).isEqualTo(4);
      assertThat(count.bytes()).isEqualTo(7);
      assertThat(in.read()).isEqualTo('7');
      assertThat(in.readAllBytes()).hasSize(8);
      assertThat(in.read()).isEqualTo(-1);
      assertThat(in.skip(3)).isZero();
      assertThat(in.read(new byte[4], 0, 4)).isEqualTo(-1);
    }
    assertThat(count.bytes()).isEqualTo(bytes.length);
  }
}
