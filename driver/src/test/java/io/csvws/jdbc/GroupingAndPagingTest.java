package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.failure;
import static io.csvws.jdbc.Queries.labels;
import static io.csvws.jdbc.Queries.plan;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.value;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paging ({@code FETCH FIRST}, {@code OFFSET}), grouping sets ({@code CUBE}, {@code ROLLUP},
 * {@code GROUPING SETS}), {@code PIVOT} and {@code TABLESAMPLE} on a real file, with their
 * answers checked.
 */
class GroupingAndPagingTest {
  @TempDir
  Path dir;

  @BeforeEach
  void files() {
    write(dir, "sales.csv", "region,product,amount\nN,a,10\nN,b,20\nS,a,5\nS,b,7\nS,a,3\n");
    write(dir, "numbers.csv", "n\n" + IntStream.rangeClosed(1, 10000).mapToObj(Integer::toString)
        .collect(Collectors.joining("\n")) + "\n");
  }

  /** Rows as text, for comparison independent of the integer width of sums. */
  private static String table(Connection c, String sql) throws SQLException {
    return rows(c, sql).toString();
  }

  @Test
  void fetchFirstAndOffset() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      assertThat(column(c, "SELECT amount FROM sales ORDER BY amount FETCH FIRST 2 ROWS ONLY"))
          .containsExactly(3, 5);
      assertThat(column(c, "SELECT amount FROM sales ORDER BY amount OFFSET 3"))
          .containsExactly(10, 20);
      assertThat(column(c, "SELECT amount FROM sales ORDER BY amount OFFSET 1 ROWS "
          + "FETCH NEXT 2 ROWS ONLY")).containsExactly(5, 7);
      assertThat(column(c, "SELECT amount FROM sales ORDER BY amount LIMIT 2 OFFSET 1"))
          .containsExactly(5, 7);
      assertThat(column(c, "SELECT amount FROM sales ORDER BY amount DESC FETCH FIRST ROW ONLY"))
          .as("PostgreSQL's count-less form fetches one row").containsExactly(20);
    }
  }

  @Test
  void rollupCubeAndGroupingSets() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      assertThat(table(c, "SELECT region, SUM(amount) FROM sales GROUP BY ROLLUP (region) "
          + "ORDER BY region NULLS LAST")).isEqualTo("[[N, 30], [S, 15], [null, 45]]");
      assertThat(table(c, "SELECT region, product, SUM(amount), GROUPING(region, product) "
          + "FROM sales GROUP BY CUBE (region, product) "
          + "ORDER BY region NULLS LAST, product NULLS LAST"))
          .isEqualTo("[[N, a, 10, 0], [N, b, 20, 0], [N, null, 30, 1], [S, a, 8, 0], "
              + "[S, b, 7, 0], [S, null, 15, 1], [null, a, 18, 2], [null, b, 27, 2], "
              + "[null, null, 45, 3]]");
      assertThat(table(c, "SELECT region, product, COUNT(*) FROM sales "
          + "GROUP BY GROUPING SETS ((region), (product), ()) "
          + "ORDER BY region NULLS LAST, product NULLS LAST"))
          .isEqualTo("[[N, null, 2], [S, null, 3], [null, a, 3], [null, b, 2], "
              + "[null, null, 5]]");
    }
  }

  @Test
  void pivot() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      assertThat(labels(c, "SELECT * FROM (SELECT region, product, amount FROM sales) "
          + "PIVOT (SUM(amount) AS s FOR product IN ('a' AS a, 'b' AS b)) ORDER BY region"))
          .containsExactly("region", "a_s", "b_s");
      assertThat(table(c, "SELECT * FROM (SELECT region, product, amount FROM sales) "
          + "PIVOT (SUM(amount) AS s FOR product IN ('a' AS a, 'b' AS b)) ORDER BY region"))
          .isEqualTo("[[N, 10, 20], [S, 8, 7]]");
      assertThat(failure(c, "PIVOT sales ON product USING SUM(amount)").getMessage())
          .contains("PIVOT").contains("FOR product IN");
    }
  }

  @Test
  void tablesample() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      long all = ((Number) value(c, "SELECT COUNT(*) FROM numbers TABLESAMPLE BERNOULLI(100)"))
          .longValue();
      assertThat(all).isEqualTo(10000);
      assertThat(value(c, "SELECT COUNT(*) FROM numbers TABLESAMPLE SYSTEM(0)"))
          .isEqualTo(0L);
      long tenth = ((Number) value(c,
          "SELECT COUNT(*) FROM numbers TABLESAMPLE BERNOULLI(10)")).longValue();
      assertThat(tenth).as("about a tenth of 10000 rows").isBetween(800L, 1200L);
      List<Object> first = column(c,
          "SELECT n FROM numbers TABLESAMPLE BERNOULLI(5) REPEATABLE(42) ORDER BY n");
      List<Object> again = column(c,
          "SELECT n FROM numbers TABLESAMPLE BERNOULLI(5) REPEATABLE(42) ORDER BY n");
      assertThat(again).as("the same seed samples the same rows").isEqualTo(first);
      assertThat(first.size()).isBetween(350, 650);
      List<Object> other = column(c,
          "SELECT n FROM numbers TABLESAMPLE SYSTEM(5) REPEATABLE(7) ORDER BY n");
      assertThat(other).isNotEqualTo(first);
      assertThat(plan(c, "SELECT n FROM numbers TABLESAMPLE SYSTEM(5) REPEATABLE(7)"))
          .as("sampled by a streaming filter after the scan, not inside it")
          .contains("RAND(").doesNotContain("filter=[");
    }
  }

  @Test
  void formsTheEngineCannotRunAreNamedNotDumped() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      SQLException e = failure(c, "SELECT * FROM sales MATCH_RECOGNIZE (ORDER BY amount "
          + "MEASURES A.amount AS x PATTERN (A B) DEFINE B AS B.amount > A.amount)");
      assertThat(e.getMessage()).startsWith("csvws cannot run MATCH_RECOGNIZE in this query")
          .doesNotContain("rules").doesNotContain("Enumerable").hasSizeLessThan(300);
      assertThat(e.getSQLState()).isEqualTo("42000");
      assertThat(failure(c, "FROM sales SELECT region").getMessage())
          .contains("starts with FROM").contains("SELECT ... FROM t");
      assertThat(failure(c, "UNPIVOT sales ON a, b INTO NAME n VALUE v").getMessage())
          .contains("UNPIVOT (v FOR n IN");
    }
  }
}
