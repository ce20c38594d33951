package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.csvws.agent.AgentLimits;
import io.csvws.agent.AgentTools;
import io.csvws.agent.ToolResult;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A workspace folder whose name holds URL syntax (spaces, {@code ?}, {@code %}, {@code #},
 * {@code ;}, {@code &}) or letters beyond ASCII is served as that folder by every way in: remote
 * JDBC through the gateway, the agent tools over HTTP and in-process, and the web console.
 */
class FolderNamesTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir
  Path root;

  @ParameterizedTest
  @ValueSource(strings = {"my data", "what?now", "100% sure", "a%3Fb", "hash#tag", "semi;colon",
      "amp&eq=", "année été", "東京"})
  void everyWayInReadsTheFolderItIsGiven(String name) throws Exception {
    Path workspace = Files.createDirectories(root.resolve("workspaces").resolve(name));
    Files.writeString(workspace.resolve("items.csv"), "id,label\n1,one\n2,two\n");
    // A sibling whose name the folder's name could be mistaken for, holding other rows.
    Files.createDirectories(root.resolve("workspaces").resolve("a"));
    Files.writeString(root.resolve("workspaces").resolve("a").resolve("items.csv"),
        "id,label\n1,wrong\n");

    try (GatewayFixture gateway = GatewayFixture.anonymous(
        Files.createDirectories(root.resolve("gateway")), workspace)) {
      try (Connection c = gateway.connect(null, null)) {
        assertThat(GatewayFixture.rows(c, "SELECT label FROM items ORDER BY id"))
            .containsExactly("one", "two");
      }

      HttpResponse<String> tool = HTTP.send(HttpRequest.newBuilder(
              URI.create(gateway.url() + "/agent/tools/query"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(
              "{\"sql\": \"SELECT label FROM items WHERE id = 2\"}")).build(),
          HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      assertThat(tool.statusCode()).as(tool.body()).isEqualTo(200);
      assertThat(JSON.readTree(tool.body()).toString()).contains("\"two\"")
          .doesNotContain("wrong");

      String token = JSON.readTree(HTTP.send(HttpRequest.newBuilder(
              URI.create(gateway.url() + "/web/api/session")).GET().build(),
          HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)).body())
          .get("token").asText();
      HttpResponse<String> web = HTTP.send(HttpRequest.newBuilder(
              URI.create(gateway.url() + "/web/api/query"))
          .header("X-Csvws-Token", token).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(
              Map.of("sql", "SELECT label FROM items ORDER BY id")))).build(),
          HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      assertThat(web.statusCode()).as(web.body()).isEqualTo(200);
      assertThat(web.body()).contains("\"one\"").contains("\"two\"").doesNotContain("wrong");
    }

    try (AgentTools tools = AgentTools.open(workspace, null, AgentLimits.defaults())) {
      ToolResult r = tools.callJson("query", "{\"sql\": \"SELECT label FROM items ORDER BY id\"}");
      JsonNode body = JSON.valueToTree(r.body());
      assertThat(body.has("error")).as(body.toString()).isFalse();
      assertThat(body.toString()).contains("\"one\"").contains("\"two\"")
          .doesNotContain("wrong");
    }
  }
}
