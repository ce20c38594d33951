package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Users authenticate over HTTP BASIC and each reads only their own workspace. */
class AuthenticationAndIsolationTest {
  @TempDir
  static Path root;
  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    gateway = GatewayFixture.withUsers(root, "--serialization", "json");
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  private Connection connectJson(String user, String password) throws SQLException {
    java.util.Properties p = new java.util.Properties();
    if (user != null) {
      p.setProperty("avatica_user", user);
      p.setProperty("avatica_password", password);
      p.setProperty("authentication", "BASIC");
    }
    return java.sql.DriverManager.getConnection(gateway.jdbcUrl("json"), p);
  }

  @Test
  void eachUserReadsTheirOwnWorkspace() throws SQLException {
    try (Connection a = connectJson("alice", GatewayFixture.ALICE_PASSWORD);
        Connection b = connectJson("bob", GatewayFixture.BOB_PASSWORD)) {
      assertThat(GatewayFixture.rows(a, "SELECT COUNT(*), SUM(amount) FROM orders"))
          .containsExactly("3|37.75");
      assertThat(GatewayFixture.rows(b, "SELECT code, \"value\" FROM secret"))
          .containsExactly("bob-only|42");
    }
  }

  @Test
  void wrongOrMissingCredentialsAreRefused() throws Exception {
    assertThatThrownBy(() -> connectJson("alice", "wrong").createStatement()
        .executeQuery("SELECT 1")).isInstanceOf(Exception.class);
    assertThatThrownBy(() -> connectJson("mallory", "x").createStatement()
        .executeQuery("SELECT 1")).isInstanceOf(Exception.class);
    HttpResponse<String> none = gateway.post(null, null, "application/json",
        "{\"request\":\"openConnection\",\"connectionId\":\"c1\"}".getBytes(StandardCharsets.UTF_8));
    assertThat(none.statusCode()).isEqualTo(401);
    assertThat(none.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(
        h -> assertThat(h).startsWith("Basic"));
    HttpResponse<String> wrong = gateway.post("bob", GatewayFixture.ALICE_PASSWORD,
        "application/json", "{\"request\":\"openConnection\",\"connectionId\":\"c2\"}"
            .getBytes(StandardCharsets.UTF_8));
    assertThat(wrong.statusCode()).as("alice's password is not bob's").isEqualTo(401);
  }

  @Test
  void noSqlReachesAnotherUsersWorkspace() throws SQLException {
    Path bobsFile = root.resolve("bob").resolve("secret.csv");
    try (Connection a = connectJson("alice", GatewayFixture.ALICE_PASSWORD)) {
      for (String sql : List.of("SELECT * FROM secret",
          "SELECT * FROM \"../bob/secret.csv\"",
          "SELECT * FROM \"" + bobsFile + "\"",
          "SELECT * FROM bob.secret",
          "SELECT * FROM \"bob/secret.csv\"")) {
        assertThatThrownBy(() -> GatewayFixture.rows(a, sql)).as(sql)
            .isInstanceOf(SQLException.class)
            .satisfies(e -> assertThat(e.getMessage()).doesNotContain("bob-only"));
      }
      assertThat(GatewayFixture.rows(a, "SELECT COUNT(*) FROM csvws.files"))
          .as("alice's catalog lists only her file").containsExactly("1");
    }
  }

  @Test
  void connectionIdsBelongToTheUserWhoOpenedThem() throws Exception {
    String open = "{\"request\":\"openConnection\",\"connectionId\":\"shared-id\"}";
    assertThat(gateway.post("bob", GatewayFixture.BOB_PASSWORD, "application/json",
        open.getBytes(StandardCharsets.UTF_8)).statusCode()).isEqualTo(200);
    HttpResponse<String> stmt = gateway.post("bob", GatewayFixture.BOB_PASSWORD,
        "application/json", "{\"request\":\"createStatement\",\"connectionId\":\"shared-id\"}"
            .getBytes(StandardCharsets.UTF_8));
    assertThat(stmt.body()).contains("\"statementId\"");
    String statementId = stmt.body().replaceAll(".*\"statementId\":(\\d+).*", "$1");

    String query = "{\"request\":\"prepareAndExecute\",\"connectionId\":\"shared-id\","
        + "\"statementId\":" + statementId + ",\"sql\":\"SELECT * FROM secret\","
        + "\"maxRowCount\":-1,\"maxRowsInFirstFrame\":100}";
    HttpResponse<String> asAlice = gateway.post("alice", GatewayFixture.ALICE_PASSWORD,
        "application/json", query.getBytes(StandardCharsets.UTF_8));
    assertThat(asAlice.body()).as("bob's connection and statement do not exist for alice")
        .doesNotContain("bob-only").contains("\"response\":\"error\"")
        .contains("\"sqlState\":\"08003\"").contains("Unknown connection 'shared-id'");
    HttpResponse<String> aliceStatement = gateway.post("alice", GatewayFixture.ALICE_PASSWORD,
        "application/json", "{\"request\":\"createStatement\",\"connectionId\":\"shared-id\"}"
            .getBytes(StandardCharsets.UTF_8));
    assertThat(aliceStatement.body()).as("nor does bob's connection")
        .contains("\"response\":\"error\"").contains("shared-id");

    HttpResponse<String> asBob = gateway.post("bob", GatewayFixture.BOB_PASSWORD,
        "application/json", query.getBytes(StandardCharsets.UTF_8));
    assertThat(asBob.body()).contains("bob-only");
  }

  @Test
  void theAccessLogNamesUsersButNeverPasswords() throws Exception {
    try (Connection a = connectJson("alice", GatewayFixture.ALICE_PASSWORD)) {
      GatewayFixture.rows(a, "SELECT COUNT(*) FROM orders");
    }
    String log = gateway.accessLogText();
    assertThat(log).contains("\"user\":\"alice\"").contains("\"statement\":\"SELECT\"")
        .contains("\"duration_ms\":")
        .doesNotContain(GatewayFixture.ALICE_PASSWORD).doesNotContain(GatewayFixture.BOB_PASSWORD);
  }
}
