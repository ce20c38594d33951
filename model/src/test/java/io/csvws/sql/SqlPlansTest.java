package io.csvws.sql;

import static io.csvws.testing.ModelConnection.plan;
import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * The plans csvws's statement preparation chooses for typical queries, as {@code EXPLAIN PLAN}
 * prints them: projections, filters and aggregates go into the scan of the file, a whole-table
 * count is a count scan, joins hash, and no plan sorts a file to merge it. A planner regression
 * shows here, in model, before any driver test runs. Each plan is checked with its answer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SqlPlansTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    StringBuilder orders = new StringBuilder("id,name,country,qty,price\n");
    for (int i = 1; i <= 30; i++) {
      orders.append(i).append(",n").append(i).append(',').append(i % 3 == 0 ? "NO" : "IT")
          .append(',').append(i * 2).append(',').append(i).append(".50\n");
    }
    Files.writeString(dir.resolve("orders.csv"), orders, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("countries.csv"), "code,label\nNO,Norway\nIT,Italy\n",
        StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void aFilterAndAProjectionAreOneScan() throws SQLException {
    String sql = "SELECT name FROM orders WHERE qty > 54";

    assertThat(plan(connection, sql)).isEqualTo(
        "CsvwsTableScan(table=[[main, orders]], fields=[[name]], filter=[>($3, 54)])\n");
    assertThat(rows(connection, sql)).containsExactly(List.of("n28"), List.of("n29"),
        List.of("n30"));
  }

  @Test
  void selectStarReadsEveryColumnButTheRowNumber() throws SQLException {
    assertThat(plan(connection, "SELECT * FROM orders")).isEqualTo(
        "CsvwsTableScan(table=[[main, orders]], fields=[[id, name, country, qty, price]])\n");
  }

  @Test
  void aWholeTableCountIsACountScanWithOrWithoutAnAlias() throws SQLException {
    assertThat(plan(connection, "SELECT COUNT(*) FROM orders"))
        .isEqualTo("CountScan(table=[[main, orders]])\n");
    assertThat(plan(connection, "SELECT COUNT(*) AS n FROM orders"))
        .isEqualTo("CountScan(table=[[main, orders]])\n");
    assertThat(rows(connection, "SELECT COUNT(*) AS n FROM orders"))
        .containsExactly(List.of("30"));
  }

  @Test
  void aFilteredCountCountsInsideTheScan() throws SQLException {
    String sql = "SELECT COUNT(*) FROM orders WHERE country = 'NO'";

    assertThat(plan(connection, sql)).contains("PartialAggregateScan(table=[[main, orders]], "
        + "fields=[[]], filter=[=($2, _UTF-8'NO')], partial=[group [], COUNT_ROWS])")
        .doesNotContain("CountScan").doesNotContain("EnumerableFilter");
    assertThat(rows(connection, sql)).containsExactly(List.of("10"));
  }

  @Test
  void groupedAggregatesArePartlyComputedInTheScan() throws SQLException {
    String sql = "SELECT country, SUM(qty), COUNT(*) FROM orders GROUP BY country";

    assertThat(plan(connection, sql)).isEqualTo(
        "EnumerableAggregate(group=[{0}], EXPR$1=[SUM($1)], EXPR$2=[$SUM0($2)])\n"
        + "  PartialAggregateScan(table=[[main, orders]], fields=[[country, qty]], "
        + "partial=[group [0], SUM_LONG($1), COUNT_ROWS])\n");
    assertThat(rows(connection, sql + " ORDER BY country")).containsExactly(
        List.of("IT", "600", "20"), List.of("NO", "330", "10"));
  }

  @Test
  void anAverageIsASumOverACountOfTheScan() throws SQLException {
    String sql = "SELECT AVG(qty) FROM orders";

    assertThat(plan(connection, sql)).contains("CAST($t0):DOUBLE")
        .contains("partial=[group [], SUM_LONG($0), COUNT($0)]");
    assertThat(rows(connection, sql)).containsExactly(List.of("31.0"));
  }

  @Test
  void aJoinHashesAndReadsOnlyTheColumnsItUses() throws SQLException {
    String sql = "SELECT o.name, c.label FROM orders o JOIN countries c ON o.country = c.code "
        + "WHERE o.id < 4";

    assertThat(plan(connection, sql)).contains("EnumerableHashJoin")
        .contains("CsvwsTableScan(table=[[main, countries]], fields=[[code, label]])")
        .contains("fields=[[id, name, country]], filter=[<($0, 4)]")
        .doesNotContain("MergeJoin").doesNotContain("EnumerableSort");
    assertThat(rows(connection, sql + " ORDER BY o.name")).containsExactly(
        List.of("n1", "Italy"), List.of("n2", "Italy"), List.of("n3", "Norway"));
  }

  @Test
  void systemSamplingIsARandomFilterOverTheScan() throws SQLException {
    String p = plan(connection, "SELECT * FROM orders TABLESAMPLE SYSTEM(50)");

    assertThat(p).contains("RAND()").contains("0.5:DECIMAL(2, 1)").contains("CsvwsTableScan")
        .doesNotContain("Sample");
    assertThat(rows(connection, "SELECT COUNT(*) FROM orders TABLESAMPLE SYSTEM(100)"))
        .containsExactly(List.of("30"));
    assertThat(rows(connection, "SELECT COUNT(*) FROM orders TABLESAMPLE SYSTEM(0)"))
        .containsExactly(List.of("0"));
  }

  @Test
  void distinctOnIsAWindowOverOneScan() throws SQLException {
    String sql = "SELECT DISTINCT ON (country) country, name FROM orders ORDER BY country, id";

    assertThat(plan(connection, sql)).contains("EnumerableWindow")
        .contains("CsvwsTableScan(table=[[main, orders]], fields=[[id, name, country]])");
    assertThat(rows(connection, sql)).containsExactly(List.of("IT", "n1"), List.of("NO", "n3"));
  }

  @Test
  void groupByAllGroupsInTheScan() throws SQLException {
    assertThat(plan(connection, "SELECT country FROM orders GROUP BY ALL")).isEqualTo(
        "EnumerableAggregate(group=[{0}])\n  PartialAggregateScan(table=[[main, orders]], "
        + "fields=[[country]], partial=[group [0]])\n");
  }

  @Test
  void aSumKeepsItsOwnDecimalTypeInsteadOfACaseOverACount() throws SQLException {
    String sql = "SELECT SUM(price) FROM orders";

    assertThat(plan(connection, sql)).doesNotContain("CASE").doesNotContain("$SUM0");
    assertThat(rows(connection, sql)).containsExactly(List.of("480.00"));
  }

  @Test
  void aTopNSortsOnlyTheColumnsItShows() throws SQLException {
    String sql = "SELECT name FROM orders ORDER BY qty DESC LIMIT 2";

    assertThat(plan(connection, sql)).isEqualTo("EnumerableLimit(fetch=[2])\n"
        + "  EnumerableSort(sort0=[$1], dir0=[DESC])\n"
        + "    CsvwsTableScan(table=[[main, orders]], fields=[[name, qty]])\n");
    assertThat(rows(connection, sql)).containsExactly(List.of("n30"), List.of("n29"));
  }

  @Test
  void theOptimizerFoldsIntegerCastsRoundingAsTheQueryWould() throws SQLException {
    String sql = "SELECT name FROM orders WHERE id = CAST(1.25 * 2 AS INTEGER)";

    assertThat(plan(connection, sql)).contains("filter=[=($0, 3)]");
    assertThat(rows(connection, sql)).containsExactly(List.of("n3"));
  }

  @Test
  void trailingSemicolonsAreNoPartOfTheStatement() throws SQLException {
    assertThat(rows(connection, "SELECT name FROM orders WHERE id = 2;")).containsExactly(
        List.of("n2"));
    assertThat(rows(connection, "SELECT COUNT(*) FROM countries ; ;")).containsExactly(
        List.of("2"));
  }

  @Test
  void formsTheEngineCannotRunAreNamed() {
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> rows(connection,
        "SELECT * FROM orders MATCH_RECOGNIZE (ORDER BY id MEASURES A.id AS x "
            + "PATTERN (A) DEFINE A AS qty > 0)")))
        .hasMessageContaining("csvws cannot run MATCH_RECOGNIZE in this query");
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> rows(connection,
        "PIVOT orders ON country USING SUM(qty)")))
        .hasMessageContaining("SELECT * FROM orders PIVOT (SUM(qty) FOR country IN");
  }

  @Test
  void constantFoldingRoundsAnIntegerCastAsTheQueryWould() throws SQLException {
    assertThat(plan(connection, "SELECT id FROM orders WHERE id = CAST(2.5 AS INTEGER)"))
        .contains("filter=[=($0, 3)]");
    assertThat(rows(connection, "SELECT name FROM orders WHERE id = CAST(price AS INTEGER) - 1"))
        .as("x.50 rounds up: id = id + 1 - 1").hasSize(30);
  }
}
