package io.csvws.differential;

import static io.csvws.differential.SimpleScanTest.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.engine.Session;
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
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Single-table aggregates ({@code SELECT <grouping columns and COUNT, SUM, MIN, MAX> FROM t
 * [WHERE <row numbers>] [GROUP BY columns]}) are prepared without Calcite's planner
 * ({@code SimpleAggregate}) and answer exactly as the planned statement does: the same column
 * descriptions (every attribute of {@link ResultSetMetaData}), the same values (as objects, with
 * their classes, and as text) in the same order, the same warnings and the same errors (a sum past
 * BIGINT, an INTEGER product that overflows, with the same message); and the same rows as DuckDB
 * over the same files. The planned statement it is compared with is the same query with a
 * condition that is always true ({@code 1 = 1}), which the fast path does not take.
 */
class SimpleAggregateTest {
  @TempDir
  static Path dir;

  private static Oracle oracle;

  /** Column types whose least and greatest values the fast path computes. */
  private static final Set<String> ORDERED = Set.of("INTEGER", "BIGINT", "DECIMAL", "VARCHAR",
      "DATE", "TIME", "TIMESTAMP");
  private static final Set<String> NUMBERS = Set.of("INTEGER", "BIGINT", "DECIMAL", "DOUBLE");
  private static final Set<String> INTEGERS = Set.of("INTEGER", "BIGINT");

  @BeforeAll
  static void open() throws IOException, SQLException {
    oracle = Oracle.open(dir);
    // Files the fast path must get right: a header only, no bytes at all, columns of NULLs only,
    // sums and products past their type's range (in one batch, and only once the batches of a
    // long file are added), decimals written with different scales, and 20,000 columns.
    Files.writeString(dir.resolve("edge_empty.csv"), "a,b\n");
    Files.writeString(dir.resolve("edge_blank.csv"), "");
    Files.writeString(dir.resolve("edge_nulls.csv"),
        "g,i,v,t\nx,1,,\ny,,,\nx,3,,\nz,,,\n");
    Files.writeString(dir.resolve("edge_overflow.csv"), "g,big,a,b\n"
        + "x,9000000000000000000,2000000000,2000000000\n"
        + "x,9000000000000000000,1,1\n"
        + "y,-9000000000000000000,5,5\n"
        + "y,-9000000000000000000,-2000000000,2000000000\n"
        + "z,5,7,7\n");
    StringBuilder tall = new StringBuilder("k,v,w\n");
    for (int i = 1; i <= 5000; i++) {
      tall.append(i % 3 == 0 ? "p" : "q").append(",4000000000000000,").append(i).append('\n');
    }
    Files.writeString(dir.resolve("edge_overflow_tall.csv"), tall);
    Files.writeString(dir.resolve("edge_decimals.csv"),
        "g,p,q\nx,1.5,2.25\ny,1.50,0.125\nx,-3.75,1\ny,,10.001\nx,0.10,\n");
    StringBuilder wide = new StringBuilder("pos");
    for (int c = 1; c < 20_000; c++) {
      wide.append(String.format(",sample_%05d", c));
    }
    wide.append('\n');
    for (int r = 1; r <= 25; r++) {
      wide.append(r % 4);
      for (int c = 1; c < 20_000; c++) {
        wide.append(',').append(c == 17 && r == 5 ? "" : String.valueOf((r * 31 + c) % 97));
      }
      wide.append('\n');
    }
    Files.writeString(dir.resolve("edge_wide.csv"), wide);
  }

  @AfterAll
  static void close() throws SQLException {
    if (oracle != null) {
      oracle.close();
    }
  }

  /** One query: select list, table, WHERE or null, GROUP BY or null. */
  private record Query(String select, String table, String where, String groupBy) {
    String sql(boolean planned) {
      String w = where == null ? (planned ? " WHERE 1 = 1" : "")
          : " WHERE " + where + (planned ? " AND 1 = 1" : "");
      return "SELECT " + select + " FROM " + table + w
          + (groupBy == null ? "" : " GROUP BY " + groupBy);
    }
  }

