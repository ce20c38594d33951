package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.scan.QueryDiagnostics;
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
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.calcite.runtime.Hook;
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
 * {@code SELECT columns FROM t [WHERE ...] [LIMIT n] [OFFSET m]} prepared without the planner
 * ({@link SimpleScan}, through {@link StatementPreparation}) answers as the planned statement
 * does: the same query with a condition that is always true ({@code 1 = 1}), which this path
 * does not take. The driver's differential test ({@code io.csvws.differential.SimpleScanTest})
 * also compares such scans with DuckDB over many more tables.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SimpleScanTest {
  private Path dir;
  private Connection connection;
  private CsvwsPrepare.CatalogReader reader;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    this.dir = dir;
    // Every column type, NULLs in each, rows enough for limits and offsets.
    StringBuilder t = new StringBuilder("i,b,d,f,s,ok,day,ts,tm\n");
    for (int r = 1; r <= 24; r++) {
      t.append(r % 7 == 0 ? "" : String.valueOf(r * 5 % 17)).append(',')
          .append(r % 5 == 0 ? "" : String.valueOf(3_000_000_000L * (r % 4) - r)).append(',')
          .append(r % 6 == 0 ? "" : (r % 9) + "." + (r % 4) + "5").append(',')
          .append(r % 8 == 0 ? "" : (r % 10) + "e-1").append(',')
          .append(r % 9 == 0 ? "" : "s" + (r * 7 % 11)).append(',')
          .append(r % 10 == 0 ? "" : r % 3 == 0 ? "true" : "false").append(',')
          .append(r % 11 == 0 ? "" : "2024-01-" + String.format("%02d", 1 + r % 9)).append(',')
          .append(r % 12 == 0 ? "" : "2024-02-0" + (1 + r % 3) + " 1" + (r % 4) + ":00:00")
          .append(',')
          .append(r % 13 == 0 ? "" : "0" + (r % 6) + ":30:00").append('\n');
    }
    Files.writeString(dir.resolve("t.csv"), t, StandardCharsets.UTF_8);
    // Long enough for the row index to hold several entries, so a scan starts mid-file.
    StringBuilder tall = new StringBuilder("n,label\n");
    for (int r = 1; r <= 6000; r++) {
      tall.append(r).append(',').append(r % 11 == 0 ? "\"two\nlines " + r + "\"" : "l" + r)
          .append('\n');
    }
    Files.writeString(dir.resolve("tall.csv"), tall, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("alike.csv"), "Name,name,x\na,b,1\nc,d,2\n",
        StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("nocolumns.csv"), "", StandardCharsets.UTF_8);
    Files.createDirectories(dir.resolve("shadow"));
    Files.writeString(dir.resolve("shadow.csv"), "v\n1\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("shadow/inner.csv"), "k,v\n1,one\n2,two\n3,three\n",
        StandardCharsets.UTF_8);
    StringBuilder wide = new StringBuilder();
    for (int c = 0; c < 520; c++) {
      wide.append(c == 0 ? "" : ",").append('c').append(c);
    }
    wide.append('\n');
    for (int c = 0; c < 520; c++) {
      wide.append(c == 0 ? "" : ",").append(c);
    }
    Files.writeString(dir.resolve("wide.csv"), wide.append('\n'), StandardCharsets.UTF_8);
    // A star is this path's below WideStarQuery.MIN_COLUMNS columns, the wide path's from there.
    for (int width : new int[] {499, 500}) {
      StringBuilder w = new StringBuilder();
      for (int c = 0; c < width; c++) {
        w.append(c == 0 ? "" : ",").append('c').append(c);
      }
      w.append("\n");
      for (int c = 0; c < width; c++) {
        w.append(c == 0 ? "" : ",").append(c * 3);
      }
      Files.writeString(dir.resolve("w" + width + ".csv"), w.append('\n'),
          StandardCharsets.UTF_8);
    }
    Files.writeString(dir.resolve("emoji.csv"), "s\n\uD83D\uDE00\nplain\n\uFF01\n",
        StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
    reader = CatalogReaders.of(connection);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  private SimpleScan match(String sql) throws SqlParseException {
    return SimpleScan.match(SqlParser.create(sql, LexicalPolicy.parserConfig()).parseQuery(),
        reader);
  }

  /** The same query with {@code 1 = 1} in its condition, which the planner prepares. */
  private static String planned(String sql) {
    if (sql.contains(" WHERE ")) {
      return sql.replace(" WHERE ", " WHERE 1 = 1 AND ");
    }
    int tail = sql.length();
    for (String clause : List.of(" LIMIT ", " OFFSET ", " FETCH ")) {
      int at = sql.indexOf(clause);
      if (at >= 0) {
        tail = Math.min(tail, at);
      }
    }
    return sql.substring(0, tail) + " WHERE 1 = 1" + sql.substring(tail);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT * FROM t",
      "SELECT * FROM t LIMIT 3",
      "SELECT * FROM t LIMIT 1",
      "SELECT * FROM t LIMIT 2 OFFSET 3",
      "SELECT * FROM t OFFSET 20",
      "SELECT * FROM t OFFSET 1",
      "SELECT * FROM t OFFSET 30",
      "SELECT * FROM t FETCH FIRST 4 ROWS ONLY",
      "SELECT * FROM t OFFSET 2 ROWS FETCH NEXT 3 ROWS ONLY",
      "SELECT s AS label, i, _row FROM t WHERE _row BETWEEN 3 AND 7",
      "SELECT _row, * FROM t WHERE _row = 1",
      "SELECT i FROM t WHERE _row >= 3 AND _row < 6 LIMIT 2",
      "SELECT i, _row FROM t WHERE 2 <= _row AND 9 > _row",
      "SELECT _row FROM t WHERE _row > 1 AND _row <= 100000 LIMIT 1 OFFSET 1",
      "SELECT tm, s FROM t WHERE i > 3 AND s <> 's3'",
      "SELECT s FROM t WHERE tm > TIME '02:00:00' AND i < 10 AND _row >= 2",
      "SELECT i, d FROM t WHERE d >= 1.5",
      "SELECT i, d FROM t WHERE d < 4.25 AND d > 1.05 AND i <> 10",
      "SELECT f FROM t WHERE f < 0.5",
      "SELECT f, s FROM t WHERE f <> 3e-1 AND f >= 0.2",
      "SELECT ok, _row FROM t WHERE ok = TRUE",
      "SELECT ok, _row FROM t WHERE ok <> TRUE",
      "SELECT ok, _row FROM t WHERE ok <= FALSE",
      "SELECT day FROM t WHERE day < DATE '2024-01-05'",
      "SELECT ts, _row FROM t WHERE ts >= TIMESTAMP '2024-02-02 11:00:00'",
      "SELECT tm, _row FROM t WHERE tm = TIME '03:30:00'",
      "SELECT s, _row FROM t WHERE s IS NULL",
      "SELECT s, _row FROM t WHERE s IS NOT NULL AND _row > 2 AND i IS NULL",
      "SELECT b FROM t WHERE b > 2999999990 AND b <= 6000000000",
      "SELECT b, i FROM t WHERE b BETWEEN -20 AND 3000000000 AND i >= 3 AND i <= 12",
      "SELECT s, i FROM t WHERE 's5' <= s AND 4 < i",
      "SELECT i AS \"I2\", s FROM t WHERE i = 5 OFFSET 1",
      "SELECT n, label FROM tall WHERE _row >= 5990",
      "SELECT label, n FROM tall WHERE _row = 2500",
      "SELECT n FROM tall WHERE _row BETWEEN 1200 AND 1210 AND n > 1205",
      "SELECT * FROM tall LIMIT 5 OFFSET 4000",
      "SELECT x FROM alike",
      "SELECT * FROM alike",
      "SELECT v, k FROM shadow.\"inner\" WHERE _row > 1",
      "SELECT c1, c300, _row FROM wide WHERE _row BETWEEN 1 AND 3",
      "SELECT * FROM w499",
      "SELECT i FROM t OFFSET 0",
      "SELECT i FROM t LIMIT 2147483647",
      "SELECT i FROM t OFFSET 2147483647",
      "SELECT i, _row FROM t WHERE _row > 0",
      "SELECT i, _row FROM t WHERE _row BETWEEN 0 AND 3",
      "SELECT i, _row FROM t WHERE _row <= 9223372036854775807 AND _row >= 20",
      "SELECT i, _row FROM t WHERE _row BETWEEN 22 AND 9223372036854775807",
      "SELECT i FROM t WHERE i = +5",
      "SELECT i FROM t WHERE i >= -(-3) AND i < +9",
      "SELECT f FROM t WHERE f < +0.5 AND f > -(-1e-1)",
      "SELECT d FROM t WHERE d > +1.5 AND -(-4) > d",
      "SELECT f FROM t WHERE f <= 0.3",
      "SELECT b FROM t WHERE b = 9223372036854775807",
      "SELECT b FROM t WHERE b = -9223372036854775808",
      "SELECT b FROM t WHERE b >= 9223372036854775807",
      "SELECT b FROM t WHERE b <= -9223372036854775808",
      "SELECT i FROM t WHERE i >= 1 AND i <= 2 AND i <> 1",
      "SELECT tm FROM t WHERE tm <> TIME '03:30:00.123'",
      "SELECT d FROM t WHERE d < 1000000000000000000.0000000000000000001",
      "SELECT s FROM emoji WHERE s <> '\uD83D\uDE00'",
      "SELECT s FROM emoji WHERE s > 'a\uD83D\uDE00'"})
  void answersAsThePlannedStatement(String sql) throws SqlParseException {
    assertThat(match(sql)).as(sql).isNotNull();
    List<String> fast = run(connection, sql);
    List<String> reference = run(connection, planned(sql));
    assertThat(fast).as(sql).last().isEqualTo("planned=false");
    assertThat(reference).as(sql).last().isEqualTo("planned=true");
    assertThat(fast.subList(0, fast.size() - 1)).as(sql)
        .isEqualTo(reference.subList(0, reference.size() - 1));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT i FROM t ORDER BY i",
      "SELECT i FROM t ORDER BY i LIMIT 2",
      "SELECT DISTINCT i FROM t",
      "SELECT i FROM t GROUP BY i",
      "SELECT COUNT(*) FROM t",
      "SELECT i FROM t LIMIT 0",
      "SELECT i FROM t LIMIT 3000000000",
      "SELECT i FROM t OFFSET 3000000000",
      "SELECT i FROM t LIMIT ?",
      "SELECT i + 1 FROM t",
      "SELECT I FROM t",
      "SELECT t.i FROM t",
      "SELECT i FROM t AS u",
      "SELECT i, i FROM t",
      "SELECT i AS x, s AS X FROM t",
      "SELECT * AS x FROM t",
      "SELECT t.* FROM t",
      "SELECT *, i FROM wide",
      "SELECT * FROM wide",
      "SELECT * FROM nocolumns",
      "SELECT name FROM alike",
      "SELECT NAME FROM alike",
      "SELECT * FROM shadow",
      "SELECT * FROM missing",
      "SELECT * FROM csvws.tables",
      "SELECT * FROM t, tall",
      "SELECT * FROM (SELECT * FROM t)",
      "SELECT * FROM t WHERE _row > 1.5",
      "SELECT * FROM t WHERE _row BETWEEN 5 AND 2",
      "SELECT * FROM t WHERE _row < 1",
      "SELECT * FROM t WHERE _row = 3 OR _row = 5",
      "SELECT * FROM t WHERE i = 1 AND i = 2",
      "SELECT i AS s FROM t WHERE s = 's1'",
      "SELECT * FROM t WHERE s = 'a' AND _row > 1.5",
      "SELECT * FROM t WHERE i = 1 LIMIT 2 OFFSET 1 FETCH FIRST 1 ROWS ONLY",
      "SELECT i FROM t WINDOW w AS (ORDER BY i)",
      "SELECT i FROM t QUALIFY i > 1",
      "SELECT /*+ hint */ i FROM t",
      "SELECT * FROM w500",
      "SELECT i, t.* FROM t",
      "SELECT i, nosuch FROM t",
      "SELECT i FROM t OFFSET 9223372036854775808",
      "SELECT i FROM t LIMIT 9223372036854775808",
      "SELECT * FROM t WHERE _row < 9223372036854775808",
      "SELECT * FROM t WHERE i = 5 AND i <> 5",
      "SELECT * FROM t WHERE i = -5 AND i <> -5",
      "SELECT * FROM t WHERE b = 3000000000 AND b <> 3000000000",
      "SELECT * FROM t WHERE d > 1.5 AND d >= 1.5 AND d <= 1.5",
      "SELECT * FROM t WHERE d < 1.5 AND d <= 1.5 AND d >= 1.5",
      "SELECT * FROM t WHERE d >= 1 AND d >= 2 AND d <= 1.5",
      "SELECT * FROM t WHERE d <= 3 AND d <= 1 AND d >= 2",
      "SELECT * FROM t WHERE d <= 1 AND d <= 3 AND d >= 2",
      "SELECT * FROM t WHERE d >= 2 AND d > 1 AND d <= 1.5",
      "SELECT * FROM t WHERE d <= 1 AND d < 3 AND d >= 2",
      "SELECT * FROM t WHERE d < 10000000000000000000.0000000000000000001",
      "SELECT * FROM emoji WHERE s = U&'\\D83D'",
      "SELECT * FROM emoji WHERE s = U&'a\\D83D'",
      "SELECT * FROM emoji WHERE s = U&'\\DE00a'",
      "VALUES (1)"})
  void everyOtherShapeTakesThePlannersPath(String sql) throws SqlParseException {
    SimpleScan scan;
    try {
      scan = match(sql);
    } catch (SqlParseException e) {
      return; // not even parsed: the planner's path reports it
    }
    assertThat(scan).as(sql).isNull();
  }

  /**
   * Over the 64 integers of a range the test of whether a value is left looks at each; over 65
   * it does not, and the scan answers (no row) where the planner would answer without reading.
   */
  @Test
  void aRangeOfIntegersAllExcludedIsLeftToThePlannerUpTo64Values() throws SqlParseException {
    for (int width : new int[] {63, 64}) {
      StringBuilder sql = new StringBuilder("SELECT i FROM t WHERE i >= 0 AND i <= " + width);
      for (int v = 0; v <= width; v++) {
        sql.append(" AND i <> ").append(v);
      }
      assertThat(match(sql.toString())).as(sql.toString()).matches(
          scan -> (scan == null) == (width < 64));
      assertThat(run(connection, sql.toString())).contains("planned=" + (width < 64));
    }
  }

  @Test
  void aCancelledExecutionStopsBeforeItsStatementIsPrepared() {
    QueryDiagnostics cancelled = new QueryDiagnostics();
    cancelled.cancel();
    for (String sql : List.of("SELECT i FROM t", "SELECT COUNT(*) FROM t",
        "SELECT SUM(i) FROM t", "SELECT i + 1 FROM t")) {
      assertThatThrownBy(() -> cancelled.collect(() -> connection.prepareStatement(sql)))
          .as(sql).hasStackTraceContaining("Statement cancelled while preparing the statement.");
    }
  }

  @Test
  void aPreparedScanReadsTheFileAsItIsWhenItRuns() throws IOException, SQLException {
    Path file = dir.resolve("changing.csv");
    Files.writeString(file, "id,v\n1,a\n2,b\n3,c\n", StandardCharsets.UTF_8);
    try (PreparedStatement fast = connection.prepareStatement(
        "SELECT v, id FROM changing WHERE _row >= 2 LIMIT 2")) {
      assertThat(rows(fast)).isEqualTo("b 2|c 3|");
      Files.writeString(file, "id,v\n7,x\n8,y\n9,z\n", StandardCharsets.UTF_8);
      assertThat(rows(fast)).isEqualTo("y 8|z 9|");
    }
  }

  private static String rows(PreparedStatement p) throws SQLException {
    StringBuilder b = new StringBuilder();
    try (ResultSet rs = p.executeQuery()) {
      while (rs.next()) {
        b.append(rs.getString(1)).append(' ').append(rs.getString(2)).append('|');
      }
    }
    return b.toString();
  }

  /**
   * Every column attribute, every value (class, object, text), or the error; last whether a
   * planner ran.
   */
  static List<String> run(Connection connection, String sql) {
    AtomicInteger planners = new AtomicInteger();
    List<String> out = new ArrayList<>();
    Consumer<Object> onPlanner = p -> planners.incrementAndGet();
    Hook.Closeable hook = Hook.PLANNER.addThread(onPlanner);
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      int n = md.getColumnCount();
      for (int k = 1; k <= n; k++) {
        out.add(md.getColumnLabel(k) + "|" + md.getColumnName(k) + "|" + md.getColumnType(k)
            + "|" + md.getColumnTypeName(k) + "|" + md.getColumnClassName(k) + "|"
            + md.getPrecision(k) + "|" + md.getScale(k) + "|" + md.isNullable(k) + "|"
            + md.isSigned(k) + "|" + md.getColumnDisplaySize(k) + "|" + md.getTableName(k)
            + "|" + md.getSchemaName(k) + "|" + md.isCaseSensitive(k) + "|"
            + md.isSearchable(k));
      }
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int k = 1; k <= n; k++) {
          Object v = rs.getObject(k);
          row.append(v == null ? "null" : v.getClass().getSimpleName() + ":" + v)
              .append(':').append(rs.getString(k)).append(k < n ? "; " : "");
        }
        out.add(row.toString());
      }
    } catch (SQLException e) {
      out.add("error " + e.getMessage());
    } finally {
      hook.close();
    }
    out.add("planned=" + (planners.get() > 0));
    return out;
  }
}
