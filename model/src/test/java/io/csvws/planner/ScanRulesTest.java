package io.csvws.planner;

import static io.csvws.testing.ModelConnection.plan;
import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * csvws's planner rules, each seen in the plan it makes and in the answer of that plan: plain
 * projections become the scan's fields, other projections stay above a scan of the columns they
 * read, filters move into the scan, aggregates narrow it or are computed partly inside it, a
 * whole-table count is a count scan. The file {@code t.csv} has 40 rows: id 1 to 40, name
 * {@code n<id % 7>}, qty 100 - id (empty when id is a multiple of 5), price id.25 (DECIMAL),
 * ratio id.5 (DOUBLE), flag (id even), a date, a timestamp, a time and big (id * 10^10).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScanRulesTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    StringBuilder t = new StringBuilder("id,name,day,qty,price,ratio,flag,at,tm,big\n");
    for (int i = 1; i <= 40; i++) {
      t.append(i).append(",n").append(i % 7).append(",2024-01-").append(10 + i % 9).append(',')
          .append(i % 5 == 0 ? "" : Integer.toString(100 - i)).append(',').append(i)
          .append(".25,").append(i).append(".5e0,").append(i % 2 == 0)
          .append(",2024-02-03 04:05:").append(10 + i).append(",10:11:").append(10 + i)
          .append(',').append(i * 10_000_000_000L).append('\n');
    }
    Files.writeString(dir.resolve("t.csv"), t, StandardCharsets.UTF_8);
    StringBuilder w = new StringBuilder();
    for (int c = 0; c < 60; c++) {
      w.append(c == 0 ? "" : ",").append('c').append(c);
    }
    w.append('\n');
    for (int r = 1; r <= 3; r++) {
      for (int c = 0; c < 60; c++) {
        w.append(c == 0 ? "" : ",").append(r * 100 + c);
      }
      w.append('\n');
    }
    Files.writeString(dir.resolve("w60.csv"), w, StandardCharsets.UTF_8);
    StringBuilder many = new StringBuilder("id,g\n");
    for (int i = 1; i <= 3000; i++) {
      many.append(i).append(',').append(i % 3).append('\n');
    }
    Files.writeString(dir.resolve("many.csv"), many, StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  private static List<List<String>> column(String... values) {
    List<List<String>> out = new ArrayList<>();
    for (String v : values) {
      out.add(java.util.Collections.singletonList(v));
    }
    return out;
  }

  private static String columns(int count) {
    return IntStream.range(0, count).mapToObj(c -> "c" + c).collect(Collectors.joining(", "));
  }

  @Test
  void plainColumnsAreTheScansFieldsInTheOrderAsked() throws SQLException {
    String sql = "SELECT name, id FROM t ORDER BY id DESC LIMIT 3";
    assertThat(plan(connection, sql)).isEqualTo("EnumerableLimit(fetch=[3])\n"
        + "  EnumerableSort(sort0=[$1], dir0=[DESC])\n"
        + "    CsvwsTableScan(table=[[main, t]], fields=[[name, id]])\n");
    assertThat(rows(connection, sql)).containsExactly(List.of("n5", "40"), List.of("n4", "39"),
        List.of("n3", "38"));

    // The filter over the narrowed scan refers to the table's qty ($3), not the scan's second.
    String narrowed = "SELECT * FROM (SELECT name, qty FROM t) WHERE qty > 94 ORDER BY qty";
    assertThat(plan(connection, narrowed)).isEqualTo("EnumerableSort(sort0=[$1], dir0=[ASC])\n"
        + "  CsvwsTableScan(table=[[main, t]], fields=[[name, qty]], filter=[>($3, 94)])\n");
    String repeated = "SELECT id, name, id AS again FROM t ORDER BY id DESC LIMIT 2";
    assertThat(plan(connection, repeated)).isEqualTo("EnumerableLimit(fetch=[2])\n"
        + "  EnumerableSort(sort0=[$0], dir0=[DESC])\n"
        + "    CsvwsTableScan(table=[[main, t]], fields=[[id, name, id]])\n");
    assertThat(rows(connection, repeated)).containsExactly(List.of("40", "n5", "40"),
        List.of("39", "n4", "39"));

    assertThat(rows(connection, narrowed)).containsExactly(List.of("n4", "96"), List.of("n3", "97"), List.of("n2", "98"), List.of("n1", "99"));
  }

  @Test
  void expressionsStayAboveAScanOfTheColumnsTheyRead() throws SQLException {
    String sql = "SELECT name || CAST(qty AS VARCHAR) FROM t WHERE id IN (1, 2, 5) ORDER BY 1";
    assertThat(plan(connection, sql)).isEqualTo("EnumerableSort(sort0=[$0], dir0=[ASC])\n"
        + "  EnumerableCalc(expr#0..1=[{inputs}], expr#2=[CAST($t1):VARCHAR CHARACTER SET "
        + "\"UTF-8\"], expr#3=[||($t0, $t2)], EXPR$0=[$t3])\n"
        + "    CsvwsTableScan(table=[[main, t]], fields=[[name, qty]], "
        + "filter=[SEARCH($0, Sarg[1, 2, 5])])\n");
    assertThat(rows(connection, sql)).containsExactly(List.of("n199"), List.of("n298"),
        java.util.Collections.singletonList(null));

    String every = "SELECT id + 1, name, day, qty, price, ratio, flag, at, tm, big, _row FROM t "
        + "WHERE id = 2";
    assertThat(plan(connection, every)).endsWith("  CsvwsTableScan(table=[[main, t]], fields=[["
        + "id, name, day, qty, price, ratio, flag, at, tm, big, _row]], filter=[=($0, 2)])\n");
    assertThat(rows(connection, every)).containsExactly(List.of("3", "n2", "2024-01-12", "98",
        "2.25", "2.5", "true", "2024-02-03 04:05:12.000", "10:11:12.000", "20000000000", "2"));
  }

  @Test
  void aScanNamesUpToFiftyFieldsAndCountsMore() throws SQLException {
    String fifty = "SELECT " + columns(50) + " FROM w60 ORDER BY c0 DESC LIMIT 1";
    assertThat(plan(connection, fifty)).endsWith("    CsvwsTableScan(table=[[main, w60]], "
        + "fields=[[" + columns(50) + "]])\n");
    assertThat(rows(connection, fifty).get(0)).hasSize(50).startsWith("300").endsWith("349");

    String more = "SELECT " + columns(51) + " FROM w60 ORDER BY c0 DESC LIMIT 1";
    assertThat(plan(connection, more)).endsWith("    CsvwsTableScan(table=[[main, w60]], "
        + "fields=[51 of 61])\n");
    assertThat(rows(connection, more).get(0)).hasSize(51).startsWith("300").endsWith("350");
  }

  @Test
  void conditionsAreTestedInsideTheScan() throws SQLException {
    String sql = "SELECT name FROM t WHERE qty > 50 AND id < 30 ORDER BY id";
    assertThat(plan(connection, sql)).isEqualTo("EnumerableSort(sort0=[$1], dir0=[ASC])\n"
        + "  CsvwsTableScan(table=[[main, t]], fields=[[name, id]], "
        + "filter=[AND(>($3, 50), <($0, 30))])\n");
    List<List<String>> expected = new ArrayList<>();
    for (int i = 1; i < 30; i++) {
      if (i % 5 != 0) {
        expected.add(List.of("n" + i % 7));
      }
    }
    assertThat(rows(connection, sql)).isEqualTo(expected);

    String nested = "SELECT name FROM (SELECT * FROM t WHERE id > 3) WHERE qty > 90 "
        + "ORDER BY name";
    assertThat(plan(connection, nested)).isEqualTo("EnumerableSort(sort0=[$0], dir0=[ASC])\n"
        + "  CsvwsTableScan(table=[[main, t]], fields=[[name]], "
        + "filter=[AND(>($0, 3), >($3, 90))])\n");
    assertThat(rows(connection, nested)).isEqualTo(column("n0", "n1", "n2", "n4", "n6"));

    String rows = "SELECT name FROM t WHERE 5 > _row AND price < 3 ORDER BY name";
    assertThat(plan(connection, rows)).isEqualTo("EnumerableSort(sort0=[$0], dir0=[ASC])\n"
        + "  CsvwsTableScan(table=[[main, t]], fields=[[name]], "
        + "filter=[AND(>(5, $10), <($4, 3.00))])\n");
    assertThat(rows(connection, rows)).isEqualTo(column("n1", "n2"));
  }

  @Test
  void aParameterIsTestedInsideTheScan() throws SQLException {
    String sql = "SELECT name FROM t WHERE id = ? ORDER BY name";
    assertThat(plan(connection, sql)).isEqualTo("EnumerableSort(sort0=[$0], dir0=[ASC])\n"
        + "  CsvwsTableScan(table=[[main, t]], fields=[[name]], filter=[=($0, ?0)])\n");
    try (PreparedStatement ps = connection.prepareStatement(sql)) {
      ps.setInt(1, 9);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo("n2");
        assertThat(rs.next()).isFalse();
      }
    }
  }

  /** RAND(seed) draws one sequence over the rows: the scan would restart it on every row. */
  @Test
  void aRandomConditionStaysAboveTheScan() throws SQLException {
    String sql = "SELECT id FROM t WHERE RAND(3) < 2 AND id < 4 ORDER BY id";
    assertThat(plan(connection, sql)).contains("RAND($t").contains("$condition=")
        .endsWith("CsvwsTableScan(table=[[main, t]], fields=[[id]])\n")
        .doesNotContain("filter=");
    assertThat(rows(connection, sql)).isEqualTo(column("1", "2", "3"));
  }

  @Test
  void aggregatesTheScanCannotComputeReadOnlyTheirColumns() throws SQLException {
    String doubles = "SELECT name, MIN(ratio) FROM t GROUP BY name ORDER BY name";
    assertThat(plan(connection, doubles)).isEqualTo("EnumerableSort(sort0=[$0], dir0=[ASC])\n"
        + "  EnumerableAggregate(group=[{0}], EXPR$1=[MIN($1)])\n"
        + "    CsvwsTableScan(table=[[main, t]], fields=[[name, ratio]])\n");
    assertThat(rows(connection, doubles)).containsExactly(List.of("n0", "7.5"),
        List.of("n1", "1.5"), List.of("n2", "2.5"), List.of("n3", "3.5"), List.of("n4", "4.5"),
        List.of("n5", "5.5"), List.of("n6", "6.5"));

    String booleans = "SELECT name, MAX(flag) FROM t WHERE id < 3 GROUP BY name ORDER BY name";
    assertThat(plan(connection, booleans)).endsWith(
        "    CsvwsTableScan(table=[[main, t]], fields=[[name, flag]], filter=[<($0, 3)])\n");
    assertThat(rows(connection, booleans)).containsExactly(List.of("n1", "false"),
        List.of("n2", "true"));

    String twoArguments = "SELECT name, ARG_MAX(id, qty) FROM t GROUP BY name ORDER BY name";
    assertThat(plan(connection, twoArguments)).isEqualTo(
        "EnumerableSort(sort0=[$0], dir0=[ASC])\n"
        + "  EnumerableAggregate(group=[{0}], EXPR$1=[ARG_MAX($1, $2)])\n"
        + "    CsvwsTableScan(table=[[main, t]], fields=[[name, id, qty]])\n");
    assertThat(rows(connection, twoArguments)).containsExactly(List.of("n0", "7"),
        List.of("n1", "1"), List.of("n2", "2"), List.of("n3", "3"), List.of("n4", "4"),
        List.of("n5", "12"), List.of("n6", "6"));

    String ordered = "SELECT name, ARRAY_AGG(id ORDER BY day) FROM t WHERE id < 15 "
        + "GROUP BY name ORDER BY name";
    assertThat(plan(connection, ordered)).contains(
        "EnumerableAggregate(group=[{1}], EXPR$1=[ARRAY_AGG($0) WITHIN GROUP ([2])])\n"
        + "    CsvwsTableScan(table=[[main, t]], fields=[[id, name, day]], filter=[<($0, 15)])");
    assertThat(rows(connection, ordered)).containsExactly(List.of("n0", "[14, 7]"),
        List.of("n1", "[1, 8]"), List.of("n2", "[9, 2]"), List.of("n3", "[10, 3]"),
        List.of("n4", "[11, 4]"), List.of("n5", "[12, 5]"), List.of("n6", "[13, 6]"));
  }

  @Test
  void groupingSetsAndFilteredCallsAreComputedAboveTheScan() throws SQLException {
    String rollup = "SELECT name, day, COUNT(*) FROM t WHERE id < 4 "
        + "GROUP BY ROLLUP(name, day) ORDER BY 1, 2";
    assertThat(plan(connection, rollup)).isEqualTo(
        "EnumerableSort(sort0=[$0], sort1=[$1], dir0=[ASC], dir1=[ASC])\n"
        + "  EnumerableAggregate(group=[{0, 1}], groups=[[{0, 1}, {0}, {}]], EXPR$2=[COUNT()])\n"
        + "    CsvwsTableScan(table=[[main, t]], fields=[[name, day]], filter=[<($0, 4)])\n");
    assertThat(rows(connection, rollup)).containsExactly(List.of("n1", "2024-01-11", "1"),
        java.util.Arrays.asList("n1", null, "1"), List.of("n2", "2024-01-12", "1"),
        java.util.Arrays.asList("n2", null, "1"), List.of("n3", "2024-01-13", "1"),
        java.util.Arrays.asList("n3", null, "1"), java.util.Arrays.asList(null, null, "3"));

    String distinct = "SELECT name, COUNT(DISTINCT qty), SUM(qty) FROM t GROUP BY name "
        + "ORDER BY name";
    assertThat(plan(connection, distinct)).contains(
        "EnumerableAggregate(group=[{0, 1}], groups=[[{0, 1}, {0}]], EXPR$2=[SUM($1)], "
        + "$g=[GROUPING($0, $1)])\n"
        + "        CsvwsTableScan(table=[[main, t]], fields=[[name, qty]])");
    assertThat(rows(connection, distinct)).containsExactly(List.of("n0", "4", "330"),
        List.of("n1", "5", "404"), List.of("n2", "5", "413"), List.of("n3", "5", "387"),
        List.of("n4", "5", "396"), List.of("n5", "4", "310"), List.of("n6", "4", "320"));

    String filtered = "SELECT name, COUNT(*) FILTER (WHERE flag) FROM t GROUP BY name "
        + "ORDER BY name";
    assertThat(plan(connection, filtered)).contains("COUNT() FILTER $1")
        .endsWith("CsvwsTableScan(table=[[main, t]], fields=[[name, flag]])\n")
        .doesNotContain("Partial");
    assertThat(rows(connection, filtered)).containsExactly(List.of("n0", "2"),
        List.of("n1", "3"), List.of("n2", "3"), List.of("n3", "3"), List.of("n4", "3"),
        List.of("n5", "3"), List.of("n6", "3"));
  }

  @Test
  void sumsOfEachNumberTypeArePartlyComputedInTheScan() throws SQLException {
    String sql = "SELECT name, SUM(qty), SUM(big), SUM(price) FROM t GROUP BY name "
        + "ORDER BY name";
    assertThat(plan(connection, sql)).isEqualTo("EnumerableSort(sort0=[$0], dir0=[ASC])\n"
        + "  EnumerableAggregate(group=[{0}], EXPR$1=[SUM($1)], EXPR$2=[SUM($2)], "
        + "EXPR$3=[SUM($3)])\n"
        + "    PartialAggregateScan(table=[[main, t]], fields=[[name, qty, big, price]], "
        + "partial=[group [0], SUM_LONG($1), SUM_LONG($2), SUM_DECIMAL($3)])\n");
    assertThat(rows(connection, sql)).containsExactly(
        List.of("n0", "330", "1050000000000", "106.25"),
        List.of("n1", "404", "1110000000000", "112.50"),
        List.of("n2", "413", "1170000000000", "118.50"),
        List.of("n3", "387", "1230000000000", "124.50"),
        List.of("n4", "396", "1290000000000", "130.50"),
        List.of("n5", "310", "1350000000000", "136.50"),
        List.of("n6", "320", "1000000000000", "101.25"));

    String doubles = "SELECT name, SUM(ratio) FROM t GROUP BY name ORDER BY name";
    assertThat(plan(connection, doubles)).contains(
        "partial=[group [0], SUM_DOUBLE($1)]");
    assertThat(rows(connection, doubles)).containsExactly(List.of("n0", "107.5"),
        List.of("n1", "114.0"), List.of("n2", "120.0"), List.of("n3", "126.0"),
        List.of("n4", "132.0"), List.of("n5", "138.0"), List.of("n6", "102.5"));
  }

  @Test
  void minimaAndMaximaOfExactlyOrderedTypesArePartlyComputedInTheScan() throws SQLException {
    String sql = "SELECT name, MIN(day), MAX(at), MIN(tm), MAX(name), MIN(price), MAX(id), "
        + "MIN(big) FROM t WHERE id > 26 GROUP BY name ORDER BY name";
    assertThat(plan(connection, sql)).endsWith("    PartialAggregateScan(table=[[main, t]], "
        + "fields=[[id, name, day, price, at, tm, big]], filter=[>($0, 26)], partial=[group [1], "
        + "MIN($2), MAX($4), MIN($5), MAX($1), MIN($3), MAX($0), MIN($6)])\n");
    assertThat(rows(connection, sql)).containsExactly(
        List.of("n0", "2024-01-11", "2024-02-03 04:05:45.000", "10:11:38.000", "n0", "28.25",
            "35", "280000000000"),
        List.of("n1", "2024-01-10", "2024-02-03 04:05:46.000", "10:11:39.000", "n1", "29.25",
            "36", "290000000000"),
        List.of("n2", "2024-01-11", "2024-02-03 04:05:47.000", "10:11:40.000", "n2", "30.25",
            "37", "300000000000"),
        List.of("n3", "2024-01-12", "2024-02-03 04:05:48.000", "10:11:41.000", "n3", "31.25",
            "38", "310000000000"),
        List.of("n4", "2024-01-13", "2024-02-03 04:05:49.000", "10:11:42.000", "n4", "32.25",
            "39", "320000000000"),
        List.of("n5", "2024-01-14", "2024-02-03 04:05:50.000", "10:11:43.000", "n5", "33.25",
            "40", "330000000000"),
        List.of("n6", "2024-01-10", "2024-02-03 04:05:44.000", "10:11:37.000", "n6", "27.25",
            "34", "270000000000"));
  }

  @Test
  void countsArePartlyComputedInTheScanUnlessTheyAreOfTheWholeTable() throws SQLException {
    String whole = "SELECT COUNT(*) + 1 FROM t";
    assertThat(plan(connection, whole)).endsWith("\n  CountScan(table=[[main, t]])\n");
    assertThat(rows(connection, whole)).isEqualTo(column("41"));

    String filtered = "SELECT COUNT(*) FROM (SELECT * FROM t WHERE qty IS NULL)";
    assertThat(plan(connection, filtered)).isEqualTo(
        "EnumerableAggregate(group=[{}], EXPR$0=[$SUM0($0)])\n"
        + "  PartialAggregateScan(table=[[main, t]], fields=[[]], filter=[IS NULL($3)], "
        + "partial=[group [], COUNT_ROWS])\n");
    assertThat(rows(connection, filtered)).isEqualTo(column("8"));

    String values = "SELECT COUNT(qty) + 0 FROM t";
    assertThat(plan(connection, values)).contains(
        "PartialAggregateScan(table=[[main, t]], fields=[[qty]], partial=[group [], COUNT($0)])");
    assertThat(rows(connection, values)).isEqualTo(column("32"));

    String withOthers = "SELECT COUNT(*), MAX(id) FROM t";
    assertThat(plan(connection, withOthers)).isEqualTo(
        "EnumerableAggregate(group=[{}], EXPR$0=[$SUM0($0)], EXPR$1=[MAX($1)])\n"
        + "  PartialAggregateScan(table=[[main, t]], fields=[[id]], "
        + "partial=[group [], COUNT_ROWS, MAX($0)])\n");
    assertThat(rows(connection, withOthers)).containsExactly(List.of("40", "40"));

    String grouped = "SELECT name, COUNT(*) FROM t GROUP BY name ORDER BY name";
    assertThat(plan(connection, grouped)).contains("partial=[group [0], COUNT_ROWS]");
    assertThat(rows(connection, grouped)).containsExactly(List.of("n0", "5"), List.of("n1", "6"),
        List.of("n2", "6"), List.of("n3", "6"), List.of("n4", "6"), List.of("n5", "6"),
        List.of("n6", "5"));

    String distinct = "SELECT COUNT(DISTINCT name) FROM t";
    assertThat(plan(connection, distinct)).isEqualTo(
        "EnumerableAggregate(group=[{}], EXPR$0=[COUNT($0)])\n"
        + "  EnumerableAggregate(group=[{0}])\n"
        + "    PartialAggregateScan(table=[[main, t]], fields=[[name]], partial=[group [0]])\n");
    assertThat(rows(connection, distinct)).isEqualTo(column("7"));

    String onlyFlags = "SELECT COUNT(*) FILTER (WHERE flag) FROM t";
    assertThat(plan(connection, onlyFlags)).doesNotContain("CountScan")
        .doesNotContain("Partial");
    assertThat(rows(connection, onlyFlags)).isEqualTo(column("20"));
  }

  @Test
  void aggregatesOfNoRowsAreNullButCountsAreZero() throws SQLException {
    String sql = "SELECT MIN(id), MAX(qty), SUM(qty), COUNT(qty), COUNT(*) FROM t WHERE id > 100";
    assertThat(plan(connection, sql)).contains("partial=[group [], MIN($0), MAX($1), "
        + "SUM_LONG($1), COUNT($1), COUNT_ROWS]");
    assertThat(rows(connection, sql)).containsExactly(
        java.util.Arrays.asList(null, null, null, "0", "0"));
    assertThat(rows(connection, "SELECT name, SUM(qty) FROM t WHERE id > 100 GROUP BY name"))
        .isEmpty();
  }

  @Test
  void systemTablesAreScannedDirectly() throws SQLException {
    assertThat(plan(connection, "SELECT * FROM csvws.files"))
        .endsWith("\n  SystemTableScan(table=[[csvws, files]])\n");
    assertThat(rows(connection, "SELECT * FROM csvws.files")).extracting(r -> r.get(2))
        .containsExactlyInAnyOrder("t.csv", "w60.csv", "many.csv");
  }

  /** {@code EXPLAIN} with row counts and costs, without the nodes' ids, which vary. */
  private String costs(String sql) throws SQLException {
    return rows(connection, "EXPLAIN PLAN INCLUDING ALL ATTRIBUTES FOR " + sql).get(0).get(0)
        .replaceAll(", id = [0-9]+", "");
  }

  /**
   * A scan costs its table's rows times the share of the columns it reads (plus two), 10% less
   * with a condition, whose selectivity Calcite guesses (half the rows for a comparison); a
   * partial aggregate costs 5% less than that scan and returns a row per thousand read, at least
   * one; a count scan costs next to nothing. The table has 10 columns and the row number.
   */
  @Test
  void scansCostTheShareOfTheColumnsTheyRead() throws SQLException {
    assertThat(costs("SELECT * FROM t")).isEqualTo("CsvwsTableScan(table=[[main, t]], "
        + "fields=[[id, name, day, qty, price, ratio, flag, at, tm, big]]): rowcount = 40.0, "
        + "cumulative cost = {36.92307692307693 rows, 36.92307692307693 cpu, "
        + "36.92307692307693 io}\n");
    assertThat(costs("SELECT name FROM t WHERE id > 3")).isEqualTo("CsvwsTableScan("
        + "table=[[main, t]], fields=[[name]], filter=[>($0, 3)]): rowcount = 20.0, "
        + "cumulative cost = {8.307692307692308 rows, 8.307692307692308 cpu, "
        + "8.307692307692308 io}\n");
    assertThat(costs("SELECT COUNT(*) FROM t"))
        .isEqualTo("CountScan(table=[[main, t]]): rowcount = 1.0, cumulative cost = {tiny}\n");
    assertThat(costs("SELECT name, SUM(qty) FROM t GROUP BY name")).endsWith(
        "\n  PartialAggregateScan(table=[[main, t]], fields=[[name, qty]], partial=[group [0], "
        + "SUM_LONG($1)]): rowcount = 1.0, cumulative cost = {11.692307692307692 rows, "
        + "11.692307692307692 cpu, 11.692307692307692 io}\n");
    assertThat(costs("SELECT name, SUM(qty) FROM t WHERE id > 3 GROUP BY name")).endsWith(
        "\n  PartialAggregateScan(table=[[main, t]], fields=[[name, qty]], filter=[>($0, 3)], "
        + "partial=[group [0], SUM_LONG($1)]): rowcount = 1.0, cumulative cost = "
        + "{10.523076923076923 rows, 10.523076923076923 cpu, 10.523076923076923 io}\n");
    assertThat(costs("SELECT g, COUNT(*) FROM many GROUP BY g")).contains(
        "\n  PartialAggregateScan(table=[[main, many]], fields=[[g]], partial=[group [0], "
        + "COUNT_ROWS]): rowcount = 3.0, ");
    assertThat(rows(connection, "SELECT g, COUNT(*) FROM many GROUP BY g ORDER BY g"))
        .containsExactly(List.of("0", "1000"), List.of("1", "1000"), List.of("2", "1000"));
  }
}
