package io.csvws.tokenizer;

import static io.csvws.tokenizer.TokenizerRun.read;
import static io.csvws.tokenizer.TokenizerRun.resource;
import static io.csvws.tokenizer.TokenizerRun.shown;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.tokenizer.TokenizerRun.Rec;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The RFC 4180 rules and csvws's documented leniencies, one fixture file per rule under
 * {@code src/test/resources/tokenizer/}. A value is shown in quotes when the field was quoted
 * (so {@code ""} is a quoted empty field and an empty string an unquoted one, i.e. NULL).
 */
class CsvTokenizerRfc4180Test {

  static Stream<Arguments> scenarios() {
    return Stream.of(
        scenario("quoted_delimiter.csv", List.of("\"a,b\"", "c"), List.of("\"x,y,z\"", "w")),
        scenario("doubled_quotes.csv", List.of("\"say \"hi\"\"", "\"\"\""),
            List.of("\"\"\"", "end")),
        scenario("quoted_lf.csv", List.of("\"line1\nline2\"", "x"), List.of("y", "z")),
        scenario("quoted_crlf.csv", List.of("\"line1\r\nline2\"", "x"), List.of("y", "z")),
        scenario("quoted_cr.csv", List.of("\"line1\rline2\"", "x"), List.of("y", "z")),
        scenario("empty_fields.csv", List.of("a", "", "c"), List.of("", "", ""), List.of("", "")),
        scenario("empty_quoted_fields.csv", List.of("\"\"", "x", "\"\""), List.of("\"\"")),
        scenario("trailing_delimiter.csv", List.of("a", "b", ""), List.of("c", "d", "")),
        scenario("trailing_delimiter_at_eof.csv", List.of("a", "b", "")),
        scenario("line_ends_lf.csv", List.of("a", "b"), List.of("c", "d")),
        scenario("line_ends_crlf.csv", List.of("a", "b"), List.of("c", "d")),
        scenario("line_ends_cr.csv", List.of("a", "b"), List.of("c", "d")),
        scenario("line_ends_mixed.csv", List.of("a", "b"), List.of("c", "d"), List.of("e", "f"),
            List.of("g", "h")),
        scenario("blank_lines_skipped.csv", List.of("a", "b"), List.of("c", "d")),
        scenario("no_final_line_end.csv", List.of("a", "b"), List.of("c", "d")),
        scenario("quoted_field_at_eof.csv", List.of("a", "\"b\nc\"")),
        scenario("one_column.csv", List.of("name"), List.of("alice"), List.of("\"bob, jr\"")),
        // Text after a closing quote is kept (flagged TRAILING) instead of failing the file.
        scenario("text_after_closing_quote.csv", List.of("\"abcd\"", "e"), List.of("\"x\"yz\"")),
        // A quote is special only as the first byte of a field.
        scenario("quote_inside_unquoted.csv", List.of("ab\"c", "d\"e"),
            List.of("5\" pipe", "\"q\"")),
        scenario("spaces_around_fields.csv", List.of(" a ", " \"b\" ")),
        scenario("utf8_multibyte.csv", List.of("\"naïve, café\"", "日本", "😀")),
        scenario("nul_bytes.csv", List.of("a\0b", "\0")),
        scenario("empty.csv"),
        scenario("only_blank_lines.csv"));
  }

