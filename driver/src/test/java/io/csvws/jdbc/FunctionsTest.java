package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The operator test table: each scalar function and operator of csvws's vocabulary, evaluated on
 * a row of a real CSV file through JDBC with csvws's defaults, against the value PostgreSQL (or,
 * where PostgreSQL has no such function, DuckDB) gives. The value is read with
 * {@code getString}; {@code null} is SQL NULL.
 */
class FunctionsTest {
  @TempDir
  static Path dir;
  private static Connection connection;

  @BeforeAll
  static void open() throws SQLException {
    Queries.write(dir, "t.csv", """
        id,name,d,ts,n,word
        1,alice,2024-01-15,2024-01-15 10:30:45,7,Hello World
        2,Bob,2024-03-31,2024-03-31 23:59:59,,x
        """);
    connection = Queries.open(dir);
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  static Stream<Arguments> cases() {
    return Stream.of(
        // pattern matching
        Arguments.of("name ILIKE 'AL%'", "true"),
        Arguments.of("name NOT ILIKE 'AL%'", "false"),
        Arguments.of("name ILIKE 'b%'", "false"),
        Arguments.of("REGEXP_LIKE(name, '^a.i')", "true"),
        Arguments.of("REGEXP_MATCHES(name, 'ic')", "true"),
        Arguments.of("REGEXP_MATCHES(name, '^ic')", "false"),
        Arguments.of("REGEXP_REPLACE('banana', 'a', 'o')", "bonana"),
        Arguments.of("REGEXP_REPLACE(word, 'o', '0', 'g')", "Hell0 W0rld"),
        Arguments.of("REGEXP_REPLACE(word, 'L', '_', 'gi')", "He__o Wor_d"),
        Arguments.of("REGEXP_REPLACE(CAST('banana' AS VARCHAR), 'a', 'o', 'g')", "bonono"),
        Arguments.of("REGEXP_REPLACE('2024-01-15', '(\\d+)-(\\d+)-(\\d+)', '\\3/\\2/\\1')",
            "15/01/2024"),
        // text
        Arguments.of("SPLIT_PART('a-b-c', '-', 2)", "b"),
        Arguments.of("SPLIT_PART('a-b-c', '-', 5)", ""),
        Arguments.of("LEFT(name, 2)", "al"),
        Arguments.of("RIGHT(name, 2)", "ce"),
        Arguments.of("CONCAT(name, '-', id)", "alice-1"),
        Arguments.of("CONCAT(name, NULL, '!')", "alice!"),
        Arguments.of("CONCAT_WS('/', name, NULL, 'x')", "alice/x"),
        Arguments.of("STRPOS(name, 'ic')", "3"),
        Arguments.of("STRPOS(name, 'z')", "0"),
        Arguments.of("INITCAP('hello wORLD')", "Hello World"),
        Arguments.of("REVERSE(name)", "ecila"),
        Arguments.of("LPAD(name, 8, '*')", "***alice"),
        Arguments.of("RPAD(name, 7, '-')", "alice--"),
        Arguments.of("LPAD(name, 3)", "ali"),
        Arguments.of("LENGTH(word)", "11"),
        Arguments.of("UPPER(name) || LOWER('X')", "ALICEx"),
        // conditionals and comparisons
        Arguments.of("GREATEST(1, NULL, 3)", "3"),
        Arguments.of("LEAST(4, NULL, 2)", "2"),
        Arguments.of("GREATEST(n, id)", "7"),
        Arguments.of("NULLIF(id, 1)", null),
        Arguments.of("NULLIF(id, 2)", "1"),
        Arguments.of("IF(id > 0, 'pos', 'neg')", "pos"),
        Arguments.of("COALESCE(NULL, name)", "alice"),
        Arguments.of("TRY_CAST('abc' AS INTEGER)", null),
        Arguments.of("TRY_CAST('42' AS INTEGER)", "42"),
        // dates
        Arguments.of("DATE_TRUNC('month', d)", "2024-01-01 00:00:00"),
        Arguments.of("DATE_TRUNC('year', ts)", "2024-01-01 00:00:00"),
        Arguments.of("DATE_TRUNC('week', d)", "2024-01-15 00:00:00"),
        Arguments.of("DATE_TRUNC('quarter', DATE '2024-05-20')", "2024-04-01 00:00:00"),
        Arguments.of("DATE_TRUNC('hour', ts)", "2024-01-15 10:00:00"),
        Arguments.of("DATE_PART('year', d)", "2024"),
        Arguments.of("DATE_PART('month', d)", "1"),
        Arguments.of("d - DATE '2024-01-01'", "14"),
        Arguments.of("DATE '2024-03-01' - DATE '2024-02-01'", "29"),
        Arguments.of("d + 20", "2024-02-04"),
        Arguments.of("d - 15", "2023-12-31"),
        Arguments.of("1 + d", "2024-01-16"),
        Arguments.of("d + INTERVAL '1' MONTH", "2024-02-15"),
        Arguments.of("DATE '2024-01-31' + INTERVAL '1' MONTH", "2024-02-29"),
        Arguments.of("id + 1", "2"),
        Arguments.of("id - 3", "-2"),
        Arguments.of("STRFTIME(ts, '%Y-%m')", "2024-01"),
        Arguments.of("STRFTIME(d, '%d/%m/%Y')", "15/01/2024"),
        Arguments.of("STRFTIME(ts, '%H:%M:%S %p %b %B %a %A %j')",
            "10:30:45 AM Jan January Mon Monday 015"),
        Arguments.of("TO_CHAR(ts, 'YYYY-MM-DD')", "2024-01-15"),
        Arguments.of("TO_CHAR(ts, 'Mon')", "Jan"),
        Arguments.of("TO_CHAR(ts, 'HH24:MI')", "10:30"),
        Arguments.of("TO_CHAR(d, 'DD.MM.YYYY')", "15.01.2024"),
        Arguments.of("LAST_DAY(DATE '2024-02-10')", "2024-02-29"),
        Arguments.of("LAST_DAY(d)", "2024-01-31"),
        Arguments.of("TO_DATE('2024-05-06', 'YYYY-MM-DD')", "2024-05-06"),
        Arguments.of("TO_DATE('Jan 1 2000', 'Mon DD YYYY')", "2000-01-01"),
        Arguments.of("TO_DATE('06/05/2024', 'DD/MM/YYYY')", "2024-05-06"),
        Arguments.of("STRPTIME('06/05/2024', '%d/%m/%Y')", "2024-05-06 00:00:00"),
        Arguments.of("STRPTIME('Jan 1 2000', '%b %d %Y')", "2000-01-01 00:00:00"),
        Arguments.of("STRPTIME('1 January 2000', '%d %B %Y')", "2000-01-01 00:00:00"),
        Arguments.of("STRPTIME('2024-01-05 03:04:05 PM', '%Y-%m-%d %I:%M:%S %p')",
            "2024-01-05 15:04:05"),
        Arguments.of("CAST(STRPTIME('Sep 3 1999', '%b %d %Y') AS DATE)", "1999-09-03"),
        Arguments.of("TRY_STRPTIME('junk', '%Y-%m-%d')", null),
        Arguments.of("TRY_STRPTIME('2000-13-01', '%Y-%m-%d')", null),
        Arguments.of("TRY_STRPTIME('2000-12-01', '%Y-%m-%d')", "2000-12-01 00:00:00"),
        Arguments.of("TO_DATE('1 January 2000', 'DD Month YYYY')", "2000-01-01"),
        Arguments.of("TO_DATE('January 1, 2000', 'Month DD, YYYY')", "2000-01-01"),
        Arguments.of("MAKE_DATE(2024, 2, 29)", "2024-02-29"),
        Arguments.of("DAYNAME(d)", "Monday"),
        Arguments.of("MONTHNAME(ts)", "January"),
        Arguments.of("EXTRACT(YEAR FROM d)", "2024"),
        Arguments.of("DAYOFWEEK(d)", "2"),
        Arguments.of("EXTRACT(DOW FROM d)", "2"),
        Arguments.of("EXTRACT(ISODOW FROM d)", "1"),
        Arguments.of("EXTRACT(DOY FROM d)", "15"),
        Arguments.of("EXTRACT(QUARTER FROM d)", "1"),
        Arguments.of("TO_TIMESTAMP('2024-01-05 10:11:12', 'YYYY-MM-DD HH24:MI:SS')",
            "2024-01-05 10:11:12"),
        Arguments.of("REPEAT('ab', 3)", "ababab"),
        Arguments.of("name || CAST(NULL AS VARCHAR)", null),
        Arguments.of("GREATEST(CAST(NULL AS INTEGER), NULL)", null),
        Arguments.of("IFNULL(n, 0)", "7"),
        Arguments.of("ENDS_WITH(name, 'ce')", "true"),
        Arguments.of("CAST('12' AS INTEGER) + 1", "13"),
        // NULL in, NULL out
        Arguments.of("DATE_TRUNC('month', CAST(NULL AS DATE))", null),
        Arguments.of("STRFTIME(CAST(NULL AS TIMESTAMP), '%Y')", null),
        Arguments.of("STRPTIME(CAST(NULL AS VARCHAR), '%Y')", null),
        Arguments.of("CAST(NULL AS DATE) - d", null),
        Arguments.of("REGEXP_MATCHES(CAST(NULL AS VARCHAR), 'a')", null));
  }

  /** Functions given what they cannot use fail with 22023, naming the value and the way out. */
  static Stream<Arguments> failures() {
    return Stream.of(
        Arguments.of("STRPTIME('junk', '%Y-%m-%d')", "'junk' does not match the format"),
        Arguments.of("STRPTIME('2000-13-01', '%Y-%m-%d')", "is not a valid date or time"),
        Arguments.of("STRFTIME(ts, '%Q')", "unknown specifier %Q"),
        Arguments.of("TRY_STRPTIME('2000', '%Q')", "unknown specifier %Q"),
        Arguments.of("DATE_TRUNC('fortnight', d)", "unit 'fortnight' is not known"),
        Arguments.of("REGEXP_MATCHES(name, '(')", "not a valid regular expression"),
        Arguments.of("MAKE_DATE(2023, 2, 29)", "MAKE_DATE(2023, 2, 29)"));
  }

  @ParameterizedTest(name = "{0} fails")
  @MethodSource("failures")
  void failsSayingWhy(String expression, String message) {
    SQLException e = Queries.failure(connection, "SELECT " + expression + " FROM t WHERE id = 1");
    assertThat(e.getMessage()).contains(message);
    assertThat(e.getSQLState()).isEqualTo("22023");
    assertThat((Throwable) e).isInstanceOf(java.sql.SQLDataException.class);
  }

  @ParameterizedTest(name = "{0} = {1}")
  @MethodSource("cases")
  void evaluates(String expression, String expected) throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT " + expression + " FROM t WHERE id = 1")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo(expected);
    }
  }
}
