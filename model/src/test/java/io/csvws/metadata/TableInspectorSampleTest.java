package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.columns;
import static io.csvws.metadata.InspectorFixtures.put;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.TableFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files larger than the inspector's byte sample, compressed files and UTF-16 files: the sample is
 * what it says it is, and a record cut by its end does not mislead.
 */
class TableInspectorSampleTest {
  @TempDir
  Path dir;

  private static TableMetadata inspect(TableFile file, Map<String, String> properties) {
    return TableInspector.inspect(file, ConnectionConfig.parse(properties));
  }

  /**
   * Dates of 11 bytes a line after a 2-byte header put the 8 MiB sample's end inside a date; read
   * as a value, the cut {@code 2024-0} would make the column text.
   */
  @Test
  void aRecordCutByTheEndOfTheSampleIsNotJudged() {
    StringBuilder s = new StringBuilder("d\n");
    int rows = (TableInspector.SAMPLE_BYTES / 11) + 1000;
    for (int i = 0; i < rows; i++) {
      s.append("2024-01-01\n");
    }
    assertThat((TableInspector.SAMPLE_BYTES - 2) % 11).as("the cut falls inside a date")
        .isNotZero();
    TableFile file = put(dir, "dates.csv", s.toString().getBytes(StandardCharsets.US_ASCII));

    TableMetadata m = inspect(file, Map.of("sampleRows", "10000000"));

    assertThat(columns(m)).containsExactly("d:DATE");
    assertThat(m.sampleCoversFile()).isFalse();
    assertThat(m.rowCount()).isEqualTo(-1);
    assertThat(m.sampledRows()).isEqualTo((TableInspector.SAMPLE_BYTES - 2) / 11);
    assertThat(m.warnings()).isEmpty();
    assertThat(m.estimatedRowCount()).isCloseTo(rows, org.assertj.core.data.Percentage
        .withPercentage(1));
  }

