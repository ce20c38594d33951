package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.open;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.write;
import static io.csvws.jdbc.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A cast of a constant to an integer type rounds as the same cast of a column does (docs/sql.md):
 * a DECIMAL half away from zero, a DOUBLE half to even. Calcite folded
 * {@code CAST(CAST(2.5 AS DECIMAL(3,1)) AS INTEGER)} to 2 while it converted the query, where
 * the column's cast gives 3. DuckDB 1.x (its JDBC driver, run here beside csvws) answers the
 * same as csvws now does: {@code CAST(CAST(2.5 AS DECIMAL(3,1)) AS INTEGER)} is 3, -2.5 is -3,
 * 0.5 is 1 for every integer type; {@code CAST(CAST(2.5 AS DOUBLE) AS INTEGER)} is 2, 3.5 is 4.
 */
class ConstantCastRoundingTest {
  @TempDir
  static Path dir;

  private static final String[] VALUES = {"2.5", "-2.5", "2.4", "-2.6", "0.5", "-0.5", "3.5"};
  private static final String[] TARGETS = {"INTEGER", "BIGINT", "SMALLINT", "TINYINT"};

  @BeforeAll
  static void files() {
    StringBuilder b = new StringBuilder("id,d,f\n");
    for (int i = 0; i < VALUES.length; i++) {
      b.append(i).append(',').append(VALUES[i]).append(',').append(VALUES[i]).append("e0\n");
    }
    // d is read as DECIMAL(38, 1), f (written with an exponent) as DOUBLE.
    write(dir, "nums.csv", b.toString());
  }

  static Stream<Arguments> casts() {
    List<Arguments> out = new ArrayList<>();
    for (int i = 0; i < VALUES.length; i++) {
      for (String t : TARGETS) {
        BigDecimal v = new BigDecimal(VALUES[i]);
        out.add(Arguments.of(i, "CAST(CAST(" + VALUES[i] + " AS DECIMAL(3,1)) AS " + t + ")",
            "CAST(d AS " + t + ")", v.setScale(0, RoundingMode.HALF_UP).longValueExact()));
        out.add(Arguments.of(i, "CAST(CAST(" + VALUES[i] + " AS DOUBLE) AS " + t + ")",
            "CAST(f AS " + t + ")", (long) Math.rint(v.doubleValue())));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("casts")
  void constantCastRoundsAsTheColumnCast(int id, String constant, String column, long expected)
      throws SQLException {
    try (Connection c = open(dir); Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
      assertThat(number(rows(c, "SELECT " + column + " FROM nums WHERE id = " + id)))
          .isEqualTo(expected);
      assertThat(number(rows(c, "SELECT " + constant))).isEqualTo(expected);
      assertThat(number(rows(c, "SELECT x FROM (VALUES (" + constant + ")) AS w(x)")))
          .isEqualTo(expected);
      assertThat(number(rows(c, "SELECT COUNT(*) FROM nums WHERE id = " + id + " AND " + constant + " = "
          + column + " AND " + constant + " = " + expected))).isEqualTo(1L);
      assertThat(number(rows(duck, "SELECT " + constant))).isEqualTo(expected);
    }
  }

  @Test
  void roundedValueThatDoesNotFitFails() throws SQLException {
    try (Connection c = open(dir)) {
      for (String sql : List.of("SELECT CAST(CAST(127.5 AS DECIMAL(4,1)) AS TINYINT)",
          "SELECT CAST(CAST(32767.5 AS DOUBLE) AS SMALLINT)",
          "SELECT CAST(d * 1000 AS TINYINT) FROM nums WHERE id = 0",
          "SELECT CAST(f * 100000 AS SMALLINT) FROM nums WHERE id = 0")) {
        SQLException e = sqlFailure(() -> rows(c, sql));
        assertThat(e.getSQLState()).as(sql).isEqualTo("22003");
      }
      assertThat(rows(c, "SELECT CAST(CAST(127.4 AS DECIMAL(4,1)) AS TINYINT), "
          + "CAST(CAST(-128.5 AS DOUBLE) AS TINYINT)")).containsExactly(
          List.of((byte) 127, (byte) -128));
    }
  }

  private static long number(List<List<Object>> rows) {
    assertThat(rows).hasSize(1);
    return ((Number) rows.get(0).get(0)).longValue();
  }
}
