package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import sqlline.SqlLine;

/**
 * Nothing a client sends is silently ignored: every connection property that reaches the gateway
 * is honoured (maxCellChars) or refused with 42501 as an SQLException, whichever way it is sent:
 * java.util.Properties, SQLLine's {@code !connect -p}, or a plain openConnection request. What
 * Avatica's client does with properties written in the URL is pinned here, as docs/gateway.md
 * describes it.
 */
class ConnectionPropertiesTest {
  @TempDir
  static Path root;
  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    Path ws = Files.createDirectories(root.resolve("ws"));
    Files.writeString(ws.resolve("notes.csv"), "id,text\n1,a fairly long note text\n2,b\n");
    gateway = GatewayFixture.anonymous(root, ws);
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  private static Properties properties(String... keysAndValues) {
    Properties p = new Properties();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      p.setProperty(keysAndValues[i], keysAndValues[i + 1]);
    }
    return p;
  }

  @Test
  void maxCellCharsFromPropertiesIsHonoured() throws SQLException {
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"),
        properties("maxCellChars", "6"))) {
      assertThat(GatewayFixture.rows(c, "SELECT text FROM notes ORDER BY id"))
          .containsExactly("a fair...[+17 chars]", "b");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"model", "delimiter", "queryTimeout", "workspace", "noSuchProperty",
      "maxcellchars_typo"})
  void aRefusedPropertyIsAnSqlExceptionWith42501OnFirstUse(String key) throws SQLException {
    // Avatica's client would throw a RuntimeException out of getConnection for an error
    // answering openConnection; the gateway answers it on the first request instead.
    // Avatica's client throws a RuntimeException out of getConnection for an error answering
    // openConnection, and out of createStatement; the gateway answers the refusal when the
    // first statement runs, which the client reports as an SQLException.
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"),
        properties(key, "x")); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.executeQuery("SELECT COUNT(*) FROM notes"))
          .isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"))
          .hasMessageContaining("Connection property '" + key + "' cannot be set by a client")
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n")
              .doesNotContain("Exception"));
      assertThatThrownBy(() -> c.prepareStatement("SELECT 1")).isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
      assertThatThrownBy(() -> s.executeUpdate("SELECT 1")).isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("42501"));
    }
  }

  @Test
  void aBadValueOfAnAllowedPropertyIsRefusedToo() throws SQLException {
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"),
        properties("maxCellChars", "lots")); Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.executeQuery("SELECT 1")).isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isNotNull()
              .isNotEqualTo("00000").isNotEqualTo("XX000"))
          .hasMessageContaining("maxCellChars");
    }
  }

  @Test
  void aPlainOpenConnectionGetsTheRefusalOnItsFirstRequest() throws Exception {
    for (boolean json : new boolean[] {false}) {
      RawAvatica c = new RawAvatica(gateway.url(), json, null, null);
      assertThat(c.send(new Service.OpenConnectionRequest("p1", Map.of("charset", "UTF-16")))
          .status()).isEqualTo(200);
      RawAvatica.Answer a = c.send(new Service.PrepareRequest("p1", "SELECT 1", -1));
      assertThat(a.error()).isNotNull();
      assertThat(a.error().sqlState).isEqualTo("42501");
      assertThat(a.error().errorMessage).contains("Connection property 'charset'");
      assertThat(c.send(new Service.CloseConnectionRequest("p1")).status()).isEqualTo(200);
      assertThat(c.send(new Service.PrepareRequest("p1", "SELECT 1", -1)).error().sqlState)
          .as("closed: it is gone").isEqualTo("08003");
    }
  }

  @Test
  void sqllineConnectWithPropertiesIsHonouredOrRefused() throws Exception {
    String url = gateway.jdbcUrl("protobuf");
    String out = sqlline("!connect -p maxCellChars 6 " + url + " \"\" \"\"\n"
        + "SELECT text FROM notes ORDER BY id;\n"
        + "!connect -p model x " + url + " \"\" \"\"\n"
        + "SELECT 1;\n");
    assertThat(out).contains("'a fair...[+17 chars]'");
    assertThat(out).contains("state=42501").contains("Connection property 'model' cannot be set by a "
        + "client of the gateway").doesNotContain("\tat ").doesNotContain("Exception:");
  }

  private static String sqlline(String script) throws Exception {
    Path file = Files.writeString(root.resolve("script-" + System.nanoTime() + ".sql"), script);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    SqlLine s = new SqlLine();
    s.setOutputStream(out);
    s.setErrorStream(out);
    s.begin(new String[] {"--outputformat=csv", "--run=" + file},
        new ByteArrayInputStream(new byte[0]), false);
    return bytes.toString(StandardCharsets.UTF_8);
  }

  /**
   * Avatica's remote client reads the properties of the URL itself and never sends them: it
   * sends only the java.util.Properties given to getConnection (less its own keys). A
   * maxCellChars written in the URL never reaches the gateway, so docs/gateway.md says to give
   * it as a connection property; if a later Avatica sends URL properties, this fails and the
   * docs must change.
   */
  @Test
  void avaticasClientKeepsUrlPropertiesToItself() throws SQLException {
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf")
        + ";maxCellChars=6")) {
      assertThat(GatewayFixture.rows(c, "SELECT text FROM notes ORDER BY id"))
          .containsExactly("a fairly long note text", "b");
    }
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf")
        + ";model=x")) {
      assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM notes")).containsExactly("2");
    }
  }
}