  @SafeVarargs
  private static Arguments scenario(String fixture, List<String>... records) {
    List<List<String>> expected = new ArrayList<>();
    for (List<String> r : records) {
      expected.add(r);
    }
    return Arguments.of(fixture, expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void readsTheFixtureAsExpected(String fixture, List<List<String>> expected) {
    List<Rec> records = read(resource("tokenizer/" + fixture));

    assertThat(shown(records)).isEqualTo(expected);
    for (int i = 0; i < records.size(); i++) {
      Rec r = records.get(i);
      assertThat(r.number()).as("record number").isEqualTo(i + 1);
      assertThat(r.fieldCount()).as("field count").isEqualTo(r.fields().size());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void readsTheSameWhateverTheReadSizes(String fixture) {
    byte[] bytes = resource("tokenizer/" + fixture);
    List<Rec> whole = read(bytes);
    for (long seed = 0; seed < 20; seed++) {
      List<Rec> trickled = read(new TrickleInputStream(bytes, seed), (byte) ',', '"', null,
          TokenizerRun.DEFAULT_MAX_RECORD);
      assertThat(trickled).as("seed %d", seed).isEqualTo(whole);
    }
  }

  /**
   * Offsets tile the input: only line breaks lie between one record's end and the next one's
   * start, and each record's bytes read alone give the same record.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  void offsetsCoverEachRecordAndItsLineEnd(String fixture) {
    byte[] bytes = resource("tokenizer/" + fixture);
    List<Rec> records = read(bytes);
    long previousEnd = 0;
    for (Rec r : records) {
      assertThat(r.offset()).isGreaterThanOrEqualTo(previousEnd);
      assertOnlyLineBreaks(bytes, previousEnd, r.offset());
      assertThat(r.endOffset()).isGreaterThan(r.offset());
      byte[] alone = Arrays.copyOfRange(bytes, (int) r.offset(), (int) r.endOffset());
      List<Rec> again = read(alone);
      assertThat(again).hasSize(1);
      assertThat(again.get(0).fields()).isEqualTo(r.fields());
      previousEnd = r.endOffset();
    }
    assertOnlyLineBreaks(bytes, previousEnd, bytes.length);
  }

  private static void assertOnlyLineBreaks(byte[] b, long from, long to) {
    for (long i = from; i < to; i++) {
      assertThat(b[(int) i]).as("byte %d", i).isIn((byte) '\n', (byte) '\r');
    }
  }

  @Test
  void offsetsOfMixedLineEnds() {
    List<Rec> records = read(resource("tokenizer/line_ends_mixed.csv"));

    assertThat(records).extracting(Rec::offset).containsExactly(0L, 5L, 9L, 13L);
    assertThat(records).extracting(Rec::endOffset).containsExactly(5L, 9L, 13L, 16L);
  }

  @Test
  void blankLinesAreNotRecordsAndDoNotCount() {
    List<Rec> records = read(resource("tokenizer/blank_lines_skipped.csv"));

    assertThat(records).extracting(Rec::number).containsExactly(1L, 2L);
    assertThat(records).extracting(Rec::offset).containsExactly(2L, 10L);
    assertThat(records).extracting(Rec::endOffset).containsExactly(6L, 14L);
  }

  @Test
  void flagsSayQuotedEscapedAndTrailing() {
    List<Rec> records = read(resource("tokenizer/text_after_closing_quote.csv"));

    assertThat(records.get(0).fields().get(0).flags())
        .isEqualTo(CsvTokenizer.QUOTED | CsvTokenizer.TRAILING);
    assertThat(records.get(0).fields().get(1).flags()).isZero();
    assertThat(records.get(1).fields().get(0).flags())
        .isEqualTo(CsvTokenizer.QUOTED | CsvTokenizer.ESCAPED | CsvTokenizer.TRAILING);

    List<Rec> doubled = read(resource("tokenizer/doubled_quotes.csv"));
    assertThat(doubled.get(0).fields().get(0).flags())
        .isEqualTo(CsvTokenizer.QUOTED | CsvTokenizer.ESCAPED);
    assertThat(read(resource("tokenizer/quoted_delimiter.csv")).get(0).fields().get(0).flags())
        .isEqualTo(CsvTokenizer.QUOTED);
  }

  @Test
  void emptyQuotedFieldIsQuotedAndEmptyUnquotedFieldIsNot() {
    List<Rec> records = read(resource("tokenizer/empty_quoted_fields.csv"));

    assertThat(records.get(0).fields().get(0).quoted()).isTrue();
    assertThat(records.get(0).fields().get(0).text()).isEmpty();
    List<Rec> empties = read(resource("tokenizer/empty_fields.csv"));
    assertThat(empties.get(0).fields().get(1).quoted()).isFalse();
    assertThat(empties.get(0).fields().get(1).text()).isEmpty();
  }

  static Stream<Arguments> delimiters() {
    return Stream.of(Arguments.of(','), Arguments.of('\t'), Arguments.of(';'),
        Arguments.of('|'));
  }

  @ParameterizedTest(name = "delimiter {0}")
  @MethodSource("delimiters")
  void otherDelimitersFollowTheSameRules(char d) {
    String text = "a%1$s\"b%1$sc\"%1$s\"q\"\"\"\r\n%1$s%1$s\n".formatted(d);
    List<Rec> records = read(new ByteArrayInputStream(text.getBytes(
        java.nio.charset.StandardCharsets.UTF_8)), (byte) d, '"', null, 1024);

    assertThat(shown(records)).containsExactly(
        List.of("a", "\"b" + d + "c\"", "\"q\"\""), List.of("", "", ""));
  }

  @Test
  void singleQuoteAsTheQuoteCharacter() {
    byte[] bytes = "'a,b','it''s',\"x\"\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    List<Rec> records = read(new ByteArrayInputStream(bytes), (byte) ',', '\'', null, 1024);

    assertThat(TokenizerRun.values(records)).containsExactly(List.of("a,b", "it's", "\"x\""));
  }
}
