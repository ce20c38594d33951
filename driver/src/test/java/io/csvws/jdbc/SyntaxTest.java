package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.failure;
import static io.csvws.jdbc.Queries.labels;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.value;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SQL people and models write, through JDBC with csvws's defaults: PostgreSQL's {@code ::}
 * casts and regular-expression operators, DuckDB's {@code SELECT * EXCLUDE} and
 * {@code GROUP BY ALL}, common CSV header words as unquoted column names, and the grouping,
 * paging, pivot and sampling forms, with their answers checked.
 */
class SyntaxTest {
  @TempDir
  Path dir;

  @BeforeEach
  void files() {
    write(dir, "events.csv", "date,year,month,time,count,value,type,name,timestamp,uuid,monday\n"
        + "2020-01-05,2020,1,10:00:00,3,1.5,a,x,2020-01-05 10:00:00,u1,m1\n"
        + "2019-06-30,2019,6,11:30:00,4,2.5,b,y,2019-06-30 11:30:00,u2,m2\n"
        + "2021-03-01,2021,3,09:15:00,5,3.5,a,z,2021-03-01 09:15:00,u3,m3\n");
  }

  @Test
  void headerWordsAreColumnNames() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      assertThat(rows(c, "SELECT date, year, month, time, count, value, type, name FROM events "
          + "WHERE year > 2019 ORDER BY date"))
          .extracting(r -> r.get(6) + ":" + r.get(1))
          .containsExactly("a:2020", "a:2021");
      assertThat(column(c, "SELECT timestamp FROM events ORDER BY timestamp").toString())
          .startsWith("[2019-06-30 11:30:00");
      assertThat(column(c, "SELECT uuid FROM events WHERE monday = 'm2'")).containsExactly("u2");
      assertThat(column(c, "SELECT date + INTERVAL '1' DAY FROM events WHERE year = 2021"))
          .containsExactly(Date.valueOf("2021-03-02"));
      assertThat(column(c, "SELECT e.date FROM events e WHERE e.date < DATE '2020-06-01' "
          + "ORDER BY e.date").toString()).isEqualTo("[2019-06-30, 2020-01-05]");
      assertThat(column(c, "SELECT EXTRACT(YEAR FROM date) FROM events ORDER BY date"))
          .containsExactly(2019L, 2020L, 2021L);
      assertThat(labels(c, "SELECT year AS date, CAST(date AS VARCHAR) AS time FROM events"))
          .containsExactly("date", "time");
      assertThat(column(c, "SELECT CAST(date AS DATE) FROM events WHERE year = 2021"))
          .containsExactly(Date.valueOf("2021-03-01"));
      assertThat(rows(c, "SELECT date, COUNT(*) FROM events GROUP BY date ORDER BY date DESC"))
          .hasSize(3);
      assertThat(value(c, "SELECT COUNT(*) FROM events "
          + "WHERE timestamp > TIMESTAMP '2020-01-01 00:00:00' AND time < TIME '10:30:00'"))
          .isEqualTo(2L);
    }
  }

  @Test
  void windowAndPagingWordsAreColumnNamesOutsideTheirForms() throws SQLException {
    write(dir, "ranges.csv", "range,rows,row,over,next,current,partition\n"
        + "1,10,a,x,p,5,k\n2,20,b,y,q,6,k\n3,30,c,z,r,7,m\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(rows(c, "SELECT range, rows, row, over, next, current, partition, "
          + "SUM(rows) OVER (PARTITION BY partition ORDER BY range "
          + "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running "
          + "FROM ranges WHERE range BETWEEN 1 AND 3 ORDER BY range OFFSET 1 ROWS").toString())
          .isEqualTo("[[2, 20, b, y, q, 6, k, 30], [3, 30, c, z, r, 7, m, 30]]");
    }
  }

  @Test
  void postgresCastsAndRegularExpressions() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      assertThat(value(c, "SELECT '5'::integer + 1")).isEqualTo(6);
      assertThat(value(c, "SELECT 1::varchar")).isEqualTo("1");
      assertThat(column(c, "SELECT date::varchar FROM events WHERE year = 2019"))
          .containsExactly("2019-06-30");
      assertThat(column(c, "SELECT '2020-02-03'::date")).containsExactly(Date.valueOf("2020-02-03"));
      assertThat(column(c, "SELECT name FROM events WHERE type ~ '^a' AND name !~ 'x' "
          + "AND name ~* 'Z'")).containsExactly("z");
      assertThat(column(c, "SELECT name FROM events WHERE name !~* '[XZ]'"))
          .containsExactly("y");
    }
  }

  @Test
  void starExclude() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      assertThat(labels(c, "SELECT * EXCLUDE (date, timestamp, uuid, monday) FROM events"))
          .containsExactly("year", "month", "time", "count", "value", "type", "name");
      assertThat(failure(c, "SELECT * EXCLUDE (nmae) FROM events").getMessage())
          .endsWith("unknown column(s): nmae; did you mean 'name'?");
    }
  }

  @Test
  void groupByAllAndOrderByAll() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      assertThat(rows(c, "SELECT type, SUM(count) AS n FROM events GROUP BY ALL ORDER BY type")
          .toString()).isEqualTo("[[a, 8], [b, 4]]");
      assertThat(rows(c, "SELECT type, upper(name) < 'Y' AS early, COUNT(*) FROM events "
          + "GROUP BY ALL ORDER BY ALL"))
          .containsExactly(List.of("a", false, 1L), List.of("a", true, 1L),
              List.of("b", false, 1L));
      assertThat(rows(c, "SELECT COUNT(*), 'k' FROM events GROUP BY ALL"))
          .as("only aggregates and constants: one group of all rows")
          .containsExactly(List.of(3L, "k"));
      assertThat(column(c, "SELECT name FROM events ORDER BY ALL DESC"))
          .containsExactly("z", "y", "x");
      assertThat(failure(c, "SELECT *, COUNT(*) FROM events GROUP BY ALL").getMessage())
          .contains("GROUP BY ALL").contains("list the columns");
    }
  }

  @Test
  void unknownNamesSuggestTheNearestFromTheCatalog() throws SQLException {
    write(dir, "customers.csv", "customer_id,customer_name\n1,ann\n");
    try (Connection c = Queries.open(dir)) {
      SQLException column = failure(c, "SELECT custmer_id FROM customers");
      assertThat(column.getMessage()).isEqualTo("From line 1, column 8 to line 1, column 17: "
          + "Column 'custmer_id' not found in any table; did you mean 'customer_id'?");
      assertThat(column.getSQLState()).isEqualTo("42000");
      assertThat(failure(c, "SELECT c.cust FROM customers c").getMessage())
          .endsWith("did you mean one of 'customer_id', 'customer_name'?");
      assertThat(failure(c, "SELECT * FROM custmers").getMessage())
          .endsWith("Object 'custmers' not found; did you mean 'customers'?");
      assertThat(failure(c, "SELECT UPPR(customer_name) FROM customers").getMessage())
          .contains("UPPR(").endsWith("did you mean 'UPPER'?");
      assertThat(failure(c, "SELECT COUTN(*) FROM customers").getMessage())
          .isEqualTo("From line 1, column 8 to line 1, column 15: No match found for "
              + "function signature COUTN(*); did you mean 'COUNT'?");
      assertThat(failure(c, "SELECT price FROM customers").getMessage())
          .as("nothing near: no suggestion")
          .endsWith("Column 'price' not found in any table");
    }
  }

  @Test
  void syntaxErrorsPointAtTheTextAsTyped() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      SQLException e = failure(c, "SELECT date, time FROM events WHERE");
      assertThat(e.getMessage()).startsWith("Syntax error")
          .contains("'WHERE' at line 1, column 31").hasSizeLessThan(200);
      assertThat(failure(c, "SELECT date, time timestamp x FROM events").getMessage())
          .isEqualTo("Syntax error at line 1, column 29: unexpected \"x\".");
      assertThat(failure(c, "SELECT set FROM events").getMessage())
          .isEqualTo("Syntax error at line 1, column 8: unexpected \"set\". SET is a "
              + "reserved word; to use it as a table or column name, quote it: \"set\".");
      assertThat(e.getSQLState()).isEqualTo("42000");
    }
  }

  @Test
  void statementsOtherDialectsParseAreStillRefusedByName() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      for (String keyword : List.of("SHOW TABLES", "BEGIN", "COMMIT", "ROLLBACK", "DISCARD ALL")) {
        SQLException e = failure(c, keyword);
        assertThat(e.getSQLState()).isEqualTo("25006");
        assertThat(e.getMessage()).startsWith("csvws is read-only: "
            + keyword.split(" ")[0] + " statement refused.");
      }
    }
  }

  @Test
  void postgresTypeNamesInCasts() throws SQLException {
    write(dir, "typed.csv", "id,text,flag\n7,hello,1\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(rows(c, "SELECT CAST(id AS TEXT), id::text, CAST(id AS STRING), id::int2, "
          + "CAST(id AS INT4), id::int8, CAST(id AS FLOAT4), id::float8, CAST(flag AS BOOL), "
          + "text, CAST(text AS text) FROM typed"))
          .containsExactly(List.of("7", "7", "7", (short) 7, 7, 7L, 7.0f, 7.0, true, "hello",
              "hello"));
      try (java.sql.Statement st = c.createStatement();
          java.sql.ResultSet rs = st.executeQuery(
              "SELECT CAST(id AS TEXT), id::int8, id::bool FROM typed")) {
        java.sql.ResultSetMetaData md = rs.getMetaData();
        assertThat(List.of(md.getColumnTypeName(1), md.getColumnTypeName(2),
            md.getColumnTypeName(3))).containsExactly("VARCHAR", "BIGINT", "BOOLEAN");
      }
    }
  }

  @Test
  void postgresIntervalLiteralsWithTheUnitInTheString() throws SQLException {
    try (Connection c = Queries.open(dir)) {
      java.time.LocalDate d = java.time.LocalDate.of(2021, 3, 1);
      assertThat(rows(c, "SELECT date + INTERVAL '1 month', date + INTERVAL '2 days', "
          + "date - INTERVAL '1 year 2 months', date + interval '2 weeks' "
          + "FROM events WHERE year = 2021"))
          .containsExactly(List.of(Date.valueOf(d.plusMonths(1)), Date.valueOf(d.plusDays(2)),
              Date.valueOf(d.minusYears(1).minusMonths(2)), Date.valueOf(d.plusDays(14))));
      assertThat(value(c, "SELECT timestamp + INTERVAL '3 hours' FROM events WHERE year = 2021")
          .toString()).startsWith("2021-03-01 12:15:00");
      assertThat(value(c, "SELECT timestamp + INTERVAL '1 day 2 hours' FROM events "
          + "WHERE year = 2021").toString()).startsWith("2021-03-02 11:15:00");
      assertThat(value(c, "SELECT date + INTERVAL '1' MONTH FROM events WHERE year = 2021"))
          .isEqualTo(Date.valueOf(d.plusMonths(1)));
    }
  }
}
