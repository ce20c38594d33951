package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Metrics count what happens: every way in counts in the user and request metrics. */
class MetricsTest {
  @TempDir
  Path root;

  private static long metric(GatewayFixture g, String name) throws Exception {
    String body = g.get("/metrics").body();
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + " (\\d+(?:\\.\\d+)?)$")
        .matcher(body);
    assertThat(m.find()).as(name + " in\n" + body).isTrue();
    return (long) Double.parseDouble(m.group(1));
  }

  private static long requests(GatewayFixture g) throws Exception {
    String body = g.get("/metrics").body();
    Matcher m = Pattern.compile("(?m)^csvws_requests_total\\{status=\"\\d+\"\\} (\\d+)$")
        .matcher(body);
    long sum = 0;
    while (m.find()) {
      sum += Long.parseLong(m.group(1));
    }
    return sum;
  }

  private static HttpResponse<String> tool(GatewayFixture g, String user, String password,
      String tool, String args) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        URI.create(g.url() + "/agent/tools/" + tool))
        .POST(HttpRequest.BodyPublishers.ofString(args))
        .header("Content-Type", "application/json")
        .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
            (user + ":" + password).getBytes(StandardCharsets.UTF_8))).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void agentToolsOverHttpCountAsAUserAndAsRequests() throws Exception {
    Files.createDirectories(root.resolve("exports"));
    try (GatewayFixture g = GatewayFixture.withUsers(root)) {
      assertThat(metric(g, "csvws_active_users")).isZero();
      long before = requests(g);
      assertThat(tool(g, "alice", GatewayFixture.ALICE_PASSWORD, "list_tables", "{}")
          .statusCode()).isEqualTo(200);
      assertThat(tool(g, "alice", GatewayFixture.ALICE_PASSWORD, "query",
          "{\"sql\":\"SELECT COUNT(*) AS n FROM orders\"}").statusCode()).isEqualTo(200);
      assertThat(metric(g, "csvws_active_users")).as("alice, by the agent tools only")
          .isEqualTo(1);
      assertThat(metric(g, "csvws_user_requests_total{way=\"agent\"}")).isEqualTo(2);
      // The two tool calls and the /metrics scrapes in between.
      assertThat(requests(g) - before).isGreaterThanOrEqualTo(2);

      try (Connection c = g.bob()) {
        assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM secret")).containsExactly("1");
      }
      assertThat(metric(g, "csvws_active_users")).as("alice and bob").isEqualTo(2);
      assertThat(metric(g, "csvws_user_requests_total{way=\"avatica\"}")).isGreaterThan(2);

      try (Connection c = g.alice()) {
        GatewayFixture.rows(c, "SELECT 1");
      }
      assertThat(metric(g, "csvws_active_users")).as("alice counts once, whatever the way")
          .isEqualTo(2);
      assertThat(tool(g, "alice", "wrong", "list_tables", "{}").statusCode()).isEqualTo(401);
      assertThat(metric(g, "csvws_authentication_failures_total")).isEqualTo(1);
      assertThat(metric(g, "csvws_active_users")).isEqualTo(2);
    }
  }

  @Test
  void theWebConsoleCountsAsAUserAndAsRequests() throws Exception {
    try (GatewayFixture g = GatewayFixture.withUsers(root)) {
      assertThat(metric(g, "csvws_active_users")).isZero();
      for (String path : new String[] {"/", "/web/app.js"}) {
        HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
            URI.create(g.url() + path)).GET()
            .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                ("bob:" + GatewayFixture.BOB_PASSWORD).getBytes(StandardCharsets.UTF_8)))
            .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).as(path).isEqualTo(200);
      }
      assertThat(metric(g, "csvws_active_users")).as("bob, by the web console only")
          .isEqualTo(1);
      assertThat(metric(g, "csvws_user_requests_total{way=\"web\"}")).isEqualTo(2);
      assertThat(metric(g, "csvws_user_requests_total{way=\"avatica\"}")).isZero();
    }
  }
}
