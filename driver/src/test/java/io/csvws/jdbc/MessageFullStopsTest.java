package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.CsvwsProperty;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No message a user can get ends a sentence with two full stops ("listen on 127.0.0.1..",
 * "maxCellChars.."), which happens when a sentence that ends with one is joined to text that
 * adds another. Checked two ways: the string literals of the main sources of every module, and
 * the messages of real failures (bad properties, bad folders, refused and failing statements,
 * JDBC misuse) and of the warnings of every file in the wild-files collection. Each failure must
 * also carry a SQLState.
 */
class MessageFullStopsTest {
  /** An ellipsis is fine, and so is {@code ..} as a path segment. */
  private static final Pattern ALLOWED =
      Pattern.compile("\\.{3,}|(?<![^\\s/\\\\'\"(])\\.\\.(?=[\\s/\\\\'\")]|$)");

  private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

  /** {@code e.getMessage() + "."}: a message that may already end with a full stop. */
  private static final Pattern ADDED_STOP = Pattern.compile(
      "(getMessage|getReason|getDescription|getLocalizedMessage)\\(\\)\\s*\\+\\s*\"\\.");

  /** A literal ending in a full stop joined to one starting with one. */
  private static final Pattern JOINED_STOPS = Pattern.compile("\\.\"\\s*\\+\\s*\"\\.");

  @TempDir
  Path dir;

  static boolean doublesAFullStop(String message) {
    return message != null && ALLOWED.matcher(message).replaceAll("").contains("..");
  }

  @Test
  void theRuleItselfTellsEllipsesAndPathsFromDoubledStops() {
    assertThat(doublesAFullStop("listen on 127.0.0.1..")).isTrue();
    assertThat(doublesAFullStop("Bad maxCellChars.. Give a number.")).isTrue();
    assertThat(doublesAFullStop("each cut value ends with ...[+N chars].")).isFalse();
    assertThat(doublesAFullStop("'../data' leaves the workspace.")).isFalse();
    assertThat(doublesAFullStop("Segment .. is not allowed")).isFalse();
  }

