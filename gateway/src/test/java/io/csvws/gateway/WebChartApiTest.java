package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chart call of the web console's API over plain HTTP against a real gateway: a chart gets
 * the first rows of the kept result (at most 1000), is told whether the result has more, reads
 * NULL as null and a long cell as its cut text, and is refused out of bounds, without the token,
 * or for a result that is not open.
 */
class WebChartApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir
  static Path root;
  static GatewayFixture gateway;
  static String token;

  @BeforeAll
  static void start() throws Exception {
    Path ws = Files.createDirectories(root.resolve("ws"));
    StringBuilder many = new StringBuilder("n,m\n");
    for (int n = 1; n <= 1500; n++) {
      many.append(n).append(',').append(n % 10 == 0 ? "" : String.valueOf(n)).append('\n');
    }
    Files.writeString(ws.resolve("many.csv"), many);
    Files.writeString(ws.resolve("long.csv"), "id,label\n1,\"" + "y".repeat(500) + "\"\n");
    gateway = GatewayFixture.anonymous(Files.createDirectories(root.resolve("gateway")), ws);
    token = get("/web/api/session", null).path("token").asText();
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  static HttpResponse<String> send(String method, String path, String body, String withToken)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(gateway.url() + path));
    if (withToken != null) {
      b.header("X-Csvws-Token", withToken);
    }
    if (body != null) {
      b.header("Content-Type", "application/json");
    }
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static JsonNode get(String path, String withToken) throws Exception {
    return JSON.readTree(send("GET", path, null, withToken).body());
  }

  static String run(String sql) throws Exception {
    HttpResponse<String> r = send("POST", "/web/api/query",
        JSON.writeValueAsString(Map.of("sql", sql)), token);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return JSON.readTree(r.body()).path("id").asText();
  }

  @Test
  void aChartGetsTheFirstThousandRowsAndIsToldTheResultHasMore() throws Exception {
    String id = run("SELECT n, m FROM many ORDER BY n");
    JsonNode chart = get("/web/api/results/" + id + "/chart", token);
    assertThat(chart.path("rows")).hasSize(1000);
    assertThat(chart.path("rows").get(0).get(0).asText()).isEqualTo("1");
    assertThat(chart.path("rows").get(999).get(0).asText()).isEqualTo("1000");
    assertThat(chart.path("rows").get(9).get(1).isNull()).as("NULL is null").isTrue();
    assertThat(chart.path("partial").asBoolean()).isTrue();
    assertThat(chart.path("totalRows").isNull()).isTrue();
    assertThat(chart.path("rowsSoFar").asLong()).isEqualTo(1001);
    assertThat(chart.path("limit").asInt()).isEqualTo(1000);
    // The table's pages still read the same result after a chart did.
    JsonNode page = get("/web/api/results/" + id + "?page=14", token);
    assertThat(page.path("rows")).hasSize(100);
    assertThat(page.path("rows").get(99).get(0).asText()).isEqualTo("1500");
    assertThat(page.path("totalRows").asLong()).isEqualTo(1500);
    chart = get("/web/api/results/" + id + "/chart?rows=150", token);
    assertThat(chart.path("rows")).hasSize(150);
    assertThat(chart.path("totalRows").asLong()).isEqualTo(1500);
    assertThat(chart.path("partial").asBoolean()).isTrue();
  }

  @Test
  void aResultOfExactlyTheLimitIsWhole() throws Exception {
    JsonNode chart = get("/web/api/results/" + run("SELECT n FROM many WHERE n <= 1000")
        + "/chart", token);
    assertThat(chart.path("rows")).hasSize(1000);
    assertThat(chart.path("partial").asBoolean()).isFalse();
    assertThat(chart.path("totalRows").asLong()).isEqualTo(1000);

    chart = get("/web/api/results/" + run("SELECT n FROM many WHERE n <= 1001") + "/chart",
        token);
    assertThat(chart.path("rows")).hasSize(1000);
    assertThat(chart.path("partial").asBoolean()).isTrue();

    chart = get("/web/api/results/" + run("SELECT n FROM many WHERE n < 0") + "/chart", token);
    assertThat(chart.path("rows")).isEmpty();
    assertThat(chart.path("partial").asBoolean()).isFalse();
    assertThat(chart.path("totalRows").asLong()).isZero();
  }

  @Test
  void aLongCellIsDrawnWithItsCutText() throws Exception {
    JsonNode chart = get("/web/api/results/" + run("SELECT id, label FROM long") + "/chart",
        token);
    assertThat(chart.path("rows").get(0).get(1).asText()).isEqualTo("y".repeat(200));
  }

  @Test
  void outOfBoundsWithoutTheTokenOrForAClosedResultIsRefused() throws Exception {
    String id = run("SELECT n FROM many");
    for (String rows : new String[] {"0", "1001", "-3", "many"}) {
      HttpResponse<String> r = send("GET", "/web/api/results/" + id + "/chart?rows=" + rows,
          null, token);
      assertThat(r.statusCode()).as(rows).isEqualTo(400);
      assertThat(r.body()).as(rows).contains("BAD_REQUEST").contains("'rows'");
    }
    assertThat(send("GET", "/web/api/results/" + id + "/chart", null, null).statusCode())
        .isEqualTo(403);
    assertThat(send("GET", "/web/api/results/" + id + "/chart", null, "wrong").statusCode())
        .isEqualTo(403);
    assertThat(send("POST", "/web/api/results/" + id + "/chart", "{}", token).statusCode())
        .isEqualTo(404);
    send("POST", "/web/api/results/" + id + "/close", "{}", token);
    HttpResponse<String> closed = send("GET", "/web/api/results/" + id + "/chart", null, token);
    assertThat(closed.statusCode()).isEqualTo(404);
    assertThat(closed.body()).contains("Run the query again");
  }

  @Test
  void theChartFilesAreServedOnlyWithGet() throws Exception {
    assertThat(send("POST", "/web/chart.js", "{}", token).statusCode()).isEqualTo(405);
    HttpResponse<String> css = send("GET", "/web/chart.css", null, null);
    assertThat(css.statusCode()).isEqualTo(200);
    assertThat(css.headers().firstValue("Content-Type").orElse("")).startsWith("text/css");
    assertThat(css.body()).contains("#chart");
    assertThat(send("GET", "/", null, null).body())
        .contains("<script src=\"/web/chart.js\" defer></script>")
        .contains("<section id=\"chart\"");
  }
}
