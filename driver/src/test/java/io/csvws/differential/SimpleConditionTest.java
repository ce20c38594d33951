package io.csvws.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code SELECT columns FROM t WHERE <column tests> ...} is prepared without Calcite's planner
 * ({@code SimpleScan} with {@code SimpleCondition}) and answers exactly as the planned statement
 * does: over every table and column type of the differential workspace, and a table of edge values
 * (NULL and the empty string, decimals of several scales, negative numbers, the limits of INTEGER
 * and BIGINT, NaN and infinities, text that sorts differently by code unit and by code point,
 * dates before 1970, milliseconds), each query is compared with the planned statement (the same
 * query with {@code AND 1 = 1}, which the fast path does not take) on every column attribute,
 * every value with its class and as text, warnings and errors; a good share is also compared
 * with DuckDB.
 */
class SimpleConditionTest {
  @TempDir
  static Path dir;

  private static Oracle oracle;
  /** The same workspace read with onTypeError=null. */
  private static Connection lenient;

  /** The tables DuckDB mirrors without a documented difference that a condition would meet. */
  private static final Set<String> DUCK_TABLES = Set.of("orders", "customers", "products",
      "events", "stations", "big_numbers", "us_sales", "edges");

  private static final String[] OPS = {"=", "<>", "<", "<=", ">", ">="};

  /** The tables whose every column the generated queries test (of wide, the first eight). */
  private static final List<String> TABLES = List.of("orders", "customers", "products",
      "events", "stations", "big_numbers", "us_sales", "edges", "ragged", "notes",
      "semicolons", "month_names", "micro_times", "wide");

  private static List<Generated> generated;

  @BeforeAll
  static void open() throws IOException, SQLException {
    // Written before the oracle opens, so that DuckDB mirrors them too. Edge values, one column
    // per type; 12 rows, so that every value is in the sample.
    Files.writeString(dir.resolve("edges.csv"), String.join("\n",
        "id,i,big,dec,dbl,txt,flag,day,ts,tm",
        "1,2147483647,9223372036854775807,1.50,1e0,DE,true,2024-02-29,"
            + "2024-01-01 00:00:00,00:00:00",
        "2,-2147483648,-9223372036854775808,-0.01,NaN,\"DE \",false,1969-12-31,"
            + "1969-12-31 23:59:59.999,23:59:59.999",
        "3,0,3000000000,0.00,Infinity,de,,1900-01-01,2024-01-01 00:00:00.123,12:00:00.5",
        "4,,0,,-Infinity,\"\",true,,,",
        "5,-1,-1,100.25,-0e0,,false,2000-01-01,2000-01-01 12:00:00,12:00:00",
        "6,1,1,1.00,2.5e-1,Zoë,true,1970-01-01,1970-01-01 00:00:00,00:00:00.001",
        "7,NA,2,2.10,1.0E-1,\uD83D\uDE00,false,2024-01-01,2023-12-31 23:59:59,06:30:00",
        "8,50,51,-100.00,1e300,\uFF01,true,2023-06-15,2023-06-15 12:00:00,18:45:10",
        "9,51,50,0.50,-2.5e-1,a,false,2023-06-16,2023-06-15 12:00:00.001,01:02:03",
        "10,-50,-51,99.99,3e0,A,true,1999-12-31,1999-12-31 23:59:59,23:00:00",
        "11,7,7,7.00,7e0,\"a,b\",true,2011-11-11,2011-11-11 11:11:11,11:11:11",
        "12,8,8,-7.77,-7e0,'q',false,2012-12-12,2012-12-12 12:12:12.012,12:12:12") + "\n",
        StandardCharsets.UTF_8);
    // A value that does not fit its column beyond the 10,000 rows of the sample.
    StringBuilder misfit = new StringBuilder("n,day,label\n");
    for (int r = 1; r <= 12_000; r++) {
      misfit.append(r == 11_000 ? "x7" : String.valueOf(r)).append(',')
          .append(r == 11_500 ? "someday" : "2024-01-" + String.format("%02d", 1 + r % 28))
          .append(",l").append(r % 10).append('\n');
    }
    // In a folder of its own (schema bad), which DuckDB does not mirror: it cannot read it.
    Files.createDirectories(dir.resolve("bad"));
    Files.writeString(dir.resolve("bad/misfit.csv"), misfit, StandardCharsets.UTF_8);
    // The benchmark's Q3, on a small copy of its table.
    StringBuilder people = new StringBuilder("id,email,country,qty,status\n");
    String[] countries = {"DE", "FR", "US", "de", "DE ", ""};
    for (int r = 1; r <= 20_000; r++) {
      people.append(r).append(",u").append(r).append("@example.com,")
          .append(r % 97 == 0 ? "" : countries[r % countries.length]).append(',')
          .append(r % 89 == 0 ? "" : String.valueOf(r % 101)).append(",s").append(r % 3)
          .append('\n');
    }
    Files.writeString(dir.resolve("people.csv"), people, StandardCharsets.UTF_8);
    oracle = Oracle.open(dir);
    generated = generate(oracle.csvws());
    lenient = DriverManager.getConnection("jdbc:csvws:" + dir + "?onTypeError=null");
  }

