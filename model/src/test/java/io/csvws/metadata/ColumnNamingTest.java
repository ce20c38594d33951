package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Header cells become unique column names, deterministically. */
class ColumnNamingTest {

  static Stream<Arguments> headers() {
    return Stream.of(
        Arguments.of("trimmed", List.of(" id ", "\tname"), 2, List.of("id", "name")),
        Arguments.of("blank cells", List.of("", "  ", "x"), 3,
            List.of("column_1", "column_2", "x")),
        Arguments.of("duplicates ignoring case", List.of("a", "A", "a", "b"), 4,
            List.of("a", "A_2", "a_3", "b")),
        Arguments.of("a suffix already taken", List.of("a", "a_2", "a"), 3,
            List.of("a", "a_2", "a_3")),
        Arguments.of("the suffixed name taken later", List.of("a", "a", "a_2"), 3,
            List.of("a", "a_2", "a_2_2")),
        Arguments.of("_row is reserved", List.of("_row", "_ROW", "row"), 3,
            List.of("_row_2", "_ROW_3", "row")),
        Arguments.of("a blank cell whose generated name is taken", List.of("column_2", ""), 2,
            List.of("column_2", "column_2_2")),
        Arguments.of("spaces and accents kept", List.of("IMPORTE EUR", "FECHA OPERACIÓN"), 2,
            List.of("IMPORTE EUR", "FECHA OPERACIÓN")),
        Arguments.of("fewer cells than columns", List.of("a"), 3,
            List.of("a", "column_2", "column_3")),
        Arguments.of("no header", null, 2, List.of("column_1", "column_2")));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("headers")
  void names(String scenario, List<String> header, int count, List<String> expected) {
    assertThat(ColumnNaming.name(header, count)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("headers")
  void namesAreUniqueIgnoringCaseAndNeverTheRowColumn(String scenario, List<String> header,
      int count) {
    List<String> names = ColumnNaming.name(header, count);

    assertThat(names).hasSize(count);
    assertThat(names.stream().map(n -> n.toLowerCase(java.util.Locale.ROOT)).distinct().count())
        .isEqualTo(count);
    assertThat(names).noneMatch(n -> n.equalsIgnoreCase(ColumnNaming.ROW_COLUMN));
  }

  /**
   * 200,000 cells all named {@code c} (a 400 KB hostile header) are named in linear time: each
   * name resumes from the suffix the previous one of its base reached, where trying {@code _2},
   * {@code _3}, ... again took minutes. The names are those the plain rule gives.
   */
  @org.junit.jupiter.api.Test
  @org.junit.jupiter.api.Timeout(10)
  void aHugeHeaderOfOneRepeatedNameIsNamedInLinearTime() {
    int n = 200_000;
    List<String> header = java.util.Collections.nCopies(n, "c");
    List<String> names = ColumnNaming.name(header, n);
    assertThat(names).hasSize(n).doesNotHaveDuplicates();
    assertThat(names.subList(0, 3)).containsExactly("c", "c_2", "c_3");
    assertThat(names.get(n - 1)).isEqualTo("c_" + n);
    List<String> mixed = ColumnNaming.name(List.of("c", "c", "c_3", "c", "C", "c_2_2", "c"), 7);
    assertThat(mixed).containsExactly("c", "c_2", "c_3", "c_4", "C_5", "c_2_2", "c_6");
  }
}
