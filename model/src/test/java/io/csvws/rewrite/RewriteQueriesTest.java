package io.csvws.rewrite;

import static io.csvws.testing.ModelConnection.plan;
import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plan rewrites, through SQL on real files: checked integer arithmetic that names the
 * expression, casts that round, exact decimal averages, text casts written as PostgreSQL writes
 * them, text positions in code points, and the window calls Calcite gets wrong rewritten or
 * refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RewriteQueriesTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    Files.writeString(dir.resolve("n.csv"), "id,i,b,d,f,s,ts,ok\n"
        + "1,2147483647,9223372036854775807,2.5,2.5,h\uD83D\uDE00llo,2023-04-22 04:03:08.917,true\n"
        + "2,-2147483648,-9223372036854775808,-2.5,3.5,abc,2023-04-22 04:03:08.900,false\n"
        + "3,10,3,1.25,0.5,xyz,2023-04-22 04:03:08,true\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("g.csv"), "k,v\na,1\na,2\na,2\nb,5\n", StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  /** The query fails with csvws's error of {@code state}, its message holding {@code parts}. */
  private void fails(String sql, String state, String... parts) {
    assertThatThrownBy(() -> rows(connection, sql)).satisfies(e -> {
      CsvwsException ours = CsvwsException.find(e);
      assertThat(ours).as("csvws's error in %s", e).isNotNull();
      assertThat(ours.code().sqlState()).isEqualTo(state);
      assertThat(ours.getMessage()).contains(parts);
    });
  }

  @Test
  void integerOverflowFailsNamingTheExpression() {
    fails("SELECT i + 1 FROM n WHERE id = 1", "22003", "i + 1", "(2147483647 + 1)", "INTEGER");
    fails("SELECT i - 1 FROM n WHERE id = 2", "22003", "i - 1", "INTEGER");
    fails("SELECT i * 2 FROM n WHERE id = 1", "22003", "i * 2", "INTEGER");
    fails("SELECT -i FROM n WHERE id = 2", "22003", "INTEGER");
    fails("SELECT i / -1 FROM n WHERE id = 2", "22003", "INTEGER");
    fails("SELECT b + 1 FROM n WHERE id = 1", "22003", "b + 1", "BIGINT");
    fails("SELECT b * b FROM n WHERE id = 1", "22003", "b * b", "BIGINT");
    fails("SELECT b - 1 FROM n WHERE id = 2", "22003", "b - 1", "BIGINT");
    fails("SELECT CAST(b AS INTEGER) FROM n WHERE id = 1", "22003", "INTEGER");
    fails("SELECT i / (id - 3) FROM n WHERE id = 3", "22012", "Division by zero",
        "i / (id - 3)");
  }

  @Test
  void integerArithmeticInRangeIsExact() throws SQLException {
    assertThat(rows(connection, "SELECT i + 1, i - 1, i * 3, -i, i / 3, b / 2, CAST(b AS INTEGER)"
        + " FROM n WHERE id = 3")).containsExactly(List.of("11", "9", "30", "-10", "3", "1", "3"));
  }

  @Test
  void longExpressionsAreCutInTheMessage() {
    String sum = "i" + " + 0".repeat(40) + " + 1";
    assertThatThrownBy(() -> rows(connection, "SELECT " + sum + " FROM n WHERE id = 1"))
        .satisfies(e -> assertThat(CsvwsException.find(e).getMessage())
            .contains("i + 0 + 0", "...").doesNotContain(sum));
  }

  @Test
  void aMultiLineExpressionIsNamedOnOneLine() {
    fails("SELECT id,\n  i\n  + 1 FROM n WHERE id = 1", "22003", "i + 1 (2147483647 + 1)");
  }

  @Test
  void castsOfFractionsRoundAsPostgresqlDoes() throws SQLException {
    assertThat(rows(connection, "SELECT CAST(d AS INTEGER), CAST(d AS BIGINT), "
        + "CAST(CAST(f AS DOUBLE) AS INTEGER), CAST(CAST(f AS DOUBLE) AS BIGINT) FROM n ORDER BY id")).containsExactly(
            List.of("3", "3", "2", "2"), List.of("-3", "-3", "4", "4"),
            List.of("1", "1", "0", "0"));
    assertThat(rows(connection, "SELECT CAST(CAST(2.5 AS DECIMAL(3, 1)) AS INTEGER), "
        + "CAST(CAST(-2.5 AS DECIMAL(3, 1)) AS BIGINT), CAST(2 + 3 AS INTEGER)"))
        .containsExactly(List.of("3", "-3", "5"));
    fails("SELECT CAST(CAST(f AS DOUBLE) * 1e10 AS INTEGER) FROM n WHERE id = 1", "22003", "INTEGER");
  }

  @Test
  void decimalDivisionAndAveragesHaveExactDecimals() throws SQLException {
    assertThat(rows(connection, "SELECT CAST(2 AS DECIMAL(10, 2)) / CAST(3 AS DECIMAL(10, 2))"))
        .hasSize(1).allSatisfy(r -> assertThat(r.get(0)).startsWith("0.666").endsWith("7"));
    assertThat(rows(connection, "SELECT k, AVG(CAST(v AS DECIMAL(10, 2))) FROM g GROUP BY k "
        + "ORDER BY k")).hasSize(2).satisfies(r -> {
          assertThat(r.get(0).get(1)).startsWith("1.66").endsWith("7");
          assertThat(r.get(1).get(1)).startsWith("5.00");
        });
    fails("SELECT d / (CAST(id AS DECIMAL(5, 1)) - 3) FROM n WHERE id = 3", "22012",
        "Division by zero");
  }

  @Test
  void bigintSumsFailPastTheirRange() throws SQLException {
    fails("SELECT SUM(b) FROM n WHERE id <> 2", "22003", "SUM went past BIGINT's range");
    fails("SELECT SUM(b) OVER (ORDER BY id) FROM n WHERE id <> 2", "22003",
        "SUM went past BIGINT's range");
    assertThat(rows(connection, "SELECT SUM(b) FROM n WHERE id = 3"))
        .containsExactly(List.of("3"));
    assertThat(rows(connection, "SELECT SUM(b) FROM n WHERE id > 10"))
        .containsExactly(java.util.Collections.singletonList(null));
    assertThat(rows(connection, "SELECT id, SUM(b) OVER (ORDER BY id) FROM n WHERE id >= 2 "
        + "ORDER BY id")).containsExactly(List.of("2", "-9223372036854775808"),
            List.of("3", "-9223372036854775805"));
  }

  @Test
  void textCastsAreWrittenAsPostgresqlWritesThem() throws SQLException {
    assertThat(rows(connection, "SELECT CAST(ts AS VARCHAR), CAST(CAST(ts AS TIME) AS VARCHAR), "
        + "CAST(ok AS VARCHAR) FROM n ORDER BY id")).containsExactly(
            List.of("2023-04-22 04:03:08.917", "04:03:08.917", "true"),
            List.of("2023-04-22 04:03:08.9", "04:03:08.9", "false"),
            List.of("2023-04-22 04:03:08", "04:03:08", "true"));
    assertThat(rows(connection, "SELECT CAST(ok AS VARCHAR(3)) FROM n WHERE id = 1"))
        .containsExactly(List.of("TRU"));
  }

  /** A constant folded while planning keeps its fraction, as the same cast of a column does. */
  @Test
  void textCastsOfConstantsKeepTheirFraction() throws SQLException {
    assertThat(rows(connection, "SELECT CAST(TIME '01:02:03.450' AS VARCHAR), "
        + "CAST(TIMESTAMP '1969-12-31 23:59:59.5' AS VARCHAR), "
        + "CAST(TIMESTAMP '2023-04-22 04:03:08.917' AS VARCHAR), CAST(TIME '04:03:08' AS VARCHAR)"))
        .containsExactly(List.of("01:02:03.45", "1969-12-31 23:59:59.5",
            "2023-04-22 04:03:08.917", "04:03:08"));
  }

  @Test
  void textPositionsCountCodePoints() throws SQLException {
    assertThat(rows(connection, "SELECT SUBSTRING(s, 2, 1), SUBSTRING(s FROM 3), "
        + "POSITION('l' IN s), STRPOS(s, 'llo') FROM n WHERE id = 1"))
        .containsExactly(List.of("\uD83D\uDE00", "llo", "3", "3"));
    assertThat(rows(connection, "SELECT SUBSTRING(s, CAST(2 AS BIGINT), CAST(2 AS SMALLINT)) "
        + "FROM n WHERE id = 2")).containsExactly(List.of("bc"));
  }

  @Test
  void rankDistributionsAreExact() throws SQLException {
    assertThat(rows(connection, "SELECT k, v, PERCENT_RANK() OVER (PARTITION BY k ORDER BY v), "
        + "CUME_DIST() OVER (PARTITION BY k ORDER BY v) FROM g ORDER BY k, v")).containsExactly(
            List.of("a", "1", "0.0", "0.3333333333333333"),
            List.of("a", "2", "0.5", "1.0"), List.of("a", "2", "0.5", "1.0"),
            List.of("b", "5", "0.0", "1.0"));
  }

  @Test
  void nthValueTakesItsPositionInTheFrame() throws SQLException {
    assertThat(rows(connection, "SELECT v, NTH_VALUE(v, 2) OVER (ORDER BY v ROWS BETWEEN "
        + "UNBOUNDED PRECEDING AND CURRENT ROW), NTH_VALUE(v, 9999999999) OVER (ORDER BY v) "
        + "FROM g ORDER BY v")).containsExactly(Arrays.asList("1", null, null),
            Arrays.asList("2", "2", null), Arrays.asList("2", "2", null),
            Arrays.asList("5", "2", null));
    fails("SELECT NTH_VALUE(v, 0) OVER (ORDER BY v) FROM g", "22023",
        "NTH_VALUE's position must be greater than zero, not 0");
    fails("SELECT NTH_VALUE(v, v) OVER (ORDER BY v) FROM g", "42000",
        "NTH_VALUE only with a constant position");
  }

  @Test
  void firstAndLastValuesWithoutExclusionAreCalcites() throws SQLException {
    assertThat(rows(connection, "SELECT v, FIRST_VALUE(v) OVER (ORDER BY v DESC), "
        + "LAST_VALUE(v) OVER (ORDER BY v ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING), "
        + "NTH_VALUE(v, 2147483647) OVER (ORDER BY v) FROM g ORDER BY v"))
        .containsExactly(Arrays.asList("1", "5", "5", null), Arrays.asList("2", "5", "5", null),
            Arrays.asList("2", "5", "5", null), Arrays.asList("5", "5", "5", null));
  }

  @Test
  void windowCallsCalciteCannotRunAreRefused() {
    fails("SELECT FIRST_VALUE(v) OVER (ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND "
        + "CURRENT ROW EXCLUDE CURRENT ROW) FROM g", "42000", "FIRST_VALUE", "EXCLUDE clause");
    fails("SELECT LAST_VALUE(v) IGNORE NULLS OVER (ORDER BY v) FROM g", "42000", "IGNORE NULLS");
  }

  @Test
  void thePlanCarriesTheCheckedCalls() throws SQLException {
    assertThat(plan(connection, "SELECT i + 1, CAST(d AS INTEGER) FROM n"))
        .contains("CHECKED_PLUS").contains("CHECKED_TOINT");
    assertThat(plan(connection, "SELECT k, SUM(CAST(v AS BIGINT)) FROM g GROUP BY k"))
        .contains("SUM");
  }
}