  /** The query shapes the fast path takes, over every table of the workspace. */
  private static List<Query> fastQueries(Connection c) throws SQLException {
    List<Query> out = new ArrayList<>();
    for (String t : tables(c)) {
      Map<String, String> all = columns(c, t);
      if (all.isEmpty()) {
        continue;
      }
      List<String> names = new ArrayList<>(all.keySet());
      // Every column of narrow tables; the first ones and the last of wide ones.
      List<String> probe = names.size() <= 12 ? names
          : List.of(names.get(0), names.get(1), names.get(2), names.get(3),
              names.get(names.size() - 1));
      out.add(new Query("COUNT(*) AS agg_n", t, null, null));
      out.add(new Query("COUNT(*), COUNT(*) AS agg_again", t, null, null));
      out.add(new Query("COUNT(*)", t, "_row BETWEEN 2 AND 5", null));
      String text = null;
      String number = null;
      List<String> integers = new ArrayList<>();
      for (String col : probe) {
        String q = quote(col);
        String type = all.get(col);
        out.add(new Query(q + ", COUNT(*) AS agg_n", t, null, q));
        out.add(new Query("COUNT(" + q + ")", t, null, null));
        out.add(new Query("COUNT(*) AS agg_n, " + q, t, "_row >= 3", q));
        if (NUMBERS.contains(type)) {
          number = number == null ? q : number;
          String minMax = type.equals("DOUBLE") ? "" : ", MIN(" + q + "), MAX(" + q + ")";
          out.add(new Query("SUM(" + q + ")" + minMax + ", COUNT(" + q + ")", t, null, null));
          out.add(new Query("SUM(" + q + ") AS agg_s", t, "_row < 10", null));
        } else if (ORDERED.contains(type)) {
          out.add(new Query("MIN(" + q + "), MAX(" + q + ") AS agg_max", t, null, null));
          out.add(new Query("MAX(" + q + "), MIN(" + q + ")", t, "2 <= _row AND _row <= 7",
              null));
        }
        if (INTEGERS.contains(type)) {
          integers.add(q);
        }
        if (text == null && !NUMBERS.contains(type)) {
          text = q;
        }
      }
      if (text != null && number != null) {
        out.add(new Query(text + ", SUM(" + number + "), COUNT(*), COUNT(" + number + ")", t,
            null, text));
        out.add(new Query("SUM(" + number + ") AS agg_s, " + text, t, null, text));
        out.add(new Query("COUNT(*) AS agg_n", t, "_row > 1", text));
      }
      if (probe.size() >= 2) {
        String a = quote(probe.get(0));
        String b = quote(probe.get(1));
        out.add(new Query(a + ", " + b + ", COUNT(*) AS agg_n", t, null, b + ", " + a));
        out.add(new Query(b + ", COUNT(*) AS agg_n", t, null, a + ", " + b));
        out.add(new Query(a, t, null, a + ", " + a));
      }
      if (!integers.isEmpty()) {
        String a = integers.get(0);
        String b = integers.get(integers.size() - 1);
        out.add(new Query("SUM(" + a + " + " + b + "), SUM(" + a + " * 2), MIN(" + a + " - "
            + b + "), MAX(" + b + " * " + a + " + 1)", t, null, null));
        out.add(new Query("SUM(" + a + " - 3) AS agg_s, COUNT(*)", t, "_row <= 20", null));
        out.add(new Query("SUM(_row * " + a + "), MAX(_row - " + b + ")", t, null, null));
        if (text != null) {
          out.add(new Query(text + ", SUM((" + a + " + 1) * (" + b + " - 2)), COUNT(" + a
              + ")", t, null, text));
        }
      }
    }
    out.add(new Query("\"sensor\", COUNT(*), SUM(\"reading\"), MIN(\"ts\"), MAX(\"amount\"),"
        + " SUM(\"amount\"), COUNT(\"note\")", "big_log", null, "\"sensor\""));
    out.add(new Query("SUM(\"reading\" * 3), MIN(\"reading\" - \"id\")", "big_log", null, null));
    out.add(new Query("\"sensor\", SUM(\"reading\" + \"id\")", "big_log", null, "\"sensor\""));
    out.add(new Query("\"note\", \"sensor\", COUNT(*)", "big_log", null,
        "\"sensor\", \"note\""));
    out.add(new Query("COUNT(*), SUM(\"reading\")", "big_log", "_row BETWEEN 1000 AND 90000",
        null));
    out.add(new Query("SUM(big)", "edge_overflow", null, null));
    out.add(new Query("g, SUM(big)", "edge_overflow", null, "g"));
    out.add(new Query("SUM(a + b)", "edge_overflow", null, null));
    out.add(new Query("g, SUM(a * b)", "edge_overflow", null, "g"));
    out.add(new Query("MAX(big * 2)", "edge_overflow", null, null));
    out.add(new Query("MIN(big - a)", "edge_overflow", "_row = 4", null));
    out.add(new Query("SUM(a - b), SUM(big)", "edge_overflow", "_row >= 5", null));
    out.add(new Query("SUM(v)", "edge_overflow_tall", null, null));
    out.add(new Query("k, SUM(v), COUNT(*)", "edge_overflow_tall", null, "k"));
    out.add(new Query("SUM(v + w)", "edge_overflow_tall", null, null));
    out.add(new Query("SUM(v)", "edge_overflow_tall", "_row <= 2000", null));
    out.add(new Query("g, SUM(p), SUM(q), MIN(p), MAX(q), COUNT(p)", "edge_decimals", null,
        "g"));
    out.add(new Query("SUM(p) AS total, MAX(p), MIN(q)", "edge_decimals", null, null));
    out.add(new Query("p, COUNT(*)", "edge_decimals", null, "p"));
    out.add(new Query("g, SUM(i), COUNT(v), MIN(t), MAX(v), COUNT(*)", "edge_nulls", null,
        "g"));
    out.add(new Query("SUM(i + i), MIN(i * 2), COUNT(i)", "edge_nulls", "_row > 1", null));
    out.add(new Query("SUM(i), MAX(i)", "edge_nulls", "_row = 2", null));
    out.add(new Query("COUNT(*), COUNT(a), MIN(a), MAX(b)", "edge_empty", null, null));
    out.add(new Query("COUNT(*) AS n", "edge_blank", null, null));
    out.add(new Query("COUNT(*) AS n", "edge_blank", "_row < 3", null));
    // Rows on which several expressions overflow fail with the one the planned statement
    // computes first: parts that may be NULL and parts used twice come first.
    out.add(new Query("SUM(a + b), MAX(big * a + 1)", "edge_overflow", null, null));
    out.add(new Query("SUM(a + b), MAX(big * a)", "edge_overflow", null, null));
    out.add(new Query("MAX(big * a), SUM(a + b), MIN(big * a)", "edge_overflow", null, null));
    out.add(new Query("SUM(a * b), SUM(a * b - 1), MIN(big + big)", "edge_overflow", null,
        null));
    out.add(new Query("SUM(_row * 2147483647 * 2147483647 * 3 + a)", "edge_overflow", null,
        null));
    out.add(new Query("a, COUNT(*)", "edge_empty", null, "a"));
    out.add(new Query("SUM(pos + sample_00017)", "edge_wide", null, null));
    out.add(new Query("SUM(pos), MIN(sample_19999), MAX(sample_10000), COUNT(sample_00017)",
        "edge_wide", null, null));
    out.add(new Query("pos, SUM(sample_00017 * 3), COUNT(*)", "edge_wide", null, "pos"));
    out.add(new Query("COUNT(*) AS n, SUM(sample_00002 - pos)", "edge_wide",
        "_row BETWEEN 3 AND 9", null));
    return out;
  }

