package io.csvws.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.engine.Engine;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A whole table's {@code COUNT(*)} on a plain statement is answered by the engine without its
 * Calcite connection, and a client cannot tell: the same columns, values, getters, statement
 * behaviour and errors as the planner's path (a prepared statement of the same text), and the
 * same counts as DuckDB. Every other text still goes to Calcite.
 */
class DirectAnswerTest {
  @TempDir
  static Path dir;
  private static final Properties MEMORY = new Properties();
  private static final java.util.Calendar UTC =
      java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC"), java.util.Locale.ROOT);

  @BeforeAll
  static void files() throws IOException {
    MEMORY.setProperty("metadataCache", "memory");
    StringBuilder b = new StringBuilder("id,name,amount\n");
    for (int i = 1; i <= 12_345; i++) {
      b.append(i).append(",name ").append(i).append(',').append(i % 97).append(".25\n");
    }
    Files.writeString(dir.resolve("sales.csv"), b);
    // Records with line breaks inside quotes, CRLF endings and no final line break.
    Files.writeString(dir.resolve("notes.csv"),
        "id,note\r\n1,\"two\r\nlines\"\r\n2,plain\r\n3,\"a \"\"quoted\"\" word\"\r\n4,last");
    Files.writeString(dir.resolve("Mixed_Case.csv"), "a\n1\n2\n");
    Files.writeString(dir.resolve("header_only.csv"), "a,b\n");
    Files.writeString(dir.resolve("my sales.tsv"), "x\ty\n1\t2\n3\t4\n5\t6\n");
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(dir.resolve("sub").resolve("sales.csv"), "id\n1\n2\n");
    StringBuilder t = new StringBuilder("b,i,l,d,f,dt,tm,ts,s\n");
    for (int r = 1; r <= 60; r++) {
      boolean gap = r % 7 == 0;
      t.append(gap ? "" : r % 2 == 0 ? "true" : "false").append(',')
          .append(gap ? "" : String.valueOf(r * 1000 - 30_000)).append(',')
          .append(gap ? "" : String.valueOf(r * 100_000_000_000L)).append(',')
          .append(gap ? "" : (r - 30) + "." + (r % 10) + "5").append(',')
          .append(gap ? "" : r + ".5e3").append(',')
          .append(gap ? "" : String.format("19%02d-%02d-%02d", r + 39, r % 12 + 1, r % 28 + 1))
          .append(',')
          .append(gap ? "" : String.format("%02d:%02d:%02d.%d", r % 24, r % 60, r % 60, r % 10))
          .append(',')
          .append(gap ? "" : String.format("2024-%02d-%02d %02d:30:%02d", r % 12 + 1,
              r % 28 + 1, r % 24, r % 60))
          .append(',')
          .append(gap ? "" : "text, " + r + " \"quoted\"").append('\n');
    }
    Files.writeString(dir.resolve("typed.csv"), t.toString().replace("text, ", "\"text, ")
        .replace(" \"quoted\"", " \"\"quoted\"\"\""));
    // A short record right after the rows a limit or seek keeps: its warning is reported when
    // the scan reads it, on either path alike.
    Files.writeString(dir.resolve("ragged.csv"), "id,a\n1,2\n2,3\n3\n4,5\n5\n");
    Files.writeString(dir.resolve("single.csv"), "v\n10\n20\n30\n");
    // Values at the edges of what the getters convert: days before the Gregorian reform and at
    // the ends of the four-digit years, times of day changes of offset skip or repeat, the
    // extreme numbers, NaN, the infinities and negative zero.
    Files.writeString(dir.resolve("edges.csv"), String.join("\n",
        "dt,tm,ts,i,d,f",
        "0001-01-01,00:00:00,0001-01-01 00:00:00,9223372036854775807,-0.50,-0.0e0",
        "1582-10-04,23:59:59.999,1582-10-15 00:00:00,-9223372036854775808,0.00,NaN",
        "1582-10-15,02:30:00,1883-11-18 12:00:00,3000000000,"
            + "1234567890123456789012345678901.25,Infinity",
        "1600-02-29,12:00:00.5,1935-03-30 00:00:00,-2147483649,-1.99,-Infinity",
        "1969-12-31,01:30:00,1969-12-31 23:59:59.999,0,32767.75,1.5e300",
        "1970-01-01,00:00:00.001,2024-03-10 02:30:00,-1,-32768.01,2.5e-10",
        "2038-01-19,03:14:07,2024-11-03 01:30:00,2147483648,127.99,-1e10",
        "9999-12-31,23:00:00,9999-12-31 23:59:59.999,,,",
        ",,,42,0.01,0.5e0", ""));
    Files.writeString(dir.resolve("badquote.csv"), "a,b\n1,\"never closed\n2,3\n");
    // A BIGINT sum past the type's range, which fails on either path, never wraps.
    Files.writeString(dir.resolve("big.csv"), "v\n9223372036854775807\n1\n");
  }