  @Test
  void noStringLiteralOfTheMainSourcesDoublesAFullStop() throws IOException {
    List<String> found = new ArrayList<>();
    for (String module : List.of("model", "driver", "gateway")) {
      Path root = Path.of("..", module, "src", "main", "java");
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
          String text = Files.readString(f, StandardCharsets.UTF_8);
          Matcher literal = LITERAL.matcher(text);
          while (literal.find()) {
            if (doublesAFullStop(literal.group(1))) {
              found.add(f + ": \"" + literal.group(1) + "\"");
            }
          }
          for (Pattern p : List.of(ADDED_STOP, JOINED_STOPS)) {
            Matcher m = p.matcher(text);
            while (m.find()) {
              found.add(f + ": " + m.group() + " (end the sentence with Sentences.ending)");
            }
          }
        }
      }
    }
    assertThat(found).isEmpty();
  }

  @BeforeEach
  void writeWorkspace() {
    StringBuilder orders = new StringBuilder("id,qty,note,day\n");
    for (int r = 1; r <= 12; r++) {
      orders.append(r).append(',').append(r == 12 ? "lots" : String.valueOf(r)).append(",n")
          .append(r).append(",2024-01-0").append(r % 9 + 1).append('\n');
    }
    write(dir, "orders.csv", orders.toString());
    write(dir, "dates.csv", "d\n05/06/2024\n01/02/2024\n");
  }

  @Test
  void noMessageOfAFailingPropertyOrFolderDoublesAFullStop() throws Exception {
    List<String> urls = new ArrayList<>();
    String base = "jdbc:csvws:" + dir;
    for (CsvwsProperty p : CsvwsProperty.values()) {
      for (String bad : List.of("bogus.", "-1", "", "99999999999999", "..", "\u00e9\u00e9")) {
        urls.add(base + "?" + p.key() + "=" + bad);
      }
    }
    urls.add(base + "?noSuchProperty=1");
    urls.add(base + "?lex=JAVA");
    urls.add(base + "?model=x.json");
    urls.add(base + "?delimiter=%22&quote=%22");
    urls.add("jdbc:csvws:" + dir.resolve("no/such/folder."));
    urls.add("jdbc:csvws:" + dir.resolve("orders.csv"));
    urls.add("jdbc:csvws:bad\u0000name.");
    urls.add("jdbc:csvws:");
    List<String> messages = new ArrayList<>();
    for (String url : urls) {
      try (Connection c = DriverManager.getConnection(url)) {
        collect(c.getWarnings(), messages, url);
      } catch (SQLException e) {
        collect(e, messages, url);
      }
    }
    Driver driver = DriverManager.getDriver(base);
    for (DriverPropertyInfo info : driver.getPropertyInfo(base, new Properties())) {
      messages.add(info.name + ": " + info.description);
    }
    assertThat(messages).isNotEmpty();
    assertThat(messages).filteredOn(MessageFullStopsTest::doublesAFullStop).isEmpty();
  }

  @Test
  void noMessageOfAFailingOrRefusedStatementDoublesAFullStop() throws Exception {
    List<String> statements = List.of(
        "SELEC 1",
        "SELECT nope FROM orders",
        "SELECT * FROM nosuch",
        "SELECT * FROM orders.",
        "INSERT INTO orders VALUES (1, 2, 'x', DATE '2024-01-01')",
        "UPDATE orders SET qty = 1",
        "DELETE FROM orders",
        "CREATE TABLE t (a INT)",
        "DROP TABLE orders",
        "SELECT SUM(qty) FROM orders",
        "SELECT CAST(note AS INTEGER) FROM orders",
        "SELECT 1 / 0",
        "SELECT CAST(9223372036854775807 AS BIGINT) + 1",
        "SELECT REGEXP_MATCHES(note, '(') FROM orders",
        "SELECT REGEXP_REPLACE(note, '[', 'x') FROM orders",
        "SELECT MAKE_DATE(2024, 13, 45)",
        "SELECT STRFTIME(day, '%Q') FROM orders",
        "PIVOT orders ON note USING SUM(qty)",
        "SELECT (SELECT id FROM orders) FROM orders",
        "SELECT * FROM orders WHERE",
        "SELECT id FROM orders GROUP BY qty",
        "SELECT d FROM dates");
    List<String> messages = new ArrayList<>();
    try (Connection c = Queries.open(dir, "sampleRows=10")) {
      for (String sql : statements) {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            rs.getString(1);
          }
          collect(rs.getWarnings(), messages, sql);
          collect(s.getWarnings(), messages, sql);
        } catch (SQLException e) {
          collect(e, messages, sql);
        }
        for (ThrowingCall call : List.<ThrowingCall>of(
            () -> c.createStatement().executeUpdate(sql),
            () -> c.createStatement().addBatch(sql),
            () -> c.prepareStatement(sql).executeQuery())) {
          try {
            call.run();
          } catch (SQLException e) {
            collect(e, messages, sql);
          }
        }
      }
      misuse(c, messages);
    }
    try (Connection c = Queries.open(dir, "sampleRows=10", "onTypeError=null",
        "maxCellChars=1")) {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT qty, note FROM orders")) {
        while (rs.next()) {
          rs.getString(2);
        }
        collect(s.getWarnings(), messages, "lenient");
      }
    }
    assertThat(messages).hasSizeGreaterThan(statements.size());
    assertThat(messages).filteredOn(MessageFullStopsTest::doublesAFullStop).isEmpty();
  }

  /** Every file of the wild-files collection, read whole: its errors and warnings. */
  @Test
  void noMessageAboutAWildFileDoublesAFullStop() throws Exception {
    Path wild = wildFolder();
    List<String> messages = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + wild);
        Stream<Path> files = Files.list(wild)) {
      for (Path f : (Iterable<Path>) files.filter(p -> !p.toString().endsWith(".expected")
          && !p.toString().endsWith(".json"))::iterator) {
        String sql = "SELECT * FROM \"" + f.getFileName() + "\"";
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
          while (rs.next()) {
            rs.getString(1);
          }
          collect(s.getWarnings(), messages, sql);
        } catch (SQLException e) {
          collect(e, messages, sql);
        }
      }
    }
    assertThat(messages).isNotEmpty();
    assertThat(messages).filteredOn(MessageFullStopsTest::doublesAFullStop).isEmpty();
  }

  private static Path wildFolder() throws URISyntaxException {
    return Paths.get(MessageFullStopsTest.class.getResource("/wild/utf8_bom.csv").toURI())
        .getParent();
  }

  /** JDBC calls a tool can get wrong. */
  private static void misuse(Connection c, List<String> messages) throws SQLException {
    Statement s = c.createStatement();
    ResultSet rs = s.executeQuery("SELECT id, note FROM orders");
    rs.next();
    for (ThrowingCall call : List.<ThrowingCall>of(
        () -> rs.getInt("note"),
        () -> rs.getDate(1),
        () -> rs.getString(9),
        () -> rs.getString("nope"),
        rs::previous,
        () -> rs.updateString(1, "x"),
        () -> rs.unwrap(String.class),
        () -> c.prepareCall("x"),
        () -> c.setSavepoint(),
        () -> s.getGeneratedKeys(),
        () -> c.prepareStatement("SELECT ?").executeQuery(),
        () -> c.createStatement().executeQuery("SELECT 1").getObject(1, Thread.class),
        () -> {
          Statement closed = c.createStatement();
          closed.close();
          closed.executeQuery("SELECT 1");
        })) {
      try {
        call.run();
      } catch (SQLException e) {
        collect(e, messages, "misuse");
      }
    }
  }

  /** Adds the messages of {@code e}'s chain, after checking each has a SQLState. */
  private static void collect(SQLException e, List<String> messages, String what) {
    for (SQLException x = e; x != null; x = x.getNextException()) {
      assertThat(x.getSQLState()).as("SQLState of %s: %s", what, x.getMessage()).isNotNull();
      messages.add(x.getMessage());
    }
  }

  private static void collect(SQLWarning w, List<String> messages, String what) {
    for (SQLWarning x = w; x != null; x = x.getNextWarning()) {
      assertThat(x.getSQLState()).as("SQLState of a warning of %s", what).isNotNull();
      messages.add(x.getMessage());
    }
  }

  /** A JDBC call that may fail. */
  @FunctionalInterface
  private interface ThrowingCall {
    void run() throws SQLException;
  }
}
