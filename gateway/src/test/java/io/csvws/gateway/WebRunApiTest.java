package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web console's long work, big results and uploads over plain HTTP against real gateways:
 * the progress of a running query, the per-user spool limit, web results counted in the per-user
 * connection limit, and uploads (names, size limit, token, a body cut off halfway, isolation).
 */
class WebRunApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String LONG_QUERY = "SELECT COUNT(*) FROM big WHERE "
      + IntStream.range(0, 24).mapToObj(i -> "note LIKE '%needle " + i + "%'")
          .collect(Collectors.joining(" OR "));
  private static final long MAX_UPLOAD = 100_000;
  private static final long MAX_SPOOL = 200_000;

  @TempDir
  static Path root;
  @TempDir
  static Path plainRoot;

  static GatewayFixture gateway;
  /** A gateway started without --allow-upload. */
  static GatewayFixture plain;

  @BeforeAll
  static void start() throws Exception {
    gateway = GatewayFixture.withUsers(root, "--query-timeout-seconds", "60", "--allow-upload",
        "--max-upload-bytes", String.valueOf(MAX_UPLOAD), "--max-spool-bytes-per-user",
        String.valueOf(MAX_SPOOL), "--max-connections-per-user", "3");
    plain = GatewayFixture.withUsers(plainRoot);
    StringBuilder big = new StringBuilder("id,note\n");
    for (int i = 1; i <= 300_000; i++) {
      big.append(i).append(",plain note ").append(i % 89).append('\n');
    }
    Files.writeString(root.resolve("alice").resolve("big.csv"), big);
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
    plain.close();
  }

  private static HttpRequest.Builder request(GatewayFixture g, String user, String path) {
    String password = user.equals("alice") ? GatewayFixture.ALICE_PASSWORD
        : GatewayFixture.BOB_PASSWORD;
    return HttpRequest.newBuilder(URI.create(g.url() + path)).header("Authorization", "Basic "
        + Base64.getEncoder().encodeToString((user + ":" + password)
            .getBytes(StandardCharsets.UTF_8)));
  }

  private static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  private static String token(GatewayFixture g, String user) throws Exception {
    return JSON.readTree(send(request(g, user, "/web/api/session").GET()).body())
        .get("token").asText();
  }

  private static HttpResponse<String> upload(GatewayFixture g, String user, String token,
      String name, byte[] body) throws Exception {
    HttpRequest.Builder b = request(g, user, "/web/api/upload?name="
        + java.net.URLEncoder.encode(name, StandardCharsets.UTF_8))
        .header("Content-Type", "application/octet-stream")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (token != null) {
      b.header("X-Csvws-Token", token);
    }
    return send(b);
  }

  private static HttpResponse<String> query(String user, String token, String sql)
      throws Exception {
    return send(request(gateway, user, "/web/api/query").header("X-Csvws-Token", token)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(
            java.util.Map.of("sql", sql)))));
  }

  private static void close(String user, String token, String id) throws Exception {
    send(request(gateway, user, "/web/api/results/" + id + "/close")
        .header("X-Csvws-Token", token).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{}")));
  }

  private static List<String> uploadsOf(String user) throws Exception {
    Path folder = root.resolve(user).resolve("uploads");
    if (!Files.exists(folder)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void anUploadIsQueryableAtOnceAndNeverOverwrites() throws Exception {
    String alice = token(gateway, "alice");
    HttpResponse<String> r = upload(gateway, "alice", alice, "sales.csv",
        "region,amount\nnorth,10\nsouth,20\n".getBytes(StandardCharsets.UTF_8));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    assertThat(JSON.readTree(r.body()).get("path").asText()).isEqualTo("uploads/sales.csv");
    HttpResponse<String> again = upload(gateway, "alice", alice, "sales.csv",
        "region,amount\neast,1\n".getBytes(StandardCharsets.UTF_8));
    assertThat(JSON.readTree(again.body()).get("name").asText()).isEqualTo("sales-2.csv");
    assertThat(Files.readString(root.resolve("alice/uploads/sales.csv"))).contains("north,10");
    JsonNode q = JSON.readTree(query("alice", alice,
        "SELECT SUM(amount) FROM \"uploads\".\"sales\"").body());
    assertThat(q.at("/page/rows/0/0").asText()).isEqualTo("30");
    close("alice", alice, q.get("id").asText());
    JsonNode ws = JSON.readTree(send(request(gateway, "alice", "/web/api/workspace")
        .header("X-Csvws-Token", alice).GET()).body());
    assertThat(ws.get("tables").findValuesAsText("path")).contains("uploads/sales-2.csv");
    assertThat(uploadsOf("alice")).noneMatch(n -> n.startsWith("."));
    // Bob sees nothing of it, and cannot reach it by any name.
    String bob = token(gateway, "bob");
    JsonNode bobWs = JSON.readTree(send(request(gateway, "bob", "/web/api/workspace")
        .header("X-Csvws-Token", bob).GET()).body());
    assertThat(bobWs.toString()).doesNotContain("sales");
    HttpResponse<String> bobQuery = query("bob", bob, "SELECT * FROM \"uploads\".\"sales\"");
    assertThat(bobQuery.statusCode()).isEqualTo(400);
    assertThat(upload(gateway, "bob", alice, "x.csv", "a\n1\n".getBytes()).statusCode())
        .isEqualTo(403);
    assertThat(uploadsOf("bob")).isEmpty();
  }

  @Test
  void hostileNamesAreSanitised() throws Exception {
    String alice = token(gateway, "alice");
    byte[] body = "a\n1\n".getBytes(StandardCharsets.UTF_8);
    String[][] cases = {
        {"../../escape.csv", "escape.csv"},
        {"..\\..\\win.csv", "win.csv"},
        {"/etc/abs.tsv", "abs.tsv"},
        {".hidden.csv", "hidden.csv"},
        {"ctl\u0000\u0007\nname\r.csv", "ctlname.csv"},
        {"rtl\u202Eliame.csv", "rtlliame.csv"},
        {"semi;colon$(x)<b>.csv", "semi_colon__x__b_.csv"},
        {"data.CSV.gz", "data.CSV.gz"},
        {"x".repeat(300) + ".csv", "x".repeat(96) + ".csv"},
    };
    for (String[] c : cases) {
      HttpResponse<String> r = upload(gateway, "alice", alice, c[0], body);
      assertThat(r.statusCode()).as(c[0] + ": " + r.body()).isEqualTo(200);
      assertThat(JSON.readTree(r.body()).get("name").asText()).as(c[0]).isEqualTo(c[1]);
      assertThat(root.resolve("alice/uploads").resolve(c[1])).isRegularFile();
    }
    for (String bad : new String[] {"run.exe", "", ".csv", "...", "data.gz", "../"}) {
      HttpResponse<String> r = upload(gateway, "alice", alice, bad, body);
      assertThat(r.statusCode()).as(bad + ": " + r.body()).isEqualTo(400);
      assertThat(JSON.readTree(r.body()).at("/error/message").asText()).isNotBlank();
    }
    // Nothing escaped the uploads folder.
    assertThat(root.resolve("escape.csv")).doesNotExist();
    assertThat(root.resolve("alice/escape.csv")).doesNotExist();
  }

  @Test
  void anUploadOverTheLimitIsRefusedAndLeavesNothing() throws Exception {
    String alice = token(gateway, "alice");
    List<String> before = uploadsOf("alice");
    byte[] big = new byte[(int) MAX_UPLOAD + 1];
    java.util.Arrays.fill(big, (byte) 'a');
    HttpResponse<String> r = upload(gateway, "alice", alice, "huge.csv", big);
    assertThat(r.statusCode()).isEqualTo(413);
    assertThat(r.body()).contains("--max-upload-bytes");
    // Without a Content-Length (chunked) the limit is met while streaming.
    HttpResponse<String> chunked = send(request(gateway, "alice", "/web/api/upload?name=huge.csv")
        .header("X-Csvws-Token", alice).header("Content-Type", "application/octet-stream")
        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))));
    assertThat(chunked.statusCode()).isEqualTo(413);
    assertThat(uploadsOf("alice")).isEqualTo(before);
  }

  @Test
  void anUploadNeedsTheTokenAndTheServersConsent() throws Exception {
    List<String> before = uploadsOf("alice");
    byte[] body = "a\n1\n".getBytes(StandardCharsets.UTF_8);
    assertThat(upload(gateway, "alice", null, "t.csv", body).statusCode()).isEqualTo(403);
    HttpResponse<String> crossSite = send(request(gateway, "alice", "/web/api/upload?name=t.csv")
        .header("Origin", "https://evil.example").header("X-Csvws-Token", token(gateway, "alice"))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    assertThat(crossSite.statusCode()).isEqualTo(403);
    assertThat(uploadsOf("alice")).isEqualTo(before);
    HttpResponse<String> off = upload(plain, "alice", token(plain, "alice"), "t.csv", body);
    assertThat(off.statusCode()).isEqualTo(403);
    assertThat(off.body()).contains("--allow-upload");
    assertThat(plainRoot.resolve("alice/uploads")).doesNotExist();
  }

  @Test
  void anUploadCutOffHalfwayLeavesNothing() throws Exception {
    String alice = token(gateway, "alice");
    List<String> before = uploadsOf("alice");
    URI u = URI.create(gateway.url());
    try (Socket s = new Socket(u.getHost(), u.getPort())) {
      OutputStream out = s.getOutputStream();
      String auth = Base64.getEncoder().encodeToString(("alice:" + GatewayFixture.ALICE_PASSWORD)
          .getBytes(StandardCharsets.UTF_8));
      out.write(("POST /web/api/upload?name=half.csv HTTP/1.1\r\nHost: " + u.getHost() + ":"
          + u.getPort() + "\r\nAuthorization: Basic " + auth + "\r\nX-Csvws-Token: " + alice
          + "\r\nContent-Type: application/octet-stream\r\nContent-Length: 80000\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      byte[] half = new byte[40_000];
      java.util.Arrays.fill(half, (byte) 'x');
      out.write(half);
      out.flush();
      Thread.sleep(300);
      // While the body is on its way, its temporary file exists, hidden from the workspace.
      assertThat(uploadsOf("alice")).anyMatch(n -> n.startsWith(".upload-"));
    }
    long deadline = System.currentTimeMillis() + 10_000;
    while (!uploadsOf("alice").equals(before) && System.currentTimeMillis() < deadline) {
      Thread.sleep(100);
    }
    assertThat(uploadsOf("alice")).isEqualTo(before);
  }

  @Test
  void aRunningQueryReportsTheEnginesProgressAndCancelStopsIt() throws Exception {
    String alice = token(gateway, "alice");
    CompletableFuture<HttpResponse<String>> running =
        CompletableFuture.supplyAsync(() -> {
          try {
            return query("alice", alice, LONG_QUERY);
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
    long size = Files.size(root.resolve("alice/big.csv"));
    JsonNode partWay = null;
    long deadline = System.currentTimeMillis() + 30_000;
    while (partWay == null && System.currentTimeMillis() < deadline && !running.isDone()) {
      JsonNode p = JSON.readTree(send(request(gateway, "alice", "/web/api/progress")
          .header("X-Csvws-Token", alice).GET()).body());
      if (p.get("running").asBoolean() && p.get("bytesRead").asLong() > 0) {
        partWay = p;
      }
      Thread.sleep(50);
    }
    assertThat(partWay).as("progress while the query runs").isNotNull();
    assertThat(partWay.get("bytesTotal").asLong()).isEqualTo(size);
    assertThat(partWay.get("bytesRead").asLong()).isBetween(1L, size);
    assertThat(partWay.get("rowsRead").asLong()).isPositive();
    assertThat(partWay.get("elapsedMillis").asLong()).isPositive();
    // Bob's progress shows nothing of Alice's query.
    String bob = token(gateway, "bob");
    assertThat(JSON.readTree(send(request(gateway, "bob", "/web/api/progress")
        .header("X-Csvws-Token", bob).GET()).body()).get("running").asBoolean()).isFalse();
    send(request(gateway, "alice", "/web/api/cancel").header("X-Csvws-Token", alice)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{}")));
    HttpResponse<String> r = running.get();
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(r.body()).at("/error/sqlState").asText()).isEqualTo("57014");
    System.out.println("progress part-way: " + partWay);
  }

  @Test
  void cancelStopsAQueryThatReadsNoFile() throws Exception {
    String bob = token(gateway, "bob");
    String values = "(VALUES " + IntStream.rangeClosed(1, 200).mapToObj(i -> "(" + i + ")")
        .collect(Collectors.joining(",")) + ")";
    String crossJoin = "SELECT COUNT(*) FROM " + values + " a(x), " + values + " b(y), " + values
        + " c(z), " + values + " d(w)";
    // The first planning of the join is slow on a loaded machine: a cancel that lands while it is
    // planned is retried with a longer wait, until one lands while the join runs.
    for (long wait = 2_000; ; wait *= 2) {
      CompletableFuture<HttpResponse<String>> running = CompletableFuture.supplyAsync(() -> {
        try {
          return query("bob", bob, crossJoin);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      Thread.sleep(wait);
      JsonNode p = JSON.readTree(send(request(gateway, "bob", "/web/api/progress")
          .header("X-Csvws-Token", bob).GET()).body());
      assertThat(running.isDone()).as("the cross join should still run").isFalse();
      assertThat(p.get("running").asBoolean()).isTrue();
      assertThat(p.get("bytesTotal").asLong()).isZero();
      long start = System.nanoTime();
      send(request(gateway, "bob", "/web/api/cancel").header("X-Csvws-Token", bob)
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{}")));
      HttpResponse<String> r = running.get();
      long ms = (System.nanoTime() - start) / 1_000_000;
      JsonNode err = JSON.readTree(r.body()).get("error");
      assertThat(err.get("sqlState").asText()).isEqualTo("57014");
      String m = err.get("message").asText();
      if ((m.contains("planning") || m.contains("preparing")) && wait < 30_000) {
        continue;
      }
      assertThat(err.get("message").asText()).contains("joining rows");
      assertThat(ms).isLessThan(10_000);
      System.out.println("web cancel of a cross join of VALUES after " + wait + " ms: stopped in "
          + ms + " ms, " + err.get("message").asText());
      break;
    }
  }

  @Test
  void aResultPassingTheSpoolLimitIsCutSayingSo() throws Exception {
    String alice = token(gateway, "alice");
    JsonNode r = JSON.readTree(query("alice", alice, "SELECT * FROM big").body());
    String id = r.get("id").asText();
    JsonNode last = JSON.readTree(send(request(gateway, "alice", "/web/api/results/" + id
        + "?page=last").header("X-Csvws-Token", alice).GET()).body());
    assertThat(last.get("cut").asText()).contains("cut after").contains(
        "--max-spool-bytes-per-user").contains(String.valueOf(MAX_SPOOL));
    long kept = last.get("totalRows").asLong();
    assertThat(kept).isBetween(1_000L, 299_999L);
    assertThat(last.get("firstRow").asLong() + last.get("rows").size()).isEqualTo(kept);
    close("alice", alice, id);
    // Closing gives the budget back: the same query keeps as many rows again.
    JsonNode again = JSON.readTree(query("alice", alice, "SELECT * FROM big").body());
    JsonNode lastAgain = JSON.readTree(send(request(gateway, "alice", "/web/api/results/"
        + again.get("id").asText() + "?page=last").header("X-Csvws-Token", alice).GET()).body());
    assertThat(lastAgain.get("totalRows").asLong()).isEqualTo(kept);
    close("alice", alice, again.get("id").asText());
  }

  @Test
  void webResultsCountInTheUsersConnectionLimit() throws Exception {
    String bob = token(gateway, "bob");
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      HttpResponse<String> r = query("bob", bob, "SELECT " + i);
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      ids.add(JSON.readTree(r.body()).get("id").asText());
    }
    HttpResponse<String> refused = query("bob", bob, "SELECT 3");
    assertThat(refused.statusCode()).isEqualTo(400);
    JsonNode err = JSON.readTree(refused.body()).get("error");
    assertThat(err.get("sqlState").asText()).isEqualTo("53300");
    assertThat(err.get("message").asText()).contains("--max-connections-per-user")
        .contains("3 in the web console");
    // Remote JDBC is refused too while the console holds every connection.
    try (Connection c = gateway.bob()) {
      Throwable t = org.assertj.core.api.Assertions.catchThrowable(
          () -> GatewayFixture.rows(c, "SELECT 1"));
      assertThat(t).isInstanceOf(SQLException.class).hasMessageContaining("web console");
    }
    close("bob", bob, ids.get(0));
    assertThat(query("bob", bob, "SELECT 4").statusCode()).isEqualTo(200);
  }
}
