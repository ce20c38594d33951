package io.csvws.sql;

import static io.csvws.testing.ModelConnection.plan;
import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * csvws's SQL as docs/sql.md states it (exact arithmetic, header words as names, DuckDB and
 * PostgreSQL forms, errors that name what is wrong), run through model's own statement
 * preparation and validator without the driver.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlSemanticsTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    Files.writeString(dir.resolve("sales.csv"), "id,date,region,amount\n"
        + "1,2024-01-31,north,10.50\n2,2024-02-01,south,3.25\n3,2024-02-01,north,7.00\n"
        + "4,2024-03-15,south,\n", StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  private String one(String sql) throws SQLException {
    List<List<String>> r = rows(connection, sql);
    assertThat(r).as(sql).hasSize(1);
    assertThat(r.get(0)).as(sql).hasSize(1);
    return r.get(0).get(0);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "SELECT 7 / 2|3",
      "SELECT 7 / 2.0|3.5000000000000000",
      "SELECT 2 / 3.0|0.6666666666666667",
      "SELECT AVG(x) FROM (VALUES (1), (2), (2)) AS t(x)|1.6666666666666667",
      "SELECT SUM(amount) FROM sales|20.75",
      "SELECT CAST(2.5 AS DOUBLE) = 2.5|true",
      "SELECT CAST(2.5 AS INTEGER)|3",
      "SELECT CAST(-2.5 AS INTEGER)|-3",
      "SELECT CAST(amount AS INTEGER) FROM sales WHERE id = 1|11",
      "SELECT CAST(DATE '2024-01-31' + INTERVAL '1' MONTH AS VARCHAR)|2024-02-29",
      "SELECT SUBSTRING('abc', -1, 3)|a",
      "SELECT 'abc' ~ 'b'|true",
      "SELECT '42'::int + 1|43",
      "SELECT COUNT(DISTINCT region) FROM sales|2",
      "SELECT MAX(date) FROM sales|2024-03-15"})
  void documentedAnswers(String sql, String expected) throws SQLException {
    assertThat(one(sql)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "SELECT 2147483647 + 1|22003",
      "SELECT CAST(3000000000 AS INTEGER)|22003",
      "SELECT -(-9223372036854775807 - 1)|22003",
      "SELECT 9223372036854775807 * 2|22003"})
  void arithmeticLeavingItsTypeFails(String sql, String sqlState) {
    assertThatThrownBy(() -> one(sql)).hasMessageContaining("out of range");
  }

  @Test
  void headerWordsAreNames() throws SQLException {
    assertThat(rows(connection, "SELECT date, COUNT(*) FROM sales GROUP BY date ORDER BY date"))
        .containsExactly(List.of("2024-01-31", "1"), List.of("2024-02-01", "2"),
            List.of("2024-03-15", "1"));
  }

  @Test
  void distinctOnKeepsTheFirstRowOfEachGroup() throws SQLException {
    assertThat(rows(connection,
        "SELECT DISTINCT ON (region) region, id FROM sales ORDER BY region, id DESC"))
        .containsExactly(List.of("north", "3"), List.of("south", "4"));
  }

  @Test
  void selectStarExcludeDropsColumns() throws SQLException {
    assertThat(rows(connection, "SELECT * EXCLUDE (date, amount) FROM sales WHERE id = 1"))
        .containsExactly(List.of("1", "north"));
  }

  @Test
  void aMisspelledColumnIsNamedWithItsNearestMatch() {
    assertThatThrownBy(() -> rows(connection, "SELECT regon FROM sales"))
        .hasMessageContaining("regon").hasMessageContaining("region");
  }

  @Test
  void statementsOtherThanQueriesAreRefusedBeforePlanning() {
    assertThatThrownBy(() -> rows(connection, "DELETE FROM sales"))
        .hasMessageContaining("csvws is read-only: DELETE statement refused");
  }

  @Test
  void theWindowOfAJoinStreamsWithAHashJoin() throws SQLException {
    String p = plan(connection, "SELECT a.id, b.id FROM sales a JOIN sales b ON a.region = "
        + "b.region");

    assertThat(p).contains("EnumerableHashJoin").doesNotContain("MergeJoin");
    assertThat(rows(connection, "SELECT COUNT(*) FROM sales a JOIN sales b ON a.region = "
        + "b.region")).containsExactly(List.of("8"));
  }
}
