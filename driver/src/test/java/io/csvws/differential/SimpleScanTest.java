package io.csvws.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code SELECT columns FROM t [WHERE <row numbers>] [LIMIT n] [OFFSET m]} is prepared without
 * Calcite's planner ({@code SimpleScan}) and answers exactly as the planned statement does: the
 * same column descriptions (every attribute of {@link ResultSetMetaData}), the same values (as
 * objects, with their classes, and as text), the same warnings and the same errors; and the same
 * rows as DuckDB over the same files. The planned statement it is compared with is the same query
 * with a condition that is always true ({@code 1 = 1}), which the fast path does not take.
 */
class SimpleScanTest {
  @TempDir
  static Path dir;

  private static Oracle oracle;

  @BeforeAll
  static void open() throws IOException, SQLException {
    oracle = Oracle.open(dir);
    // Shapes the fast path must reject or get right: headers alike but for case, a header named
    // _row, a table and a folder of the same name, a table in a folder, an empty table, and a
    // file long enough for its row index to have several entries.
    Files.writeString(dir.resolve("alike.csv"), "Name,name,_row,x\na,b,c,1\nd,e,f,2\n");
    Files.createDirectories(dir.resolve("shadow"));
    Files.writeString(dir.resolve("shadow.csv"), "v\n1\n2\n3\n");
    Files.writeString(dir.resolve("shadow/inner.csv"), "k,v\n1,one\n2,two\n3,three\n");
    Files.writeString(dir.resolve("empty.csv"), "a,b\n");
    StringBuilder tall = new StringBuilder("n,label,day,amount\n");
    for (int i = 1; i <= 30_000; i++) {
      tall.append(i).append(',').append(i % 11 == 0 ? "\"multi\nline " + i + "\"" : "l" + i)
          .append(",2024-01-").append(String.format("%02d", 1 + i % 28)).append(',')
          .append(i % 13 == 0 ? "" : (i * 7 % 1000) + "." + (i % 100)).append('\n');
    }
    Files.writeString(dir.resolve("tall.csv"), tall);
  }

  @AfterAll
  static void close() throws SQLException {
    if (oracle != null) {
      oracle.close();
    }
  }

  /** The query shapes the fast path takes, over every table of the workspace. */
  private static List<String[]> fastQueries(Connection c) throws SQLException {
    List<String[]> out = new ArrayList<>(); // {select list, table, where or null, tail}
    DatabaseMetaData md = c.getMetaData();
    List<String> tables = new ArrayList<>();
    try (ResultSet rs = md.getTables(null, null, "%", new String[] {"TABLE"})) {
      while (rs.next()) {
        String schema = rs.getString("TABLE_SCHEM");
        String name = rs.getString("TABLE_NAME");
        if (!"csvws".equals(schema) && !"shadow".equals(name)) {
          tables.add(schema == null || schema.isEmpty() || schema.equals("main") ? quote(name)
              : quote(schema) + "." + quote(name));
        }
      }
    }
    assertThat(tables).contains("\"orders\"", "\"tall\"", "\"shadow\".\"inner\"");
    for (String t : tables) {
      List<String> cols = columns(c, t);
      String first = quote(cols.get(0));
      String last = quote(cols.get(cols.size() - 1));
      out.add(new String[] {"*", t, null, ""});
      out.add(new String[] {"*", t, null, "LIMIT 3"});
      out.add(new String[] {"*", t, null, "LIMIT 2 OFFSET 1"});
      out.add(new String[] {"*", t, null, "OFFSET 2"});
      out.add(new String[] {"*", t, null, "FETCH FIRST 4 ROWS ONLY"});
      out.add(new String[] {last + ", " + first, t, null, "LIMIT 5"});
      out.add(new String[] {first + " AS \"Renamed\", _row", t, null, ""});
      out.add(new String[] {"_row, *", t, "_row BETWEEN 2 AND 4", ""});
      out.add(new String[] {"*", t, "_row = 1", ""});
      out.add(new String[] {first, t, "_row >= 3 AND _row < 6", "LIMIT 2"});
      out.add(new String[] {first + ", _row", t, "2 <= _row AND 4 > _row", ""});
      out.add(new String[] {"_row", t, "_row > 1 AND _row <= 100000", "LIMIT 1 OFFSET 1"});
    }
    out.add(new String[] {"*", "tall", "_row BETWEEN 22000 AND 22020", ""});
    out.add(new String[] {"n, label", "tall", "_row >= 29990", ""});
    out.add(new String[] {"label, n", "tall", "_row = 17777", ""});
    out.add(new String[] {"*", "tall", null, "LIMIT 25 OFFSET 9000"});
    out.add(new String[] {"day, amount, label", "tall", null, ""});
    out.add(new String[] {"x, \"_row\"", "alike", null, ""});
    out.add(new String[] {"c150, c300, _row", "wide", "_row BETWEEN 1 AND 3", ""});
    return out;
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  private static List<String> columns(Connection c, String table) throws SQLException {
    List<String> cols = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
      for (int k = 1; k <= rs.getMetaData().getColumnCount(); k++) {
        cols.add(rs.getMetaData().getColumnName(k));
      }
    }
    return cols;
  }

