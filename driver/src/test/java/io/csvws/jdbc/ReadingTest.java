package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.labels;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How a file is read, seen through JDBC: the delimiter is sniffed, RFC 4180 quoting is honoured
 * with any line ending, a header is recognised (or not), and column types are inferred and
 * delivered with the JDBC type and Java class that belong to them.
 */
class ReadingTest {
  @TempDir
  Path dir;

  @ParameterizedTest(name = "delimiter {0} in a .{1} file")
  @CsvSource({"comma, csv", "tab, csv", "semicolon, csv", "pipe, csv", "comma, txt", "tab, txt",
      "semicolon, txt", "pipe, txt", "tab, tsv", "pipe, psv", "semicolon, tsv"})
  void theDelimiterIsSniffed(String name, String extension) throws Exception {
    char d = switch (name) {
      case "comma" -> ',';
      case "tab" -> '\t';
      case "semicolon" -> ';';
      default -> '|';
    };
    // Each note holds the other candidates, as real text does, and never the delimiter itself.
    String others = ",\t;|".replace(String.valueOf(d), "");
    String noise = others.charAt(0) + " and " + others.charAt(1);
    StringBuilder text = new StringBuilder("id" + d + "name" + d + "note\n");
    List<List<Object>> expected = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      String note = "n" + i + " " + noise;
      text.append(i).append(d).append("name ").append(i).append(d).append(note).append('\n');
      expected.add(List.of(i, "name " + i, note));
    }
    write(dir, "t." + extension, text.toString());
    try (Connection c = Queries.open(dir)) {
      assertThat(labels(c, "SELECT * FROM t")).containsExactly("id", "name", "note");
      assertThat(rows(c, "SELECT id, name, note FROM t ORDER BY id")).isEqualTo(expected);
    }
  }

  @ParameterizedTest(name = "line ending {0}")
  @ValueSource(strings = {"LF", "CRLF", "CR"})
  void quotedFieldsHoldDelimitersQuotesAndLineBreaks(String ending) throws Exception {
    String nl = switch (ending) {
      case "LF" -> "\n";
      case "CRLF" -> "\r\n";
      default -> "\r";
    };
    String text = String.join(nl,
        "id,text,n",
        "1,\"a,b\",10",
        "2,\"she said \"\"hi\"\"\",20",
        "3,\"line1\nline2\",30",
        "4,\"\",40",
        "5,,50",
        "6,\"crlf\r\ninside, and \"\"more\"\"\",60",
        "7,\"\"\"\",70",
        "8,plain,80");
    write(dir, "q.csv", text); // no line break after the last record
    try (Connection c = Queries.open(dir)) {
      assertThat(rows(c, "SELECT _row, id, text, n FROM q ORDER BY id")).containsExactly(
          List.of(1L, 1, "a,b", 10),
          List.of(2L, 2, "she said \"hi\"", 20),
          List.of(3L, 3, "line1\nline2", 30),
          List.of(4L, 4, "", 40),
          Arrays.asList(5L, 5, null, 50),
          List.of(6L, 6, "crlf\r\ninside, and \"more\"", 60),
          List.of(7L, 7, "\"", 70),
          List.of(8L, 8, "plain", 80));
      assertThat(column(c, "SELECT id FROM q WHERE text LIKE '%line2'")).containsExactly(3);
      assertThat(column(c, "SELECT id FROM q WHERE text = ''")).containsExactly(4);
      assertThat(column(c, "SELECT id FROM q WHERE text IS NULL")).containsExactly(5);
    }
  }

  @Test
  void aHeaderIsRecognisedWhenItsValuesDoNotFitTheColumnsBelow() throws Exception {
    write(dir, "named.csv", "name,age\nann,30\nbob,41\n");
    write(dir, "numbers.csv", "1,2\n3,4\n5,6\n");
    write(dir, "dates.csv", "2024-01-01,5\n2024-01-02,6\n");
    write(dir, "single.csv", "a,b\n");
    write(dir, "text.csv", "x,y\nann,bob\n");
    write(dir, "mixed.csv", "id,when\n1,2024-01-01\n2,2024-01-02\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(labels(c, "SELECT * FROM named")).containsExactly("name", "age");
      assertThat(rows(c, "SELECT name, age FROM named ORDER BY age"))
          .containsExactly(List.of("ann", 30), List.of("bob", 41));

      assertThat(labels(c, "SELECT * FROM numbers")).containsExactly("column_1", "column_2");
      assertThat(column(c, "SELECT SUM(column_1) FROM numbers")).containsExactly(9L);
      assertThat(labels(c, "SELECT * FROM dates")).containsExactly("column_1", "column_2");
      assertThat(column(c, "SELECT COUNT(*) FROM dates")).containsExactly(2L);

      assertThat(labels(c, "SELECT * FROM single")).as("a single record is a header")
          .containsExactly("a", "b");
      assertThat(rows(c, "SELECT * FROM single")).isEmpty();
      assertThat(labels(c, "SELECT * FROM text")).as("all text: a header is assumed")
          .containsExactly("x", "y");
      assertThat(labels(c, "SELECT * FROM mixed")).containsExactly("id", "when");
      assertThat(column(c, "SELECT id FROM mixed WHERE \"when\" = DATE '2024-01-02'"))
          .containsExactly(2);
    }
    try (Connection c = Queries.open(dir, "header=absent")) {
      assertThat(rows(c, "SELECT * FROM text")).as("header=absent: the first record is data")
          .containsExactly(List.of("x", "y"), List.of("ann", "bob"));
    }
    try (Connection c = Queries.open(dir, "header=present")) {
      assertThat(labels(c, "SELECT * FROM numbers")).containsExactly("1", "2");
      assertThat(column(c, "SELECT \"1\" FROM numbers ORDER BY 1")).containsExactly(3, 5);
    }
  }

  @Test
  void inferredTypesArriveWithTheirJdbcTypeAndJavaClass() throws Exception {
    write(dir, "typed.csv", String.join("\n",
        "flag,small,big,huge,ratio,dated,stamp,clock,word,code,blank",
        "true,1,5000000000,123456789012345678901234567890,1.5,2024-01-31,2024-01-31 10:11:12,"
            + "10:11:12,abc,007,",
        "FALSE,-2,-1,1,-2e3,2023-12-01,2024-02-01T08:00:00.250,23:59,d e,012,",
        ",,,,,,,,,,",
        ""));
    Object[][] expected = {
        {true, 1, 5000000000L, new BigDecimal("123456789012345678901234567890"), 1.5,
            Date.valueOf("2024-01-31"), Timestamp.valueOf("2024-01-31 10:11:12"),
            Time.valueOf("10:11:12"), "abc", "007", null},
        {false, -2, -1L, new BigDecimal("1"), -2000.0, Date.valueOf("2023-12-01"),
            Timestamp.valueOf("2024-02-01 08:00:00.25"), Time.valueOf("23:59:00"), "d e", "012",
            null},
        {null, null, null, null, null, null, null, null, null, null, null}};
    int[] types = {Types.BOOLEAN, Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.DOUBLE,
        Types.DATE, Types.TIMESTAMP, Types.TIME, Types.VARCHAR, Types.VARCHAR, Types.VARCHAR};
    Class<?>[] classes = {Boolean.class, Integer.class, Long.class, BigDecimal.class,
        Double.class, Date.class, Timestamp.class, Time.class, String.class, String.class, null};
    try (Connection c = Queries.open(dir); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM typed ORDER BY _row")) {
      // ORDER BY _row makes the projection below the sort the identity of the scan's columns
      ResultSetMetaData md = rs.getMetaData();
      assertThat(md.getColumnCount()).isEqualTo(types.length);
      for (int i = 0; i < types.length; i++) {
        assertThat(md.getColumnType(i + 1)).as(md.getColumnLabel(i + 1)).isEqualTo(types[i]);
        if (classes[i] != null) {
          assertThat(md.getColumnClassName(i + 1)).as(md.getColumnLabel(i + 1))
              .isEqualTo(classes[i].getName());
        }
      }
      for (Object[] row : expected) {
        assertThat(rs.next()).isTrue();
        for (int i = 0; i < row.length; i++) {
          Object value = rs.getObject(i + 1);
          assertThat(value).as(md.getColumnLabel(i + 1)).isEqualTo(row[i]);
          if (value != null) {
            assertThat(value).isInstanceOf(classes[i]);
          }
        }
      }
      assertThat(rs.next()).isFalse();
    }
    try (Connection c = Queries.open(dir)) {
      assertThat(column(c, "SELECT small FROM typed WHERE flag")).containsExactly(1);
      assertThat(column(c, "SELECT big + 1 FROM typed WHERE dated > DATE '2024-01-01'"))
          .containsExactly(5000000001L);
      assertThat(column(c, "SELECT SUM(ratio) FROM typed")).containsExactly(-1998.5);
      assertThat(column(c, "SELECT code FROM typed WHERE stamp > TIMESTAMP '2024-02-01 08:00:00'"))
          .containsExactly("012");
    }
  }

  @Test
  void getObjectWithAClassConvertsEveryType() throws Exception {
    write(dir, "v.csv", "flag,small,big,ratio,dated,stamp,clock,word\n"
        + "true,7,5000000000,2.5,2024-01-31,2024-01-31 10:11:12.345,10:11:12.250,abc\n"
        + ",,,,,,,\n");
    try (Connection c = Queries.open(dir); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM v ORDER BY _row")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getObject("flag", Boolean.class)).isTrue();
      assertThat(rs.getObject("small", Integer.class)).isEqualTo(7);
      assertThat(rs.getObject("small", Long.class)).isEqualTo(7L);
      assertThat(rs.getObject("small", String.class)).isEqualTo("7");
      assertThat(rs.getObject("big", Long.class)).isEqualTo(5000000000L);
      assertThat(rs.getObject("big", BigDecimal.class)).isEqualTo(new BigDecimal(5000000000L));
      assertThat(rs.getObject("ratio", Double.class)).isEqualTo(2.5);
      assertThat(rs.getObject("dated", java.time.LocalDate.class))
          .isEqualTo(java.time.LocalDate.of(2024, 1, 31));
      assertThat(rs.getObject("dated", Date.class)).isEqualTo(Date.valueOf("2024-01-31"));
      assertThat(rs.getObject("stamp", java.time.LocalDateTime.class))
          .isEqualTo(java.time.LocalDateTime.of(2024, 1, 31, 10, 11, 12, 345_000_000));
      assertThat(rs.getObject("clock", java.time.LocalTime.class))
          .isEqualTo(java.time.LocalTime.of(10, 11, 12, 250_000_000));
      assertThat(rs.getObject("word", String.class)).isEqualTo("abc");
      assertThat(rs.getObject("word", Object.class)).isEqualTo("abc");
      assertThatThrownBy(() -> rs.getObject("word", java.time.LocalDate.class))
          .isInstanceOf(java.sql.SQLException.class).hasMessageContaining("LocalDate");

      assertThat(rs.next()).isTrue();
      for (Class<?> type : List.of(Boolean.class, Integer.class, Long.class, Double.class,
          BigDecimal.class, String.class, java.time.LocalDate.class)) {
        assertThat(rs.getObject("small", type)).as("NULL as %s", type).isNull();
      }
      assertThat(rs.getObject("dated", java.time.LocalDate.class)).isNull();
      assertThat(rs.getObject("clock", java.time.LocalTime.class)).isNull();
    }
  }

  @Test
  void integersOfAFileLargerThanTheSampleAreBigint() throws Exception {
    StringBuilder text = new StringBuilder("n\n");
    for (int i = 1; i <= 50; i++) {
      text.append(i).append('\n');
    }
    write(dir, "n.csv", text.toString());
    try (Connection c = Queries.open(dir, "sampleRows=10"); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT n FROM n")) {
      assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(Types.BIGINT);
      assertThat(Queries.rows(rs)).hasSize(50);
    }
    try (Connection c = Queries.open(dir)) {
      assertThat(Queries.labels(c, "SELECT n FROM n")).containsExactly("n");
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT n FROM n")) {
        assertThat(rs.getMetaData().getColumnType(1)).as("the sample was the whole file")
            .isEqualTo(Types.INTEGER);
      }
    }
  }
}
