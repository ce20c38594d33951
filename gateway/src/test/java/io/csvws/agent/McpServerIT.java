package io.csvws.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar csvws-gateway.jar mcp DIR} driven by the MCP Java SDK's own client over stdio:
 * initialize, list the tools, call each; and, read raw, its standard output holds only JSON-RPC.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class McpServerIT {
  @TempDir
  Path dir;
  private Path workspace;
  private Path exports;

  static String java() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  static String jar() {
    String jar = System.getProperty("csvws.gatewayJar");
    assertThat(jar).as("system property csvws.gatewayJar").isNotNull();
    assertThat(Path.of(jar)).exists();
    return jar;
  }

  @BeforeEach
  void workspace() throws IOException {
    workspace = Files.createDirectories(dir.resolve("ws"));
    exports = Files.createDirectories(dir.resolve("exports"));
    StringBuilder csv = new StringBuilder("id,name,city\n");
    for (int i = 1; i <= 100; i++) {
      csv.append(i).append(",Contact ").append(i).append(',').append(i % 2 == 0 ? "Oslo" : "Lima")
          .append('\n');
    }
    Files.writeString(workspace.resolve("contacts.csv"), csv.toString());
  }

  private static McpSchema.CallToolRequest request(String tool, Map<String, Object> args) {
    return McpSchema.CallToolRequest.builder(tool).arguments(args).build();
  }

  private static JsonNode body(McpSchema.CallToolResult r) {
    assertThat(r.content()).hasSize(1);
    return ToolCalls.parse(((McpSchema.TextContent) r.content().get(0)).text());
  }

  @Test
  void theSdkClientInitializesListsAndCallsEveryTool() {
    List<String> stderr = Collections.synchronizedList(new ArrayList<>());
    ServerParameters params = ServerParameters.builder(java())
        .args("-jar", jar(), "mcp", workspace.toString(), "--export-dir", exports.toString())
        .build();
    StdioClientTransport transport = new StdioClientTransport(params,
        McpJsonDefaults.getMapper());
    transport.setStdErrorHandler(stderr::add);
    try (McpSyncClient client = McpClient.sync(transport)
        .requestTimeout(Duration.ofSeconds(60)).initializationTimeout(Duration.ofSeconds(60))
        .build()) {
      McpSchema.InitializeResult init = client.initialize();
      assertThat(init.serverInfo().name()).isEqualTo("csvws");
      assertThat(init.instructions()).contains("Count first");

      List<McpSchema.Tool> tools = client.listTools().tools();
      TreeSet<String> names = new TreeSet<>();
      for (McpSchema.Tool t : tools) {
        names.add(t.name());
        assertThat(t.description()).isNotBlank();
        assertThat(t.inputSchema().get("type")).isEqualTo("object");
      }
      assertThat(names).containsExactly("column_stats", "describe_table", "drop_result",
          "export", "find_rows", "headers", "list_results", "list_tables", "query",
          "read_result", "read_rows", "save_result", "sql_help");

      Map<String, Map<String, Object>> calls = new LinkedHashMap<>();
      calls.put("list_tables", Map.of());
      calls.put("describe_table", Map.of("table", "contacts.csv"));
      calls.put("headers", Map.of("table", "contacts"));
      calls.put("column_stats", Map.of("table", "contacts", "columns", List.of("id", "city")));
      calls.put("read_rows", Map.of("table", "contacts", "row_start", -5, "row_count", 5));
      calls.put("find_rows", Map.of("table", "contacts", "column", "city", "value", "Oslo",
          "limit", 3));
      calls.put("query", Map.of("sql", "SELECT city, COUNT(*) AS n FROM contacts GROUP BY city "
          + "ORDER BY city"));
      calls.put("save_result", Map.of("name", "oslo", "sql",
          "SELECT id, name FROM contacts WHERE city = 'Oslo' ORDER BY id"));
      calls.put("list_results", Map.of());
      calls.put("read_result", Map.of("name", "oslo", "window_rows", 10, "window_offset", 40));
      calls.put("export", Map.of("result", "oslo", "target", "oslo.xlsx"));
      calls.put("drop_result", Map.of("name", "oslo"));
      calls.put("sql_help", Map.of("topic", "dates"));
      Map<String, JsonNode> answers = new LinkedHashMap<>();
      for (Map.Entry<String, Map<String, Object>> c : calls.entrySet()) {
        McpSchema.CallToolResult r = client.callTool(request(c.getKey(), c.getValue()));
        assertThat(r.isError()).as("%s -> %s", c.getKey(), r.content()).isFalse();
        answers.put(c.getKey(), body(r));
      }
      assertThat(names).isEqualTo(new TreeSet<>(answers.keySet()));
      assertThat(answers.get("describe_table").get("row_count").asInt()).isEqualTo(100);
      assertThat(answers.get("read_rows").get("rows").get(0).get(0).asInt()).isEqualTo(96);
      assertThat(answers.get("find_rows").get("row_numbers").toString()).isEqualTo("[2,4,6]");
      assertThat(answers.get("query").get("rows").toString())
          .isEqualTo("[[\"Lima\",50],[\"Oslo\",50]]");
      assertThat(answers.get("read_result").get("rows")).hasSize(10);
      assertThat(answers.get("read_result").get("has_more").asBoolean()).isFalse();
      assertThat(answers.get("export").get("row_count").asInt()).isEqualTo(50);
      assertThat(exports.resolve("oslo.xlsx")).exists();
      assertThat(answers.get("sql_help").get("example").get("rows")).isNotEmpty();
      assertThat(answers.get("sql_help").get("functions").toString()).contains("DATE_TRUNC");

      McpSchema.CallToolResult refused = client.callTool(request("query",
          Map.of("sql", "DELETE FROM contacts")));
      assertThat(refused.isError()).isTrue();
      assertThat(body(refused).get("error").get("code").asText()).isEqualTo("READ_ONLY");
    }
  }

  @Test
  void standardOutputCarriesOnlyTheProtocol() throws Exception {
    Process p = new ProcessBuilder(java(), "-jar", jar(), "mcp", workspace.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try (OutputStream in = p.getOutputStream()) {
      String[] messages = {
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
              + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
              + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}",
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
          "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
          "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":"
              + "\"query\",\"arguments\":{\"sql\":\"SELECT COUNT(*) FROM contacts\"}}}"};
      for (String m : messages) {
        in.write((m + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
      }
      List<JsonNode> replies = new ArrayList<>();
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      String line;
      while (replies.size() < 3 && (line = out.readLine()) != null) {
        JsonNode n = ToolCalls.parse(line);
        assertThat(n.get("jsonrpc").asText()).as(line).isEqualTo("2.0");
        replies.add(n);
      }
      assertThat(replies).hasSize(3);
      assertThat(replies.get(0).get("result").get("serverInfo").get("name").asText())
          .isEqualTo("csvws");
      assertThat(replies.get(1).get("result").get("tools")).hasSize(13);
      JsonNode count = ToolCalls.parse(replies.get(2).get("result").get("content").get(0)
          .get("text").asText());
      assertThat(count.get("rows").get(0).get(0).asInt()).isEqualTo(100);
    }
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the server ends when stdin closes").isTrue();
    assertThat(p.exitValue()).isZero();
    assertThat(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim())
        .isEmpty();
  }

  @Test
  void toolsSchemaPrintsFunctionSchemas() throws Exception {
    Process p = new ProcessBuilder(java(), "-jar", jar(), "tools", "--schema", "--format",
        "openai").redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    JsonNode schemas = ToolCalls.parse(out);
    assertThat(schemas).hasSize(13);
    for (JsonNode s : schemas) {
      assertThat(s.get("type").asText()).isEqualTo("function");
      assertThat(s.get("function").get("parameters").get("type").asText()).isEqualTo("object");
    }
  }
}
