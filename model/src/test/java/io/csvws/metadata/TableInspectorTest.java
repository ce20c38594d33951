package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.columns;
import static io.csvws.metadata.InspectorFixtures.inspect;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What the inspector decides for each fixture under {@code src/test/resources/inspector/}:
 * header or not, column names and types, rows, and what it warns about.
 */
class TableInspectorTest {
  @TempDir
  Path dir;

  static Stream<Arguments> fixtures() {
    return Stream.of(
        // fixture, header, columns, data rows
        Arguments.of("numeric_header.csv", true,
            List.of("id:INTEGER", "amount:DECIMAL", "when:DATE"), 2),
        Arguments.of("no_header_numeric.csv", false,
            List.of("column_1:INTEGER", "column_2:DECIMAL"), 3),
        // A wider value in the first row (BIGINT over INTEGER, a timestamp over dates) is data.
        Arguments.of("no_header_first_row_wider_type.csv", false,
            List.of("column_1:BIGINT", "column_2:DECIMAL", "column_3:TIMESTAMP"), 3),
        // No typed column: nothing says the first row is data, so it names the columns.
        Arguments.of("all_text_columns.csv", true, List.of("name:VARCHAR", "city:VARCHAR"), 2),
        Arguments.of("header_only.csv", true, List.of("id:VARCHAR", "name:VARCHAR"), 0),
        Arguments.of("single_row.csv", true, List.of("1:VARCHAR", "2:VARCHAR"), 0),
        Arguments.of("empty.csv", true, List.of(), 0),
        Arguments.of("column_names.csv", true, List.of("id:INTEGER", "column_2:INTEGER",
            "Name:INTEGER", "name_2:INTEGER", "NAME_3:INTEGER", "_row_2:INTEGER",
            "IMPORTE EUR:INTEGER", "FECHA OPERACIÓN:INTEGER", "column_9:INTEGER"), 1),
        Arguments.of("all_empty_column.csv", true,
            List.of("id:INTEGER", "note:VARCHAR", "flag:BOOLEAN"), 2),
        Arguments.of("leading_zero_codes.csv", true, List.of("zip:VARCHAR", "n:INTEGER"), 2),
        Arguments.of("all_types.csv", true, List.of("b:BOOLEAN", "i:INTEGER", "big:BIGINT",
            "dec:DECIMAL", "dbl:DOUBLE", "d:DATE", "t:TIME", "ts:TIMESTAMP", "s:VARCHAR"), 2),
        Arguments.of("ragged_rows.csv", true, List.of("a:INTEGER", "b:INTEGER", "c:INTEGER"), 3),
        Arguments.of("ambiguous_delimiter.csv", true, List.of("a:INTEGER", "b;c:VARCHAR"), 2),
        Arguments.of("tab_delimited.tsv", true, List.of("id:INTEGER", "name:VARCHAR"), 2),
        Arguments.of("pipe_delimited.psv", true, List.of("a:INTEGER", "b:INTEGER"), 2),
        Arguments.of("semicolon_delimited.csv", true, List.of("id:INTEGER", "amount:INTEGER"), 2),
        Arguments.of("one_column.txt", true, List.of("name:VARCHAR"), 2),
        Arguments.of("utf8_bom.csv", true, List.of("id:INTEGER", "name:VARCHAR"), 1),
        Arguments.of("windows1252.csv", true, List.of("name:VARCHAR", "city:VARCHAR"), 1),
        Arguments.of("quoted_newline.csv", true, List.of("id:INTEGER", "text:VARCHAR"), 2),
        Arguments.of("crlf_line_ends.csv", true, List.of("id:INTEGER", "name:VARCHAR"), 2),
        Arguments.of("quoted_numbers.csv", true, List.of("id:INTEGER", "n:INTEGER"), 2),
        Arguments.of("quoted_empty.csv", true, List.of("id:INTEGER", "s:VARCHAR"), 2),
        Arguments.of("dates_and_timestamps.csv", true, List.of("d:TIMESTAMP", "v:INTEGER"), 2));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void inspectsTheFixture(String fixture, boolean header, List<String> columns, long rows) {
    TableMetadata m = inspect(dir, fixture, Map.of());

    assertThat(m.failure()).isNull();
    assertThat(m.dialect().header()).as("header").isEqualTo(header);
    assertThat(columns(m)).isEqualTo(columns);
    assertThat(m.sampledRows()).as("data rows").isEqualTo(rows);
    assertThat(m.sampleCoversFile()).isTrue();
    assertThat(m.rowCount()).isEqualTo(rows);
    for (int k = 0; k < m.columns().size(); k++) {
      assertThat(m.columns().get(k).field()).isEqualTo(k);
    }
  }

  @Test
  void delimitersAndEncodingsOfTheFixtures() {
    assertThat(inspect(dir, "tab_delimited.tsv", Map.of()).dialect().delimiter()).isEqualTo('\t');
    assertThat(inspect(dir, "pipe_delimited.psv", Map.of()).dialect().delimiter()).isEqualTo('|');
    assertThat(inspect(dir, "semicolon_delimited.csv", Map.of()).dialect().delimiter())
        .isEqualTo(';');
    TableMetadata bom = inspect(dir, "utf8_bom.csv", Map.of());
    assertThat(bom.encoding().bomLength()).isEqualTo(3);
    assertThat(bom.columns().get(0).name()).isEqualTo("id");
    TableMetadata cp1252 = inspect(dir, "windows1252.csv", Map.of());
    assertThat(cp1252.encoding().charset().name()).isEqualTo("windows-1252");
    assertThat(cp1252.warnings()).anySatisfy(w -> assertThat(w)
        .contains("Encoding guessed as windows-1252").contains("Set charset="));
    TableMetadata crlf = inspect(dir, "crlf_line_ends.csv", Map.of());
    assertThat(crlf.dialect().lineEnding()).isEqualTo(io.csvws.dialect.LineEnding.CRLF);
  }

  @Test
  void aConfidentFileHasNoWarnings() {
    assertThat(inspect(dir, "numeric_header.csv", Map.of()).warnings()).isEmpty();
    assertThat(inspect(dir, "one_column.txt", Map.of()).warnings())
        .as("one column: no delimiter to doubt").isEmpty();
  }

  @Test
  void anAmbiguousDelimiterIsWarnedAbout() {
    TableMetadata m = inspect(dir, "ambiguous_delimiter.csv", Map.of());

    assertThat(m.dialect().delimiter()).isEqualTo(',');
    assertThat(m.dialect().confidence()).isLessThan(0.9);
    assertThat(m.warnings()).anySatisfy(w -> assertThat(w)
        .contains("Delimiter ',' chosen with low confidence (0.50)")
        .contains("Set delimiter="));
    assertThat(columns(inspect(dir, "ambiguous_delimiter.csv", Map.of("delimiter", ";"))))
        .as("1,2 under a semicolon delimiter is a decimal comma")
        .containsExactly("a,b:DECIMAL", "c:INTEGER");
  }

  @Test
  void raggedRowsAreWarnedAbout() {
    TableMetadata m = inspect(dir, "ragged_rows.csv", Map.of());

    assertThat(m.warnings()).anySatisfy(w -> assertThat(w)
        .contains("2 of 3 sampled rows do not have 3 fields like the header"));
  }

  @Test
  void anEmptyColumnSaysItHadNoValues() {
    TableMetadata m = inspect(dir, "all_empty_column.csv", Map.of());

    assertThat(m.columns().get(1).decidedBy()).isEqualTo("no values in the sample");
    assertThat(m.columns().get(0).decidedBy())
        .isEqualTo("inferred from 2 values in 2 sampled rows (the whole file)");
  }

  @Test
  void headerCanBeForced() {
    assertThat(columns(inspect(dir, "no_header_numeric.csv", Map.of("header", "true"))))
        .containsExactly("1:INTEGER", "2.5:INTEGER");
    TableMetadata absent = inspect(dir, "numeric_header.csv", Map.of("header", "false"));
    assertThat(absent.dialect().header()).isFalse();
    assertThat(columns(absent)).containsExactly("column_1:VARCHAR", "column_2:VARCHAR",
        "column_3:VARCHAR");
    assertThat(absent.rowCount()).isEqualTo(3);
  }

  @Test
  void inferTypesFalseReadsEverythingAsText() {
    TableMetadata m = inspect(dir, "all_types.csv", Map.of("inferTypes", "false"));

    assertThat(m.columns()).allSatisfy(c -> {
      assertThat(c.type()).isEqualTo(io.csvws.types.ColumnType.VARCHAR);
      assertThat(c.decidedBy()).isEqualTo("inferTypes=false");
    });
    assertThat(m.dialect().header()).isTrue();
  }

  /** INTEGER only when every value was seen; a sample that stops early gives BIGINT. */
  @Test
  void integerOnlyWhenTheSampleCoversTheFile() {
    TableMetadata partial = inspect(dir, "three_ints.csv", Map.of("sampleRows", "2"));
    assertThat(columns(partial)).containsExactly("n:BIGINT");
    assertThat(partial.sampleCoversFile()).isFalse();
    assertThat(partial.rowCount()).isEqualTo(-1);
    assertThat(partial.sampledRows()).isEqualTo(2);

    TableMetadata exact = inspect(dir, "three_ints.csv", Map.of("sampleRows", "3"));
    assertThat(columns(exact)).as("sampleRows equal to the rows covers the file")
        .containsExactly("n:INTEGER");
    assertThat(exact.sampleCoversFile()).isTrue();
    assertThat(exact.rowCount()).isEqualTo(3);
  }

  @Test
  void sampleRowsIsRespected() {
    assertThat(columns(inspect(dir, "ints_then_text.csv", Map.of("sampleRows", "3"))))
        .containsExactly("n:BIGINT");
    assertThat(columns(inspect(dir, "ints_then_text.csv", Map.of("sampleRows", "4"))))
        .containsExactly("n:VARCHAR");
    assertThat(columns(inspect(dir, "ints_then_text.csv", Map.of()))).containsExactly(
        "n:VARCHAR");
  }

  /** Without a header, sampleRows counts the first record as a data row too. */
  @Test
  void sampleRowsIsRespectedWithoutAHeader() {
    TableMetadata m = inspect(dir, "ints_then_text.csv",
        Map.of("sampleRows", "3", "header", "false"));

    assertThat(m.sampledRows()).isEqualTo(3);
    assertThat(columns(m)).as("n, 1, 2 are read; 3 and x are not").containsExactly(
        "column_1:VARCHAR");
    TableMetadata numbers = inspect(dir, "three_ints.csv",
        Map.of("sampleRows", "3", "header", "false"));
    assertThat(numbers.sampledRows()).isEqualTo(3);
    assertThat(numbers.sampleCoversFile()).isFalse();
  }

  @Test
  void anUnterminatedQuoteIsAWarningNotAFailure() {
    TableMetadata m = inspect(dir, "unterminated_quote.csv", Map.of());

    assertThat(m.failure()).isNull();
    assertThat(m.warnings()).anySatisfy(w -> assertThat(w).contains("unterminated_quote.csv")
        .contains("opened at byte offset 0").contains("never closed"));
  }
}
