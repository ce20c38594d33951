package io.csvws.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The edges of sniffing: UTF-8 at the boundaries of each sequence length, line endings mixing
 * LF and CR, and when spaces mean trimming and a backslash means escaping.
 */
class DialectEdgeTest {

  /**
   * {@code hex} after {@code pad} ASCII bytes (so the word-at-a-time skip over ASCII meets it at
   * every alignment), then more ASCII: where the first invalid byte is, or -1.
   */
  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
      "U+0080 (C2 80), c280, -1",
      "U+07FF (DF BF), dfbf, -1",
      "U+0800 (E0 A0 80), e0a080, -1",
      "U+FFFF (EF BF BF), efbfbf, -1",
      "U+D7FF (ED 9F BF), ed9fbf, -1",
      "U+E000 (EE 80 80), ee8080, -1",
      "U+10000 (F0 90 80 80), f0908080, -1",
      "U+10FFFF (F4 8F BF BF), f48fbfbf, -1",
      "overlong U+007F (C1 BF), c1bf, 0",
      "overlong U+0040 (C0 80), c080, 0",
      "overlong U+07FF (E0 9F BF), e09fbf, 0",
      "overlong U+FFFF (F0 8F BF BF), f08fbfbf, 0",
      "surrogate U+D800 (ED A0 80), eda080, 0",
      "surrogate U+DFFF (ED BF BF), edbfbf, 0",
      "above U+10FFFF (F4 90 80 80), f4908080, 0",
      "lead F5, f5808080, 0",
      "lead FF, ff, 0",
      "lone continuation 80, 80, 0",
      "lone continuation BF, bf, 0",
      "C2 then ASCII, c241, 0",
      "C2 then a lead byte, c2c280, 0",
      "E0 A0 then ASCII, e0a041, 0",
      "F0 90 80 then a lead, f09080c2, 0",
      "DF then continuation 40+80, df40, 0"})
  void utf8AtTheBoundariesOfEachLength(String name, String hex, int invalidAt) {
    byte[] seq = HexFormat.of().parseHex(hex);
    for (int pad = 0; pad <= 9; pad++) {
      byte[] b = new byte[pad + seq.length + 9];
      java.util.Arrays.fill(b, (byte) 'a');
      System.arraycopy(seq, 0, b, pad, seq.length);

      assertThat(EncodingSniffer.firstInvalidUtf8(b, b.length, true))
          .as("%s after %d ASCII bytes", name, pad).isEqualTo(invalidAt < 0 ? -1 : pad + invalidAt);
      assertThat(EncodingSniffer.firstInvalidUtf8(b, b.length, false)).isEqualTo(
          invalidAt < 0 ? -1 : pad + invalidAt);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"c2", "df", "e0a0", "ef", "f0", "f090", "f48fbf"})
  void aSequenceCutByTheEndIsInvalidOnlyWhenTheSampleIsTheWholeFile(String hex) {
    byte[] seq = HexFormat.of().parseHex(hex);
    byte[] b = new byte[10 + seq.length];
    java.util.Arrays.fill(b, (byte) 'a');
    System.arraycopy(seq, 0, b, 10, seq.length);

    assertThat(EncodingSniffer.firstInvalidUtf8(b, b.length, true)).isEqualTo(10);
    assertThat(EncodingSniffer.firstInvalidUtf8(b, b.length, false)).isEqualTo(-1);
    assertThat(EncodingSniffer.firstInvalidUtf8(b, 10, true)).as("the length bounds the scan")
        .isEqualTo(-1);
  }

  private static Encoding sniffHead(String hex, int length) {
    byte[] b = HexFormat.of().parseHex(hex);
    return EncodingSniffer.sniff(b, length, true, java.util.Optional.empty());
  }

  /** A mark that fills the whole sample (an empty file with a BOM) is still that mark. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"fffe0000, UTF-32LE", "0000feff, UTF-32BE", "efbbbf, UTF-8", "fffe, UTF-16LE",
      "feff, UTF-16BE"})
  void aByteOrderMarkFillingTheSample(String hex, String charset) {
    Encoding e = sniffHead(hex, hex.length() / 2);

    assertThat(e.charset().name()).isEqualTo(charset);
    assertThat(e.bomLength()).isEqualTo(hex.length() / 2);
    assertThat(e.decidedBy()).isEqualTo("byte-order mark");
  }

  @Test
  void onlyTheSamplesLengthCountsForAMark() {
    assertThat(sniffHead("fffe0000", 3).charset()).isEqualTo(StandardCharsets.UTF_16LE);
    assertThat(sniffHead("fffe0000", 3).bomLength()).isEqualTo(2);
    assertThat(sniffHead("0000feff", 3).charset()).isEqualTo(EncodingSniffer.WINDOWS_1252);
    assertThat(sniffHead("0000feff", 3).bomLength()).isZero();
    assertThat(sniffHead("efbbbf", 2).bomLength()).isZero();
    assertThat(sniffHead("feff", 1).bomLength()).isZero();
  }

  @Test
  void aGivenCharsetOfTheMarksFamilyKeepsTheMarksByteOrder() {
    byte[] b = HexFormat.of().parseHex("fffe610000");
    Encoding utf16 = EncodingSniffer.sniff(b, b.length, true,
        java.util.Optional.of(StandardCharsets.UTF_16));
    assertThat(utf16.charset()).isEqualTo(StandardCharsets.UTF_16LE);
    assertThat(utf16.bomLength()).isEqualTo(2);
    assertThat(utf16.decidedBy()).isEqualTo("charset=UTF-16, byte order from the byte-order mark");
    Encoding le = EncodingSniffer.sniff(b, b.length, true,
        java.util.Optional.of(StandardCharsets.UTF_16LE));
    assertThat(le.charset()).isEqualTo(StandardCharsets.UTF_16LE);
    assertThat(le.decidedBy()).isEqualTo("charset=UTF-16LE");
    Encoding latin = EncodingSniffer.sniff(b, b.length, true,
        java.util.Optional.of(StandardCharsets.ISO_8859_1));
    assertThat(latin.bomLength()).as("a mark of another family is data").isZero();
  }

  @Test
  void theSniffedEncodingNamesTheOffendingByte() {
    byte[] b = "id,name\n1,caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);

    Encoding e = EncodingSniffer.sniff(b, b.length, true, java.util.Optional.empty());

    assertThat(e.charset()).isEqualTo(EncodingSniffer.WINDOWS_1252);
    assertThat(e.confidence()).isEqualTo(0.5);
    assertThat(e.decidedBy()).contains("byte offset 13");
    byte[] u = "id,name\n1,caf\u00e9\uD83D\uDE00\n".getBytes(StandardCharsets.UTF_8);
    assertThat(EncodingSniffer.sniff(u, u.length, true, java.util.Optional.empty()).charset())
        .isEqualTo(StandardCharsets.UTF_8);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "LF then CR|a\\nb\\rc|MIXED",
      "CR then LF|a\\rb\\nc|MIXED",
      "CR CRLF|a\\rb\\r\\nc|MIXED",
      "LF CRLF CR|a\\nb\\r\\nc\\rd|MIXED",
      "LF CR as one break each|a\\n\\rb|MIXED",
      "CR at the very end|a,b\\r|CR",
      "CRLF at the very end|a,b\\r\\n|CRLF",
      "LF only after quoted CRs|\"x\\ry\\r\",1\\n2,3\\n|LF",
      "CR only after quoted LFs|\"x\\ny\\n\",1\\r2,3\\r|CR",
      "breaks after eight plain bytes|abcdefghij\\nklmnopqrstu\\r\\n|MIXED",
      "a quote after eight bytes hides a LF|abcdefghi\"\\n\"\\r\\n|CRLF"})
  void lineEndingsMixingLfAndCr(String name, String text, LineEnding expected) {
    byte[] b = text.replace("\\n", "\n").replace("\\r", "\r").getBytes(StandardCharsets.UTF_8);

    assertThat(LineEnding.of(b, b.length, '"')).isEqualTo(expected);
    assertThat(sniff(text.replace("\\n", "\n").replace("\\r", "\r"), Map.of()).lineEnding())
        .isEqualTo(expected);
  }

  private static Dialect sniff(String text, Map<String, String> settings) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    Map<String, String> p = new HashMap<>(settings);
    return DialectSniffer.sniff(b, b.length, true, ConnectionConfig.parse(p), '\0');
  }

  @Test
  void spacesAfterMostDelimitersMeanTrimming() {
    Dialect d = sniff("id, name, city\n1, ann, Oslo\n2, bob, Rome\n", Map.of());

    assertThat(d.trim()).isTrue();
    assertThat(d.decidedBy()).endsWith("; spaces around fields trimmed");
    assertThat(d.syntax().trim()).isTrue();
  }

  @Test
  void trimmingNeedsEightInTenFieldsAfterADelimiterToStartWithASpace() {
    // 5 fields after a delimiter, 4 spaced: 80%.
    assertThat(sniff("a, b\n1, 2\n3, 4\n5, 6\n7,8\n", Map.of()).trim()).isTrue();
    // 4 fields after a delimiter, 3 spaced: 75%.
    assertThat(sniff("a, b\n1, 2\n3, 4\n7,8\n", Map.of()).trim()).isFalse();
    // Empty fields after a delimiter do not count either way.
    assertThat(sniff("a, b\n1, 2\n3,\n4,\n5,\n", Map.of()).trim()).isTrue();
  }

  @Test
  void oneSpacedFieldIsNotEnoughToTrim() {
    Dialect one = sniff("a, b\n", Map.of());
    Dialect two = sniff("a, b\n1, 2\n", Map.of());

    assertThat(one.trim()).isFalse();
    assertThat(one.decidedBy()).doesNotContain("trimmed");
    assertThat(two.trim()).isTrue();
  }

  @Test
  void theTrimSettingOverridesTheSample() {
    String spaced = "a, b\n1, 2\n3, 4\n";
    assertThat(sniff(spaced, Map.of("trim", "never")).trim()).isFalse();
    Dialect always = sniff("a,b\n1,2\n", Map.of("trim", "always"));
    assertThat(always.trim()).isTrue();
    assertThat(always.decidedBy()).doesNotContain("trimmed");
  }

  @Test
  void aBackslashBeforeAQuoteInsideAFieldMeansEscaping() {
    Dialect d = sniff("id,text\n1,\"say \\\"hi\\\" now\"\n2,plain\n", Map.of());

    assertThat(d.escape()).isEqualTo('\\');
    assertThat(d.decidedBy()).endsWith("; backslash escapes quotes");
    assertThat(d.syntax().escape()).isEqualTo('\\');
  }

  @Test
  void aBackslashEscapeIsFoundWhereverItLies() {
    // Near the start, where no full word fits before it, and after many plain bytes.
    assertThat(sniff("\"\\\"x\",b\n1,2\n", Map.of()).escape()).isEqualTo('\\');
    assertThat(sniff("a,b\n\"0123456789abcdef\\\"x\",2\n", Map.of()).escape()).isEqualTo('\\');
    for (int pad = 0; pad < 10; pad++) {
      String text = "a,b\n" + "x".repeat(pad) + ",\"q\\\"r\"";
      assertThat(sniff(text, Map.of()).escape()).as("pad %d", pad).isEqualTo('\\');
    }
  }

  @Test
  void aBackslashThatEndsAFieldIsNoEscape() {
    // A Windows folder ending in a backslash: the quote after it closes the field.
    assertThat(sniff("path,n\n\"C:\\dir\\\",1\n\"D:\\\",2\n", Map.of()).escape()).isEqualTo(-1);
    assertThat(sniff("path\n\"C:\\dir\\\"\n\"D:\\\"\r\n", Map.of()).escape()).isEqualTo(-1);
    assertThat(sniff("path\n\"C:\\dir\\\"\r\"D:\\\"\t\n", Map.of()).escape()).isEqualTo(-1);
    assertThat(sniff("a;b\n\"x\\\";\"y\\\"|\n", Map.of()).escape()).isEqualTo(-1);
    // An escaped backslash before the closing quote.
    assertThat(sniff("a,b\n\"x\\\\\"y,1\n", Map.of()).escape()).isEqualTo(-1);
    // A backslash-quote pair needs two bytes after it in the sample to be judged.
    assertThat(sniff("a,b\n1,\"x\\\"", Map.of()).escape()).isEqualTo(-1);
    assertThat(sniff("a,b\n1,\"x\\\"y", Map.of()).escape()).isEqualTo(-1);
    assertThat(sniff("a,b\n1,\"x\\\"yz", Map.of()).escape()).isEqualTo('\\');
  }

  @Test
  void theEscapeSettingOverridesTheSample() {
    String escaped = "id,text\n1,\"say \\\"hi\\\" now\"\n";
    Dialect none = sniff(escaped, Map.of("escape", "none"));
    assertThat(none.escape()).isEqualTo(-1);
    Dialect given = sniff("a,b\n", Map.of("escape", "\\"));
    assertThat(given.escape()).isEqualTo('\\');
    assertThat(given.decidedBy()).doesNotContain("backslash");
    assertThat(sniff(escaped, Map.of("quote", "none")).escape()).as("no quote, no escape")
        .isEqualTo(-1);
  }
}