  private static CsvwsConnection open() throws SQLException {
    return (CsvwsConnection) new CsvwsDriver(Engine.create(false))
        .connect(CsvwsUrl.of(dir), MEMORY);
  }

  /**
   * The texts the engine answers directly, each with the count it must give, or -1 for rows of
   * a seek (-2 for none).
   */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT COUNT(*) FROM sales|12345",
      "select count(*) from SALES;|12345",
      "  Select Count ( * )\nFrom \"sales\"  ;|12345",
      "SELECT COUNT(*) FROM notes|4",
      "SELECT COUNT(*) FROM mixed_case|2",
      "SELECT COUNT(*) FROM header_only|0",
      "SELECT COUNT(*) FROM \"my sales\"|3",
      "SELECT COUNT(*) FROM \"sub/sales.csv\"|2",
      "SELECT COUNT(*) FROM \"sales.csv\"|12345",
      "SELECT COUNT(*) FROM typed|60",
      "SELECT * FROM typed WHERE _row = 3|-1",
      "select * from TYPED where _ROW between 1 and 60;|-1",
      "SELECT * FROM typed WHERE \"_row\" BETWEEN 0 AND 9|-1",
      "SELECT * FROM typed WHERE _row BETWEEN 55 AND 1000|-1",
      "SELECT * FROM typed WHERE _row BETWEEN 61 AND 70|-2",
      "SELECT * FROM typed WHERE _row = 7|-1",
      "SELECT * FROM sales WHERE _row BETWEEN 12000 AND 12002|-1",
      "SELECT * FROM notes WHERE _row BETWEEN 1 AND 4|-1",
      "SELECT * FROM single WHERE _row BETWEEN 2 AND 3|-1",
      "SELECT * FROM \"my sales\" WHERE _row = 2|-1",
      "SELECT * FROM typed LIMIT 20|-1",
      "SELECT * FROM edges LIMIT 20|-1",
      "SELECT * FROM edges WHERE _row BETWEEN 2 AND 8|-1",
      "select * from sales limit 3;|-1",
      "SELECT * FROM notes LIMIT 100|-1",
      "SELECT * FROM header_only LIMIT 5|-2",
      "SELECT * FROM ragged LIMIT 2|-1",
      "SELECT * FROM ragged LIMIT 3|-1",
      "SELECT * FROM ragged WHERE _row BETWEEN 1 AND 2|-1",
      "SELECT * FROM ragged WHERE _row = 4|-1",
      "SELECT COUNT(*) AS n FROM sales|12345",
      "SELECT COUNT(*) total, COUNT(*) AS \"again\" FROM sales|12345",
      "SELECT COUNT(id) FROM sales|12345",
      "SELECT COUNT(\"a\") FROM header_only|0",
      "SELECT SUM(amount), MIN(amount), MAX(amount), COUNT(*), MIN(\"name\") FROM sales|-1",
      "select b, count(*), sum(i), sum(l), sum(d), sum(f), min(i), max(l), min(d), max(dt), "
          + "min(tm), max(ts), min(s), count(s), count(f) from typed group by b;|-1",
      "SELECT dt, s, COUNT(*) AS cnt FROM typed GROUP BY s, dt|-1",
      "SELECT i FROM typed GROUP BY i|-1",
      "SELECT COUNT(*), ts, tm FROM typed GROUP BY tm, ts, d|-1",
      "SELECT SUM(d) total, MIN(d), MAX(d), MIN(dt), MAX(ts), MAX(tm), SUM(f) FROM edges|-1",
      "SELECT \"a\", COUNT(*) FROM mixed_case GROUP BY \"a\"|-1",
      "SELECT id, COUNT(*), SUM(\"a\") FROM ragged GROUP BY id|-1",
      "SELECT x, SUM(y) AS \"Sum\" FROM \"my sales\" GROUP BY x|-1",
      "SELECT \"a\", COUNT(*) FROM header_only GROUP BY \"a\"|-2",
      "SELECT \"name\", amount FROM sales LIMIT 5|-1",
      "SELECT amount, id FROM sales WHERE _row BETWEEN 12000 AND 12002|-1",
      "select s, dt, d, tm, b from typed limit 20;|-1",
      "SELECT ts FROM typed WHERE _row = 3|-1",
      "SELECT s FROM typed WHERE _row BETWEEN 61 AND 70|-2",
      "SELECT i, f, d FROM edges WHERE _row BETWEEN 2 AND 8|-1",
      "SELECT id FROM ragged LIMIT 3|-1",
      "SELECT \"a\" FROM ragged WHERE _row BETWEEN 1 AND 4|-1",
      "SELECT note FROM notes LIMIT 100|-1",
      "SELECT y, x FROM \"my sales\" LIMIT 2|-1",
      "SELECT a, COUNT(*) AS count FROM ragged GROUP BY a|-1",
      "SELECT name, amount FROM sales WHERE _row = 9|-1"})
  void answersWithoutCalciteWhatThePlannersPathAnswers(String textAndCount) throws SQLException {
    String sql = textAndCount.substring(0, textAndCount.indexOf('|'));
    long expected = Long.parseLong(textAndCount.substring(textAndCount.indexOf('|') + 1));
    List<String> direct;
    try (CsvwsConnection c = open(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      direct = everything(rs);
      direct.add("warnings=" + warnings(s));
      assertThat(c.session().connected()).as("Calcite's connection is never made").isFalse();
    }
    List<String> planned;
    try (CsvwsConnection c = open(); PreparedStatement p = c.prepareStatement(sql);
        ResultSet rs = p.executeQuery()) {
      planned = everything(rs);
      planned.add("warnings=" + warnings(p));
      assertThat(c.session().connected()).isTrue();
    }
    assertThat(direct).isEqualTo(planned);
    if (expected >= 0) {
      assertThat(direct).contains("getLong=" + expected);
    } else if (expected == -1) {
      assertThat(direct).anyMatch(line -> line.startsWith("row="));
    } else {
      assertThat(direct).noneMatch(line -> line.startsWith("row="));
    }
  }

  /** The statement's warnings, each as SQLState and message. */
  private static List<String> warnings(Statement s) throws SQLException {
    List<String> out = new ArrayList<>();
    for (java.sql.SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
      out.add(w.getSQLState() + " " + w.getMessage());
    }
    return out;
  }

  /** The edge values are read with the types the comparisons above mean to cover. */
  @Test
  void theEdgeValuesHaveTheirTypes() throws SQLException {
    try (CsvwsConnection c = open(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM edges LIMIT 1")) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> types = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        types.add(md.getColumnTypeName(i));
      }
      assertThat(types).containsExactly("DATE", "TIME", "TIMESTAMP", "BIGINT", "DECIMAL",
          "DOUBLE");
      assertThat(c.session().connected()).isFalse();
    }
  }

  /** Long text cut for a context-limited client: the same cells cut, the same warning. */
  @Test
  void cellsAreCutAsThePlannersPathCutsThem() throws SQLException {
    Properties cut = new Properties();
    cut.putAll(MEMORY);
    cut.setProperty("maxCellChars", "6");
    for (String sql : List.of("SELECT * FROM typed LIMIT 10",
        "SELECT * FROM typed WHERE _row BETWEEN 5 AND 15",
        "SELECT s, COUNT(*), MAX(s) AS longest FROM typed GROUP BY s",
        "SELECT s, i FROM typed LIMIT 10")) {
      List<String> direct;
      try (CsvwsConnection c = (CsvwsConnection) new CsvwsDriver(Engine.create(false))
          .connect(CsvwsUrl.of(dir), cut); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery(sql)) {
        direct = everything(rs);
        direct.add("warnings=" + warnings(s));
        assertThat(c.session().connected()).isFalse();
      }
      List<String> planned;
      try (Connection c = new CsvwsDriver(Engine.create(false)).connect(CsvwsUrl.of(dir), cut);
          PreparedStatement p = c.prepareStatement(sql); ResultSet rs = p.executeQuery()) {
        planned = everything(rs);
        planned.add("warnings=" + warnings(p));
      }
      assertThat(direct).as(sql).isEqualTo(planned).anyMatch(l -> l.contains("01004"));
    }
  }

  /** Every description of every column and every getter of every row, as text. */
  @SuppressWarnings("deprecation")
  private static List<String> everything(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    ResultSetMetaData md = rs.getMetaData();
    int n = md.getColumnCount();
    out.add("columns=" + n);
    for (int i = 1; i <= n; i++) {
      out.add(i + " label=" + md.getColumnLabel(i) + " name=" + md.getColumnName(i)
          + " type=" + md.getColumnType(i) + " typeName=" + md.getColumnTypeName(i)
          + " class=" + md.getColumnClassName(i) + " nullable=" + md.isNullable(i)
          + " precision=" + md.getPrecision(i) + " scale=" + md.getScale(i)
          + " displaySize=" + md.getColumnDisplaySize(i) + " signed=" + md.isSigned(i)
          + " autoIncrement=" + md.isAutoIncrement(i) + " caseSensitive="
          + md.isCaseSensitive(i) + " searchable=" + md.isSearchable(i) + " currency="
          + md.isCurrency(i) + " readOnly=" + md.isReadOnly(i) + " writable="
          + md.isWritable(i) + " definitelyWritable=" + md.isDefinitelyWritable(i)
          + " table=" + md.getTableName(i) + " schema=" + md.getSchemaName(i)
          + " catalog=" + md.getCatalogName(i));
    }
    out.add("type=" + rs.getType() + " concurrency=" + rs.getConcurrency()
        + " holdability=" + rs.getHoldability() + " fetchDirection=" + rs.getFetchDirection());
    while (rs.next()) {
      out.add("row=" + rs.getRow());
      for (int i = 1; i <= n; i++) {
        final int c = i;
        Object o = rs.getObject(c);
        out.add("getObject=" + o + " " + (o == null ? null : o.getClass().getName()));
        out.add("getLong=" + read(() -> rs.getLong(c)));
        out.add("getInt=" + read(() -> rs.getInt(c)));
        out.add("getShort=" + read(() -> rs.getShort(c)));
        out.add("getByte=" + read(() -> rs.getByte(c)));
        out.add("getDouble=" + read(() -> rs.getDouble(c)));
        out.add("getFloat=" + read(() -> rs.getFloat(c)));
        out.add("getBigDecimal=" + read(() -> rs.getBigDecimal(c)));
        out.add("getString=" + read(() -> rs.getString(c)));
        out.add("getBigDecimalScale1=" + read(() -> rs.getBigDecimal(c, 1)));
        out.add("getBytes=" + read(() -> {
          byte[] b = rs.getBytes(c);
          return b == null ? null : java.util.Arrays.toString(b);
        }));
        out.add("getAsciiStream=" + read(() -> {
          java.io.InputStream in = rs.getAsciiStream(c);
          try {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.US_ASCII);
          } catch (IOException e) {
            throw new SQLException(e);
          }
        }));
        out.add("getNString=" + read(() -> rs.getNString(c)));
        out.add("getBoolean=" + read(() -> rs.getBoolean(c)));
        out.add("wasNull=" + rs.wasNull());
        out.add("asLong=" + read(() -> rs.getObject(c, Long.class)));
        out.add("asInteger=" + read(() -> rs.getObject(c, Integer.class)));
        out.add("asShort=" + read(() -> rs.getObject(c, Short.class)));
        out.add("asBigDecimal=" + read(() -> rs.getObject(c, BigDecimal.class)));
        out.add("asString=" + read(() -> rs.getObject(c, String.class)));
        out.add("getDate=" + read(() -> rs.getDate(c)));
        out.add("getTime=" + read(() -> rs.getTime(c)));
        out.add("getTimestamp=" + read(() -> rs.getTimestamp(c)));
        out.add("getDateUtc=" + read(() -> rs.getDate(c, UTC)));
        out.add("getTimeUtc=" + read(() -> rs.getTime(c, UTC)));
        out.add("getTimestampUtc=" + read(() -> rs.getTimestamp(c, UTC)));
        out.add("dateMillis=" + read(() -> {
          java.sql.Date d = rs.getDate(c);
          return d == null ? null : d.getTime();
        }));
        out.add("timestampMillis=" + read(() -> {
          java.sql.Timestamp ts = rs.getTimestamp(c);
          return ts == null ? null : ts.getTime() + "/" + ts.getNanos();
        }));
        out.add("asLocalDate=" + read(() -> rs.getObject(c, LocalDate.class)));
        out.add("asLocalTime=" + read(() -> rs.getObject(c, LocalTime.class)));
        out.add("asLocalDateTime=" + read(() -> rs.getObject(c, LocalDateTime.class)));
        out.add("asBoolean=" + read(() -> rs.getObject(c, Boolean.class)));
        out.add("asDouble=" + read(() -> rs.getObject(c, Double.class)));
        out.add("characters=" + read(() -> {
          java.io.Reader r = rs.getCharacterStream(c);
          if (r == null) {
            return null;
          }
          StringBuilder sb = new StringBuilder();
          try {
            for (int ch = r.read(); ch >= 0; ch = r.read()) {
              sb.append((char) ch);
            }
          } catch (IOException e) {
            throw new SQLException(e);
          }
          return sb;
        }));
        out.add("stringByLabel=" + read(() -> rs.getString(md.getColumnLabel(c))));
        out.add("objectByLabel=" + read(() -> rs.getObject(md.getColumnLabel(c))));
        out.add("byLabel=" + read(() -> rs.getLong(md.getColumnLabel(c))));
        out.add("shortByLabel=" + read(() -> rs.getShort(md.getColumnLabel(c))));
        out.add("findColumn=" + rs.findColumn(md.getColumnLabel(i)));
      }
    }
    out.add("after=" + rs.next() + " isAfterLast=" + rs.isAfterLast());
    return out;
  }

  /** A getter that may fail. */
  @FunctionalInterface
  private interface Getter {
    Object get() throws SQLException;
  }

  /** What {@code getter} gives, or its failure's SQLState and message. */
  private static String read(Getter getter) {
    try {
      return String.valueOf(getter.get());
    } catch (SQLException e) {
      return "failed " + e.getSQLState() + ": " + e.getMessage();
    }
  }

  @Test
  void theCountsAreDuckDbsCounts() throws SQLException {
    try (CsvwsConnection c = open(); Statement s = c.createStatement();
        Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        Statement d = duck.createStatement()) {
      for (String table : List.of("sales", "notes", "mixed_case", "\"my sales\"")) {
        String file = switch (table) {
          case "sales" -> "sales.csv";
          case "notes" -> "notes.csv";
          case "mixed_case" -> "Mixed_Case.csv";
          default -> "my sales.tsv";
        };
        long ours;
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
          assertThat(rs.next()).isTrue();
          ours = rs.getLong(1);
        }
        try (ResultSet rs = d.executeQuery("SELECT COUNT(*) FROM read_csv('"
            + dir.resolve(file).toString().replace("'", "''") + "', header = true)")) {
          assertThat(rs.next()).isTrue();
          assertThat(ours).as(table).isEqualTo(rs.getLong(1));
        }
      }
      assertThat(c.session().connected()).isFalse();
    }
  }

  /** Texts that are not a plain count go to Calcite and get its answer or its error. */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT COUNT(*) FROM sales WHERE id > 12000",
      "SELECT COUNT(*) FROM main.sales",
      "SELECT USER FROM typed LIMIT 1",
      "SELECT b, COUNT(*), CURRENT_DATE FROM typed GROUP BY b",
      "SELECT S FROM typed LIMIT 3",
      "SELECT s, s FROM typed LIMIT 3",
      "SELECT _row, s FROM typed LIMIT 3",
      "SELECT s AS t FROM typed LIMIT 3",
      "SELECT s FROM typed",
      "SELECT b AS i, COUNT(*) FROM typed GROUP BY b",
      "SELECT b AS b, COUNT(*) FROM typed GROUP BY b",
      "SELECT B, COUNT(*) FROM typed GROUP BY B",
      "SELECT COUNT(*) AS b FROM typed GROUP BY b",
      "SELECT i, COUNT(*) AS I FROM typed GROUP BY i",
      "SELECT i, COUNT(*) FROM typed GROUP BY i, i",
      "SELECT MIN(f), MAX(b) FROM typed",
      "SELECT AVG(i) FROM typed",
      "SELECT COUNT(DISTINCT s) FROM typed",
      "SELECT b, COUNT(*) FROM typed GROUP BY b ORDER BY b",
      "SELECT b, COUNT(*) FROM typed WHERE i > 0 GROUP BY b",
      "SELECT b, SUM(i + 1) FROM typed GROUP BY b",
      "SELECT _row, COUNT(*) FROM typed GROUP BY _row",
      "SELECT id, COUNT(*) FROM sub.sales GROUP BY id",
      "SELECT COUNT(*) FROM sub.sales",
      "SELECT COUNT(*) FROM sales -- all"})
  void everyOtherTextGoesToCalcite(String sql) throws SQLException {
    try (CsvwsConnection c = open(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      assertThat(c.session().connected()).isTrue();
      List<String> viaStatement = everything(rs);
      try (PreparedStatement p = c.prepareStatement(sql); ResultSet prs = p.executeQuery()) {
        assertThat(viaStatement).isEqualTo(everything(prs));
      }
    }
  }

  /** A name the engine cannot answer for fails as the planner's path fails: same state, text. */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT COUNT(*) FROM nosuch",
      "SELECT COUNT(*) FROM salse",
      "SELECT COUNT(*) FROM select",
      "SELECT COUNT(*) FROM badquote",
      "SELECT COUNT(*) FROM \"Sales.CSV\"",
      "SELECT COUNT(*) FROM \"/etc/passwd.csv\"",
      "SELECT COUNT(*) FROM sub",
      "SELECT SUM(v) FROM big",
      "SELECT COUNT(*), SUM(v) AS s FROM big",
      "SELECT s, COUNT(*) FROM typed GROUP BY b",
      "SELECT b, COUNT(nosuch) FROM typed GROUP BY b",
      "SELECT SUM(s) FROM typed",
      "SELECT a, COUNT(*) FROM nosuch GROUP BY a",
      "SELECT a, COUNT(*) FROM badquote GROUP BY a",
      "SELECT nosuch FROM typed LIMIT 3",
      "SELECT \"b\" FROM badquote LIMIT 1"})
  void failsAsThePlannersPathFails(String sql) throws SQLException {
    SQLException direct = failure(sql, false);
    SQLException planned = failure(sql, true);
    assertThat(direct.getSQLState()).isEqualTo(planned.getSQLState());
    assertThat(direct.getMessage()).isEqualTo(planned.getMessage());
  }

  /** A file outside the workspace, named by a relative path or reached by a link: refused. */
  @Test
  void theSandboxRefusesOnEitherPathAlike(@TempDir Path elsewhere) throws IOException,
      SQLException {
    Path outside = elsewhere.resolve("outside.csv");
    Files.writeString(outside, "secret\n1\n");
    Path link = dir.resolve("link.csv");
    Files.deleteIfExists(link);
    Files.createSymbolicLink(link, outside);
    String up = dir.relativize(outside).toString();
    try {
      for (String sql : List.of("SELECT COUNT(*) FROM \"" + up + "\"",
          "SELECT * FROM \"sub/../" + up + "\" LIMIT 1",
          "SELECT * FROM \"" + outside + "\" WHERE _row = 1",
          "SELECT COUNT(*) FROM link", "SELECT * FROM link LIMIT 1")) {
        SQLException direct = failure(sql, false);
        SQLException planned = failure(sql, true);
        assertThat((Object) direct).as(sql).isNotNull();
        assertThat((Object) planned).as(sql).isNotNull();
        assertThat(direct.getSQLState()).as(sql).isEqualTo(planned.getSQLState());
        assertThat(direct.getMessage()).as(sql).isEqualTo(planned.getMessage())
            .doesNotContain("secret");
      }
    } finally {
      Files.delete(link);
    }
  }

  private static SQLException failure(String sql, boolean prepared) throws SQLException {
    try (CsvwsConnection c = open(); Statement s = c.createStatement()) {
      if (prepared) {
        return (SQLException) org.assertj.core.api.Assertions.catchThrowable(() -> {
          try (PreparedStatement p = c.prepareStatement(sql)) {
            p.executeQuery().close();
          }
        });
      }
      return (SQLException) org.assertj.core.api.Assertions.catchThrowable(
          () -> s.executeQuery(sql).close());
    }
  }

  @Test
  void aSchemaSetOnTheConnectionIsHonoured() throws SQLException {
    try (CsvwsConnection c = open(); Statement s = c.createStatement()) {
      c.setSchema("sub");
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM sales")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).as("sub/sales.csv, not sales.csv").isEqualTo(2);
      }
      c.setSchema("main");
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM sales")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(12_345);
      }
    }
  }

  /** The count is of the file as it is now: rewritten, grown, or deleted. */
  @Test
  void aChangedFileIsCountedAnew() throws IOException, SQLException {
    Path file = dir.resolve("changing.csv");
    Files.writeString(file, "a\n1\n2\n3\n");
    try (CsvwsConnection c = open(); Statement s = c.createStatement()) {
      assertThat(count(s, "changing")).isEqualTo(3);
      Files.writeString(file, "a\n1\n2\n3\n4\n5\n");
      assertThat(count(s, "changing")).isEqualTo(5);
      Files.delete(file);
      assertThatThrownBy(() -> count(s, "changing")).isInstanceOf(SQLException.class)
          .hasMessageContaining("changing");
      assertThat(c.session().connected()).as("the missing table is reported by Calcite")
          .isTrue();
    }
  }

  /**
   * A fresh process counting from the persistent cache: a file rewritten to the same size with
   * its modification time set back is counted anew, not answered from the stale entry.
   */
  @Test
  void aFreshEngineCountsARewriteOfTheSameSizeAndTimeAnew(@TempDir Path cache)
      throws IOException, SQLException {
    Path file = dir.resolve("rewritten.csv");
    Files.writeString(file, "a\n1\n2\n3\n");
    FileTime time = Files.getLastModifiedTime(file);
    Properties persistent = new Properties();
    persistent.setProperty("metadataCache", cache.toString());
    try (Connection c = new CsvwsDriver(Engine.create(false)).connect(CsvwsUrl.of(dir),
        persistent); Statement s = c.createStatement()) {
      assertThat(count(s, "rewritten")).isEqualTo(3);
    }
    try (CsvwsConnection c = (CsvwsConnection) new CsvwsDriver(Engine.create(false))
        .connect(CsvwsUrl.of(dir), persistent); Statement s = c.createStatement()) {
      assertThat(count(s, "rewritten")).as("from the cache").isEqualTo(3);
      assertThat(c.session().connected()).isFalse();
    }
    Files.writeString(file, "a\n\"1\n2\"\n");
    Files.setLastModifiedTime(file, time);
    assertThat(Files.size(file)).isEqualTo(8);
    try (CsvwsConnection c = (CsvwsConnection) new CsvwsDriver(Engine.create(false))
        .connect(CsvwsUrl.of(dir), persistent); Statement s = c.createStatement()) {
      assertThat(count(s, "rewritten")).isEqualTo(1);
      assertThat(c.session().connected()).isFalse();
    }
  }

  private static long count(Statement s, String table) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      assertThat(rs.next()).isTrue();
      long n = rs.getLong(1);
      assertThat(rs.next()).isFalse();
      return n;
    }
  }

  /** The statement behaves after a direct answer as after any query. */
  @Test
  void theStatementAroundADirectAnswerIsAnOrdinaryStatement() throws SQLException {
    try (CsvwsConnection c = open(); Statement s = c.createStatement()) {
      assertThat(s.execute("SELECT COUNT(*) FROM sales")).isTrue();
      ResultSet rs = s.getResultSet();
      assertThat(rs.getStatement()).isSameAs(s);
      assertThat(s.getUpdateCount()).isEqualTo(-1);
      assertThat(s.getLargeUpdateCount()).isEqualTo(-1);
      assertThat((Object) s.getWarnings()).isNull();
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(12_345);
      assertThat(s.getMoreResults()).isFalse();
      assertThat(rs.isClosed()).as("getMoreResults closes the current rows").isTrue();
      assertThat(s.getResultSet()).isNull();
      assertThat(s.getUpdateCount()).isEqualTo(-1);
      assertThat(s.getMaxRows()).isZero();
      assertThat(s.getQueryTimeout()).isZero();
      assertThat(c.session().connected()).isFalse();

      Statement t = c.createStatement();
      ResultSet first = t.executeQuery("SELECT COUNT(*) FROM notes");
      ResultSet second = t.executeQuery("SELECT COUNT(*) FROM sales");
      assertThat(first.isClosed()).as("the next execution closes the rows before").isTrue();
      assertThat(second.next()).isTrue();
      t.close();
      assertThat(second.isClosed()).isTrue();
      assertThatThrownBy(() -> t.executeQuery("SELECT COUNT(*) FROM sales"))
          .isInstanceOf(SQLException.class).hasMessageContaining("closed");
      assertThat(c.session().connected()).isFalse();
    }
  }

  /** Settings made before the count are the engine statement's, and the count honours them. */
  @Test
  void settingsMadeBeforeTheCountHold() throws SQLException {
    try (CsvwsConnection c = open(); Statement s = c.createStatement()) {
      s.setQueryTimeout(7);
      s.setMaxRows(5);
      assertThat(count(s, "sales")).isEqualTo(12_345);
      assertThat(s.getQueryTimeout()).isEqualTo(7);
      assertThat(s.getMaxRows()).isEqualTo(5);
      try (ResultSet rs = s.executeQuery("SELECT * FROM sales LIMIT 100")) {
        int rows = 0;
        while (rs.next()) {
          rows++;
        }
        assertThat(rows).as("the row limit set before").isEqualTo(5);
      }
      assertThat(c.session().connected())
          .as("settings made before a direct answer make no Calcite connection").isFalse();
      try (ResultSet rs = s.executeQuery("SELECT id FROM sales WHERE id > 3")) {
        int rows = 0;
        while (rs.next()) {
          rows++;
        }
        assertThat(rows).as("the limit, given to the engine's statement").isEqualTo(5);
        assertThat(s.getQueryTimeout()).isEqualTo(7);
      }
      assertThat(c.session().connected()).isTrue();
    }
    try (CsvwsConnection c = open(); Statement s = c.createStatement()) {
      for (Getter refused : List.<Getter>of(() -> {
        s.setQueryTimeout(-1);
        return null;
      }, () -> {
        s.setMaxRows(-1);
        return null;
      }, () -> {
        s.setLargeMaxRows(-1);
        return null;
      })) {
        assertThat(read(refused)).as("a negative setting is refused with a SQLState")
            .matches("failed [0-9A-Z]{5}: .*-1.*");
      }
    }
    Properties timeout = new Properties();
    timeout.putAll(MEMORY);
    timeout.setProperty("queryTimeout", "9");
    try (Connection c = new CsvwsDriver(Engine.create(false)).connect(CsvwsUrl.of(dir), timeout);
        Statement s = c.createStatement()) {
      assertThat(s.getQueryTimeout()).as("the connection's default").isEqualTo(9);
      assertThat(count(s, "sales")).isEqualTo(12_345);
      try (ResultSet rs = s.executeQuery("SELECT id FROM sales WHERE id = 3")) {
        assertThat(rs.next()).isTrue();
        assertThat(s.getQueryTimeout()).as("also on the engine's statement").isEqualTo(9);
      }
    }
  }

  /** A statement cancelled before it runs is not cancelled for its next query, direct or not. */
  @Test
  void aCancelBeforeTheCountStopsNothingLater() throws SQLException {
    try (CsvwsConnection c = open(); Statement s = c.createStatement()) {
      s.cancel();
      assertThat(count(s, "sales")).isEqualTo(12_345);
      assertThat(c.getMetaData().getURL()).isEqualTo(CsvwsUrl.of(dir));
      assertThat(count(s, "sales")).isEqualTo(12_345);
    }
  }

  /** Closing a connection that never made Calcite's makes none. */
  @Test
  void closingWithoutCalciteMakesNone() throws SQLException {
    CsvwsConnection c = open();
    try (Statement s = c.createStatement()) {
      assertThat(count(s, "notes")).isEqualTo(4);
    }
    c.close();
    assertThat(c.session().connected()).isFalse();
    assertThat(c.isClosed()).isTrue();
    assertThatThrownBy(c::createStatement).isInstanceOf(SQLException.class)
        .hasMessageContaining("closed");
    assertThatThrownBy(() -> c.session().connection()).isInstanceOf(SQLException.class)
        .hasMessageContaining("closed");
  }
}