  private static String sql(String[] q, boolean planned) {
    String where = q[2] == null ? (planned ? " WHERE 1 = 1" : "")
        : " WHERE " + q[2] + (planned ? " AND 1 = 1" : "");
    return "SELECT " + q[0] + " FROM " + q[1] + where + (q[3].isEmpty() ? "" : " " + q[3]);
  }

  @Test
  void simpleScansSkipThePlannerAndAnswerAsThePlannedStatement() throws Exception {
    Connection c = oracle.csvws();
    List<String[]> queries = fastQueries(c);
    assertThat(queries).hasSizeGreaterThan(150);
    for (String[] q : queries) {
      String fast = sql(q, false);
      List<String> mine = run(c, fast);
      List<String> reference = run(c, sql(q, true));
      assertThat(mine.get(mine.size() - 1)).as(fast).isEqualTo("planned=false");
      assertThat(reference.get(reference.size() - 1)).as(fast).isEqualTo("planned=true");
      assertThat(mine.subList(0, mine.size() - 1)).as(fast)
          .isEqualTo(reference.subList(0, reference.size() - 1));
    }
  }

  @Test
  void simpleScansAnswerAsDuckDb() throws Exception {
    List<QueryCase> cases = new ArrayList<>();
    for (String t : List.of("orders", "customers", "products", "events", "stations",
        "big_numbers", "us_sales")) {
      cases.add(QueryCase.q("SELECT * FROM " + t).ordered());
      cases.add(QueryCase.q("SELECT * FROM " + t + " LIMIT 7").ordered());
      cases.add(QueryCase.q("SELECT * FROM " + t + " LIMIT 3 OFFSET 4").ordered());
      cases.add(QueryCase.q("SELECT * FROM " + t + " WHERE _row BETWEEN 5 AND 9")
          .spelled("SELECT * FROM " + t + " LIMIT 5 OFFSET 4", "DuckDB has no _row").ordered());
      cases.add(QueryCase.q("SELECT * FROM " + t + " WHERE _row > 3 AND _row <= 6 LIMIT 2")
          .spelled("SELECT * FROM " + t + " LIMIT 2 OFFSET 3", "DuckDB has no _row").ordered());
    }
    cases.add(QueryCase.q("SELECT order_id, status, unit_price FROM orders LIMIT 20").ordered());
    cases.add(QueryCase.q("SELECT name AS who, id FROM customers").ordered());
    cases.add(QueryCase.q("SELECT c300, c001 FROM wide").ordered());
    List<String> problems = new ArrayList<>();
    for (QueryCase q : cases) {
      assertThat(run(oracle.csvws(), q.sql())).as(q.sql()).last().isEqualTo("planned=false");
      String problem = Comparison.problem(q, Answer.of(oracle.csvws(), q.sql()),
          Answer.of(oracle.duck(), q.duckSql()));
      if (problem != null) {
        problems.add(problem);
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void otherShapesArePlannedAndAnswerAlike() throws Exception {
    Connection c = oracle.csvws();
    for (String sql : List.of("SELECT ID FROM customers LIMIT 2", "SELECT o.order_id FROM orders o",
        "SELECT orders.order_id FROM orders", "SELECT order_id FROM orders AS o LIMIT 2",
        "SELECT order_id + 1 FROM orders", "SELECT order_id FROM orders ORDER BY order_id",
        "SELECT order_id FROM orders LIMIT 0", "SELECT DISTINCT status FROM orders",
        "SELECT order_id, order_id FROM orders", "SELECT order_id AS x, status AS X FROM orders",
        "SELECT * FROM orders WHERE _row > 1.5", "SELECT * FROM orders WHERE _row = -1",
        "SELECT * FROM orders WHERE _row NOT BETWEEN 2 AND 400",
        "SELECT * FROM orders WHERE _row BETWEEN SYMMETRIC 5 AND 2",
        "SELECT * FROM orders WHERE _row BETWEEN 5 AND 2", "SELECT * FROM orders WHERE _row < 1",
        "SELECT * FROM orders WHERE _row = 3 OR _row = 5",
        "SELECT * FROM orders WHERE qty > 3 OR qty < 1",
        "SELECT NAME FROM alike", "SELECT X FROM alike", "SELECT * FROM shadow",
        "SELECT * FROM csvws.tables", "SELECT * FROM orders LIMIT 3000000000",
        "SELECT o.* FROM orders o", "SELECT * FROM orders, products LIMIT 1",
        "SELECT * FROM missing", "SELECT nosuch FROM orders",
        "SELECT *, order_id FROM orders")) {
      List<String> out = run(c, sql);
      assertThat(out).as(sql).last().isEqualTo("planned=true");
    }
    assertThat(run(c, "SELECT * FROM shadow")).contains("row=Integer:1:1", "row=Integer:3:3");
  }

  @Test
  void aPreparedScanSeesTheFileChangeBetweenExecutionsAsThePlannedOneDoes() throws Exception {
    Path file = dir.resolve("changing.csv");
    Files.writeString(file, "id,v\n1,a\n2,b\n3,c\n");
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir);
        PreparedStatement fast = c.prepareStatement("SELECT v, id FROM changing LIMIT 2");
        PreparedStatement planned = c.prepareStatement(
            "SELECT v, id FROM changing WHERE 1 = 1 LIMIT 2")) {
      assertThat(rows(fast)).isEqualTo(rows(planned)).isEqualTo("a 1|b 2|");
      Files.writeString(file, "id,v\n7,x\n8,y\n9,z\n");
      assertThat(rows(fast)).isEqualTo(rows(planned)).isEqualTo("x 7|y 8|");
      Files.writeString(file, "other\n1\n");
      String fastError = rows(fast);
      assertThat(fastError).startsWith("error ").isEqualTo(rows(planned));
      Files.delete(file);
      assertThat(rows(fast)).startsWith("error ").isEqualTo(rows(planned));
    }
  }

  /** The first two columns of every row as text, or the error. */
  static String rows(PreparedStatement p) {
    StringBuilder b = new StringBuilder();
    try (ResultSet rs = p.executeQuery()) {
      while (rs.next()) {
        b.append(rs.getString(1)).append(' ').append(rs.getString(2)).append('|');
      }
      return b.toString();
    } catch (SQLException e) {
      return "error " + e.getSQLState() + " " + e.getMessage();
    }
  }

  /**
   * Every column attribute, every value (class, object, text), the warnings or the error, and
   * last whether a planner ran.
   */
  static List<String> run(Connection c, String sql) {
    AtomicInteger planners = new AtomicInteger();
    List<String> out = new ArrayList<>();
    Consumer<Object> onPlanner = p -> planners.incrementAndGet();
    Hook.Closeable hook = Hook.PLANNER.addThread(onPlanner);
    try {
      try (Statement s = c.createStatement()) {
        try (ResultSet rs = s.executeQuery(sql)) {
          ResultSetMetaData md = rs.getMetaData();
          int n = md.getColumnCount();
          out.add("columns=" + n);
          for (int k = 1; k <= n; k++) {
            out.add(md.getColumnLabel(k) + "|" + md.getColumnName(k) + "|" + md.getColumnType(k)
                + "|" + md.getColumnTypeName(k) + "|" + md.getColumnClassName(k) + "|"
                + md.getPrecision(k) + "|" + md.getScale(k) + "|" + md.isNullable(k) + "|"
                + md.isSigned(k) + "|" + md.getColumnDisplaySize(k) + "|" + md.getTableName(k)
                + "|" + md.getSchemaName(k) + "|" + md.getCatalogName(k) + "|"
                + md.isAutoIncrement(k) + "|" + md.isCaseSensitive(k) + "|" + md.isSearchable(k)
                + "|" + md.isCurrency(k) + "|" + md.isReadOnly(k) + "|" + md.isWritable(k) + "|"
                + md.isDefinitelyWritable(k));
          }
          while (rs.next()) {
            StringBuilder row = new StringBuilder("row=");
            for (int k = 1; k <= n; k++) {
              Object v = rs.getObject(k);
              row.append(v == null ? "null" : v.getClass().getSimpleName() + ":" + v)
                  .append(':').append(rs.getString(k)).append(k < n ? "; " : "");
            }
            out.add(row.toString());
          }
          out.add("result warnings=" + warnings(rs.getWarnings()));
        }
        out.add("statement warnings=" + warnings(s.getWarnings()));
      }
    } catch (SQLException e) {
      out.add("error " + e.getSQLState() + " " + e.getMessage());
    } finally {
      hook.close();
    }
    out.add("planned=" + (planners.get() > 0));
    return out;
  }

  private static String warnings(SQLWarning w) {
    StringBuilder b = new StringBuilder();
    for (; w != null; w = w.getNextWarning()) {
      b.append(w.getSQLState()).append(' ').append(w.getMessage()).append("; ");
    }
    return b.toString();
  }
}