  private static List<String> tables(Connection c) throws SQLException {
    DatabaseMetaData md = c.getMetaData();
    List<String> tables = new ArrayList<>();
    try (ResultSet rs = md.getTables(null, null, "%", new String[] {"TABLE"})) {
      while (rs.next()) {
        String schema = rs.getString("TABLE_SCHEM");
        String name = rs.getString("TABLE_NAME");
        if (!"csvws".equals(schema) && !name.startsWith("edge_")) {
          tables.add(schema == null || schema.isEmpty() || schema.equals("main") ? quote(name)
              : quote(schema) + "." + quote(name));
        }
      }
    }
    assertThat(tables).contains("\"orders\"", "\"big_log\"", "\"wide\"");
    return tables;
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  /** The columns of {@code table} and their type names, in order. */
  private static Map<String, String> columns(Connection c, String table) {
    Map<String, String> cols = new LinkedHashMap<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM " + table + " WHERE 1 = 0")) {
      for (int k = 1; k <= rs.getMetaData().getColumnCount(); k++) {
        cols.put(rs.getMetaData().getColumnName(k), rs.getMetaData().getColumnTypeName(k));
      }
    } catch (SQLException e) {
      return Map.of(); // an unreadable file: the planned path's, checked elsewhere
    }
    return cols;
  }

