package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aggregates of csvws's vocabulary over a real CSV file through JDBC: the values PostgreSQL
 * gives (DuckDB's where PostgreSQL has no such aggregate), NULLs skipped, an empty group NULL.
 *
 * <p>{@code CORR} and the {@code REGR_*} names other than {@code REGR_COUNT}, {@code REGR_SXX},
 * {@code REGR_SYY} are reserved words of Calcite's standard grammar, so they are quoted here.
 */
class AggregateFunctionsTest {
  @TempDir
  static Path dir;
  private static Connection connection;

  @BeforeAll
  static void open() throws SQLException {
    Queries.write(dir, "m.csv", """
        grp,name,x,y,price
        a,pear,1,2,1.5
        a,fig,2,4,2.5
        b,apple,3,5,10
        b,kiwi,4,4,0.5
        b,plum,5,5,3
        b,lime,6,,4
        """);
    connection = Queries.open(dir);
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  private static Object one(String sql) throws SQLException {
    List<List<Object>> rows = Queries.rows(connection, sql);
    assertThat(rows).hasSize(1);
    return rows.get(0).get(0);
  }

  private static double number(String sql) throws SQLException {
    return ((Number) one(sql)).doubleValue();
  }

  @Test
  void stringAggregatesJoinInTheOrderAsked() throws SQLException {
    assertThat(one("SELECT STRING_AGG(name, ',' ORDER BY name) FROM m"))
        .isEqualTo("apple,fig,kiwi,lime,pear,plum");
    assertThat(one("SELECT STRING_AGG(name, '|' ORDER BY x DESC) FROM m WHERE grp = 'a'"))
        .isEqualTo("fig|pear");
    assertThat(one("SELECT LISTAGG(name, ';') WITHIN GROUP (ORDER BY x) FROM m WHERE x < 4"))
        .isEqualTo("pear;fig;apple");
    assertThat(Queries.rows(connection,
        "SELECT grp, STRING_AGG(name, ',' ORDER BY name) FROM m GROUP BY grp ORDER BY grp"))
        .containsExactly(List.of("a", "fig,pear"), List.of("b", "apple,kiwi,lime,plum"));
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT ARRAY_AGG(name ORDER BY x) FROM m WHERE grp = 'a'")) {
      assertThat(rs.next()).isTrue();
      assertThat((Object[]) rs.getArray(1).getArray()).containsExactly("pear", "fig");
    }
  }

  @Test
  void medianAndPercentilesInterpolateAsPostgresql() throws SQLException {
    assertThat(number("SELECT MEDIAN(x) FROM m")).isEqualTo(3.5);
    assertThat(number("SELECT MEDIAN(y) FROM m")).isEqualTo(4.0);
    assertThat(number("SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) FROM m"))
        .isEqualTo(3.5);
    assertThat(number("SELECT PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x) FROM m"))
        .isEqualTo(2.25);
    assertThat(number("SELECT PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x DESC) FROM m"))
        .isEqualTo(4.75);
    assertThat(number("SELECT PERCENTILE_DISC(0.9) WITHIN GROUP (ORDER BY price) FROM m"))
        .isEqualTo(10.0);
    assertThat(Queries.rows(connection, "SELECT grp, MEDIAN(price), "
        + "PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) FROM m GROUP BY grp ORDER BY grp"))
        .containsExactly(List.of("a", 2.0, 1.5), List.of("b", 3.5, 4.5));
    assertThat(one("SELECT MEDIAN(x) FROM m WHERE x > 100")).isNull();
    assertThat(Queries.column(connection,
        "SELECT MEDIAN(x) OVER (PARTITION BY grp) FROM m ORDER BY x"))
        .containsExactly(1.5, 1.5, 4.5, 4.5, 4.5, 4.5);
  }

  @Test
  void percentileDiscKeepsTheColumnsType() throws SQLException {
    assertThat(one("SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY x) FROM m")).isEqualTo(3);
    assertThat(one("SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY name) FROM m"))
        .isEqualTo("kiwi");
    assertThat(one("SELECT PERCENTILE_DISC(1) WITHIN GROUP (ORDER BY x DESC) FROM m"))
        .isEqualTo(1);
    assertThat(one("SELECT CAST(PERCENTILE_DISC(0.25) WITHIN GROUP (ORDER BY d) AS VARCHAR) "
        + "FROM (VALUES (DATE '2024-03-01'), (DATE '2024-01-01'), (DATE '2024-02-01'), "
        + "(DATE '2024-04-01')) AS t(d)")).isEqualTo("2024-01-01");
    assertThat(one("SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY v) FROM (VALUES "
        + "(9007199254740993), (9007199254740995), (1)) AS t(v)"))
        .isEqualTo(9007199254740993L);
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY x) FROM m")) {
      assertThat(rs.getMetaData().getColumnTypeName(1)).isEqualTo("INTEGER");
    }
    assertThat(one("SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY x) FROM m WHERE x > 99"))
        .isNull();
  }

  @Test
  void aFractionOutsideZeroToOneFails() {
    SQLException e = Queries.failure(connection,
        "SELECT PERCENTILE_CONT(1.5) WITHIN GROUP (ORDER BY x) FROM m");
    assertThat(e.getMessage()).contains("1.5 is not between 0 and 1");
    assertThat(e.getSQLState()).isEqualTo("22023");
  }

  @Test
  void modeAndApproximateDistinctCount() throws SQLException {
    assertThat(one("SELECT MODE(y) FROM m")).isIn(4, 5, 4L, 5L);
    assertThat(one("SELECT MODE(grp) FROM m")).isEqualTo("b");
    assertThat(one("SELECT MODE() WITHIN GROUP (ORDER BY grp) FROM m")).isEqualTo("b");
    assertThat(((Number) one("SELECT APPROX_COUNT_DISTINCT(grp) FROM m")).longValue())
        .isEqualTo(2);
  }

  @Test
  void regressionAggregatesSkipPairsWithANull() throws SQLException {
    String sql = "SELECT \"CORR\"(y, x), \"REGR_SLOPE\"(y, x), \"REGR_INTERCEPT\"(y, x), "
        + "\"REGR_R2\"(y, x), REGR_COUNT(y, x), REGR_SXX(y, x), REGR_SYY(y, x), "
        + "\"REGR_SXY\"(y, x), \"REGR_AVGX\"(y, x), \"REGR_AVGY\"(y, x), COVAR_POP(y, x), "
        + "COVAR_SAMP(y, x) FROM m";
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.next()).isTrue();
      double[] expected = {0.7745966692414834, 0.6, 2.2, 0.6, 5, 10, 6, 6, 3, 4, 1.2, 1.5};
      for (int i = 0; i < expected.length; i++) {
        assertThat(rs.getDouble(i + 1)).as("column %d", i + 1)
            .isCloseTo(expected[i], within(1e-12));
      }
      assertThat(rs.getMetaData().getColumnTypeName(1)).isEqualTo("DOUBLE");
      assertThat(rs.getMetaData().getColumnTypeName(11)).isEqualTo("DOUBLE");
    }
  }

  @Test
  void regressionOfOnePairOrNoSpreadIsNull() throws SQLException {
    assertThat(Queries.rows(connection, "SELECT \"CORR\"(y, x), \"REGR_SLOPE\"(y, x), "
        + "COVAR_SAMP(y, x), COVAR_POP(y, x) FROM m WHERE x = 1"))
        .containsExactly(java.util.Arrays.asList(null, null, null, 0.0));
    assertThat(one("SELECT \"CORR\"(y, x) FROM m WHERE x > 100")).isNull();
  }

  @Test
  void listsOverAWindowAreListaggs() throws SQLException {
    assertThat(Queries.column(connection,
        "SELECT LISTAGG(name, ',') OVER (ORDER BY x) FROM m WHERE grp = 'a' ORDER BY x"))
        .containsExactly("pear", "pear,fig");
    for (String agg : List.of("STRING_AGG(name, ',')", "ARRAY_AGG(name)")) {
      SQLException e = Queries.failure(connection,
          "SELECT " + agg + " OVER (ORDER BY x) FROM m");
      assertThat(e.getMessage()).contains("is not supported as a window function",
          "LISTAGG(x, ',') OVER");
      assertThat(e.getSQLState()).isEqualTo("42000");
    }
  }

  @Test
  void booleanAggregates() throws SQLException {
    assertThat(Queries.rows(connection, "SELECT BOOL_AND(x > 0), BOOL_OR(x > 5), "
        + "EVERY(x > 1), SOME(x > 5) FROM m")).containsExactly(List.of(true, true, false, true));
  }
}
