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
}
