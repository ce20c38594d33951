package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Groupings computed in part by the scan give the answers of the plain aggregate: each query is
 * run as written (partial aggregates per batch, on the scan's threads for the large file) and
 * with its rows first passed through a {@code LIMIT} that keeps them all, which Calcite
 * aggregates alone. Sums of doubles may differ in the last digits; everything else is equal.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PartialAggregateTest {
  /** Over the 16 MiB from which first scans go parallel. */
  private static final int LARGE_ROWS = 190_000;
  private static final int SMALL_ROWS = 3_000;
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    write(dir.resolve("bulk.csv"), LARGE_ROWS, 1);
    write(dir.resolve("few.csv"), SMALL_ROWS, 2);
    assertThat(Files.size(dir.resolve("bulk.csv"))).isGreaterThan(17L << 20);
    connection = DriverManager.getConnection("jdbc:csvws:" + dir);
  }

  /**
   * Groups with empty (NULL) keys, numbers with gaps, integers near the 32-bit limit, integers
   * too large for 64 bits (DECIMAL), doubles, dates, timestamps, and quoted notes that span
   * lines, so some guessed chunk starts are wrong.
   */
  private static void write(Path file, int rows, long seed) throws IOException {
    Random r = new Random(seed);
    String[] groups = {"north", "south", "east", "west", ""};
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write("id,grp,sub,qty,near_max,huge,amount,ordered_on,ts,name,note,ratio\n");
      for (int i = 1; i <= rows; i++) {
        w.write(i + "," + groups[r.nextInt(groups.length)] + "," + "abc".charAt(r.nextInt(3))
            + "," + (r.nextInt(20) == 0 ? "" : Integer.toString(r.nextInt(2000) - 500))
            + "," + (2_000_000_000 + r.nextInt(100_000_000))
            + "," + (r.nextInt(9) + 1) + "2345678901234567890" + r.nextInt(10)
            + "," + r.nextInt(100_000) / 100.0
            + ",2024-" + String.format("%02d-%02d", 1 + r.nextInt(12), 1 + r.nextInt(28))
            + ",2024-05-06 " + String.format("%02d:%02d:%02d", r.nextInt(24), r.nextInt(60),
                r.nextInt(60))
            + ",name" + r.nextInt(5000)
            + "," + (i % 37 == 0 ? "\"spans\n" + (i + 1) + ",south,a,1,2,3\"" : "note " + i)
            + "," + r.nextInt(1000) + "e-2"
            + "\n");
      }
    }
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  private List<List<Object>> rows(String sql) throws SQLException {
    return Queries.rows(connection, sql);
  }

  private String plan(String sql) throws SQLException {
    return Queries.plan(connection, sql);
  }

  /** {@code template} with {@code %s} as the table, partial and plain, compared. */
  private void sameAnswers(String template, String table) throws SQLException {
    String partial = template.formatted(table);
    String plain =
        template.formatted("(SELECT _row, * FROM " + table + " LIMIT 1000000000) AS t");
    assertThat(plan(partial)).as(partial).contains("PartialAggregateScan");
    assertThat(plan(plain)).as(plain).doesNotContain("PartialAggregateScan");
    List<List<Object>> expected = rows(plain);
    List<List<Object>> actual = rows(partial);
    assertThat(actual).as(partial).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      List<Object> e = expected.get(i);
      List<Object> a = actual.get(i);
      for (int k = 0; k < e.size(); k++) {
        if (e.get(k) instanceof Double d) {
          assertThat((Double) a.get(k)).as("%s row %d column %d", partial, i, k + 1)
              .isCloseTo(d, org.assertj.core.data.Percentage.withPercentage(1e-9));
        } else {
          assertThat(a.get(k)).as("%s row %d column %d", partial, i, k + 1).isEqualTo(e.get(k));
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"bulk", "few"})
  void countsSumsAndExtremesPerGroup(String table) throws SQLException {
    sameAnswers("SELECT grp, COUNT(*), COUNT(qty), SUM(qty), MIN(qty), MAX(qty), SUM(amount)"
        + " FROM %s GROUP BY grp ORDER BY grp NULLS FIRST", table);
  }

  @ParameterizedTest
  @ValueSource(strings = {"bulk", "few"})
  void twoKeysWideIntegersDecimalsDatesAndText(String table) throws SQLException {
    sameAnswers("SELECT grp, sub, COUNT(*), SUM(near_max), SUM(huge), MIN(huge),"
        + " MIN(ordered_on), MAX(ts), MIN(name), MAX(name) FROM %s GROUP BY grp, sub"
        + " ORDER BY grp, sub", table);
  }

  @ParameterizedTest
  @ValueSource(strings = {"bulk", "few"})
  void aConditionInTheScanAndNoGrouping(String table) throws SQLException {
    sameAnswers("SELECT COUNT(*), SUM(qty), SUM(huge), MAX(ordered_on) FROM %s"
        + " WHERE sub = 'b' AND qty > 10", table);
    // No column reaches the aggregate: the scan's rows are empty, only counted.
    sameAnswers("SELECT COUNT(*) FROM %s WHERE sub = 'c'", table);
  }

  @ParameterizedTest
  @ValueSource(strings = {"bulk", "few"})
  void noRowsLeftGiveOneRowWithoutGroupsAndNoneWithGroups(String table) throws SQLException {
    sameAnswers("SELECT COUNT(*), COUNT(qty), SUM(qty), MIN(name) FROM %s WHERE qty > 999999",
        table);
    sameAnswers("SELECT grp, COUNT(*) FROM %s WHERE qty > 999999 GROUP BY grp", table);
    assertThat(rows("SELECT COUNT(*), SUM(qty) FROM " + table + " WHERE qty > 999999"))
        .containsExactly(Arrays.asList(0L, null));
  }

  @ParameterizedTest
  @ValueSource(strings = {"bulk", "few"})
  void distinctValuesAndRowNumbers(String table) throws SQLException {
    sameAnswers("SELECT DISTINCT grp FROM %s ORDER BY grp NULLS LAST", table);
    sameAnswers("SELECT sub, COUNT(*), SUM(qty) FROM %s WHERE _row BETWEEN 500 AND 2500"
        + " GROUP BY sub ORDER BY sub", table);
  }

  @Test
  void theLargeFileIsCountedRight() throws SQLException {
    assertThat(rows("SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id) FROM bulk"
        + " WHERE grp IS NULL OR grp IS NOT NULL"))
        .containsExactly(List.of((long) LARGE_ROWS, (long) LARGE_ROWS, LARGE_ROWS > 0 ? 1L : 0L,
            (long) LARGE_ROWS));
  }

  @ParameterizedTest
  @ValueSource(strings = {"bulk", "few"})
  void averagesBecomeSumsAndCounts(String table) throws SQLException {
    sameAnswers("SELECT sub, AVG(qty), AVG(amount), AVG(huge) FROM %s GROUP BY sub ORDER BY sub",
        table);
  }

  @ParameterizedTest
  @ValueSource(strings = {"bulk", "few"})
  void distinctCountsAreGroupingsOfGroupings(String table) throws SQLException {
    // Calcite groups by (grp, sub) first: that inner grouping is the partial one.
    sameAnswers("SELECT grp, COUNT(DISTINCT sub) FROM %s GROUP BY grp ORDER BY grp", table);
  }

  @ParameterizedTest
  @ValueSource(strings = {"bulk", "few"})
  void aGroupPerRowIsPassedOnRowByRow(String table) throws SQLException {
    sameAnswers("SELECT id, COUNT(*), COUNT(qty), SUM(qty), MIN(name), SUM(amount) FROM %s"
        + " GROUP BY id ORDER BY id", table);
  }

  @Test
  void whatTheScanCannotComputeStaysWhole() throws SQLException {
    // MIN/MAX of doubles: NaN's answer depends on the order of values.
    assertThat(plan("SELECT grp, MIN(ratio) FROM bulk GROUP BY grp"))
        .doesNotContain("PartialAggregateScan");
    // A lone COUNT(*) of a whole table has its own, cheaper plan.
    assertThat(plan("SELECT COUNT(*) FROM bulk")).doesNotContain("PartialAggregateScan")
        .contains("CountScan");
  }
}
