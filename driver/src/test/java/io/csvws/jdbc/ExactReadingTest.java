package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.failure;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reading never loses information silently: decimals are exact, digits a DOUBLE would round are
 * never rounded, times keep their milliseconds and refuse finer digits, and times print as other
 * SQL engines print them.
 */
class ExactReadingTest {
  private static final Path EXAMPLES = Path.of("..", "src", "examples", "workspace")
      .toAbsolutePath().normalize();

  @TempDir
  Path dir;

  /** Every row of a query, each value read with {@code getString}. */
  private static List<List<String>> strings(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      List<List<String>> out = new ArrayList<>();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(rs.getString(i));
        }
        out.add(row);
      }
      return out;
    }
  }

  private static String typeOf(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      return md.getColumnTypeName(1) + "(" + md.getPrecision(1) + ", " + md.getScale(1) + ")";
    }
  }

  @Test
  void theReadmeExampleSumsPricesExactly() throws SQLException {
    String sql = "SELECT c.name, SUM(o.quantity * o.unit_price) AS spent"
        + " FROM customers c JOIN sales.orders_2024 o USING (customer_id)"
        + " WHERE o.status = 'shipped' GROUP BY c.name ORDER BY c.name";
    // The same sums computed here from the values as text, with BigDecimal.
    Map<String, BigDecimal> expected = new HashMap<>();
    try (Connection text = Queries.open(EXAMPLES, "inferTypes=false")) {
      for (List<Object> r : rows(text, "SELECT c.name, o.quantity, o.unit_price"
          + " FROM customers c JOIN sales.orders_2024 o USING (customer_id)"
          + " WHERE o.status = 'shipped'")) {
        BigDecimal line = new BigDecimal((String) r.get(1)).multiply(
            new BigDecimal((String) r.get(2)));
        expected.merge((String) r.get(0), line, BigDecimal::add);
      }
    }
    try (Connection c = Queries.open(EXAMPLES)) {
      List<List<String>> spent = strings(c, sql);
      assertThat(spent).hasSize(expected.size()).isNotEmpty();
      for (List<String> row : spent) {
        assertThat(row.get(1)).as(row.get(0)).matches("\\d+\\.\\d\\d");
        assertThat(new BigDecimal(row.get(1))).as(row.get(0))
            .isEqualByComparingTo(expected.get(row.get(0)));
      }
      assertThat(strings(c, "SELECT data_type FROM csvws.columns WHERE table_name ="
          + " 'orders_2024' AND column_name = 'unit_price'"))
          .containsExactly(List.of("DECIMAL(38, 2)"));
    }
  }

  @Test
  void sumsOfPricesAreExact() throws SQLException {
    write(dir, "items.csv", "quantity,unit_price\n1,12.50\n1,0.1\n2,7.45\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(strings(c, "SELECT SUM(quantity * unit_price), SUM(unit_price) FROM items"))
          .containsExactly(List.of("27.50", "20.05"));
      assertThat(typeOf(c, "SELECT unit_price FROM items")).isEqualTo("DECIMAL(38, 2)");
    }
  }

  /** Each value as it is written, its type, and what getString gives back. */
  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource(delimiter = '|', value = {
      "123456789.123456789012|DECIMAL|123456789.123456789012",
      "-0.000000000000000000001|DECIMAL|-0.000000000000000000001",
      "12345678901234567890.5|DECIMAL|12345678901234567890.5",
      "1e5|DOUBLE|100000.0",
      "NaN|DOUBLE|NaN",
      "12345678901234567890123456789012345678901|VARCHAR|12345678901234567890123456789012345678901"})
  void numbersKeepTheirDigits(String written, String type, String read) throws SQLException {
    write(dir, "n.csv", "v\n" + written + "\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(typeOf(c, "SELECT v FROM n")).startsWith(type);
      List<List<String>> got = strings(c, "SELECT v FROM n");
      assertThat(got).containsExactly(List.of(read));
      if (type.equals("DECIMAL")) {
        assertThat(new BigDecimal(got.get(0).get(0))).isEqualByComparingTo(written);
      }
    }
  }

  @Test
  void aColumnDoubleCannotHoldIsTextWithTheReason() throws SQLException {
    write(dir, "m.csv", "v\n1e5\n0.12345678901234567890123\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(typeOf(c, "SELECT v FROM m")).startsWith("VARCHAR");
      assertThat(strings(c, "SELECT v FROM m ORDER BY \"_row\"")).containsExactly(
          List.of("1e5"), List.of("0.12345678901234567890123"));
    }
    write(dir, "wide.csv", "v\n12345678901234567890123456789.5\n0.0000000001\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(strings(c, "SELECT data_type, type_decided_by FROM csvws.columns"
          + " WHERE table_name = 'wide'").get(0))
          .satisfies(r -> assertThat(r.get(0)).isEqualTo("VARCHAR"))
          .satisfies(r -> assertThat(r.get(1)).contains("more than the 38 of a DECIMAL"));
    }
  }

  @Test
  void moreDecimalsBelowTheSampleAreATypeErrorNeverRounded() throws SQLException {
    write(dir, "p.csv", "price\n1.50\n2.25\n3.125\n4.500\n");
    try (Connection c = Queries.open(dir, "sampleRows=2")) {
      SQLException e = failure(c, "SELECT SUM(price) FROM p");
      assertThat(e.getSQLState()).isEqualTo("22018");
      assertThat(e.getMessage()).contains("p.csv").contains("row 3").contains("\"price\"")
          .contains("\"3.125\"").contains("DECIMAL(38, 2)")
          .contains("more decimals than the column's 2");
    }
    try (Connection c = Queries.open(dir, "sampleRows=2", "onTypeError=null")) {
      assertThat(strings(c, "SELECT price FROM p ORDER BY \"_row\"")).containsExactly(
          List.of("1.50"), List.of("2.25"), Lists.nullRow(), List.of("4.50"));
    }
    try (Connection c = Queries.open(dir, "sampleRows=2", "inferTypes=false")) {
      assertThat(strings(c, "SELECT price FROM p ORDER BY \"_row\"")).containsExactly(
          List.of("1.50"), List.of("2.25"), List.of("3.125"), List.of("4.500"));
    }
  }

  @Test
  void decimalCommasAreExactDecimalsToo() throws SQLException {
    write(dir, "eu.csv", "product;price\nA;1.234,50\nB;0,1\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(strings(c, "SELECT SUM(price) FROM eu")).containsExactly(List.of("1234.60"));
      assertThat(typeOf(c, "SELECT price FROM eu")).isEqualTo("DECIMAL(38, 2)");
    }
  }

  @Test
  void timesAndTimestampsPrintWithoutAZeroFraction() throws SQLException {
    write(dir, "t.csv", "t,ts\n00:15:00,2024-01-05 10:30:00\n10:30:00.5,2024-01-05T10:30:00.250\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(strings(c, "SELECT t, ts FROM t ORDER BY \"_row\"")).containsExactly(
          List.of("00:15:00", "2024-01-05 10:30:00"),
          List.of("10:30:00.5", "2024-01-05 10:30:00.25"));
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT t, ts FROM t ORDER BY \"_row\"")) {
        assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(Types.TIME);
        rs.next();
        assertThat(rs.getObject(2, String.class)).isEqualTo("2024-01-05 10:30:00");
        // Tools that print getObject (the console does) show the same text; values are equal.
        assertThat(rs.getObject(1).toString()).isEqualTo("00:15:00");
        assertThat(rs.getObject(2).toString()).isEqualTo("2024-01-05 10:30:00");
        assertThat(rs.getObject(2)).isEqualTo(java.sql.Timestamp.valueOf("2024-01-05 10:30:00"));
        assertThat(java.sql.Timestamp.valueOf("2024-01-05 10:30:00")).isEqualTo(rs.getObject(2));
        rs.next();
        assertThat(rs.getObject(1).toString()).isEqualTo("10:30:00.5");
        assertThat(rs.getObject(2).toString()).isEqualTo("2024-01-05 10:30:00.25");
        assertThat(rs.getObject(2)).isEqualTo(java.sql.Timestamp.valueOf("2024-01-05 10:30:00.25"));
      }
    }
  }

  @Test
  void digitsFinerThanAMillisecondAreNeverCut() throws SQLException {
    write(dir, "micro.csv", "ts\n2024-01-05 10:30:00.123456\n2024-01-05 10:31:00.000001\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(typeOf(c, "SELECT ts FROM micro")).startsWith("VARCHAR");
      assertThat(strings(c, "SELECT ts FROM micro ORDER BY \"_row\"")).containsExactly(
          List.of("2024-01-05 10:30:00.123456"), List.of("2024-01-05 10:31:00.000001"));
      assertThat(strings(c, "SELECT type_decided_by FROM csvws.columns"
          + " WHERE table_name = 'micro'").get(0).get(0)).contains("finer than a millisecond");
    }
    write(dir, "later.csv", "ts\n2024-01-05 10:30:00.123\n2024-01-05 10:31:00.000\n"
        + "2024-01-05 10:32:00.123456\n");
    try (Connection c = Queries.open(dir, "sampleRows=2")) {
      SQLException e = failure(c, "SELECT ts FROM later");
      assertThat(e.getSQLState()).isEqualTo("22018");
      assertThat(e.getMessage()).contains("row 3").contains("\"2024-01-05 10:32:00.123456\"")
          .contains("finer than the milliseconds TIMESTAMP(3) holds");
    }
  }

  @Test
  void aZonedTimestampSaysItIsConvertedToUtc() throws SQLException {
    write(dir, "z.csv", "seen_at\n2024-01-05T10:30:00+02:00\n2024-01-05T12:00:00Z\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(strings(c, "SELECT seen_at FROM z ORDER BY \"_row\"")).containsExactly(
          List.of("2024-01-05 08:30:00"), List.of("2024-01-05 12:00:00"));
      assertThat(strings(c, "SELECT type_decided_by FROM csvws.columns"
          + " WHERE table_name = 'z'").get(0).get(0))
          .contains("zone offset are converted to UTC");
    }
  }

  /** A row of one NULL, which {@code List.of} cannot hold. */
  private static final class Lists {
    static List<String> nullRow() {
      List<String> row = new ArrayList<>();
      row.add(null);
      return row;
    }
  }
}
