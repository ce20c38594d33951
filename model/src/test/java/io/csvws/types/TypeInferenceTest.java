package io.csvws.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The type decided for a column from the values seen, whether or not they were the whole file. */
class TypeInferenceTest {

  static Stream<Arguments> columns() {
    return Stream.of(
        // values | type when the sample covers the file | type when it does not
        Arguments.of(new String[] {"1", "2", "-3"}, ColumnType.INTEGER, ColumnType.BIGINT),
        Arguments.of(new String[] {"1", "3000000000"}, ColumnType.BIGINT, ColumnType.BIGINT),
        Arguments.of(new String[] {"2147483647", "-2147483648"}, ColumnType.INTEGER,
            ColumnType.BIGINT),
        Arguments.of(new String[] {"1", "12345678901234567890"}, ColumnType.DECIMAL,
            ColumnType.DECIMAL),
        Arguments.of(new String[] {"1", "1234567890123456789012345678901234567890"},
            ColumnType.VARCHAR, ColumnType.VARCHAR),
        Arguments.of(new String[] {"1", "1.5", "2e3"}, ColumnType.DOUBLE, ColumnType.DOUBLE),
        Arguments.of(new String[] {"12345678901234567890", "0.5"}, ColumnType.DECIMAL,
            ColumnType.DECIMAL),
        Arguments.of(new String[] {"12.50", "0.1", "3"}, ColumnType.DECIMAL, ColumnType.DECIMAL),
        Arguments.of(new String[] {"123456789.123456789012"}, ColumnType.DECIMAL,
            ColumnType.DECIMAL),
        Arguments.of(new String[] {"1e5", "123456789.123456789012"}, ColumnType.VARCHAR,
            ColumnType.VARCHAR),
        Arguments.of(new String[] {"1e5", "0.25"}, ColumnType.DOUBLE, ColumnType.DOUBLE),
        Arguments.of(new String[] {"12345678901234567890123456789.5", "0.0000000001"},
            ColumnType.VARCHAR, ColumnType.VARCHAR),
        Arguments.of(new String[] {"NaN", "1.5"}, ColumnType.DOUBLE, ColumnType.DOUBLE),
        Arguments.of(new String[] {"true", "FALSE", "True"}, ColumnType.BOOLEAN,
            ColumnType.BOOLEAN),
        Arguments.of(new String[] {"true", "1"}, ColumnType.VARCHAR, ColumnType.VARCHAR),
        Arguments.of(new String[] {"2024-01-01", "1999-12-31"}, ColumnType.DATE, ColumnType.DATE),
        Arguments.of(new String[] {"2024-01-01", "2024-01-02 10:00"}, ColumnType.TIMESTAMP,
            ColumnType.TIMESTAMP),
        Arguments.of(new String[] {"2024-01-02T10:00:00.5"}, ColumnType.TIMESTAMP,
            ColumnType.TIMESTAMP),
        Arguments.of(new String[] {"10:00", "23:59:59.999"}, ColumnType.TIME, ColumnType.TIME),
        Arguments.of(new String[] {"10:00", "2024-01-01"}, ColumnType.VARCHAR, ColumnType.VARCHAR),
        Arguments.of(new String[] {"007", "012"}, ColumnType.VARCHAR, ColumnType.VARCHAR),
        Arguments.of(new String[] {"1", "007"}, ColumnType.VARCHAR, ColumnType.VARCHAR),
        Arguments.of(new String[] {"1", "x"}, ColumnType.VARCHAR, ColumnType.VARCHAR),
        Arguments.of(new String[] {"1", "2024-01-01"}, ColumnType.VARCHAR, ColumnType.VARCHAR),
        Arguments.of(new String[] {}, ColumnType.VARCHAR, ColumnType.VARCHAR));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("columns")
  void decidesTheNarrowestTypeAllValuesFit(String[] values, ColumnType covering,
      ColumnType partial) {
    TypeInference inference = new TypeInference();
    inference.ensureColumns(2);
    for (String v : values) {
      byte[] b = v.getBytes(StandardCharsets.UTF_8);
      inference.accept(1, b, 0, b.length);
    }

    assertThat(inference.decide(1, true)).isEqualTo(covering);
    assertThat(inference.decide(1, false)).isEqualTo(partial);
    assertThat(inference.nonEmptyCount(1)).isEqualTo(values.length);
    assertThat(inference.decide(0, true)).as("a column with no values").isEqualTo(
        ColumnType.VARCHAR);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("columns")
  void theDecidedTypeAcceptsEverySampledValue(String[] values, ColumnType covering) {
    for (String v : values) {
      byte[] b = v.getBytes(StandardCharsets.UTF_8);
      assertThat(TypeInference.fits(covering, b, 0, b.length)).as(v).isTrue();
    }
  }

  static Stream<Arguments> joiners() {
    return Stream.of(
        // column values | a new value | whether the column keeps a type other than VARCHAR
        Arguments.of(new String[] {"1", "2"}, "2.5", true),
        Arguments.of(new String[] {"1", "2"}, "3000000000", true),
        Arguments.of(new String[] {"1", "2"}, "id", false),
        Arguments.of(new String[] {"1", "2"}, "007", false),
        Arguments.of(new String[] {"2024-01-01"}, "2024-01-01 10:00", true),
        Arguments.of(new String[] {"2024-01-01"}, "date", false),
        Arguments.of(new String[] {"true"}, "active", false),
        Arguments.of(new String[] {"true"}, "FALSE", true),
        Arguments.of(new String[] {"x"}, "1", false));
  }

  @ParameterizedTest(name = "{0} + {1}")
  @MethodSource("joiners")
  void fitsAlongsideTheSampledValues(String[] values, String joiner, boolean fits) {
    TypeInference inference = new TypeInference();
    for (String v : values) {
      byte[] b = v.getBytes(StandardCharsets.UTF_8);
      inference.accept(0, b, 0, b.length);
    }
    byte[] j = joiner.getBytes(StandardCharsets.UTF_8);

    assertThat(inference.fitsAlongside(0, j, 0, j.length)).isEqualTo(fits);
    assertThat(inference.fitsAlongside(5, j, 0, j.length)).as("an unknown column").isFalse();
  }
}
