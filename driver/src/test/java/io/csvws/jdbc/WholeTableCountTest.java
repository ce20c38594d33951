package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code SELECT COUNT(*) FROM t} is prepared without Calcite's planner (what a fresh JVM spends
 * most of its time on), and answers and describes its column exactly as the planned statement
 * does; every other shape still goes through the planner.
 */
class WholeTableCountTest {
  @TempDir
  Path dir;

  @TempDir
  Path cache;

  private void files() throws Exception {
    StringBuilder t = new StringBuilder("id,label\n");
    for (int i = 1; i <= 1234; i++) {
      t.append(i).append(',').append(i % 7 == 0 ? "\"two\nlines\"" : "x" + i).append('\n');
    }
    Files.writeString(dir.resolve("t.csv"), t);
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub/u.csv"), "a\n1\n2\n3\n");
    // A table and a folder of the same name (docs/names.md).
    Files.writeString(dir.resolve("sub.csv"), "b\n1\n2\n");
    Files.writeString(dir.resolve("empty.csv"), "a,b\n");
  }

  /** The result's rows and a description of every column attribute, and whether it planned. */
  private static List<String> run(Connection c, String sql) throws SQLException {
    AtomicInteger planners = new AtomicInteger();
    List<String> out = new ArrayList<>();
    Consumer<Object> onPlanner = p -> planners.incrementAndGet();
    Hook.Closeable hook = Hook.PLANNER.addThread(onPlanner);
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      out.add("columns=" + md.getColumnCount());
      for (int k = 1; k <= md.getColumnCount(); k++) {
        out.add(md.getColumnLabel(k) + "|" + md.getColumnName(k) + "|" + md.getColumnType(k)
            + "|" + md.getColumnTypeName(k) + "|" + md.getColumnClassName(k) + "|"
            + md.getPrecision(k) + "|" + md.getScale(k) + "|" + md.isNullable(k) + "|"
            + md.isSigned(k) + "|" + md.getColumnDisplaySize(k) + "|" + md.getTableName(k) + "|"
            + md.getSchemaName(k) + "|" + md.getCatalogName(k) + "|" + md.isAutoIncrement(k)
            + "|" + md.isCaseSensitive(k) + "|" + md.isSearchable(k) + "|" + md.isCurrency(k)
            + "|" + md.isReadOnly(k) + "|" + md.isWritable(k) + "|"
            + md.isDefinitelyWritable(k));
      }
      while (rs.next()) {
        out.add(rs.getObject(1).getClass().getSimpleName() + ":" + rs.getObject(1) + ":"
            + rs.getLong(1) + ":" + rs.getString(1));
      }
    } finally {
      hook.close();
    }
    out.add("planned=" + (planners.get() > 0));
    return out;
  }

  private static List<String> planned(List<String> rows) {
    List<String> copy = new ArrayList<>(rows);
    copy.set(copy.size() - 1, "planned=true");
    return copy;
  }

  @Test
  void countOfAWholeTableSkipsThePlannerAndAnswersAsThePlannedStatement() throws Exception {
    files();
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir)) {
      for (String table : List.of("t", "T", "\"t\"", "sub.u", "sub", "empty", "main.t")) {
        List<String> fast = run(c, "SELECT COUNT(*) FROM " + table);
        List<String> reference = run(c, "SELECT COUNT(*) FROM " + table + " WHERE TRUE");
        assertThat(reference).as(table).last().isEqualTo("planned=true");
        assertThat(fast).as(table).last().isEqualTo("planned=false");
        assertThat(planned(fast)).as(table).isEqualTo(reference);
      }
      assertThat(run(c, "select count(*) from t;")).contains("Long:1234:1234:1234",
          "planned=false");
    }
  }

  @Test
  void otherShapesArePlanned() throws Exception {
    files();
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir)) {
      // A counted table with an alias, or a count of a column, is SimpleAggregate's (see
      // io.csvws.differential.SimpleAggregateTest): prepared without the planner too.
      for (String sql : List.of("SELECT COUNT(*) AS n FROM t", "SELECT COUNT(id) FROM t")) {
        assertThat(run(c, sql)).as(sql).last().isEqualTo("planned=false");
      }
      for (String sql : List.of("SELECT COUNT(*) FROM t AS x",
          "SELECT COUNT(*) FROM t GROUP BY ()",
          "SELECT COUNT(*) FROM t LIMIT 1", "SELECT COUNT(*) FROM t HAVING COUNT(*) > 0",
          "SELECT DISTINCT COUNT(*) FROM t", "SELECT COUNT(*) FROM csvws.columns",
          "SELECT COUNT(*) FROM t, sub.u")) {
        assertThat(run(c, sql)).as(sql).last().isEqualTo("planned=true");
      }
      assertThat(run(c, "SELECT COUNT(*) AS n FROM t")).contains("Long:1234:1234:1234");
      assertThat(run(c, "SELECT COUNT(*) FROM t, sub.u")).contains("Long:3702:3702:3702");
    }
  }

  @Test
  void errorsAreThoseOfThePlannedStatement() throws Exception {
    files();
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir)) {
      for (String table : List.of("missing", "sub.missing", "nosuch.t")) {
        SQLException fast = failure(c, "SELECT COUNT(*) FROM " + table);
        SQLException planned = failure(c, "SELECT COUNT(*) FROM " + table + " WHERE TRUE");
        assertThat(fast.getMessage()).as(table).contains(table.substring(table.indexOf('.') + 1))
            .isEqualTo(planned.getMessage().replace(" WHERE TRUE", ""));
        assertThat(fast.getSQLState()).as(table).isEqualTo(planned.getSQLState()).isNotNull();
      }
    }
  }

  private static SQLException failure(Connection c, String sql) {
    try (Statement s = c.createStatement()) {
      s.executeQuery(sql).close();
      throw new AssertionError(sql + " should fail");
    } catch (SQLException e) {
      return e;
    }
  }

  @Test
  void aPreparedCountSeesTheFileChangeBetweenExecutions() throws Exception {
    files();
    Path t = dir.resolve("t.csv");
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir);
        PreparedStatement p = c.prepareStatement("SELECT COUNT(*) FROM t")) {
      assertThat(countOf(p)).isEqualTo(1234);
      assertThat(countOf(p)).isEqualTo(1234);
      Files.writeString(t, "1235,appended\n1236,\"also\nappended\"\n",
          StandardOpenOption.APPEND);
      assertThat(countOf(p)).isEqualTo(1236);
      Files.writeString(t, "id,label\n1,a\n");
      assertThat(countOf(p)).isEqualTo(1);
    }
  }

  @Test
  void theCountIsKeptInThePersistentCacheForTheNextConnection() throws Exception {
    files();
    String url = "jdbc:csvws:" + dir + "?metadataCache=" + cache;
    try (Connection c = DriverManager.getConnection(url)) {
      assertThat(run(c, "SELECT COUNT(*) FROM t")).contains("Long:1234:1234:1234");
    }
    try (Connection c = DriverManager.getConnection(url)) {
      assertThat(run(c, "SELECT COUNT(*) FROM t")).contains("Long:1234:1234:1234",
          "planned=false");
    }
  }

  private static long countOf(PreparedStatement p) throws SQLException {
    try (ResultSet rs = p.executeQuery()) {
      assertThat(rs.next()).isTrue();
      long n = rs.getLong(1);
      assertThat(rs.next()).isFalse();
      return n;
    }
  }
}
