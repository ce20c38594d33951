package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web console's page and JSON API over plain HTTP against a real gateway with users alice and
 * bob: authentication, the same-origin token, isolation of users' results, and server paging.
 */
class WebApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  /** One scan of big.csv testing each row against 24 patterns that never match: many seconds. */
  private static final String LONG_QUERY = "SELECT COUNT(*) FROM big WHERE "
      + java.util.stream.IntStream.range(0, 24).mapToObj(i -> "note LIKE '%needle " + i + "%'")
          .collect(java.util.stream.Collectors.joining(" OR "));

  @TempDir
  static Path root;

  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    // A query the cancel test fails to stop ends at this timeout instead of holding the class.
    gateway = GatewayFixture.withUsers(root, "--query-timeout-seconds", "60");
    StringBuilder numbers = new StringBuilder("n\n");
    for (int i = 1; i <= 250; i++) {
      numbers.append(i).append('\n');
    }
    Files.writeString(root.resolve("alice").resolve("numbers.csv"), numbers);
    // Rows enough for a scan that tests each against many patterns to run for many seconds.
    StringBuilder big = new StringBuilder("id,note\n");
    for (int i = 1; i <= 300_000; i++) {
      big.append(i).append(",plain note ").append(i % 89).append('\n');
    }
    Files.writeString(root.resolve("alice").resolve("big.csv"), big);
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  private static HttpRequest.Builder request(String user, String password, String path) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(gateway.url() + path));
    if (user != null) {
      b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
          (user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }
    return b;
  }

  private static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  private static String token(String user, String password) throws Exception {
    HttpResponse<String> r = send(request(user, password, "/web/api/session").GET());
    assertThat(r.statusCode()).isEqualTo(200);
    return JSON.readTree(r.body()).get("token").asText();
  }

  private static HttpResponse<String> get(String user, String password, String token,
      String path) throws Exception {
    return send(request(user, password, path).header("X-Csvws-Token", token).GET());
  }

  private static HttpResponse<String> query(String user, String password, String token,
      String sql) throws Exception {
    return send(request(user, password, "/web/api/query").header("X-Csvws-Token", token)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(
            java.util.Map.of("sql", sql)))));
  }

  @Test
  void thePageNeedsCredentialsAndForbidsInlineScript() throws Exception {
    assertThat(send(request(null, null, "/").GET()).statusCode()).isEqualTo(401);
    assertThat(send(request(null, null, "/web/api/session").GET()).statusCode()).isEqualTo(401);
    assertThat(send(request("alice", "wrong", "/").GET()).statusCode()).isEqualTo(401);
    HttpResponse<String> page = send(request("alice", GatewayFixture.ALICE_PASSWORD, "/").GET());
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body()).contains("<script src=\"/web/app.js\"").doesNotContain("<script>");
    String csp = page.headers().firstValue("Content-Security-Policy").orElseThrow();
    assertThat(csp).contains("script-src 'self'").doesNotContain("unsafe-inline")
        .doesNotContain("unsafe-eval");
    HttpResponse<String> js = send(request("alice", GatewayFixture.ALICE_PASSWORD,
        "/web/app.js").GET());
    assertThat(js.statusCode()).isEqualTo(200);
    assertThat(js.headers().firstValue("Content-Type").orElse("")).startsWith("text/javascript");
    assertThat(js.body()).doesNotContain("innerHTML").doesNotContain("insertAdjacentHTML");
  }

  @Test
  void everyApiCallButTheSessionNeedsTheUsersToken() throws Exception {
    String alice = token("alice", GatewayFixture.ALICE_PASSWORD);
    String bob = token("bob", GatewayFixture.BOB_PASSWORD);
    assertThat(alice).isNotEqualTo(bob).hasSize(32);
    assertThat(get("alice", GatewayFixture.ALICE_PASSWORD, "", "/web/api/workspace")
        .statusCode()).isEqualTo(403);
    assertThat(get("alice", GatewayFixture.ALICE_PASSWORD, bob, "/web/api/workspace")
        .statusCode()).isEqualTo(403);
    HttpResponse<String> refused = query("alice", GatewayFixture.ALICE_PASSWORD, bob, "SELECT 1");
    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(refused.body()).contains("same-origin token");
    HttpResponse<String> foreign = send(request("alice", GatewayFixture.ALICE_PASSWORD,
        "/web/api/query").header("X-Csvws-Token", alice).header("Origin", "http://evil.example")
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"sql\":\"SELECT 1\"}")));
    assertThat(foreign.statusCode()).isEqualTo(403);
    assertThat(foreign.body()).contains("evil.example");
    assertThat(query("alice", GatewayFixture.ALICE_PASSWORD, alice, "SELECT 1").statusCode())
        .isEqualTo(200);
  }

  @Test
  void resultsArePagedOnTheServerAndBelongToTheirUser() throws Exception {
    String alice = token("alice", GatewayFixture.ALICE_PASSWORD);
    JsonNode r = JSON.readTree(query("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "SELECT n FROM numbers ORDER BY n").body());
    String id = r.get("id").asText();
    assertThat(r.get("columns").get(0).get("type").asText()).isEqualTo("INTEGER");
    JsonNode first = r.get("page");
    assertThat(first.get("rows")).hasSize(100);
    assertThat(first.get("totalRows").isNull()).isTrue();
    assertThat(first.get("rowsSoFar").asLong()).isEqualTo(101);

    JsonNode third = JSON.readTree(get("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "/web/api/results/" + id + "?page=2").body());
    assertThat(third.get("rows")).hasSize(50);
    assertThat(third.get("rows").get(0).get(0).asText()).isEqualTo("201");
    assertThat(third.get("totalRows").asLong()).isEqualTo(250);
    JsonNode back = JSON.readTree(get("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "/web/api/results/" + id + "?page=1").body());
    assertThat(back.get("rows").get(99).get(0).asText()).isEqualTo("200");
    JsonNode beyond = JSON.readTree(get("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "/web/api/results/" + id + "?page=9").body());
    assertThat(beyond.get("rows")).isEmpty();
    assertThat(get("alice", GatewayFixture.ALICE_PASSWORD, alice, "/web/api/results/" + id
        + "/cell?row=249&column=0").body()).isEqualTo("{\"value\":\"250\"}");
    assertThat(get("alice", GatewayFixture.ALICE_PASSWORD, alice, "/web/api/results/" + id
        + "/cell?row=250&column=0").statusCode()).isEqualTo(400);

    // A result of exactly two pages: its second page knows it is the last.
    String exact = JSON.readTree(query("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "SELECT n FROM numbers WHERE n <= 200").body()).get("id").asText();
    JsonNode second = JSON.readTree(get("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "/web/api/results/" + exact + "?page=1").body());
    assertThat(second.get("rows")).hasSize(100);
    assertThat(second.get("totalRows").asLong()).isEqualTo(200);

    String bob = token("bob", GatewayFixture.BOB_PASSWORD);
    HttpResponse<String> stolen = get("bob", GatewayFixture.BOB_PASSWORD, bob,
        "/web/api/results/" + id + "?page=0");
    assertThat(stolen.statusCode()).isEqualTo(404);
    // Quoted: a cell of the page; the random result id in the message may hold the digits 201.
    assertThat(stolen.body()).doesNotContain("\"201\"");
    HttpResponse<String> missing = query("bob", GatewayFixture.BOB_PASSWORD, bob,
        "SELECT * FROM numbers");
    assertThat(missing.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(missing.body()).get("error").get("message").asText())
        .contains("numbers");
  }

  @Test
  void aUserKeepsAFewResultsAndOlderOnesAreClosed() throws Exception {
    String alice = token("alice", GatewayFixture.ALICE_PASSWORD);
    String oldest = JSON.readTree(query("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "SELECT 0").body()).get("id").asText();
    for (int i = 1; i <= 4; i++) {
      assertThat(query("alice", GatewayFixture.ALICE_PASSWORD, alice, "SELECT " + i)
          .statusCode()).isEqualTo(200);
    }
    HttpResponse<String> gone = get("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "/web/api/results/" + oldest);
    assertThat(gone.statusCode()).isEqualTo(404);
    assertThat(gone.body()).contains("Run the query again");
  }

  @Test
  void cancelStopsTheUsersRunningQueryOnTheServer() throws Exception {
    String alice = token("alice", GatewayFixture.ALICE_PASSWORD);
    long started = System.nanoTime();
    CompletableFuture<HttpResponse<String>> running = CompletableFuture.supplyAsync(() -> {
      try {
        return query("alice", GatewayFixture.ALICE_PASSWORD, alice,
            LONG_QUERY);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    String bob = token("bob", GatewayFixture.BOB_PASSWORD);
    // Cancel once the scan reads (the engine's progress says so), not while the query is planned.
    long readingBy = System.currentTimeMillis() + 30_000;
    while (!running.isDone() && System.currentTimeMillis() < readingBy
        && JSON.readTree(get("alice", GatewayFixture.ALICE_PASSWORD, alice, "/web/api/progress")
            .body()).path("rowsRead").asLong() == 0) {
      Thread.sleep(50);
    }
    int cancelled = 0;
    while (cancelled == 0 && !running.isDone()) {
      Thread.sleep(100);
      // Another user's cancel never reaches alice's query.
      HttpResponse<String> other = send(request("bob", GatewayFixture.BOB_PASSWORD,
          "/web/api/cancel").header("X-Csvws-Token", bob)
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{}")));
      assertThat(JSON.readTree(other.body()).get("cancelled").asInt()).isZero();
      HttpResponse<String> c = send(request("alice", GatewayFixture.ALICE_PASSWORD,
          "/web/api/cancel").header("X-Csvws-Token", alice)
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{}")));
      assertThat(c.statusCode()).isEqualTo(200);
      cancelled = JSON.readTree(c.body()).get("cancelled").asInt();
    }
    assertThat(cancelled).as("the query was still running when cancelled").isEqualTo(1);
    HttpResponse<String> r = running.get(30, TimeUnit.SECONDS);
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(r.body()).get("error").get("sqlState").asText()).isEqualTo("57014");
    assertThat(JSON.readTree(r.body()).get("error").get("message").asText()).contains("big.csv");
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
    assertThat(query("alice", GatewayFixture.ALICE_PASSWORD, alice, "SELECT 1").statusCode())
        .isEqualTo(200);
  }

  @Test
  void aColumnsStatisticsAreTheAgentToolsColumnStats() throws Exception {
    String alice = token("alice", GatewayFixture.ALICE_PASSWORD);
    HttpResponse<String> r = get("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "/web/api/stats?table=main.orders&column=amount");
    assertThat(r.statusCode()).isEqualTo(200);
    JsonNode body = JSON.readTree(r.body());
    assertThat(body.toString()).contains("\"min\"").contains("7.25").contains("20");
    String bob = token("bob", GatewayFixture.BOB_PASSWORD);
    HttpResponse<String> other = get("bob", GatewayFixture.BOB_PASSWORD, bob,
        "/web/api/stats?table=main.orders&column=amount");
    assertThat(other.statusCode()).isNotEqualTo(200);
    assertThat(other.body()).doesNotContain("7.25");
    assertThat(get("alice", GatewayFixture.ALICE_PASSWORD, bob,
        "/web/api/stats?table=main.orders&column=amount").statusCode()).isEqualTo(403);
  }

  @Test
  void errorsCarryTheEnginesStateAndMessage() throws Exception {
    String alice = token("alice", GatewayFixture.ALICE_PASSWORD);
    HttpResponse<String> r = query("alice", GatewayFixture.ALICE_PASSWORD, alice,
        "SELECT nope FROM orders");
    assertThat(r.statusCode()).isEqualTo(400);
    JsonNode error = JSON.readTree(r.body()).get("error");
    assertThat(error.get("sqlState").asText()).isNotBlank();
    assertThat(error.get("message").asText()).contains("nope");
    HttpResponse<String> notJson = send(request("alice", GatewayFixture.ALICE_PASSWORD,
        "/web/api/query").header("X-Csvws-Token", alice).header("Content-Type", "text/plain")
        .POST(HttpRequest.BodyPublishers.ofString("{\"sql\":\"SELECT 1\"}")));
    assertThat(notJson.statusCode()).isEqualTo(400);
    assertThat(notJson.body()).contains("application/json");
  }
}