  @Test
  void aggregatesSkipThePlannerAndAnswerAsThePlannedStatement() throws Exception {
    Connection c = oracle.csvws();
    List<Query> queries = fastQueries(c);
    assertThat(queries).hasSizeGreaterThan(400);
    int failed = 0;
    int direct = 0;
    for (Query q : queries) {
      String fast = q.sql(false);
      List<String> mine = SimpleScanTest.run(c, fast);
      List<String> reference = SimpleScanTest.run(c, q.sql(true));
      assertThat(mine.get(mine.size() - 1)).as(fast).isEqualTo("planned=false");
      assertThat(reference.get(reference.size() - 1)).as(fast).isEqualTo("planned=true");
      assertThat(mine.subList(0, mine.size() - 1)).as(fast)
          .isEqualTo(reference.subList(0, reference.size() - 1));
      if (mine.get(mine.size() - 2).startsWith("error ")) {
        failed++;
      }
      // On a fresh connection the engine answers many of them without Calcite's connection
      // (io.csvws.engine.DirectAggregates); the answer must not change.
      try (Connection fresh = DriverManager.getConnection("jdbc:csvws:" + dir)) {
        assertThat(SimpleScanTest.run(fresh, fast)).as(fast).isEqualTo(mine);
        if (!fresh.unwrap(Session.class).connected()) {
          direct++;
        }
      }
    }
    // The overflow cases fail, with the planned statement's error; the rest answer.
    assertThat(failed).isGreaterThanOrEqualTo(12);
    assertThat(direct).as("answered without Calcite's connection").isGreaterThan(300);
  }

  @Test
  void overflowsFailAsThePlannedStatementFails() {
    Connection c = oracle.csvws();
    assertThat(SimpleScanTest.run(c, "SELECT SUM(big) FROM edge_overflow")).contains(
        "error 22003 Numeric value out of range: a SUM went past BIGINT's range (adding "
            + "9000000000000000000 to 9000000000000000000). SUM(CAST(x AS DECIMAL(38, 0))) sums"
            + " further.", "planned=false");
    assertThat(SimpleScanTest.run(c, "SELECT SUM(a + b) FROM edge_overflow")).contains(
        "error 22003 Numeric value out of range: a + b (2000000000 + 2000000000) does not fit"
            + " INTEGER. CAST an operand to a wider type (BIGINT or DECIMAL(38, s)) to compute"
            + " it.", "planned=false");
    assertThat(SimpleScanTest.run(c, "SELECT SUM(v) FROM edge_overflow_tall")).last()
        .isEqualTo("planned=false");
    assertThat(SimpleScanTest.run(c, "SELECT SUM(v) FROM edge_overflow_tall").get(0))
        .startsWith("error 22003 Numeric value out of range: a SUM went past BIGINT's range");
  }

