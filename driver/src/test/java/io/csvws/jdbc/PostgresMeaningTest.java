package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.open;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.write;
import static io.csvws.jdbc.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where Calcite's own meaning differed from PostgreSQL's without a word, csvws gives
 * PostgreSQL's: casts to integers round, text of different lengths is not padded, times and
 * booleans cast to text read as PostgreSQL writes them, and the errors have PostgreSQL's
 * SQLStates.
 */
class PostgresMeaningTest {
  @TempDir
  static Path dir;

  @BeforeAll
  static void files() {
    write(dir, "prices.csv", "id,price,ratio,ts,t,ok\n"
        + "1,381.58,2.5e0,2023-04-22 04:03:08.917,10:00:08.5,true\n"
        + "2,-2.50,3.5e0,2023-04-22 04:03:08,10:00:08,false\n"
        + "3,0.49,-2.5e0,1969-12-31 23:59:59.250,00:00:00,\n");
    write(dir, "precise.csv", "p\n164865337199.16205122549000000002\n1.5\n");
  }

  @Test
  void castsToIntegersRoundAsPostgresql() throws SQLException {
    try (Connection c = open(dir)) {
      // DECIMAL: half away from zero; DOUBLE: half to even (PostgreSQL's rint).
      assertThat(rows(c, "SELECT id, CAST(price AS INTEGER), CAST(price AS BIGINT), "
          + "CAST(ratio AS INTEGER), CAST(ratio AS BIGINT) FROM prices ORDER BY id"))
          .containsExactly(List.of(1, 382, 382L, 2, 2L), List.of(2, -3, -3L, 4, 4L),
              List.of(3, 0, 0L, -2, -2L));
      assertThat(rows(c, "SELECT CAST(2.5 AS INTEGER), CAST(-2.5 AS INTEGER), "
          + "CAST(3.7 AS INTEGER)")).containsExactly(List.of(3, -3, 4));
      SQLException e = sqlFailure(() -> rows(c, "SELECT CAST(price * 1e10 AS INTEGER) "
          + "FROM prices"));
      assertThat(e.getSQLState()).isEqualTo("22003");
      assertThat(e.getMessage()).contains("does not fit INTEGER");
    }
  }

  @Test
  void textOfDifferentLengthsIsNotPadded() throws SQLException {
    try (Connection c = open(dir)) {
      assertThat(rows(c, "SELECT CASE WHEN id = 1 THEN 'a' ELSE 'bbb' END, "
          + "IF(id = 1, 'low', 'high') FROM prices ORDER BY id"))
          .containsExactly(List.of("a", "low"), List.of("bbb", "high"), List.of("bbb", "high"));
      assertThat(rows(c, "SELECT 'a' UNION ALL SELECT 'bbb'"))
          .containsExactlyInAnyOrder(List.of("a"), List.of("bbb"));
    }
  }

  @Test
  void timesAndBooleansCastToTextAsPostgresqlWritesThem() throws SQLException {
    try (Connection c = open(dir)) {
      assertThat(rows(c, "SELECT CAST(ts AS VARCHAR), CAST(t AS VARCHAR), CAST(ok AS VARCHAR), "
          + "ts || '' FROM prices ORDER BY id")).containsExactly(
          List.of("2023-04-22 04:03:08.917", "10:00:08.5", "true", "2023-04-22 04:03:08.917"),
          List.of("2023-04-22 04:03:08", "10:00:08", "false", "2023-04-22 04:03:08"),
          Arrays.asList("1969-12-31 23:59:59.25", "00:00:00", null, "1969-12-31 23:59:59.25"));
    }
  }

  @Test
  void errorsHavePostgresqlsSqlStates() throws SQLException {
    try (Connection c = open(dir)) {
      SQLException many = sqlFailure(() -> rows(c, "SELECT (SELECT id FROM prices)"));
      assertThat(many.getSQLState()).isEqualTo("21000");
      assertThat(many.getMessage()).contains("more than one row");
      SQLException text = sqlFailure(() -> rows(c, "SELECT CAST('abc' AS INTEGER)"));
      assertThat(text.getSQLState()).isEqualTo("22018");
      assertThat(text.getMessage()).contains("\"abc\" is not a number").contains("TRY_CAST");
    }
  }

  @Test
  void sumsOfWideDecimalsKeepEveryDigit() throws SQLException {
    try (Connection c = open(dir)) {
      assertThat(rows(c, "SELECT SUM(p), AVG(p) FROM precise")).containsExactly(List.of(
          new BigDecimal("164865337200.66205122549000000002"),
          new BigDecimal("82432668600.33102561274500000001")));
    }
  }
}
