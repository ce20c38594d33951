package io.csvws.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Lines before the header (a report title, a blank line) are found and skipped; sparse data
 * above a record that is no header is kept; the record a dialect describes is what it says.
 */
class DialectPreambleTest {

  private static Dialect sniff(String text, Map<String, String> settings, char hint) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    return DialectSniffer.sniff(b, b.length, true, ConnectionConfig.parse(new HashMap<>(settings)),
        hint);
  }

  private static Dialect sniff(String text) {
    return sniff(text, Map.of(), '\0');
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "a title and a blank line|Sales 2024\\n\\nid,name,qty\\n1,a,2\\n2,b,3\\n|2",
      "a title with empty fields|Sales 2024,,\\nid,name,qty\\n1,a,2\\n2,b,3\\n|1",
      "CRLF|Sales\\r\\nid,name,qty\\r\\n1,a,2\\r\\n|1",
      "CR|Sales\\rby tool\\rid,name,qty\\r1,a,2\\r|2",
      "two titles|T1\\nT2,x\\nid,name,qty\\n1,a,2\\n2,b,3\\n|2",
      "a header with no title|id,name,qty\\n1,a,2\\n|0",
      "sparse data above a record that is no header|x\\n1,,3\\n4,5,6\\n|0",
      "a first record with one empty field|id,,qty\\n1,a,2\\n|0",
      "every record short|a\\nb\\nc\\n|0"})
  void preambleLinesAreSkipped(String name, String text, int lines) {
    Dialect d = sniff(text.replace("\\n", "\n").replace("\\r", "\r"));

    assertThat(d.skipLines()).isEqualTo(lines);
    if (lines > 0) {
      assertThat(d.decidedBy()).endsWith("; " + lines + " preamble line" + (lines == 1 ? "" : "s")
          + " before the first record with 3 fields skipped");
    } else {
      assertThat(d.decidedBy()).doesNotContain("preamble");
    }
  }

  @Test
  void atMostTwentyLinesArePreamble() {
    String body = "id,name\n" + "1,a\n".repeat(25);
    String twenty = "t\n".repeat(20) + body;
    String more = "t\n".repeat(21) + body;

    assertThat(sniff(twenty).skipLines()).isEqualTo(20);
    assertThat(sniff(more).skipLines()).isZero();
  }

  @Test
  void aGivenSkipLinesIsTakenAsIs() {
    Dialect d = sniff("Sales\nid,name\n1,a\n", Map.of("skipLines", "0"), '\0');

    assertThat(d.skipLines()).isZero();
    Dialect two = sniff("a,b\nc,d\nid,name\n1,a\n", Map.of("skipLines", "2"), '\0');
    assertThat(two.skipLines()).isEqualTo(2);
    assertThat(two.decidedBy()).doesNotContain("preamble");
  }

  @Test
  void spacingIsJudgedAfterTheSkippedLines() {
    Dialect d = sniff("a,b,c,d,e,f\nid, name\n1, a\n2, b\n", Map.of("skipLines", "1"), '\0');

    assertThat(d.trim()).isTrue();
  }

  @Test
  void theDelimiterIsNamedInWords() {
    assertThat(sniff("a\tb\n1\t2\n").decidedBy()).contains("fields with tab");
    assertThat(sniff("a;b\n1;2\n").decidedBy()).contains("fields with semicolon");
    assertThat(sniff("a|b\n1|2\n").decidedBy()).contains("fields with pipe");
    assertThat(sniff("a,b\n1,2\n").decidedBy()).contains("fields with comma");
    assertThat(sniff("name\nann\n", Map.of(), ';').decidedBy())
        .isEqualTo("no candidate delimiter splits the sample; one column, extension suggests "
            + "semicolon");
    assertThat(DialectSniffer.name(':')).isEqualTo("':'");
  }

  @Test
  void aCommentSettingSkipsCommentLinesWhileSniffing() {
    Dialect d = sniff("# a;b;c;d\n# e;f;g;h\nid,name\n1,a\n", Map.of("comment", "#"), '\0');

    assertThat(d.delimiter()).isEqualTo(',');
    assertThat(d.comment()).isEqualTo('#');
    assertThat(d.confidence()).isEqualTo(1.0);
  }

  @Test
  void aDialectSaysHowManyFieldsItsRecordsHave() {
    Dialect d = sniff("a,b\n1,2\n");

    assertThat(d.fieldsFor(2)).isEqualTo(2);
    assertThat(d.withTrailingDelimiter(true).fieldsFor(2)).isEqualTo(3);
    assertThat(d.withTrailingDelimiter(true).trailingDelimiter()).isTrue();
    assertThat(d.withHeader(true).header()).isTrue();
    assertThat(d.withHeader(true).withTrailingDelimiter(true).header()).isTrue();
    assertThat(d.withTrailingDelimiter(true).withHeader(true).trailingDelimiter()).isTrue();
    assertThat(d.withHeader(true).delimiter()).isEqualTo(',');
    assertThat(Dialect.unread().decidedBy()).isEqualTo("not read");
    assertThat(Dialect.unread().lineEnding()).isEqualTo(LineEnding.NONE);
  }

  @Test
  void singleQuotesAreChosenOnlyWhenTheyEncloseFieldsCleanly() {
    assertThat(sniff("'a,b',c\n'd,e',f\n").quote()).isEqualTo('\'');
    assertThat(sniff("'a,b',c\n'd,e',f\n").decidedBy()).endsWith("; fields quoted with '");
    assertThat(sniff("it's,x\nthat's,y\n").quote()).as("apostrophes in words").isEqualTo('"');
    assertThat(sniff("'a'b,c\n'd'e,f\n").quote()).as("text after the closing quote")
        .isEqualTo('"');
    assertThat(sniff("0123456789'a,b',c\n'd,e',f\n").quote()).isEqualTo('"');
    assertThat(sniff("x,y\n'a,b',c\n'd,e',f\n", Map.of("quote", "'"), '\0').decidedBy())
        .doesNotContain("quoted with");
  }

  @Test
  void aDoubleQuoteAfterManyBytesStillSettlesTheQuote() {
    assertThat(sniff("'0123456789','abcdefgh','x\"'\n'a','b','c'\n").quote()).isEqualTo('"');
    assertThat(sniff("'0123456789','abcdefgh','x'\n'a','b','c\"'\n").quote()).isEqualTo('"');
  }
}
