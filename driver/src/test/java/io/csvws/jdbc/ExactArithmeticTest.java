package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.open;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.write;
import static io.csvws.jdbc.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sums never wrap, averages keep their fraction, and arithmetic that leaves its type fails with
 * SQLState 22003: over real files, through the scan's partial aggregates, Calcite's own
 * aggregates (sums of expressions, of joins) and window aggregates alike.
 */
class ExactArithmeticTest {
  @TempDir
  static Path dir;

  /** 2,000 populations of a few million each: their sum is far beyond INTEGER. */
  private static long populationSum;
  private static long[] populationSumByRegion = new long[4];

  @BeforeAll
  static void files() {
    Random random = new Random(13);
    StringBuilder places = new StringBuilder("id,region,population,score\n");
    for (int i = 0; i < 2000; i++) {
      int population = 3_000_000 + random.nextInt(4_000_000);
      populationSum += population;
      populationSumByRegion[i % 4] += population;
      places.append(i).append(',').append(i % 4).append(',').append(population).append(',')
          .append(i % 5 + 1).append('\n');
    }
    write(dir, "places.csv", places.toString());
    // Two values near BIGINT's limit: each fits, their sum does not.
    write(dir, "huge.csv", "k,v\na,9000000000000000000\na,9000000000000000000\nb,1\n");
    // Values whose sum is just inside BIGINT.
    write(dir, "edge.csv", "v\n4611686018427387903\n4611686018427387903\n1\n");
    write(dir, "scores.csv", "score\n1\n2\n3\n4\n5\n3\n2\n5\n4\n1\n");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT SUM(population) FROM places",
      "SELECT SUM(population) FROM places WHERE id >= 0",
      "SELECT SUM(population + 0) FROM places",
      "SELECT SUM(p) FROM (SELECT population AS p FROM places LIMIT 5000)",
      "SELECT MAX(s) FROM (SELECT SUM(population) OVER (ORDER BY id) AS s FROM places)",
      "SELECT SUM(s) FROM (SELECT region, SUM(population) AS s FROM places GROUP BY region)"})
  void sumOfIntegersIsExactBigint(String sql) throws SQLException {
    try (Connection c = open(dir); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(Types.BIGINT);
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(populationSum);
      assertThat(populationSum).isGreaterThan(Integer.MAX_VALUE);
    }
  }

  @Test
  void groupedSumsOfIntegersAreExact() throws SQLException {
    try (Connection c = open(dir)) {
      List<List<Object>> rows = rows(c,
          "SELECT region, SUM(population) FROM places GROUP BY region ORDER BY region");
      assertThat(rows).hasSize(4);
      for (int r = 0; r < 4; r++) {
        assertThat(rows.get(r)).containsExactly(r, populationSumByRegion[r]);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT SUM(v) FROM huge",
      "SELECT k, SUM(v) FROM huge GROUP BY k",
      "SELECT SUM(v) FROM huge WHERE k = 'a'",
      "SELECT SUM(v + 0) FROM huge",
      "SELECT SUM(h.v) FROM huge h JOIN huge g ON h.k = g.k",
      "SELECT SUM(v) OVER (ORDER BY k) FROM huge",
      "SELECT SUM(v) OVER (PARTITION BY k ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM huge",
      "SELECT AVG(v) FROM huge"})
  void bigintSumBeyondRangeFails(String sql) throws SQLException {
    try (Connection c = open(dir)) {
      SQLException e = sqlFailure(() -> rows(c, sql));
      assertThat(e.getSQLState()).isEqualTo("22003");
      assertThat(e.getMessage()).startsWith("Numeric value out of range")
          .contains("DECIMAL(38");
      if (sql.contains("SUM(v)") || sql.contains("AVG")) {
        assertThat(e.getMessage()).contains("SUM went past BIGINT's range");
      }
    }
  }

  @Test
  void bigintSumJustInsideRangeIsExact() throws SQLException {
    try (Connection c = open(dir)) {
      assertThat(rows(c, "SELECT SUM(v) FROM edge")).containsExactly(List.of(Long.MAX_VALUE));
      assertThat(rows(c, "SELECT SUM(CAST(v AS DECIMAL(38, 0))) * 2 FROM huge"))
          .containsExactly(List.of(new BigDecimal("36000000000000000002")));
    }
  }

  @Test
  void averageOfIntegersKeepsItsFraction() throws SQLException {
    try (Connection c = open(dir); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT AVG(score), STDDEV_POP(score), VAR_SAMP(score), "
            + "(SELECT MAX(a) FROM (SELECT AVG(score) OVER () AS a FROM scores)) FROM scores")) {
      ResultSetMetaData m = rs.getMetaData();
      for (int i = 1; i <= 4; i++) {
        assertThat(m.getColumnType(i)).as("column %d", i).isEqualTo(Types.DOUBLE);
      }
      assertThat(rs.next()).isTrue();
      assertThat(rs.getDouble(1)).isEqualTo(3.0);
      assertThat(rs.getDouble(2)).isCloseTo(Math.sqrt(2.0), offset(1e-12));
      assertThat(rs.getDouble(3)).isCloseTo(20.0 / 9, offset(1e-12));
      assertThat(rs.getDouble(4)).isEqualTo(3.0);
    }
    try (Connection c = open(dir)) {
      assertThat(rows(c, "SELECT AVG(score) FROM scores WHERE score <> 3"))
          .containsExactly(List.of(3.0));
      assertThat(rows(c, "SELECT AVG(score) FROM scores WHERE score IN (1, 2, 2)"))
          .containsExactly(List.of(1.5));
      assertThat(rows(c, "SELECT AVG(x) FROM (VALUES (1), (2), (2)) t(x)").get(0).get(0))
          .isEqualTo(5.0 / 3);
    }
  }

  @Test
  void decimalSumsAndAveragesKeepTheirScale() throws SQLException {
    try (Connection c = open(dir); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT SUM(x), AVG(x) FROM (VALUES (CAST(12.50 AS "
            + "DECIMAL(6, 2))), (15.00), (0.01)) t(x)")) {
      ResultSetMetaData m = rs.getMetaData();
      assertThat(m.getColumnType(1)).isEqualTo(Types.DECIMAL);
      assertThat(m.getScale(1)).isEqualTo(2);
      assertThat(m.getColumnType(2)).isEqualTo(Types.DECIMAL);
      assertThat(m.getScale(2)).isGreaterThanOrEqualTo(2);
      assertThat(rs.next()).isTrue();
      assertThat(rs.getBigDecimal(1)).isEqualByComparingTo("27.51");
      assertThat(rs.getBigDecimal(2)).isEqualTo(new BigDecimal("9.1700000000000000"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT population * 1000000 FROM places",
      "SELECT population * population FROM places WHERE id = 7",
      "SELECT -(population - population - 2147483647 - 1) FROM places WHERE id = 1",
      "SELECT CAST(v AS INTEGER) FROM huge",
      "SELECT CAST(2147483648 AS INTEGER)",
      "SELECT 2147483647 + 1",
      "SELECT v * 2 FROM huge",
      "SELECT v + v FROM huge WHERE k = 'a'"})
  void arithmeticBeyondItsTypeFails(String sql) throws SQLException {
    try (Connection c = open(dir)) {
      SQLException e = sqlFailure(() -> rows(c, sql));
      assertThat(e.getSQLState()).isEqualTo("22003");
      assertThat(e.getMessage()).startsWith("Numeric value out of range");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT id, population * 1000000 FROM places ORDER BY id|population * 1000000 (",
      "SELECT SUM(population * population) FROM places|population * population (",
      "SELECT id FROM places WHERE population + 2147483000 > 0|population + 2147483000 (",
      "SELECT CAST(v AS INTEGER) FROM huge|CAST(v AS INTEGER) gives 9000000000000000000",
      "SELECT v * 2 FROM huge|v * 2 (9000000000000000000 * 2) does not fit BIGINT",
      "SELECT -(v - v - 9223372036854775807 - 1) FROM huge|does not fit BIGINT"})
  void anOverflowNamesItsExpression(String sqlAndText) throws SQLException {
    String[] parts = sqlAndText.split("\\|");
    try (Connection c = open(dir)) {
      SQLException e = sqlFailure(() -> rows(c, parts[0]));
      assertThat(e.getSQLState()).isEqualTo("22003");
      assertThat(e.getMessage()).contains(parts[1]);
    }
  }

  @Test
  void divisionByZeroFailsEveryTime() throws SQLException {
    try (Connection c = open(dir)) {
      for (int i = 0; i < 2; i++) {
        SQLException constant = sqlFailure(() -> rows(c, "SELECT 1 / 0"));
        assertThat(constant.getSQLState()).isEqualTo("22012");
        SQLException column = sqlFailure(() -> rows(c, "SELECT id / 0 FROM places"));
        assertThat(column.getSQLState()).isEqualTo("22012");
        assertThat(column.getMessage()).startsWith("Division by zero: id / 0.")
            .contains("NULLIF");
      }
    }
  }

  @Test
  void decimalQuotientsAndAveragesHaveTheirDigitsRoundedHalfUp() throws SQLException {
    try (Connection c = open(dir)) {
      assertThat(rows(c, "SELECT 2 / 3.0, CAST(1 AS DECIMAL(10, 2)) / 3, AVG(x), "
          + "(SELECT MAX(a) FROM (SELECT AVG(x) OVER () AS a FROM (VALUES (CAST(1.00 AS "
          + "DECIMAL(6, 2))), (2.00), (2.00)) w(x))) FROM (VALUES (CAST(1.00 AS DECIMAL(6, 2))), "
          + "(2.00), (2.00)) t(x)")).containsExactly(List.of(new BigDecimal("0.6666666666666667"),
          new BigDecimal("0.3333333333333333"), new BigDecimal("1.6666666666666667"),
          new BigDecimal("1.6666666666666667")));
      SQLException e = sqlFailure(() -> rows(c,
          "SELECT 12345678901234567890123.5 / 0.001"));
      assertThat(e.getSQLState()).isEqualTo("22003");
      assertThat(e.getMessage()).contains("more than 38 digits");
    }
  }

  @Test
  void integerDivisionTruncatesAsInPostgresql() throws SQLException {
    try (Connection c = open(dir)) {
      List<Object> row = rows(c, "SELECT 7 / 2, -7 / 2, 7 / 2.0, CAST(7 AS DOUBLE) / 2").get(0);
      assertThat(row.subList(0, 2)).containsExactly(3, -3);
      assertThat((BigDecimal) row.get(2)).isEqualByComparingTo("3.5");
      assertThat(row.get(3)).isEqualTo(3.5);
    }
  }
}