  @Test
  void aggregatesAnswerAsDuckDb() throws Exception {
    List<QueryCase> cases = new ArrayList<>(List.of(
        QueryCase.q("SELECT COUNT(customer_id) FROM orders"),
        QueryCase.q("SELECT SUM(qty), MIN(qty), MAX(qty) FROM orders"),
        QueryCase.q("SELECT SUM(unit_price), MIN(unit_price), MAX(unit_price) FROM orders"),
        QueryCase.q("SELECT SUM(int_big) FROM orders"),
        QueryCase.q("SELECT SUM(big), MIN(big), MAX(big) FROM orders"),
        QueryCase.q("SELECT status, COUNT(*), SUM(qty) FROM orders GROUP BY status"),
        QueryCase.q("SELECT customer_id, COUNT(*) FROM orders GROUP BY customer_id"),
        QueryCase.q("SELECT customer_id, SUM(qty * 3), MAX(qty - 1) FROM orders"
            + " GROUP BY customer_id"),
        QueryCase.q("SELECT MIN(ordered_at), MAX(ordered_at), MIN(ship_date), MAX(ship_date)"
            + " FROM orders"),
        QueryCase.q("SELECT MIN(name), MAX(name) FROM customers"),
        QueryCase.q("SELECT country, COUNT(*) FROM customers GROUP BY country"),
        QueryCase.q("SELECT vip, COUNT(*) FROM customers GROUP BY vip"),
        QueryCase.q("SELECT COUNT(score), SUM(score) FROM customers"),
        QueryCase.q("SELECT city, SUM(balance), COUNT(balance) FROM customers GROUP BY city"),
        QueryCase.q("SELECT SUM(discount), COUNT(discount) FROM orders"),
        QueryCase.q("SELECT category, COUNT(*) FROM products GROUP BY category"),
        QueryCase.q("SELECT SUM(amount), MIN(amount), MAX(amount) FROM big_numbers"),
        QueryCase.q("SELECT MIN(huge), MAX(huge), COUNT(huge) FROM big_numbers"),
        QueryCase.q("SELECT MIN(big), MAX(big) FROM big_numbers"),
        QueryCase.q("SELECT SUM(precise), MAX(precise) FROM big_numbers"),
        QueryCase.q("SELECT station, SUM(rain_mm), COUNT(*) FROM stations GROUP BY station"),
        QueryCase.q("SELECT region, SUM(units) FROM us_sales GROUP BY region"),
        QueryCase.q("SELECT SUM(c001), MAX(c150), COUNT(c050), MIN(c299) FROM wide"),
        QueryCase.q("SELECT COUNT(*), COUNT(c), SUM(a), SUM(c) FROM ragged"),
        QueryCase.q("SELECT item, SUM(qty), SUM(price) FROM semicolons GROUP BY item"),
        QueryCase.q("SELECT author, COUNT(note), COUNT(*) FROM notes GROUP BY author"),
        QueryCase.q("SELECT \"type\", COUNT(*), SUM(\"value\") FROM events GROUP BY \"type\""),
        QueryCase.q("SELECT status, customer_id, COUNT(*) AS n FROM orders"
            + " GROUP BY customer_id, status"),
        QueryCase.q("SELECT sensor, COUNT(*), SUM(reading), MIN(ts), MAX(amount), SUM(amount)"
            + " FROM big_log GROUP BY sensor"),
        QueryCase.q("SELECT SUM(reading * 2), MIN(reading + id) FROM big_log"),
        QueryCase.q("SELECT COUNT(*) AS n FROM big_log"),
        QueryCase.q("SELECT note, COUNT(*) FROM big_log GROUP BY note"),
        QueryCase.q("SELECT SUM(qty) FROM orders WHERE _row BETWEEN 5 AND 40")
            .spelled("SELECT SUM(qty) FROM (SELECT qty FROM orders LIMIT 36 OFFSET 4)",
                "DuckDB has no _row"),
        QueryCase.q("SELECT status, COUNT(*) FROM orders WHERE _row > 100 GROUP BY status")
            .spelled("SELECT status, COUNT(*) FROM (SELECT status FROM orders OFFSET 100)"
                + " GROUP BY status", "DuckDB has no _row")));
    List<String> problems = new ArrayList<>();
    for (QueryCase q : cases) {
      assertThat(SimpleScanTest.run(oracle.csvws(), q.sql())).as(q.sql()).last()
          .isEqualTo("planned=false");
      String problem = Comparison.problem(q, Answer.of(oracle.csvws(), q.sql()),
          Answer.of(oracle.duck(), q.duckSql()));
      if (problem != null) {
        problems.add(problem);
      }
    }
    assertThat(problems).isEmpty();
  }