  @AfterAll
  static void close() throws SQLException {
    try {
      if (lenient != null) {
        lenient.close();
      }
    } finally {
      if (oracle != null) {
        oracle.close();
      }
    }
  }

  /** A column of the workspace and its type as csvws names it. */
  private record Column(String table, String name, String type, int ordinal) {
  }

  /** A generated query: select list, table, condition, tail; and whether DuckDB checks it. */
  private record Generated(String select, String table, String where, String tail,
      boolean duck) {
    String sql(boolean planned) {
      return "SELECT " + select + " FROM " + quote(table) + " WHERE " + where
          + (planned ? " AND 1 = 1" : "") + (tail.isEmpty() ? "" : " " + tail);
    }
  }

  private static List<Column> columns(Connection c) throws SQLException {
    List<Column> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT table_name, column_name, data_type, ordinal_position FROM csvws.columns"
            + " WHERE schema_name = 'main' ORDER BY table_name, ordinal_position")) {
      while (rs.next()) {
        out.add(new Column(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4)));
      }
    }
    return out;
  }

  /** Up to three values of the column (first, middle, last in sorted order) as text. */
  private static List<String> samples(Connection c, Column col) {
    List<String> all = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT DISTINCT " + quote(col.name()) + " FROM " + quote(col.table()) + " WHERE "
            + quote(col.name()) + " IS NOT NULL AND 1 = 1 ORDER BY 1")) {
      while (rs.next()) {
        all.add(rs.getString(1));
      }
    } catch (SQLException e) {
      return List.of(); // a column whose values do not all fit: its edge literals only
    }
    if (all.size() <= 3) {
      return all;
    }
    return List.of(all.get(0), all.get(all.size() / 2), all.get(all.size() - 1));
  }

  /** The literals to compare the column with: some of its values, then edge values. */
  private static List<String> literals(Column col, List<String> samples) {
    List<String> out = new ArrayList<>();
    String type = col.type();
    if (type.equals("INTEGER") || type.equals("BIGINT")) {
      for (String v : samples) {
        out.add(v);
        out.add(v + ".0");
        out.add(new BigDecimal(v).negate().toPlainString());
        out.add(new BigDecimal(v).add(new BigDecimal("0.5")).toPlainString());
      }
      out.addAll(List.of("0", "-1", "50", "2147483647", "2147483648", "-2147483649",
          "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e3", "+7",
          "-0.5"));
    } else if (type.startsWith("DECIMAL")) {
      for (String v : samples) {
        BigDecimal d = new BigDecimal(v);
        out.add(v);
        out.add(v.contains(".") ? v + "0" : v + ".00");
        out.add(d.stripTrailingZeros().toPlainString());
        out.add(d.negate().toPlainString());
        out.add(d.setScale(0, java.math.RoundingMode.FLOOR).toPlainString());
      }
      out.addAll(List.of("0", "0.000", "-0.01", "1.5", "1.50", "1.500", "100", "-7.77",
          "123456789012345678901234567890", "2.5e0"));
    } else if (type.equals("DOUBLE")) {
      for (String v : samples) {
        if (!v.contains("N") && !v.contains("I")) { // NaN, Infinity: no literal for them
          out.add(v);
          out.add(new BigDecimal(v).toPlainString());
        }
      }
      out.addAll(List.of("0", "0.0", "1", "-1.5", "0.25", "2.5E-1", "0.1", "1e300", "-7"));
    } else if (type.equals("VARCHAR")) {
      for (String v : samples) {
        out.add(text(v));
        out.add(text(v.toUpperCase(Locale.ROOT)));
        out.add(text(v + " "));
      }
      out.addAll(List.of("''", "'DE'", "'DE '", "'de'", "'Zoë'", "'a'", "'\uD83D\uDE00'",
          "'\uFF01'", "' '", "'NA'"));
    } else if (type.equals("BOOLEAN")) {
      out.addAll(List.of("TRUE", "FALSE"));
    } else if (type.equals("DATE")) {
      for (String v : samples) {
        out.add("DATE '" + v + "'");
      }
      out.addAll(List.of("DATE '1970-01-01'", "DATE '2024-02-29'", "DATE '1969-12-31'"));
    } else if (type.startsWith("TIMESTAMP")) {
      for (String v : samples) {
        out.add("TIMESTAMP '" + v + "'");
      }
      out.addAll(List.of("TIMESTAMP '2023-06-15 12:00:00'", "TIMESTAMP '2024-01-01 00:00:00.123'",
          "TIMESTAMP '2024-01-01 00:00:00.1234'", "TIMESTAMP '1970-01-01 00:00:00'"));
    } else if (type.startsWith("TIME")) {
      for (String v : samples) {
        out.add("TIME '" + v + "'");
      }
      out.addAll(List.of("TIME '12:00:00'", "TIME '00:00:00.001'", "TIME '12:00:00.5'"));
    }
    return out;
  }

  /** Whether DuckDB compares as csvws does for this type and operator (no NaN, same order). */
  private static boolean duckComparable(Column col, String op, String literal) {
    if (!DUCK_TABLES.contains(col.table())) {
      return false;
    }
    if (col.type().equals("DOUBLE")) {
      return op.equals("=") && !col.table().equals("edges");
    }
    if (col.type().equals("VARCHAR")) {
      return op.equals("=") || op.equals("<>");
    }
    if (col.type().startsWith("DECIMAL")) {
      // DuckDB casts the column to the literal's scale, which a 38-digit value overflows.
      int scale = Integer.parseInt(col.type().replaceAll(".*, ?([0-9]+)\\)", "$1"));
      int decimals = literal.contains(".") ? literal.length() - literal.indexOf('.') - 1 : 0;
      // csvws (Calcite's validator) refuses a literal of more than 19 decimals.
      int digits = literal.replace("-", "").replace(".", "").length() - decimals;
      return decimals <= Math.min(scale, 19) && digits + scale <= 38 && !literal.contains("e");
    }
    // DuckDB keeps the microseconds of a literal that csvws does not take.
    return !literal.contains(".1234");
  }

  private static List<Generated> generate(Connection c) throws SQLException {
    List<Generated> out = new ArrayList<>();
    Map<String, List<Column>> byTable = new LinkedHashMap<>();
    for (Column col : columns(c)) {
      if (!TABLES.contains(col.table()) || col.table().equals("wide") && col.ordinal() > 8) {
        continue;
      }
      byTable.computeIfAbsent(col.table(), k -> new ArrayList<>()).add(col);
    }
    assertThat(byTable).containsOnlyKeys(TABLES);
    int k = 0;
    for (List<Column> cols : byTable.values()) {
      String first = quote(cols.get(0).name());
      List<String> conditions = new ArrayList<>();
      for (Column col : cols) {
        String name = quote(col.name());
        List<String> literals = literals(col, samples(c, col));
        for (int i = 0; i < literals.size(); i++) {
          for (int j = 0; j < (i == 0 ? OPS.length : 1); j++) {
            String op = OPS[(i + j + k) % OPS.length];
            String lit = literals.get(i);
            String where = (i + j) % 5 == 4 ? lit + " " + op + " " + name
                : name + " " + op + " " + lit;
            String select = switch ((i + j + k) % 4) {
              case 0 -> "*";
              case 1 -> first + ", " + name;
              case 2 -> "_row, " + name + " AS v";
              default -> name;
            };
            boolean duck = duckComparable(col, op, lit) && !select.contains("_row");
            out.add(new Generated(select, col.table(), where, (i + k) % 7 == 3 ? "LIMIT 3" : "",
                duck));
            if (i == 0 && j == 0) {
              conditions.add(where);
            }
          }
        }
        out.add(new Generated("*", col.table(), name + " IS NULL", "", true));
        out.add(new Generated(first + ", " + name, col.table(), name + " IS NOT NULL", "",
            true));
        if (literals.size() >= 2) {
          String lo = literals.get(0);
          String hi = literals.get(literals.size() / 2);
          out.add(new Generated("*", col.table(), name + " BETWEEN " + lo + " AND " + hi, "",
              duckComparable(col, "<", lo)));
          out.add(new Generated("*", col.table(), name + " >= " + lo + " AND " + name + " <= "
              + hi + " AND " + name + " <> " + lo, "", duckComparable(col, "<", lo)));
          // A condition that can never hold: the planner answers it without reading the file.
          out.add(new Generated("*", col.table(), name + " = " + lo + " AND " + name + " <> "
              + lo, "", false));
          out.add(new Generated("*", col.table(), name + " IS NULL AND " + name + " = " + lo,
              "", false));
        }
        k++;
      }
      // Conditions on several columns, with the row number, and with a limit and offset.
      for (int i = 0; i + 1 < conditions.size(); i++) {
        out.add(new Generated("*", cols.get(0).table(), conditions.get(i) + " AND "
            + conditions.get(i + 1), "", false));
      }
      if (!conditions.isEmpty()) {
        String table = cols.get(0).table();
        out.add(new Generated("_row, *", table, "_row BETWEEN 2 AND 40 AND " + conditions.get(0),
            "", false));
        out.add(new Generated("*", table, conditions.get(conditions.size() - 1) + " AND _row > 3",
            "LIMIT 4 OFFSET 1", false));
        out.add(new Generated(first, table, quote(cols.get(cols.size() - 1).name())
            + " IS NOT NULL AND " + first + " IS NOT NULL", "OFFSET 2", true));
      }
    }
    return out;
  }

  @Test
  void columnTestsAnswerAsThePlannedStatement() throws Exception {
    Connection c = oracle.csvws();
    List<Generated> queries = generated;
    assertThat(queries).hasSizeGreaterThan(800);
    int fast = 0;
    List<String> problems = new ArrayList<>();
    for (Generated q : queries) {
      String sql = q.sql(false);
      List<String> mine = SimpleScanTest.run(c, sql);
      List<String> reference = SimpleScanTest.run(c, q.sql(true));
      assertThat(reference.get(reference.size() - 1)).as(sql).isEqualTo("planned=true");
      if (mine.get(mine.size() - 1).equals("planned=false")) {
        fast++;
      }
      if (!mine.subList(0, mine.size() - 1).equals(withoutTrueCondition(reference))) {
        problems.add(sql + "\n  fast:    " + mine + "\n  planned: " + reference);
      }
    }
    assertThat(problems).isEmpty();
    // Most generated conditions take the fast path; the rest (a literal of another type, a
    // condition that can never hold) are planned, and answer alike all the same.
    assertThat(fast).as("fast queries of " + queries.size()).isGreaterThan(queries.size() * 3 / 4);
  }

  @Test
  void columnTestsAnswerAsDuckDb() throws Exception {
    List<String> problems = new ArrayList<>();
    int compared = 0;
    for (Generated g : generated) {
      if (!g.duck()) {
        continue;
      }
      QueryCase q = QueryCase.q(g.sql(false));
      String problem = Comparison.problem(q, Answer.of(oracle.csvws(), q.sql()),
          Answer.of(oracle.duck(), q.duckSql()));
      compared++;
      if (problem != null) {
        problems.add(problem);
      }
    }
    assertThat(problems).isEmpty();
    assertThat(compared).isGreaterThan(400);
  }

  /** Queries written out, each with the path it must take. */
  @Test
  void chosenShapesTakeTheExpectedPathAndAnswerAlike() throws Exception {
    Connection c = oracle.csvws();
    Map<String, Boolean> planned = new LinkedHashMap<>();
    for (String sql : List.of(
        "SELECT id, email FROM people WHERE country = 'DE' AND qty > 50",
        "SELECT id, email FROM people WHERE 'DE' = country AND 50 < qty",
        "SELECT * FROM people WHERE country = '' AND qty IS NULL",
        "SELECT * FROM people WHERE country IS NULL",
        "SELECT * FROM people WHERE country <> 'DE' AND qty BETWEEN 10 AND 12",
        "SELECT * FROM people WHERE country >= 'DE' AND country < 'FR' LIMIT 30",
        "SELECT * FROM people WHERE qty > 50.5 AND qty <= 51",
        "SELECT * FROM people WHERE qty = 50.0 AND id >= 9000 AND _row < 9500",
        "SELECT * FROM people WHERE id = -1",
        "SELECT i, big FROM edges WHERE i > -2147483648 AND big < 9223372036854775807",
        "SELECT * FROM edges WHERE dbl = 0",
        "SELECT * FROM edges WHERE i = -(-1) AND big <> -(+1)",
        "SELECT * FROM edges WHERE dbl <> 1",
        "SELECT * FROM edges WHERE dbl > 0.1 AND dbl < 1e301",
        "SELECT * FROM edges WHERE txt < '\uFF01'",
        "SELECT * FROM edges WHERE txt > '\uD83D\uDE00'",
        "SELECT * FROM edges WHERE flag = TRUE AND id > 1",
        "SELECT * FROM edges WHERE flag <> FALSE",
        "SELECT * FROM edges WHERE day < DATE '1970-01-01'",
        "SELECT * FROM edges WHERE ts >= TIMESTAMP '2024-01-01 00:00:00.123'",
        "SELECT * FROM edges WHERE tm > TIME '12:00:00'",
        "SELECT * FROM edges WHERE dec = 1.5 AND dec = 1.500",
        "SELECT n FROM bad.misfit WHERE label = 'l3'",
        "SELECT n, day FROM bad.misfit WHERE n > 10990",
        "SELECT label FROM bad.misfit WHERE day > DATE '2024-01-20'",
        "SELECT id, reading FROM big_log WHERE sensor = 's7' AND reading > 900000",
        "SELECT * FROM big_log WHERE amount BETWEEN 10.00 AND 10.50",
        "SELECT id FROM big_log WHERE note IS NULL AND _row > 100000")) {
      planned.put(sql, false);
    }
    for (String sql : List.of(
        "SELECT * FROM people WHERE country = 'DE' OR qty > 50",
        "SELECT * FROM people WHERE NOT country = 'DE'",
        "SELECT * FROM people WHERE qty = '5'",
        "SELECT * FROM people WHERE country = 5",
        "SELECT * FROM people WHERE qty = 1e1",
        "SELECT * FROM people WHERE qty = 1.5",
        "SELECT * FROM people WHERE qty > 5 AND qty < 3",
        "SELECT * FROM people WHERE qty IS NULL AND qty > 3",
        "SELECT * FROM people WHERE qty = qty",
        "SELECT * FROM people WHERE 1 = 1",
        "SELECT * FROM people WHERE qty = NULL",
        "SELECT * FROM people WHERE qty IN (1, 2)",
        "SELECT * FROM people WHERE qty + 1 > 5",
        "SELECT * FROM people WHERE QTY > 5",
        "SELECT * FROM people WHERE people.qty > 5",
        "SELECT qty AS country FROM people WHERE country = 'DE'",
        "SELECT * FROM people WHERE country = _UTF8'DE'",
        "SELECT * FROM people WHERE country LIKE 'D%'",
        "SELECT * FROM people WHERE qty BETWEEN SYMMETRIC 10 AND 5",
        "SELECT * FROM people WHERE qty NOT BETWEEN 10 AND 50",
        "SELECT * FROM edges WHERE day = '2024-02-29'",
        "SELECT * FROM edges WHERE ts = DATE '2024-01-01'",
        "SELECT * FROM edges WHERE ts = TIMESTAMP '2024-01-01 00:00:00.1234'",
        "SELECT * FROM edges WHERE flag = 1",
        "SELECT * FROM edges WHERE flag",
        "SELECT * FROM edges WHERE dec = 1e0",
        "SELECT * FROM edges WHERE dbl = 1e400",
        "SELECT * FROM people WHERE country = ?")) {
      planned.put(sql, true);
    }
    for (Map.Entry<String, Boolean> e : planned.entrySet()) {
      String sql = e.getKey();
      List<String> mine = e.getKey().contains("?") ? prepared(c, sql) : SimpleScanTest.run(c, sql);
      assertThat(mine).as(sql).last().isEqualTo("planned=" + e.getValue());
      String reference = sql.contains(" WHERE ") ? sql.replaceFirst(" WHERE (.*?)( LIMIT .*)?$",
          " WHERE ($1) AND 1 = 1$2") : sql;
      if (!e.getValue()) {
        List<String> theirs = SimpleScanTest.run(c, reference);
        assertThat(theirs).as(reference).last().isEqualTo("planned=true");
        assertThat(mine.subList(0, mine.size() - 1)).as(sql)
            .isEqualTo(withoutTrueCondition(theirs));
      }
    }
    // The benchmark's Q3 reads what it should.
    assertThat(SimpleScanTest.run(c, "SELECT id, email FROM people WHERE country = 'DE'"
        + " AND qty > 99 AND id < 700")).contains("row=Long:504:504; String:u504@example.com:"
        + "u504@example.com").hasSize(1 + 2 + 1 + 3);
    // A value that does not fit is reported by both paths alike, for the same row and column.
    assertThat(SimpleScanTest.run(c, "SELECT n, day FROM bad.misfit WHERE n > 10990"))
        .anyMatch(line -> line.startsWith("error ") && line.contains("row 11000")
            && line.contains("\"n\""));
  }

  /** With onTypeError=null, a misfit is NULL to the condition and counted as a warning. */
  @Test
  void leniantReadsCountMisfitsAsThePlannedStatementDoes() {
    for (String where : List.of("n > 10990", "n IS NULL", "day IS NULL AND n > 100",
        "day > DATE '2024-01-20' AND label <> 'l1'", "label = 'l0' AND n <= 11000")) {
      String sql = "SELECT n, day, label FROM bad.misfit WHERE " + where;
      List<String> mine = SimpleScanTest.run(lenient, sql);
      List<String> theirs = SimpleScanTest.run(lenient, sql + " AND 1 = 1");
      assertThat(mine).as(sql).last().isEqualTo("planned=false");
      assertThat(theirs).as(sql).last().isEqualTo("planned=true");
      assertThat(mine.subList(0, mine.size() - 1)).as(sql)
          .isEqualTo(withoutTrueCondition(theirs));
    }
    assertThat(SimpleScanTest.run(lenient, "SELECT n FROM bad.misfit WHERE n IS NULL"))
        .anyMatch(line -> line.startsWith("result warnings=") && line.length() > 20);
  }

  @Test
  void aPreparedConditionSeesTheFileChangeBetweenExecutions() throws Exception {
    Path file = dir.resolve("changing_where.csv");
    Files.writeString(file, "id,v\n1,a\n2,b\n3,c\n");
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir);
        PreparedStatement fast = c.prepareStatement(
            "SELECT v, id FROM changing_where WHERE id >= 2 AND v <> 'z'");
        PreparedStatement reference = c.prepareStatement(
            "SELECT v, id FROM changing_where WHERE id >= 2 AND v <> 'z' AND 1 = 1")) {
      assertThat(rows(fast)).isEqualTo(rows(reference)).isEqualTo("b 2|c 3|");
      Files.writeString(file, "id,v\n7,x\n1,y\n9,z\n");
      assertThat(rows(fast)).isEqualTo(rows(reference)).isEqualTo("x 7|");
      Files.writeString(file, "id,v\n7,x\nseven,y\n");
      assertThat(rows(fast)).startsWith("error ").isEqualTo(rows(reference));
    }
  }

  private static String rows(PreparedStatement p) {
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

  /** A statement with a parameter, prepared and run with 'DE'; whether a planner ran last. */
  private static List<String> prepared(Connection c, String sql) throws SQLException {
    java.util.concurrent.atomic.AtomicInteger planners =
        new java.util.concurrent.atomic.AtomicInteger();
    java.util.function.Consumer<Object> onPlanner = p -> planners.incrementAndGet();
    org.apache.calcite.runtime.Hook.Closeable hook =
        org.apache.calcite.runtime.Hook.PLANNER.addThread(onPlanner);
    try (PreparedStatement p = c.prepareStatement(sql)) {
      p.setString(1, "DE");
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          rs.getObject(1);
        }
      }
    } finally {
      hook.close();
    }
    return List.of("planned=" + (planners.get() > 0));
  }

  /**
   * The planned statement's answer, its last line (whether a planner ran) left out, with its own
   * text in an error message written as the fast statement's.
   */
  private static List<String> withoutTrueCondition(List<String> answer) {
    return answer.subList(0, answer.size() - 1).stream()
        .map(line -> line.replace(" AND 1 = 1\"", "\"").replace(" AND 1 = 1.", ".")
            .replace(" AND 1 = 1 LIMIT", " LIMIT").replace(" AND 1 = 1 OFFSET", " OFFSET"))
        .toList();
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  private static String text(String v) {
    return "'" + v.replace("'", "''") + "'";
  }
}
