package io.csvws.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A byte-order mark, else valid UTF-8, else windows-1252; a given charset overrides. */
class EncodingSnifferTest {
  private static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

  private static byte[] bytes(int... b) {
    byte[] out = new byte[b.length];
    for (int i = 0; i < b.length; i++) {
      out[i] = (byte) b[i];
    }
    return out;
  }

  private static byte[] concat(byte[] a, String text, Charset cs) {
    byte[] t = text.getBytes(cs);
    byte[] out = new byte[a.length + t.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(t, 0, out, a.length, t.length);
    return out;
  }

  private static Encoding sniff(byte[] head, boolean complete) {
    return EncodingSniffer.sniff(head, head.length, complete, Optional.empty());
  }

  static Stream<Arguments> byteOrderMarks() {
    return Stream.of(
        Arguments.of("UTF-8 BOM", concat(bytes(0xEF, 0xBB, 0xBF), "id,name\n", StandardCharsets.UTF_8),
            StandardCharsets.UTF_8, 3),
        Arguments.of("UTF-16LE BOM", concat(bytes(0xFF, 0xFE), "id,name\n",
            StandardCharsets.UTF_16LE), StandardCharsets.UTF_16LE, 2),
        Arguments.of("UTF-16BE BOM", concat(bytes(0xFE, 0xFF), "id,name\n",
            StandardCharsets.UTF_16BE), StandardCharsets.UTF_16BE, 2));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("byteOrderMarks")
  void byteOrderMarkDecides(String name, byte[] head, Charset charset, int bomLength) {
    Encoding e = sniff(head, true);

    assertThat(e.charset()).isEqualTo(charset);
    assertThat(e.bomLength()).isEqualTo(bomLength);
    assertThat(e.confidence()).isEqualTo(1.0);
    assertThat(e.decidedBy()).isEqualTo("byte-order mark");
  }

  @Test
  void validUtf8WithoutBom() {
    Encoding e = sniff("name,city\nRenée,Zürich 😀 日本\n".getBytes(StandardCharsets.UTF_8), true);

    assertThat(e.charset()).isEqualTo(StandardCharsets.UTF_8);
    assertThat(e.bomLength()).isZero();
    assertThat(e.confidence()).isEqualTo(1.0);
    assertThat(e.decidedBy()).isEqualTo("sample is valid UTF-8");
  }

  @Test
  void plainAsciiAndEmptyFilesAreUtf8() {
    assertThat(sniff("a,b\n".getBytes(StandardCharsets.US_ASCII), true).charset())
        .isEqualTo(StandardCharsets.UTF_8);
    assertThat(sniff(new byte[0], true).charset()).isEqualTo(StandardCharsets.UTF_8);
  }

  @Test
  void windows1252ExportFallsBackWithLowConfidenceNamingTheByte() {
    Encoding e = sniff("name\nRen\u00e9e,\u20ac5\n".getBytes(WINDOWS_1252), true);

    assertThat(e.charset()).isEqualTo(WINDOWS_1252);
    assertThat(e.confidence()).isLessThan(1.0);
    assertThat(e.decidedBy()).contains("not valid UTF-8").contains("byte offset 8");
  }

  static Stream<Arguments> invalidUtf8() {
    return Stream.of(
        Arguments.of("lone continuation byte", bytes('a', 0x80), 1),
        Arguments.of("overlong NUL", bytes('a', 'b', 0xC0, 0x80), 2),
        Arguments.of("overlong three-byte", bytes(0xE0, 0x80, 0x80), 0),
        Arguments.of("encoded surrogate", bytes('x', 0xED, 0xA0, 0x80), 1),
        Arguments.of("above U+10FFFF", bytes(0xF4, 0x90, 0x80, 0x80), 0),
        Arguments.of("F5 lead byte", bytes(0xF5, 0x80, 0x80, 0x80), 0),
        Arguments.of("lead byte then ASCII", bytes(0xC3, 'a'), 0),
        Arguments.of("FF byte", bytes('a', ',', 0xFF), 2));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("invalidUtf8")
  void invalidUtf8IsFoundAtItsOffset(String name, byte[] head, int offset) {
    assertThat(EncodingSniffer.firstInvalidUtf8(head, head.length, true)).isEqualTo(offset);
    assertThat(sniff(head, true).charset()).isEqualTo(WINDOWS_1252);
  }

  @Test
  void aCharacterCutByTheEndOfAnIncompleteSampleIsNotCountedAgainstIt() {
    byte[] cut = bytes('a', 0xE6, 0x97);

    assertThat(sniff(cut, false).charset()).isEqualTo(StandardCharsets.UTF_8);
    assertThat(sniff(cut, true).charset()).as("the whole file ends mid-character")
        .isEqualTo(WINDOWS_1252);
  }

  static Stream<Arguments> overrides() {
    byte[] utf8Bom = concat(bytes(0xEF, 0xBB, 0xBF), "a\n", StandardCharsets.UTF_8);
    byte[] leBom = concat(bytes(0xFF, 0xFE), "a\n", StandardCharsets.UTF_16LE);
    byte[] beBom = concat(bytes(0xFE, 0xFF), "a\n", StandardCharsets.UTF_16BE);
    byte[] plain = "caf\u00e9\n".getBytes(WINDOWS_1252);
    return Stream.of(
        Arguments.of("ISO-8859-1 on a windows-1252 file", plain, StandardCharsets.ISO_8859_1,
            StandardCharsets.ISO_8859_1, 0),
        Arguments.of("UTF-8 on a UTF-8 BOM file skips the BOM", utf8Bom, StandardCharsets.UTF_8,
            StandardCharsets.UTF_8, 3),
        Arguments.of("windows-1252 on a UTF-8 BOM file keeps the bytes", utf8Bom, WINDOWS_1252,
            WINDOWS_1252, 0),
        Arguments.of("UTF-16LE on a UTF-16LE BOM file", leBom, StandardCharsets.UTF_16LE,
            StandardCharsets.UTF_16LE, 2),
        Arguments.of("UTF-16 on a UTF-16LE BOM file takes the byte order from the BOM", leBom,
            StandardCharsets.UTF_16, StandardCharsets.UTF_16LE, 2),
        Arguments.of("UTF-16 on a UTF-16BE BOM file", beBom, StandardCharsets.UTF_16,
            StandardCharsets.UTF_16BE, 2));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("overrides")
  void aGivenCharsetOverridesTheSniffing(String name, byte[] head, Charset given,
      Charset expected, int bomLength) {
    Encoding e = EncodingSniffer.sniff(head, head.length, true, Optional.of(given));

    assertThat(e.charset()).isEqualTo(expected);
    assertThat(e.bomLength()).isEqualTo(bomLength);
    assertThat(e.confidence()).isEqualTo(1.0);
    assertThat(e.decidedBy()).startsWith("charset=" + given.name());
  }

  @Test
  void utf16IsTranscodedAndEverythingElseIsReadAsIs() {
    assertThat(sniff(concat(bytes(0xFF, 0xFE), "a", StandardCharsets.UTF_16LE), true)
        .asciiCompatible()).isFalse();
    assertThat(sniff(concat(bytes(0xFF, 0xFE), "a", StandardCharsets.UTF_16LE), true)
        .tokenizerCharset()).isEqualTo(StandardCharsets.UTF_8);
    assertThat(sniff(bytes('a', 0xFF), true).asciiCompatible()).isTrue();
    assertThat(sniff(bytes('a', 0xFF), true).tokenizerCharset()).isEqualTo(WINDOWS_1252);
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource({"UTF-8,true", "US-ASCII,true",
      "ISO-8859-1,true", "ISO-8859-15,true", "windows-1252,true", "windows-1250,true",
      "KOI8-R,true", "UTF-16,false", "UTF-16LE,false", "UTF-32BE,false", "x-UTF-16LE-BOM,false",
      "IBM037,false", "Shift_JIS,false", "GB18030,false", "ISO-2022-JP,false", "Big5,false"})
  void whichCharsetsTheTokenizerReadsAsIs(String charset, boolean asIs) {
    Encoding e = new Encoding(Charset.forName(charset), 0, 1.0, "test");

    assertThat(e.asciiCompatible()).isEqualTo(asIs);
    assertThat(e.tokenizerCharset()).isEqualTo(asIs ? Charset.forName(charset)
        : StandardCharsets.UTF_8);
  }
}
