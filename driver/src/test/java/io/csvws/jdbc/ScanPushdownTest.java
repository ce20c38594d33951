package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Projections and filters run inside the scan (plans asserted with EXPLAIN), and every pushed-down
 * condition selects exactly the rows a Java model of the same data selects; SELECT * on a wide
 * table gives the same answer by its dedicated planning path as by the plain one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScanPushdownTest {
  private static final int ROWS = 3000;
  private static final String[] COUNTRIES = {"DE", "US", "GB", "FR", "ES"};
  private final List<Order> orders = new ArrayList<>();
  private Connection connection;

  /** One row of orders.csv, as the test generated it. */
  record Order(long row, int id, String name, String country, int qty, Double amount,
      String note) {
  }

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    Random random = new Random(42);
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("orders.csv"),
        StandardCharsets.UTF_8)) {
      w.write("id,name,country,qty,amount,note\n");
      for (int i = 1; i <= ROWS; i++) {
        String name = (char) ('A' + random.nextInt(26)) + "name" + i;
        String country = COUNTRIES[random.nextInt(COUNTRIES.length)];
        int qty = random.nextInt(100);
        Double amount = random.nextInt(10) == 0 ? null : random.nextInt(100_000) / 100.0;
        String note = random.nextInt(3) == 0 ? null : "note, with \"quotes\" " + i;
        orders.add(new Order(i, i, name, country, qty, amount, note));
        w.write(i + "," + name + "," + country + "," + qty + ","
            + (amount == null ? "" : amount) + ","
            + (note == null ? "" : "\"" + note.replace("\"", "\"\"") + "\"") + "\n");
      }
    }
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("wide.csv"),
        StandardCharsets.UTF_8)) {
      int columns = 600;
      w.write(Stream.iterate(0, c -> c + 1).limit(columns).map(c -> "c" + c)
          .collect(Collectors.joining(",")) + "\n");
      for (int r = 0; r < 50; r++) {
        final int row = r;
        w.write(Stream.iterate(0, c -> c + 1).limit(columns)
            .map(c -> c % 7 == 3 ? "t" + (row * c % 11) : String.valueOf((row * 13 + c) % 17))
            .collect(Collectors.joining(",")) + "\n");
      }
    }
    connection = DriverManager.getConnection("jdbc:csvws:" + dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  static Stream<Arguments> conditions() {
    return Stream.of(
        Arguments.of("qty > 50", (Predicate<Order>) o -> o.qty > 50),
        Arguments.of("country = 'DE' AND qty > 50",
            (Predicate<Order>) o -> o.country.equals("DE") && o.qty > 50),
        Arguments.of("name LIKE 'A%' OR country IN ('US', 'GB')",
            (Predicate<Order>) o -> o.name.startsWith("A") || o.country.equals("US")
                || o.country.equals("GB")),
        Arguments.of("note IS NULL", (Predicate<Order>) o -> o.note == null),
        Arguments.of("amount IS NOT NULL AND amount < 100.5",
            (Predicate<Order>) o -> o.amount != null && o.amount < 100.5),
        Arguments.of("NOT (qty BETWEEN 10 AND 89)",
            (Predicate<Order>) o -> !(o.qty >= 10 && o.qty <= 89)),
        Arguments.of("_row BETWEEN 100 AND 120", (Predicate<Order>) o -> o.row >= 100 && o.row <= 120),
        Arguments.of("CHAR_LENGTH(note) > 22",
            (Predicate<Order>) o -> o.note != null && o.note.length() > 22),
        Arguments.of("qty * 2 = id % 200", (Predicate<Order>) o -> o.qty * 2 == o.id % 200));
  }

  @ParameterizedTest(name = "WHERE {0}")
  @MethodSource("conditions")
  void pushedConditionSelectsTheSameRowsAsTheModel(String where, Predicate<Order> model)
      throws SQLException {
    List<Integer> expected = orders.stream().filter(model).map(Order::id).toList();
    List<Integer> actual = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT id FROM orders WHERE " + where + " ORDER BY id")) {
      while (rs.next()) {
        actual.add(rs.getInt(1));
      }
    }
    assertThat(actual).isEqualTo(expected);
    assertThat(explain("SELECT id FROM orders WHERE " + where))
        .contains("CsvwsTableScan").contains("filter=").doesNotContain("EnumerableCalc");
  }

  @Test
  void parametersReachThePushedCondition() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(
        "SELECT COUNT(*) FROM orders WHERE country = ? AND qty >= ?")) {
      for (String country : COUNTRIES) {
        ps.setString(1, country);
        ps.setInt(2, 40);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          assertThat(rs.getLong(1)).isEqualTo(
              orders.stream().filter(o -> o.country.equals(country) && o.qty >= 40).count());
        }
      }
    }
  }

  @Test
  void projectionAndFilterCombineInOneScan() throws SQLException {
    assertThat(explain("SELECT name, note FROM orders WHERE country = 'DE'"))
        .contains("fields=[[name, note]]").contains("filter=");
    assertThat(explain("SELECT COUNT(*) FROM orders")).contains("CountScan");
    assertThat(explain("SELECT COUNT(*) FROM orders WHERE country = 'DE'"))
        .contains("fields=[[]]").contains("filter=");
    assertThat(explain("SELECT country, SUM(qty) FROM orders GROUP BY country"))
        .contains("fields=[[country, qty]]");
  }

  @Test
  void wideSelectStarMatchesThePlainPath() throws SQLException {
    String clauses = " WHERE c1 > 3 AND c3 <> 't0' ORDER BY c0 DESC, c2 LIMIT 20 OFFSET 2";
    List<List<Object>> direct = rows("SELECT * FROM wide" + clauses);
    List<List<Object>> viaSubQuery = rows("SELECT * FROM (SELECT * FROM wide) x" + clauses);
    assertThat(direct).isNotEmpty().isEqualTo(viaSubQuery);
    assertThat(direct.get(0)).hasSize(600 * 3);
  }

  /** Rows as (name, type, value) triples per column, so column metadata is compared too. */
  private List<List<Object>> rows(String sql) throws SQLException {
    List<List<Object>> out = new ArrayList<>();
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.add(md.getColumnName(i));
          row.add(md.getColumnTypeName(i));
          row.add(rs.getObject(i));
        }
        out.add(row);
      }
    }
    return out;
  }

  private String explain(String sql) throws SQLException {
    return Queries.plan(connection, sql);
  }
}
