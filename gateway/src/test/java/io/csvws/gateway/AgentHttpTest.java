package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent tools as JSON over HTTP, behind the gateway's users and workspaces. */
class AgentHttpTest {
  @TempDir
  static Path root;
  static Path exports;
  static GatewayFixture gateway;

  static Path outside;

  @BeforeAll
  static void start() throws Exception {
    exports = Files.createDirectories(root.resolve("exports"));
    // bob's export folder is a link to a folder outside the export folder.
    outside = Files.createDirectories(root.resolve("outside"));
    Files.createSymbolicLink(exports.resolve("bob"), outside);
    gateway = GatewayFixture.withUsers(root, "--export-dir", exports.toString());
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  private static HttpResponse<String> call(String user, String password, String method,
      String path, String body) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(gateway.url() + path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body))
        .header("Content-Type", "application/json");
    if (user != null) {
      b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
          (user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }
    return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> alice(String tool, String args) throws Exception {
    return call("alice", GatewayFixture.ALICE_PASSWORD, "POST", "/agent/tools/" + tool, args);
  }

  @Test
  void toolsAreListedWithTheirSchemas() throws Exception {
    HttpResponse<String> r = call("alice", GatewayFixture.ALICE_PASSWORD, "GET", "/agent/tools",
        null);
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).contains("\"name\":\"list_tables\"", "\"name\":\"query\"",
        "\"name\":\"export\"", "\"parameters\"");
  }

  @Test
  void eachUserSeesTheirOwnWorkspace() throws Exception {
    HttpResponse<String> tables = alice("list_tables", "{}");
    assertThat(tables.statusCode()).isEqualTo(200);
    assertThat(tables.body()).contains("orders").doesNotContain("secret");
    HttpResponse<String> query = alice("query", "{\"sql\":\"SELECT SUM(amount) AS total "
        + "FROM orders\"}");
    assertThat(query.statusCode()).isEqualTo(200);
    assertThat(query.body()).contains("37.75");
    HttpResponse<String> bobs = alice("query", "{\"sql\":\"SELECT * FROM secret\"}");
    assertThat(bobs.body()).contains("\"error\"").doesNotContain("bob-only");
    HttpResponse<String> traversal = alice("read_rows",
        "{\"table\":\"../bob/secret.csv\",\"row_start\":1,\"row_count\":5}");
    assertThat(traversal.statusCode()).isEqualTo(403);
    assertThat(traversal.body()).contains("SANDBOX_VIOLATION").doesNotContain("bob-only");
  }

  @Test
  void credentialsAreRequired() throws Exception {
    assertThat(call(null, null, "POST", "/agent/tools/list_tables", "{}").statusCode())
        .isEqualTo(401);
    assertThat(call("alice", "wrong", "GET", "/agent/tools", null).statusCode()).isEqualTo(401);
  }

  @Test
  void writesAreRefusedAndExportGoesToTheUsersExportFolder() throws Exception {
    HttpResponse<String> delete = alice("query", "{\"sql\":\"DELETE FROM orders\"}");
    assertThat(delete.statusCode()).isEqualTo(403);
    assertThat(delete.body()).contains("READ_ONLY");
    HttpResponse<String> export = alice("export", "{\"sql\":\"SELECT id, region FROM orders "
        + "ORDER BY id\",\"target\":\"north.csv\"}");
    assertThat(export.statusCode()).as(export.body()).isEqualTo(200);
    assertThat(Files.readString(exports.resolve("alice").resolve("north.csv")))
        .startsWith("id,region").contains("1,north");
    assertThat(root.resolve("alice").resolve("north.csv")).doesNotExist();
  }

  @Test
  void aUsersExportFolderThatIsALinkIsNotWrittenThrough() throws Exception {
    HttpResponse<String> export = call("bob", GatewayFixture.BOB_PASSWORD, "POST",
        "/agent/tools/export", "{\"sql\":\"SELECT * FROM secret\",\"target\":\"s.csv\"}");
    assertThat(export.statusCode()).as(export.body()).isEqualTo(403);
    assertThat(export.body()).contains("SANDBOX_VIOLATION").doesNotContain(root.toString());
    try (java.util.stream.Stream<Path> o = Files.list(outside)) {
      assertThat(o).isEmpty();
    }
  }

  @Test
  void toolFailuresCarryACodeAndNoServerPaths() throws Exception {
    HttpResponse<String> r = alice("query", "{\"sql\":\"SELECT nope FROM orders\"}");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body()).contains("\"code\":\"QUERY_FAILED\"").doesNotContain(root.toString())
        .doesNotContain("Exception").doesNotContain("\tat ");
    HttpResponse<String> missing = alice("read_rows",
        "{\"table\":\"nothere.csv\",\"row_start\":1,\"row_count\":5}");
    assertThat(missing.body()).contains("\"code\":\"FILE_READ_FAILED\"")
        .doesNotContain(root.toString());
  }
}
