package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jdbc:csvws:remote:http://host:port}: JDBC's user and password log in, csvws properties
 * in the URL reach the gateway (which honours or refuses them), and every failure, from
 * {@code getConnection} on, is an SQLException with a SQLState.
 */
class RemoteUrlTest {
  @TempDir
  static Path root;
  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    gateway = GatewayFixture.withUsers(root);
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  private static String url() {
    return "jdbc:csvws:remote:" + gateway.url();
  }

  private static String state(Throwable e) {
    assertThat(e).isInstanceOf(SQLException.class);
    assertThat(e.getMessage()).isNotBlank().doesNotContain("\tat ");
    return ((SQLException) e).getSQLState();
  }

  @Test
  void jdbcUserAndPasswordLogInAndEachUserSeesTheirOwnWorkspace() throws Exception {
    try (Connection c = DriverManager.getConnection(url(), "alice",
        GatewayFixture.ALICE_PASSWORD)) {
      assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM orders")).containsExactly("3");
      assertThat(c.isWrapperFor(Connection.class)).isTrue();
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
        assertThat(rs.getStatement()).isSameAs(s);
        assertThat(s.getConnection()).isSameAs(c);
      }
    }
    Properties p = new Properties();
    p.setProperty("user", "bob");
    p.setProperty("password", GatewayFixture.BOB_PASSWORD);
    try (Connection c = DriverManager.getConnection(url(), p)) {
      assertThat(GatewayFixture.rows(c, "SELECT code FROM secret")).containsExactly("bob-only");
    }
  }

  @Test
  void aWrongPasswordIsRefusedWithAnAuthorizationState() {
    assertThatThrownBy(() -> {
      try (Connection c = DriverManager.getConnection(url(), "alice", "wrong")) {
        GatewayFixture.rows(c, "SELECT 1");
      }
    }).satisfies(e -> assertThat(state(e)).isEqualTo("28000"));
  }

  @Test
  void anUnreachableGatewayIsAConnectionFailure() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    assertThatThrownBy(() -> {
      try (Connection c = DriverManager.getConnection("jdbc:csvws:remote:http://127.0.0.1:"
          + port, "alice", "x")) {
        GatewayFixture.rows(c, "SELECT 1");
      }
    }).satisfies(e -> assertThat(state(e)).startsWith("08"));
    assertThatThrownBy(() -> DriverManager.getConnection("jdbc:csvws:remote:ftp://h"))
        .satisfies(e -> assertThat(state(e)).isEqualTo("HY024"))
        .hasMessageContaining("jdbc:csvws:remote:http://host:port");
  }

  @Test
  void csvwsPropertiesInTheUrlReachTheGateway() throws Exception {
    try (Connection c = DriverManager.getConnection(url() + "?maxCellChars=2", "alice",
        GatewayFixture.ALICE_PASSWORD)) {
      assertThat(GatewayFixture.rows(c, "SELECT region FROM orders WHERE id = 1"))
          .allSatisfy(v -> assertThat(v).doesNotContain("north"));
    }
    assertThatThrownBy(() -> {
      try (Connection c = DriverManager.getConnection(url() + "?delimiter=;", "alice",
          GatewayFixture.ALICE_PASSWORD)) {
        GatewayFixture.rows(c, "SELECT 1");
      }
    }).satisfies(e -> assertThat(state(e)).isEqualTo("42501"))
        .hasMessageContaining("delimiter");
  }

  @Test
  void metadataQuestionsAvaticasClientLeavesUnansweredAreAnsweredAsEmbedded() throws Exception {
    Connection c = DriverManager.getConnection(url(), "alice", GatewayFixture.ALICE_PASSWORD);
    DatabaseMetaData md = c.getMetaData();
    assertThat(md.getConnection()).isSameAs(c);
    assertThat(md.ownUpdatesAreVisible(ResultSet.TYPE_FORWARD_ONLY)).isFalse();
    assertThat(md.insertsAreDetected(ResultSet.TYPE_FORWARD_ONLY)).isFalse();
    assertThat(md.supportsResultSetHoldability(ResultSet.HOLD_CURSORS_OVER_COMMIT)).isTrue();
    try (ResultSet tables = md.getTables(null, null, "orders", null)) {
      assertThat(tables.next()).isTrue();
    }
    c.close();
    assertThatThrownBy(c::createStatement).satisfies(e -> assertThat(state(e)).isNotNull());
    assertThatThrownBy(() -> md.getTables(null, null, "%", null))
        .satisfies(e -> assertThat(state(e)).isNotNull());
  }
}
