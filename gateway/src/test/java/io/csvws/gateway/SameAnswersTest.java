package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One engine, the same answers and the same errors whichever way a query comes in: embedded
 * JDBC, remote JDBC over Avatica, and the agent tools over HTTP.
 */
class SameAnswersTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @org.junit.jupiter.api.io.TempDir
  static Path root;
  static Path workspace;
  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    workspace = Files.createDirectories(root.resolve("ws"));
    StringBuilder places = new StringBuilder("id,name,population,score\n");
    String[] names = {"Oslo", "oulu", "Lima", "ODESA", "Porto"};
    for (int i = 0; i < 2000; i++) {
      places.append(i).append(',').append(names[i % names.length]).append(',')
          .append(3_000_000 + (i * 7919) % 4_000_000).append(',').append(i % 5 + 1).append('\n');
    }
    Files.writeString(workspace.resolve("places.csv"), places.toString());
    gateway = GatewayFixture.anonymous(root, workspace);
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  /** The answer embedded JDBC gives: its rows, or its SQLState and message. */
  private static Outcome embedded(String sql) {
    return jdbc("jdbc:csvws:" + workspace, sql);
  }

  private static Outcome jdbc(String url, String sql) {
    try (Connection c = DriverManager.getConnection(url)) {
      return new Outcome(GatewayFixture.rows(c, sql), null, null);
    } catch (SQLException e) {
      return new Outcome(null, e.getSQLState(), e.getMessage());
    }
  }

  /** The agent tools' answer over HTTP, its rows joined as JDBC's are. */
  private static Outcome agent(String sql) throws Exception {
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
            URI.create(gateway.url() + "/agent/tools/query"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("sql", sql))))
        .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    JsonNode body = JSON.readTree(r.body());
    if (body.has("error")) {
      return new Outcome(null, body.get("error").get("code").asText(),
          body.get("error").get("message").asText());
    }
    List<String> rows = new java.util.ArrayList<>();
    for (JsonNode row : body.get("rows")) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < row.size(); i++) {
        b.append(i > 0 ? "|" : "").append(row.get(i).isNull() ? "null" : row.get(i).asText());
      }
      rows.add(b.toString());
    }
    return new Outcome(rows, null, null);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "SELECT SUM(population), COUNT(*) FROM places",
      "SELECT score, SUM(population) FROM places GROUP BY score ORDER BY score",
      "SELECT AVG(score) FROM places WHERE id < 7",
      "SELECT population * 1000000 FROM places ORDER BY id",
      "SELECT SUM(CAST(population AS BIGINT) * 4000000000000) FROM places",
      "SELECT id / (score - score) FROM places"})
  void everyWayInAgrees(String sql) throws Exception {
    Outcome embedded = embedded(sql);
    Outcome remote = jdbc(gateway.jdbcUrl("protobuf"), sql);
    assertThat(remote.rows()).as("remote rows").isEqualTo(embedded.rows());
    assertThat(remote.state()).as("remote SQLState").isEqualTo(embedded.state());
    if (embedded.message() != null) {
      // Avatica's client puts its own words before the server's message.
      assertThat(remote.message()).as("remote message").endsWith(embedded.message());
    }
    Outcome agent = agent(sql);
    if (embedded.rows() != null) {
      assertThat(agent.rows()).as("agent tools").isEqualTo(embedded.rows());
    } else {
      assertThat(agent.message()).as("agent tools").isEqualTo(embedded.message());
      assertThat(agent.state()).isIn("NUMERIC_OUT_OF_RANGE", "DIVISION_BY_ZERO");
    }
  }

  @org.junit.jupiter.api.Test
  void anOverflowIsTheSameErrorRemotely() throws Exception {
    String sql = "SELECT name, population * 1000000 FROM places WHERE id = 3";
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
      SQLException e = catchThrowableOfType(SQLException.class,
          () -> GatewayFixture.rows(c, sql));
      assertThat(e.getSQLState()).isEqualTo("22003");
      assertThat(e.getMessage()).contains("population * 1000000 (").contains("INTEGER")
          .doesNotContain("\tat ");
    }
    assertThat(agent(sql).state()).isEqualTo("NUMERIC_OUT_OF_RANGE");
  }

  private record Outcome(List<String> rows, String state, String message) {
  }
}
