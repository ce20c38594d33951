package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which single-table aggregates are prepared without the planner ({@link SimpleAggregate}), which
 * take the planner's path, and what the planner-free ones answer. The driver's differential test
 * ({@code io.csvws.differential.SimpleAggregateTest}) compares hundreds of them with the planned
 * statement and with DuckDB.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SimpleAggregateTest {
  private Connection connection;
  private CsvwsPrepare.CatalogReader reader;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    Files.writeString(dir.resolve("sales.csv"), "region,qty,price,big,day,note,ratio\n"
        + "north,3,1.50,9000000000000000000,2024-01-02,a,5e-1\n"
        + "south,4,2.25,1,2024-01-01,b,1.5e0\n"
        + "north,,0.10,9000000000000000000,2024-03-01,,2.5e0\n"
        + "east,2000000000,3.00,-5,2023-12-31,c,\n", StandardCharsets.UTF_8);
    StringBuilder tall = new StringBuilder("k,n,d,x,s\n");
    for (int i = 1; i <= 3000; i++) {
      tall.append(i % 7 == 0 ? "" : "k" + (i % 5)).append(',')
          .append(i % 11 == 0 ? "" : String.valueOf(i % 13 == 0 ? 3_000_000_000_000_000_000L : i))
          .append(',').append(i % 3 == 0 ? "" : (i % 100) + "." + (i % 10) + "5").append(',')
          .append(i % 17 == 0 ? "" : (i % 9) + "e-1").append(',')
          .append(i % 19 == 0 ? "" : "s" + (i * 7919 % 1000)).append('\n');
    }
    Files.writeString(dir.resolve("tall.csv"), tall, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("alike.csv"), "Name,name,v\na,b,1\n", StandardCharsets.UTF_8);
    // Both products of the last row overflow: the planned statement computes the one used twice
    // first. Equal decimals written with other scales: MIN and MAX keep the first. The last row's
    // empty values make the columns nullable, so nested sums are computed up front.
    Files.writeString(dir.resolve("clash.csv"), "a,b,d\n1,2,1.50\n3,4,1.5\n"
        + "2000000000,9000000000000000000,2.0\n5,6,2\n,,\n", StandardCharsets.UTF_8);
    Files.createDirectories(dir.resolve("shadow"));
    Files.writeString(dir.resolve("shadow.csv"), "v\n1\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("shadow/inner.csv"), "v\n1\n", StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
    reader = CatalogReaders.of(connection);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  private SimpleAggregate match(String sql) {
    try {
      return SimpleAggregate.match(
          SqlParser.create(sql, LexicalPolicy.parserConfig()).parseQuery(), reader, sql);
    } catch (SqlParseException e) {
      throw new IllegalArgumentException(sql, e);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT region, COUNT(*), SUM(qty) FROM sales GROUP BY region",
      "SELECT COUNT(*) AS n FROM sales",
      "SELECT COUNT(*), COUNT(note) FROM sales",
      "select sum(qty), min(qty), max(qty) from sales",
      "SELECT SUM(price), MIN(price), MAX(note), MIN(day) FROM sales",
      "SELECT SUM(ratio), COUNT(ratio) FROM sales",
      "SELECT SUM(qty + big), SUM(qty * 2), MIN(qty - 1), MAX(2 * qty + _row) FROM sales",
      "SELECT SUM((qty + 1) * (qty - 2)) FROM sales",
      "SELECT COUNT(*) AS n FROM sales GROUP BY region",
      "SELECT region FROM sales GROUP BY region",
      "SELECT note, region, COUNT(*) FROM sales GROUP BY region, note",
      "SELECT region AS region, COUNT(*) AS n FROM sales GROUP BY region",
      "SELECT COUNT(*) FROM sales WHERE _row BETWEEN 2 AND 3",
      "SELECT region, SUM(qty) FROM sales WHERE _row >= 2 AND 4 > _row GROUP BY region",
      "SELECT SUM(_row), COUNT(_row) FROM sales",
      "SELECT COUNT(*) FROM shadow.\"inner\""})
  void theseShapesAreMatched(String sql) {
    assertThat(match(sql)).isNotNull();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT AVG(qty) FROM sales",
      "SELECT COUNT(DISTINCT region) FROM sales",
      "SELECT COUNT(ALL region) FROM sales",
      "SELECT SUM(qty) FILTER (WHERE qty > 1) FROM sales",
      "SELECT SUM(qty) OVER () FROM sales",
      "SELECT region, COUNT(*) FROM sales GROUP BY region HAVING COUNT(*) > 1",
      "SELECT region, COUNT(*) FROM sales GROUP BY region ORDER BY region",
      "SELECT region, COUNT(*) FROM sales GROUP BY region LIMIT 1",
      "SELECT DISTINCT region FROM sales GROUP BY region",
      "SELECT region, COUNT(*) FROM sales GROUP BY 1",
      "SELECT region AS r, COUNT(*) FROM sales GROUP BY r",
      "SELECT COUNT(*) AS region FROM sales GROUP BY region",
      "SELECT note AS region FROM sales GROUP BY region, note",
      "SELECT REGION, COUNT(*) FROM sales GROUP BY REGION",
      "SELECT region, COUNT(*) FROM sales GROUP BY ROLLUP(region)",
      "SELECT region, qty, COUNT(*) FROM sales GROUP BY region",
      "SELECT qty, COUNT(*) FROM sales",
      "SELECT qty FROM sales",
      "SELECT *, COUNT(*) FROM sales GROUP BY region",
      "SELECT s.region, COUNT(*) FROM sales s GROUP BY s.region",
      "SELECT COUNT(*) FROM sales s",
      "SELECT COUNT(sales.*) FROM sales",
      "SELECT MIN(ratio) FROM sales",
      "SELECT MAX(ratio) FROM sales",
      "SELECT SUM(note) FROM sales",
      "SELECT SUM(day) FROM sales",
      "SELECT SUM(qty * 1.5) FROM sales",
      "SELECT SUM(qty * price) FROM sales",
      "SELECT SUM(qty / 2) FROM sales",
      "SELECT SUM(-qty) FROM sales",
      "SELECT SUM(qty + 3000000000) FROM sales",
      "SELECT SUM(1 + 2) FROM sales",
      "SELECT SUM(qty + (1 + 2)) FROM sales",
      "SELECT COUNT(qty + 1) FROM sales",
      "SELECT COUNT(1) FROM sales",
      "SELECT SUM(qty) + 1 FROM sales",
      "SELECT SUM(qty), SUM(qty) AS \"EXPR$0\" FROM sales",
      "SELECT SUM(qty) AS a, COUNT(*) AS A FROM sales",
      "SELECT \"SUM\"(qty) FROM sales",
      "SELECT s.SUM(qty) FROM sales",
      "SELECT SUM(qty, price) FROM sales",
      "SELECT MEDIAN(qty) FROM sales",
      "SELECT SUM(qty) FROM sales WHERE qty > 1",
      "SELECT SUM(qty) FROM sales WHERE _row = 1 OR _row = 2",
      "SELECT SUM(qty) FROM sales WHERE _row BETWEEN 3 AND 2",
      "SELECT SUM(qty) FROM sales WHERE _row > 1.5",
      "SELECT SUM(qty) FROM sales, alike",
      "SELECT SUM(qty) FROM (SELECT * FROM sales)",
      "SELECT SUM(nosuch) FROM sales",
      "SELECT nosuch, COUNT(*) FROM sales GROUP BY nosuch",
      "SELECT name, COUNT(*) FROM alike GROUP BY name",
      "SELECT COUNT(*) FROM missing",
      "SELECT COUNT(*) AS n FROM csvws.tables",
      "SELECT COUNT(*) AS n FROM shadow",
      "SELECT SUM(qty) FROM sales WHERE 1 = 1",
      "SELECT qty FROM sales LIMIT 2",
      "VALUES (1)"})
  void everyOtherShapeTakesThePlannersPath(String sql) {
    assertThat(match(sql)).isNull();
  }

  private List<String> answer(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      for (int k = 1; k <= md.getColumnCount(); k++) {
        out.add(md.getColumnLabel(k) + " " + md.getColumnTypeName(k) + "(" + md.getPrecision(k)
            + "," + md.getScale(k) + ")" + (md.isNullable(k) == ResultSetMetaData.columnNoNulls
            ? " NOT NULL" : "") + " " + md.getTableName(k));
      }
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int k = 1; k <= md.getColumnCount(); k++) {
          Object v = rs.getObject(k);
          row.append(k > 1 ? ", " : "").append(v == null ? "null"
              : v.getClass().getSimpleName() + " " + rs.getString(k));
        }
        out.add(row.toString());
      }
    }
    return out;
  }

  /**
   * The planner-free statement answers as the planned one (the same query with {@code 1 = 1},
   * which this path does not take): columns, values and their classes, row order, errors.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT k, COUNT(*), SUM(n), MIN(d), MAX(s), COUNT(x), SUM(x) FROM tall GROUP BY k",
      "SELECT SUM(d), MIN(d), MAX(d), SUM(n) FROM tall",
      "SELECT s, k, COUNT(*) FROM tall GROUP BY k, s",
      "SELECT k FROM tall GROUP BY k",
      "SELECT COUNT(*) AS c, COUNT(*) AS again FROM tall",
      "SELECT COUNT(*) FROM tall WHERE _row BETWEEN 100 AND 2000",
      "SELECT k, SUM(n * 2), MIN(n - _row), MAX(_row + 1) FROM tall GROUP BY k",
      "SELECT SUM(n + n), MAX(n * n) FROM tall WHERE _row < 13",
      "SELECT SUM(n), COUNT(n) FROM tall WHERE _row < 13",
      "SELECT SUM(n) FROM tall",
      "SELECT k, SUM(n) FROM tall GROUP BY k",
      "SELECT SUM(qty + qty), MAX(big * qty + 1) FROM sales",
      "SELECT SUM(qty + qty), MAX(big * qty) FROM sales",
      "SELECT MAX(big * qty), SUM(qty * 2), MIN(big * qty) FROM sales",
      "SELECT SUM(qty * 2), SUM(qty * 2 - 1) FROM sales",
      "SELECT SUM(_row * 2147483647 * 2147483647 * 3 + qty) FROM sales",
      "SELECT SUM(_row * 2147483647 * 2147483647 * 3 + qty) FROM sales WHERE _row = 3",
      "SELECT region, MIN(qty + 1), MAX(qty - 1) FROM sales WHERE _row >= 2 GROUP BY region",
      "SELECT COUNT(*), SUM(qty), MIN(note) FROM sales WHERE _row > 4",
      "SELECT MIN(region), MAX(region), COUNT(region) FROM sales",
      "SELECT SUM(qty * 0 + 2147483647) FROM sales",
      "SELECT COUNT(*), COUNT(n), SUM(n + 1) FROM tall",
      "SELECT k, COUNT(*), COUNT(x), MIN(n * 1), MAX(d), MIN(d) FROM tall GROUP BY k",
      "SELECT k, SUM(_row), MIN(_row), MAX(_row + 1) FROM tall GROUP BY k",
      "SELECT SUM(_row), MIN(_row), MAX(_row + 1) FROM tall",
      "SELECT SUM(a * 2), MAX(b * a), MIN(b * a) FROM clash",
      "SELECT MAX(b * a), SUM(a * 2), MIN(b * a) FROM clash",
      "SELECT SUM(a * 2), MAX(b * (a + 1)), MIN(b * (a + 1)) FROM clash",
      "SELECT MAX(b * 2), SUM(a * 2 + 1) FROM clash",
      "SELECT SUM(a * 2), MAX(b * (a + 1)), MIN(b * (a + 1)) FROM clash WHERE _row <= 2",
      "SELECT MAX(b * (a + 1) - 1), MIN(b * (a + 1)) FROM clash WHERE _row <= 2",
      "SELECT MIN(d), MAX(d), SUM(a + 1) FROM clash",
      "SELECT MIN(d), MAX(d) FROM clash",
      "SELECT SUM(x), SUM(d) FROM tall"})
  void answersAsThePlannedStatement(String sql) {
    assertThat(match(sql)).isNotNull();
    assertThat(SimpleScanTest.run(connection, sql)).as(sql).last().isEqualTo("planned=false");
    String planned = sql.contains(" WHERE ") ? sql.replace(" WHERE ", " WHERE 1 = 1 AND ")
        : sql.replace(" FROM tall", " FROM tall WHERE 1 = 1")
            .replace(" FROM sales", " FROM sales WHERE 1 = 1");
    assertThat(answerOrError(sql)).isEqualTo(answerOrError(planned));
  }

  private List<String> answerOrError(String sql) {
    try {
      return answer(sql);
    } catch (SQLException e) {
      // The message quotes the statement, which differs; what follows must not.
      String m = String.valueOf(e.getMessage());
      int quoted = m.indexOf("\": ");
      return List.of("error " + (quoted < 0 ? m : m.substring(quoted + 3)));
    }
  }

  @Test
  void groupsSumsAndCountsAreTypedAndComputedAsThePlannerDoes() throws SQLException {
    String sql = "SELECT region, COUNT(*), SUM(qty) AS total, MIN(price), MAX(day), COUNT(note)"
        + " FROM sales GROUP BY region";
    List<String> fast = answer(sql);
    assertThat(fast.subList(0, 6)).containsExactly(
        "region VARCHAR(0,0) sales",
        "EXPR$1 BIGINT(19,0) NOT NULL null",
        "total BIGINT(19,0) null",
        "EXPR$3 DECIMAL(38,2) null",
        "EXPR$4 DATE(0,0) null",
        "EXPR$5 BIGINT(19,0) NOT NULL null");
    assertThat(fast.subList(6, fast.size())).containsExactlyInAnyOrder(
        "String north, Long 2, Long 3, BigDecimal 0.10, Date 2024-03-01, Long 1",
        "String south, Long 1, Long 4, BigDecimal 2.25, Date 2024-01-01, Long 1",
        "String east, Long 1, Long 2000000000, BigDecimal 3.00, Date 2023-12-31, Long 1");
    assertThat(fast).isEqualTo(answer(sql.replace("FROM sales", "FROM sales WHERE 1 = 1")));
  }

  @Test
  void withoutGroupByTheOneRowMayHoldNulls() throws SQLException {
    String sql = "SELECT COUNT(*), SUM(qty), MIN(note), SUM(ratio) FROM sales"
        + " WHERE _row BETWEEN 3 AND 3";
    List<String> fast = answer(sql);
    assertThat(fast).containsExactly("EXPR$0 BIGINT(19,0) NOT NULL null",
        "EXPR$1 BIGINT(19,0) null", "EXPR$2 VARCHAR(0,0) null", "EXPR$3 DOUBLE(15,0) null",
        "Long 1, null, null, Double 2.5");
    assertThat(fast).isEqualTo(answer(sql.replace("AND 3", "AND 3 AND 1 = 1")));
  }

  @Test
  void sumsPastBigintAndIntegerOverflowsFailNamingWhat() {
    assertThatThrownBy(() -> answer("SELECT SUM(big) FROM sales"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("a SUM went past BIGINT's range (adding 9000000000000000000 to "
            + "9000000000000000001)");
    assertThatThrownBy(() -> answer("SELECT SUM(qty * 2) FROM sales"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("qty * 2 (2000000000 * 2) does not fit INTEGER");
    assertThatThrownBy(() -> answer("SELECT MAX(big * qty) FROM sales"))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("big * qty (9000000000000000000 * 3) does not fit BIGINT");
  }
}
