package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.schema.CsvwsTable;
import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
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
 * {@code SELECT COUNT(*) FROM t}, exactly that, is prepared without the planner; every other
 * shape takes the planner's path. Both give the same column and the count of the file as it is
 * when the statement runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WholeTableCountTest {
  private Path dir;
  private Connection connection;
  private CsvwsPrepare.CatalogReader reader;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    this.dir = dir;
    Files.writeString(dir.resolve("orders.csv"), "id,qty\n1,5\n2,6\n3,7\n",
        StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("growing.csv"), "id\n1\n", StandardCharsets.UTF_8);
    Files.createDirectories(dir.resolve("archive"));
    Files.writeString(dir.resolve("archive").resolve("old.csv"), "k\na\nb\n",
        StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("packed.csv.gz"), "id\n1\n", StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
    reader = CatalogReaders.of(connection);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  private CsvwsTable match(String sql) throws SqlParseException {
    return WholeTableCount.match(
        SqlParser.create(sql, LexicalPolicy.parserConfig()).parseQuery(), reader);
  }

  @Test
  void aPlainCountOfATableIsMatched() throws SqlParseException {
    assertThat(match("SELECT COUNT(*) FROM orders").file().relativePath())
        .isEqualTo("orders.csv");
    assertThat(match("select count(*) from ORDERS").file().relativePath())
        .isEqualTo("orders.csv");
    assertThat(match("SELECT COUNT(*) FROM archive.old").file().relativePath())
        .isEqualTo("archive/old.csv");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT COUNT(*) AS n FROM orders",
      "SELECT COUNT(*), 1 FROM orders",
      "SELECT 1 FROM orders",
      "SELECT COUNT(id) FROM orders",
      "SELECT COUNT(DISTINCT id) FROM orders",
      "SELECT COUNT(ALL id) FROM orders",
      "SELECT COUNT(orders.*) FROM orders",
      "SELECT COUNT(*) FILTER (WHERE id > 1) FROM orders",
      "SELECT COUNT(*) OVER () FROM orders",
      "SELECT COUNT() FROM orders",
      "SELECT MAX(*) FROM orders",
      "SELECT s.COUNT(*) FROM orders",
      "SELECT UPPER(*) FROM orders",
      "SELECT DISTINCT COUNT(*) FROM orders",
      "SELECT COUNT(*) FROM orders WHERE id > 1",
      "SELECT COUNT(*) FROM orders GROUP BY id",
      "SELECT COUNT(*) FROM orders HAVING COUNT(*) > 1",
      "SELECT COUNT(*) FROM orders WINDOW w AS (ORDER BY id)",
      "SELECT COUNT(*) FROM orders QUALIFY COUNT(*) > 1",
      "SELECT COUNT(*) FROM orders LIMIT 1",
      "SELECT COUNT(*) FROM orders o",
      "SELECT COUNT(*) FROM orders, archive.old",
      "SELECT COUNT(*) FROM (SELECT * FROM orders)",
      "SELECT COUNT(*)",
      "SELECT COUNT(*) FROM missing",
      "SELECT COUNT(*) FROM csvws.files",
      "SELECT COUNT(*) FROM packed",
      "VALUES (1)"})
  void everyOtherShapeTakesThePlannersPath(String sql) throws SqlParseException {
    assertThat(match(sql)).isNull();
  }

  private static List<String> describe(ResultSetMetaData md) throws SQLException {
    List<String> out = new ArrayList<>();
    for (int k = 1; k <= md.getColumnCount(); k++) {
      out.add(md.getColumnLabel(k) + "|" + md.getColumnName(k) + "|" + md.getColumnType(k)
          + "|" + md.getColumnTypeName(k) + "|" + md.isNullable(k) + "|" + md.isSigned(k)
          + "|" + md.getPrecision(k) + "|" + md.getScale(k) + "|" + md.getColumnClassName(k)
          + "|" + md.isSearchable(k) + "|" + md.isAutoIncrement(k) + "|" + md.isCaseSensitive(k)
          + "|" + md.isCurrency(k) + "|" + md.isReadOnly(k) + "|" + md.isWritable(k)
          + "|" + md.getColumnDisplaySize(k));
    }
    return out;
  }

  private List<String> describe(String sql) throws SQLException {
    try (PreparedStatement s = connection.prepareStatement(sql)) {
      return describe(s.getMetaData());
    }
  }

  @Test
  void theShortCutDescribesItsColumnAsThePlannerDoes() throws SQLException {
    List<String> shortCut = describe("SELECT COUNT(*) FROM orders");

    assertThat(shortCut).hasSize(1);
    assertThat(shortCut.get(0)).startsWith("EXPR$0|EXPR$0|" + Types.BIGINT + "|BIGINT|"
        + ResultSetMetaData.columnNoNulls + "|true|19|0|java.lang.Long|");
    assertThat(shortCut).isEqualTo(describe("SELECT COUNT(*) FROM orders WHERE TRUE"));
    List<String> fast = SimpleScanTest.run(connection, "SELECT COUNT(*) FROM orders");
    List<String> planned = SimpleScanTest.run(connection, "SELECT COUNT(*) FROM orders WHERE TRUE");
    assertThat(fast).last().isEqualTo("planned=false");
    assertThat(planned).last().isEqualTo("planned=true");
    assertThat(fast.subList(0, fast.size() - 1)).contains("Long:3:3")
        .isEqualTo(planned.subList(0, planned.size() - 1));
  }

  @Test
  void theCountIsTakenWhenTheStatementRuns() throws SQLException, IOException {
    try (PreparedStatement s = connection.prepareStatement("SELECT COUNT(*) FROM growing")) {
      assertThat(countOf(s)).isEqualTo(1L);
      Files.writeString(dir.resolve("growing.csv"), "id\n1\n2\n3\n", StandardCharsets.UTF_8);
      assertThat(countOf(s)).isEqualTo(3L);
    }
  }

  @Test
  void theCountIsTheNumberOfRecords() throws SQLException {
    try (PreparedStatement s = connection.prepareStatement(
        "SELECT COUNT(*) FROM archive.old;")) {
      assertThat(countOf(s)).isEqualTo(2L);
    }
  }

  private static long countOf(PreparedStatement s) throws SQLException {
    try (ResultSet rs = s.executeQuery()) {
      assertThat(rs.next()).isTrue();
      long n = rs.getLong(1);
      assertThat(rs.wasNull()).isFalse();
      assertThat(rs.next()).isFalse();
      return n;
    }
  }
}
