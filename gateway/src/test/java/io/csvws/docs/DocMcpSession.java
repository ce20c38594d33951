package io.csvws.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.csvws.docs.MarkdownBlocks.Block;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * docs/agents.md's MCP server, started from the page's client configuration (its jar and folders
 * replaced by this build's jar, the example workspace with the page's generated 20,000-column
 * file, and a scratch export folder) and driven by the MCP Java SDK's client, one session for the
 * whole page, so that saved results and exports carry from call to call as the page shows.
 */
final class DocMcpSession implements AutoCloseable {
  private McpSyncClient client;

  boolean started() {
    return client != null;
  }

  /** The page's {@code mcpServers} configuration block. */
  static Block config(List<Block> blocks) {
    return blocks.stream().filter(b -> b.text().contains("\"mcpServers\"")).findFirst()
        .orElseThrow(() -> new AssertionError("docs/agents.md shows no MCP configuration"));
  }

  /** Starts the server the configuration describes and initializes the session. */
  void start(Block config, Path dir) throws IOException {
    if (client != null) {
      return;
    }
    JsonNode server = DocJson.parse(config.text()).get("mcpServers").get("csvws");
    assertThat(server.get("command").asText()).as(config.where()).isEqualTo("java");
    Path workspace = DocWorkspaces.forAgents(Files.createDirectories(dir));
    Path exports = Files.createDirectories(dir.resolve("exports"));
    Map<String, String> paths = Map.of(
        "/opt/csvws/csvws-gateway.jar",
        DocsIT.ROOT.resolve("gateway/target/csvws-gateway.jar").toString(),
        "/data/workspace", workspace.toString(),
        "/data/exports", exports.toString());
    List<String> args = new ArrayList<>();
    for (JsonNode arg : server.get("args")) {
      args.add(paths.getOrDefault(arg.asText(), arg.asText()));
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    StdioClientTransport transport = new StdioClientTransport(
        ServerParameters.builder(java).args(args).build(), McpJsonDefaults.getMapper());
    List<String> stderr = new ArrayList<>();
    transport.setStdErrorHandler(line -> {
      synchronized (stderr) {
        stderr.add(line);
      }
    });
    client = McpClient.sync(transport).requestTimeout(Duration.ofSeconds(120))
        .initializationTimeout(Duration.ofSeconds(120)).build();
    McpSchema.InitializeResult init = client.initialize();
    assertThat(init.serverInfo().name()).as("%s: the server named in the configuration; its "
        + "standard error: %s", config.where(), stderr).isEqualTo("csvws");
  }

  /** Calls {@code tool} with the JSON arguments; returns the text content it answered. */
  String call(String tool, String argumentsJson) {
    Map<String, Object> args = DocJson.object(argumentsJson);
    McpSchema.CallToolResult r = client.callTool(
        McpSchema.CallToolRequest.builder(tool).arguments(args).build());
    assertThat(r.content()).as("%s %s", tool, argumentsJson).hasSize(1);
    String text = ((McpSchema.TextContent) r.content().get(0)).text();
    assertThat(Boolean.TRUE.equals(r.isError())).as("isError of %s: %s", tool, text)
        .isEqualTo(DocJson.parse(text).has("error"));
    return text;
  }

  @Override
  public void close() {
    if (client != null) {
      client.closeGracefully();
    }
  }
}
