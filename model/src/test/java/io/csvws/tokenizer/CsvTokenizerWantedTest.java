package io.csvws.tokenizer;

import static io.csvws.tokenizer.TokenizerRun.read;
import static io.csvws.tokenizer.TokenizerRun.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.tokenizer.TokenizerRun.Field;
import io.csvws.tokenizer.TokenizerRun.Rec;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A projected scan asks only for some fields: what it gets must be exactly those fields of an
 * all-fields run, with the same record boundaries, counts and offsets.
 */
class CsvTokenizerWantedTest {
  private static final int[][] SUBSETS = {
      {}, {0}, {1}, {2}, {0, 2}, {1, 2}, {0, 1, 2, 3}, {3, 7}, {7}, {25}, {2, 33, 34}};

  static Stream<Arguments> inputs() {
    List<Arguments> out = new ArrayList<>();
    for (String fixture : List.of("quoted_delimiter.csv", "doubled_quotes.csv", "quoted_crlf.csv",
        "empty_fields.csv", "empty_quoted_fields.csv", "trailing_delimiter.csv",
        "trailing_delimiter_at_eof.csv", "line_ends_mixed.csv", "quoted_field_at_eof.csv",
        "text_after_closing_quote.csv", "one_column.csv", "no_final_line_end.csv")) {
      out.add(Arguments.of(fixture, resource("tokenizer/" + fixture)));
    }
    for (long seed = 11; seed < 14; seed++) {
      out.add(Arguments.of("generated seed " + seed, new GeneratedCsv(seed, 200_000, 30).bytes));
    }
    for (long seed = 21; seed < 24; seed++) {
      out.add(Arguments.of("many plain fields, seed " + seed, manyPlainFields(seed)));
    }
    return out.stream();
  }

  /**
   * Records of up to 60 short unquoted fields, some empty, now and then a quoted one holding a
   * delimiter or a line break, or a quote inside an unquoted field: unwanted fields are skipped
   * several at a time, and every way such a run can end must count the fields exactly.
   */
  private static byte[] manyPlainFields(long seed) {
    java.util.Random r = new java.util.Random(seed);
    String[] ends = {"\n", "\r\n", "\r"};
    StringBuilder s = new StringBuilder();
    while (s.length() < 200_000) {
      int fields = 1 + r.nextInt(60);
      for (int f = 0; f < fields; f++) {
        if (f > 0) {
          s.append(',');
        }
        switch (r.nextInt(30)) {
          case 0 -> s.append("\"a,b\"");
          case 1 -> s.append("\"x\ny\"");
          case 2 -> s.append("in\"side");
          case 3 -> s.append("\"q\"\"q\"");
          default -> s.append("v".repeat(r.nextInt(4))).append(r.nextInt(f + 2) == 0 ? "" : f);
        }
      }
      s.append(ends[r.nextInt(ends.length)]);
    }
    return s.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("inputs")
  void wantedFieldsEqualTheSameFieldsOfAnAllFieldsRun(String name, byte[] bytes) {
    List<Rec> all = read(bytes);
    for (int[] wanted : SUBSETS) {
      List<Rec> some = read(new ByteArrayInputStream(bytes), (byte) ',', '"', wanted,
          TokenizerRun.DEFAULT_MAX_RECORD);

      assertThat(some).hasSameSizeAs(all);
      for (int i = 0; i < all.size(); i++) {
        Rec full = all.get(i);
        Rec part = some.get(i);
        List<Field> expected = new ArrayList<>();
        for (int w : wanted) {
          if (w < full.fieldCount()) {
            expected.add(full.fields().get(w));
          }
        }
        assertThat(part.fields()).as("record %d, wanted %s", i + 1,
            java.util.Arrays.toString(wanted)).isEqualTo(expected);
        assertThat(part.fieldCount()).isEqualTo(full.fieldCount());
        assertThat(part.number()).isEqualTo(full.number());
        assertThat(part.offset()).isEqualTo(full.offset());
        assertThat(part.endOffset()).isEqualTo(full.endOffset());
      }
    }
  }

  @Test
  void shortRecordsReportFewerFields() {
    byte[] bytes = "a,b,c,d\na\na,b,c\n".getBytes(StandardCharsets.US_ASCII);

    List<Rec> records = read(new ByteArrayInputStream(bytes), (byte) ',', '"', new int[] {1, 3},
        1024);

    assertThat(records).extracting(r -> r.fields().size()).containsExactly(2, 0, 1);
    assertThat(records).extracting(Rec::fieldCount).containsExactly(4, 1, 3);
    assertThat(TokenizerRun.values(records)).containsExactly(
        List.of("b", "d"), List.of(), List.of("b"));
  }

  @Test
  void theTrailingEmptyFieldAtTheEndOfInputCanBeWanted() {
    byte[] bytes = "a,b,".getBytes(StandardCharsets.US_ASCII);

    List<Rec> records = read(new ByteArrayInputStream(bytes), (byte) ',', '"', new int[] {2},
        1024);

    assertThat(records).hasSize(1);
    assertThat(records.get(0).fields()).containsExactly(new Field("", 0));
    assertThat(records.get(0).fieldCount()).isEqualTo(3);
  }

  @Test
  void wantedFieldsMustBeAscendingAndDistinct() {
    for (int[] bad : new int[][] {{2, 1}, {1, 1}}) {
      assertThatThrownBy(() -> new CsvTokenizer(new ByteArrayInputStream(new byte[0]), "x.csv",
          (byte) ',', '"', bad, 1024)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("ascending");
    }
  }
}
