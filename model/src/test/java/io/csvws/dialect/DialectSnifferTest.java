package io.csvws.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.CharSetting;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The delimiter under which most sampled records have the same number of fields wins. */
class DialectSnifferTest {
  private static final CharSetting DOUBLE_QUOTE = CharSetting.of('"');

  private static Dialect sniff(String text, boolean complete, char hint) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    return DialectSniffer.sniff(b, b.length, complete, CharSetting.AUTO, DOUBLE_QUOTE, hint);
  }

  static Stream<Arguments> clearFiles() {
    return Stream.of(
        Arguments.of("comma", "id,name,amount\n1,ann,2.5\n2,bob,3\n", ','),
        Arguments.of("tab", "id\tname\tamount\n1\tann, jr\t2,5\n2\tbob\t3\n", '\t'),
        Arguments.of("semicolon with decimal commas", "id;amount\n1;2,5\n2;3,75\n3;1\n", ';'),
        Arguments.of("pipe", "id|name\n1|a,b\n2|c\n", '|'),
        Arguments.of("quotes hiding other delimiters",
            "\"a;b|c\",d\n\"e;f\",\"g|h\"\n\"i\tj\",k\n", ','),
        Arguments.of("quoted line breaks", "a;b\n\"x\ny,z\";1\n\"p\r\nq\";2\n", ';'),
        Arguments.of("CR line ends", "a|b|c\r1|2|3\r4|5|6\r", '|'));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clearFiles")
  void picksTheDelimiterWithFullConfidence(String name, String text, char expected) {
    Dialect d = sniff(text, true, '\0');

    assertThat(d.delimiter()).isEqualTo(expected);
    assertThat(d.confidence()).isEqualTo(1.0);
    assertThat(d.decidedBy()).startsWith("100% of sampled records have");
    assertThat(d.header()).as("header is decided later").isFalse();
  }

  /** Two delimiters split the sample equally well: the extension decides, and says so. */
  @ParameterizedTest(name = "hint {0}")
  @MethodSource("tieHints")
  void aTieGoesToTheExtensionButConfidenceIsHalved(char hint, char expected) {
    Dialect d = sniff("a;b|c\n1;2|3\n4;5|6\n", true, hint);

    assertThat(d.delimiter()).isEqualTo(expected);
    assertThat(d.confidence()).isEqualTo(0.5);
    assertThat(d.decidedBy()).contains("another delimiter splits the sample as consistently");
  }

  static Stream<Arguments> tieHints() {
    return Stream.of(Arguments.of('|', '|'), Arguments.of(';', ';'), Arguments.of('\0', ';'),
        Arguments.of(',', ';'));
  }

  @Test
  void aOneColumnFileTakesTheExtensionsDelimiter() {
    Dialect tsv = sniff("name\nalice\nbob\n", true, '\t');
    Dialect txt = sniff("name\nalice\nbob\n", true, '\0');

    assertThat(tsv.delimiter()).isEqualTo('\t');
    assertThat(tsv.confidence()).isEqualTo(1.0);
    assertThat(tsv.decidedBy()).contains("one column").contains("extension suggests tab");
    assertThat(txt.delimiter()).isEqualTo(',');
    assertThat(txt.confidence()).isEqualTo(0.5);
    assertThat(txt.decidedBy()).contains("one column");
  }

  @Test
  void raggedRowsLowerTheConfidence() {
    Dialect d = sniff("a,b,c\n1,2,3\n4,5\n6,7,8\n", true, '\0');

    assertThat(d.delimiter()).isEqualTo(',');
    assertThat(d.confidence()).isEqualTo(0.75);
    assertThat(d.decidedBy()).startsWith("75% of sampled records have 3 fields with comma");
  }

  /** The share is rounded to a whole percent, halves up: 2 of 3 is 67%, 5 of 8 is 63%. */
  @Test
  void theShareOfRecordsIsRoundedToAWholePercent() {
    Dialect twoOfThree = sniff("a,b,c\n1,2,3\n4,5\n", true, '\0');
    Dialect fiveOfEight = sniff("a,b,c\n1,2,3\n4,5\n6,7,8\n9,10\n1,2,3\n4\n5,6,7\n", true,
        '\0');

    assertThat(twoOfThree.decidedBy()).startsWith("67% of sampled records have 3 fields with");
    assertThat(fiveOfEight.decidedBy()).startsWith("63% of sampled records have 3 fields with");
  }

  @Test
  void theLastRecordOfAnIncompleteSampleIsNotJudged() {
    String cut = "a,b,c\n1,2,3\n4,5";

    assertThat(sniff(cut, false, '\0').confidence()).isEqualTo(1.0);
    assertThat(sniff(cut, true, '\0').confidence()).isLessThan(1.0);
  }

  @Test
  void aQuoteNeverClosedInTheSampleJudgesTheRecordsBeforeIt() {
    Dialect d = sniff("a;b\n1;2\n3;\"never closed\n4;5\n", true, '\0');

    assertThat(d.delimiter()).isEqualTo(';');
  }

  @Test
  void aGivenDelimiterIsTakenAsIs() {
    byte[] b = "a,b;c\n".getBytes(StandardCharsets.UTF_8);

    Dialect d = DialectSniffer.sniff(b, b.length, true, CharSetting.of(';'), DOUBLE_QUOTE, ',');

    assertThat(d.delimiter()).isEqualTo(';');
    assertThat(d.confidence()).isEqualTo(1.0);
    assertThat(d.decidedBy()).isEqualTo("delimiter=;");
    assertThat(DialectSniffer.sniff(b, b.length, true, CharSetting.of('\t'), DOUBLE_QUOTE, ',')
        .decidedBy()).isEqualTo("delimiter=tab");
  }

  @Test
  void theQuoteSettingIsCarried() {
    byte[] b = "'a,b',c\n'd,e',f\n".getBytes(StandardCharsets.UTF_8);

    assertThat(DialectSniffer.sniff(b, b.length, true, CharSetting.AUTO, CharSetting.NONE, '\0')
        .quote()).isEqualTo(-1);
    Dialect single = DialectSniffer.sniff(b, b.length, true, CharSetting.AUTO,
        CharSetting.of('\''), '\0');
    assertThat(single.quote()).isEqualTo('\'');
    assertThat(single.confidence()).isEqualTo(1.0);
    assertThat(DialectSniffer.sniff(b, b.length, true, CharSetting.AUTO, CharSetting.AUTO, '\0')
        .quote()).as("fields cleanly quoted with ' and no double quote").isEqualTo('\'');
    byte[] both = "'a,b',\"c\"\n'd,e',f\n".getBytes(StandardCharsets.UTF_8);
    assertThat(DialectSniffer.sniff(both, both.length, true, CharSetting.AUTO, CharSetting.AUTO,
        '\0').quote()).as("a double quote in the sample keeps the default").isEqualTo('"');
  }

  static Stream<Arguments> lineEndings() {
    return Stream.of(
        Arguments.of("a,b\nc,d\n", '"', LineEnding.LF),
        Arguments.of("a,b\r\nc,d\r\n", '"', LineEnding.CRLF),
        Arguments.of("a,b\rc,d\r", '"', LineEnding.CR),
        Arguments.of("a,b\r\nc,d\n", '"', LineEnding.MIXED),
        Arguments.of("a,b", '"', LineEnding.NONE),
        Arguments.of("\"a\r\nb\",c\nd,e\n", '"', LineEnding.LF),
        Arguments.of("\"a\nb\",c\r\nd,e\r\n", '"', LineEnding.CRLF),
        Arguments.of("\u00ffa,b\nc,d\n", -1, LineEnding.LF),
        Arguments.of("\"a\nb\u00ff\r\n", -1, LineEnding.MIXED));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lineEndings")
  void lineEndingsOutsideQuotes(String text, int quote, LineEnding expected) {
    byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);

    assertThat(LineEnding.of(b, b.length, quote)).isEqualTo(expected);
  }
}
