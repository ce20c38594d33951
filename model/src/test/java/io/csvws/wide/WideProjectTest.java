package io.csvws.wide;

import static io.csvws.testing.ModelConnection.plan;
import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A projection of 256 plain columns or more that the scan cannot take (over a sort, a union,
 * VALUES, UNNEST) is a {@link WideProject}: one call that copies values by index, whatever the
 * width, from input rows held as arrays, as lists or, for an input of one column, as bare values.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WideProjectTest {
  private static final int WIDTH = WideProjectRule.MIN_COLUMNS;
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    WideQueriesTest.write(dir.resolve("w300.csv"), 300, 3);
    connection = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  /** {@code c<from>, c<from-1>, ...}: {@code count} columns, descending. */
  private static String columnsDown(int from, int count) {
    return IntStream.range(0, count).mapToObj(k -> "c" + (from - k))
        .collect(Collectors.joining(", "));
  }

  /** {@code names} repeated to {@code count} items. */
  private static String repeated(int count, String... names) {
    return IntStream.range(0, count).mapToObj(k -> names[k % names.length])
        .collect(Collectors.joining(", "));
  }

  /** The rows of {@code sql} and the Java code generated for it. */
  private List<List<String>> rowsAndCode(String sql, List<String> code) throws SQLException {
    Consumer<Object> keep = c -> code.add(c.toString());
    Hook.Closeable hook = Hook.JAVA_PLAN.addThread(keep);
    try {
      return rows(connection, sql);
    } finally {
      hook.close();
    }
  }

  private static List<String> row(String... values) {
    List<String> out = new ArrayList<>();
    for (int k = 0; k < WIDTH; k++) {
      out.add(values[k % values.length]);
    }
    return out;
  }

  @Test
  void aProjectionOfTwoHundredFiftySixColumnsOverASortCopiesArrays() throws SQLException {
    String sql = "SELECT " + columnsDown(WIDTH - 1, WIDTH)
        + " FROM (SELECT * FROM w300 ORDER BY c1 DESC LIMIT 2)";

    assertThat(plan(connection, sql)).isEqualTo("WideProject(columns=[256])\n"
        + "  EnumerableLimit(fetch=[2])\n"
        + "    EnumerableSort(sort0=[$1], dir0=[DESC])\n"
        + "      CsvwsTableScan(table=[[main, w300]], fields=[256 of 301])\n");
    List<String> code = new ArrayList<>();
    List<List<String>> rows = rowsAndCode(sql, code);
    assertThat(String.join("", code)).contains("io.csvws.wide.WideRows.project(",
        "org.apache.calcite.adapter.enumerable.JavaRowFormat.ARRAY)");
    assertThat(rows).hasSize(2);
    List<String> expected = new ArrayList<>();
    for (int c = WIDTH - 1; c >= 0; c--) {
      expected.add(Integer.toString(3000 + c));
    }
    assertThat(rows.get(0)).isEqualTo(expected);
    assertThat(rows.get(1)).startsWith("2255", "2254").endsWith("2001", "2000");
  }

  @Test
  void fewerColumnsOrAComputedOneAreCalcitesProjection() throws SQLException {
    String fewer = "SELECT " + columnsDown(WIDTH - 2, WIDTH - 1)
        + " FROM (SELECT * FROM w300 ORDER BY c1 DESC LIMIT 2)";
    assertThat(plan(connection, fewer)).startsWith("EnumerableCalc").doesNotContain("WideProject");
    assertThat(rows(connection, fewer).get(0)).startsWith("3254").endsWith("3000");

    String computed = "SELECT c0 + 1, " + columnsDown(WIDTH - 1, WIDTH - 1)
        + " FROM (SELECT * FROM w300 ORDER BY c1 DESC LIMIT 2)";
    assertThat(plan(connection, computed)).startsWith("EnumerableCalc")
        .doesNotContain("WideProject");
    assertThat(rows(connection, computed).get(0)).startsWith("3001", "3255").endsWith("3001");
  }

  @Test
  void anInputOfOneColumnIsCopiedAsABareValue() throws SQLException {
    String sql = "SELECT " + repeated(WIDTH, "x")
        + " FROM (SELECT c7 AS x FROM w300 ORDER BY c7 DESC LIMIT 2)";

    assertThat(plan(connection, sql)).startsWith("WideProject(columns=[256])");
    List<String> code = new ArrayList<>();
    assertThat(rowsAndCode(sql, code)).containsExactly(row("3007"), row("2007"));
    assertThat(String.join("", code)).contains("JavaRowFormat.SCALAR)");
  }

  @Test
  void anInputOfListsIsCopiedByIndex() throws SQLException {
    String sql = "SELECT " + repeated(WIDTH, "o", "x")
        + " FROM UNNEST(ARRAY[10, 20]) WITH ORDINALITY AS u (x, o)";

    assertThat(plan(connection, sql)).startsWith("WideProject(columns=[256])\n"
        + "  EnumerableUncollect");
    List<String> code = new ArrayList<>();
    assertThat(rowsAndCode(sql, code)).containsExactly(row("1", "10"), row("2", "20"));
    assertThat(String.join("", code)).contains("JavaRowFormat.LIST)");
  }

  @Test
  void unionsAndValuesAreCopiedToo() throws SQLException {
    String union = "SELECT " + repeated(WIDTH, "o", "x")
        + " FROM (SELECT c0 AS x, _row AS o FROM w300 WHERE c0 < 2000 UNION ALL SELECT 5, 6)";
    assertThat(plan(connection, union)).startsWith("WideProject(columns=[256])\n"
        + "  EnumerableUnion(all=[true])");
    assertThat(rows(connection, union)).containsExactlyInAnyOrder(row("1", "1000"),
        row("6", "5"));

    String values = "SELECT " + repeated(WIDTH, "o", "x") + " FROM (VALUES (1, 2)) AS v (x, o)";
    assertThat(plan(connection, values)).startsWith("WideProject(columns=[256])\n"
        + "  EnumerableValues");
    assertThat(rows(connection, values)).containsExactly(row("2", "1"));
  }

  /**
   * Its own cost (the difference between its cumulative cost and its input's) is half a row and a
   * hundredth of a CPU unit per input row: below Calcite's projection, which costs a row per row.
   */
  @Test
  void itCostsHalfARowPerInputRow() throws SQLException {
    List<List<String>> explained = rows(connection, "EXPLAIN PLAN INCLUDING ALL ATTRIBUTES FOR "
        + "SELECT " + columnsDown(WIDTH - 1, WIDTH)
        + " FROM (SELECT * FROM w300 ORDER BY c1 DESC LIMIT 2)");
    String[] lines = explained.get(0).get(0).split("\n");
    assertThat(lines[0]).startsWith("WideProject(columns=[256]): rowcount = 2.0, ");
    assertThat(lines[1]).startsWith("  EnumerableLimit(fetch=[2]): rowcount = 2.0, ");
    double[] own = cost(lines[0]);
    double[] input = cost(lines[1]);
    assertThat(own[0] - input[0]).isCloseTo(1.0, offset(1e-9));
    assertThat(own[1] - input[1]).isCloseTo(0.02, offset(1e-9));
    assertThat(own[2] - input[2]).isCloseTo(0.0, offset(1e-9));
  }

  private static double[] cost(String line) {
    Matcher m = Pattern.compile("cumulative cost = \\{([0-9.E-]+) rows, ([0-9.E-]+) cpu, "
        + "([0-9.E-]+) io\\}").matcher(line);
    assertThat(m.find()).as(line).isTrue();
    return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
        Double.parseDouble(m.group(3))};
  }
}