  @Test
  void otherShapesArePlannedAndAnswerAlike() {
    Connection c = oracle.csvws();
    for (String sql : List.of("SELECT AVG(qty) FROM orders",
        "SELECT COUNT(DISTINCT status) FROM orders", "SELECT COUNT(ALL status) FROM orders",
        "SELECT SUM(qty) FILTER (WHERE qty > 3) FROM orders",
        "SELECT status, COUNT(*) FROM orders GROUP BY status HAVING COUNT(*) > 2",
        "SELECT status, COUNT(*) FROM orders GROUP BY status ORDER BY status",
        "SELECT status, COUNT(*) FROM orders GROUP BY status LIMIT 2",
        "SELECT SUM(qty) + 1 FROM orders", "SELECT SUM(qty) OVER () FROM orders",
        "SELECT status, COUNT(*) FROM orders GROUP BY 1",
        "SELECT status AS s, COUNT(*) FROM orders GROUP BY s",
        "SELECT COUNT(*) AS status FROM orders GROUP BY status",
        "SELECT STATUS, COUNT(*) FROM orders GROUP BY STATUS",
        "SELECT status, COUNT(*) FROM orders GROUP BY ROLLUP(status)",
        "SELECT status, COUNT(*) FROM orders GROUP BY ()",
        "SELECT status, qty, COUNT(*) FROM orders GROUP BY status",
        "SELECT qty, COUNT(*) FROM orders", "SELECT o.status, COUNT(*) FROM orders o"
            + " GROUP BY o.status", "SELECT COUNT(*) FROM orders o",
        "SELECT COUNT(o.*) FROM orders o", "SELECT MIN(discount) FROM orders",
        "SELECT MIN(vip) FROM customers", "SELECT SUM(status) FROM orders",
        "SELECT SUM(qty * 1.5) FROM orders", "SELECT SUM(qty / 2) FROM orders",
        "SELECT SUM(-qty) FROM orders", "SELECT SUM(qty + 3000000000) FROM orders",
        "SELECT SUM(1 + 2) FROM orders", "SELECT SUM(qty + (1 + 2)) FROM orders",
        "SELECT SUM(qty * unit_price) FROM orders", "SELECT COUNT(qty + 1) FROM orders",
        "SELECT COUNT(1) FROM orders", "SELECT SUM(qty), SUM(qty) AS \"EXPR$0\" FROM orders",
        "SELECT \"SUM\"(qty) FROM orders", "SELECT SUM(qty) FROM orders WHERE qty > 3",
        "SELECT SUM(qty) FROM orders WHERE _row = 3 OR _row = 5",
        "SELECT SUM(qty) FROM orders WHERE _row BETWEEN 5 AND 2",
        "SELECT SUM(qty) FROM orders, products", "SELECT SUM(nosuch) FROM orders",
        "SELECT nosuch, COUNT(*) FROM orders GROUP BY nosuch", "SELECT COUNT(*) FROM missing",
        "SELECT COUNT(*) AS n FROM csvws.tables", "SELECT DISTINCT status FROM orders",
        "SELECT SUM(qty) FROM orders WHERE 1 = 1")) {
      List<String> out = SimpleScanTest.run(c, sql);
      assertThat(out).as(sql).last().isEqualTo("planned=true");
    }
  }

  @Test
  void aPreparedAggregateSeesTheFileChangeBetweenExecutionsAsThePlannedOneDoes()
      throws Exception {
    Path file = dir.resolve("changing.csv");
    Files.writeString(file, "g,v\na,1\nb,2\na,3\n");
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir);
        PreparedStatement fast = c.prepareStatement("SELECT g, SUM(v) FROM changing GROUP BY g");
        PreparedStatement planned = c.prepareStatement(
            "SELECT g, SUM(v) FROM changing WHERE 1 = 1 GROUP BY g")) {
      assertThat(rows(fast)).isEqualTo(rows(planned)).isEqualTo("a 4|b 2|");
      Files.writeString(file, "g,v\nc,7\nc,8\nd,9\n");
      assertThat(rows(fast)).isEqualTo(rows(planned)).isEqualTo("c 15|d 9|");
      Files.writeString(file, "other\n1\n");
      String fastError = rows(fast);
      assertThat(fastError).startsWith("error ").isEqualTo(rows(planned));
      Files.delete(file);
      assertThat(rows(fast)).startsWith("error ").isEqualTo(rows(planned));
    }
  }
}