  /**
   * A UTF-16 file under the byte sample whose UTF-8 form is over it: the transcoded sample is not
   * the whole file, so the row count is not known and the last sampled record is not judged.
   */
  @Test
  void aUtf16FileWhoseUtf8FormOutgrowsTheSampleIsNotTakenAsWhole() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0xFF);
    out.write(0xFE);
    StringBuilder s = new StringBuilder("n,text\n");
    int rows = 0;
    String cjk = "日本語のテキスト".repeat(3);
    while (s.length() * 2 < TableInspector.SAMPLE_BYTES - 100_000) {
      s.append(rows++).append(',').append(cjk).append('\n');
    }
    out.write(s.toString().getBytes(StandardCharsets.UTF_16LE));
    byte[] bytes = out.toByteArray();
    assertThat(bytes.length).isLessThan(TableInspector.SAMPLE_BYTES);
    assertThat(s.toString().getBytes(StandardCharsets.UTF_8).length)
        .isGreaterThan(TableInspector.SAMPLE_BYTES);
    TableFile file = put(dir, "wide.csv", bytes);

    TableMetadata m = inspect(file, Map.of("sampleRows", "10000000"));

    assertThat(columns(m)).containsExactly("n:BIGINT", "text:VARCHAR");
    assertThat(m.sampleCoversFile()).isFalse();
    assertThat(m.rowCount()).as("the row count is unknown, not a smaller number").isEqualTo(-1);
    assertThat(m.sampledRows()).isLessThan(rows);
  }

  /**
   * As above, with the character right after the transcoded sample a U+0000, whose UTF-8 byte is
   * 0: the file goes on all the same. The sample's last byte is dropped, as a character the end
   * of the sample may cut would be, so the row it ends is not judged either.
   */
  @Test
  void aUtf16FileGoesOnAfterTheSampleEvenWithANulCharacterNext() throws IOException {
    StringBuilder s = new StringBuilder("n,text\n");
    int utf8 = s.length();
    int rows = 0;
    String cjk = "日本語のテキスト".repeat(3);
    String row = "," + cjk + "\n";
    while (utf8 < TableInspector.SAMPLE_BYTES - 1_000) {
      String r = rows++ + row;
      s.append(r);
      utf8 += r.length() + 2 * cjk.length(); // each of these characters is 3 bytes in UTF-8
    }
    // A last row of ASCII that ends exactly at the end of the transcoded sample.
    String last = rows++ + ",";
    s.append(last).append("x".repeat(TableInspector.SAMPLE_BYTES - utf8 - last.length() - 1))
        .append('\n');
    s.append("\u0000,after\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0xFF);
    out.write(0xFE);
    out.write(s.toString().getBytes(StandardCharsets.UTF_16LE));
    byte[] bytes = out.toByteArray();
    byte[] utf8Bytes = s.toString().getBytes(StandardCharsets.UTF_8);
    assertThat(bytes.length).isLessThan(TableInspector.SAMPLE_BYTES);
    assertThat(utf8Bytes[TableInspector.SAMPLE_BYTES - 1]).isEqualTo((byte) '\n');
    assertThat(utf8Bytes[TableInspector.SAMPLE_BYTES]).isZero();
    TableFile file = put(dir, "nul.csv", bytes);

    TableMetadata m = inspect(file, Map.of("sampleRows", "10000000"));

    assertThat(columns(m)).containsExactly("n:BIGINT", "text:VARCHAR");
    assertThat(m.sampleCoversFile()).isFalse();
    assertThat(m.rowCount()).isEqualTo(-1);
    assertThat(m.sampledRows()).as("the last row before the cut is not judged")
        .isEqualTo(rows - 1);
  }

  @Test
  void aSmallUtf16FileIsReadWhole() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0xFE);
    out.write(0xFF);
    out.write("Straße;Größe\nA;1\nB;2\n".getBytes(StandardCharsets.UTF_16BE));
    TableFile file = put(dir, "utf16be_bom.csv", out.toByteArray());

    TableMetadata m = inspect(file, Map.of());

    assertThat(columns(m)).containsExactly("Straße:VARCHAR", "Größe:INTEGER");
    assertThat(m.encoding().charset()).isEqualTo(StandardCharsets.UTF_16BE);
    assertThat(m.rowCount()).isEqualTo(2);
  }

  @Test
  void gzipFilesAreInspectedLikeTheirContent() throws IOException {
    byte[] plain = InspectorFixtures.resource("inspector/all_types.csv");
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (OutputStream o = new GZIPOutputStream(gz)) {
      o.write(plain);
    }
    TableMetadata compressed = inspect(put(dir, "all_types.csv.gz", gz.toByteArray()), Map.of());
    TableMetadata raw = inspect(put(dir, "all_types.csv", plain), Map.of());

    assertThat(compressed.failure()).isNull();
    assertThat(compressed.columns()).isEqualTo(raw.columns());
    assertThat(compressed.rowCount()).isEqualTo(2);
  }

  @Test
  void aFileThatIsNotReallyGzipIsAFailureNotAnException() {
    TableFile file = put(dir, "fake.csv.gz", "a,b\n1,2\n".getBytes(StandardCharsets.US_ASCII));

    TableMetadata m = inspect(file, Map.of());

    assertThat(m.failure()).isNotNull();
    assertThat(m.failure().code()).isEqualTo(io.csvws.error.ErrorCode.FILE_READ_FAILED);
    assertThat(m.failure().getMessage()).startsWith("fake.csv.gz cannot be read: ")
        .endsWith("(is it really gzip-compressed?).");
    assertThat(m.columns()).isEmpty();
    assertThat(m.warnings()).containsExactly(m.failure().getMessage());
  }

  static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> charsets() {
    return java.util.stream.Stream.of(
        org.junit.jupiter.params.provider.Arguments.of("IBM037", "ebcdic.csv",
            "id,name\n1,Zoë\n2,Ann\n", "name"),
        org.junit.jupiter.params.provider.Arguments.of("Shift_JIS", "shift_jis.psv",
            "id|名前ポ\n1|ポテト\n2|ポ\n", "名前ポ"),
        org.junit.jupiter.params.provider.Arguments.of("x-UTF-16LE-BOM", "unicode_little.csv",
            "id,name\n1,ポ\n2,é\n", "name"));
  }

  /**
   * Charsets whose bytes are not ASCII's (EBCDIC), or whose second bytes can be a delimiter
   * (Shift_JIS: ポ is 0x83 0x7C, a pipe), are read through UTF-8 so fields split where they should.
   */
  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.MethodSource("charsets")
  void aGivenCharsetThatIsNotAsciiCompatibleIsTranscoded(String charset, String name,
      String text, String secondColumn) {
    TableFile file = put(dir, name, text.getBytes(java.nio.charset.Charset.forName(charset)));

    TableMetadata m = inspect(file, Map.of("charset", charset));

    assertThat(m.encoding().asciiCompatible()).isFalse();
    assertThat(columns(m)).containsExactly("id:INTEGER", secondColumn + ":VARCHAR");
    assertThat(m.rowCount()).isEqualTo(2);
  }
}
