package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.csvws.launch.ClassDataArchive;
import io.csvws.launch.InstalledJdks;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's class-data archive as the build leaves it beside {@code csvws-gateway.jar}, and
 * {@code serve} and {@code mcp} that {@code java -jar} relaunches on it, on a workspace of
 * 10,000 files. Where a class came from is read from the JVM's own class-loading log.
 */
@DisabledOnOs(OS.WINDOWS)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class GatewayClassDataIT {
  private static final int FILES = 10_000;
  private static final String CLASS_LOG = "-Xlog:class+load=info:stderr";
  private static final String MCP_FROM_ARCHIVE =
      "io.csvws.agent.AgentMcpServer source: shared objects file";
  private static final String SERVER_FROM_ARCHIVE =
      "io.csvws.gateway.GatewayServer source: shared objects file";

  private Path dir;
  private Path workspace;

  @BeforeAll
  void workspace(@TempDir Path tmp) throws IOException {
    dir = tmp;
    workspace = Files.createDirectories(dir.resolve("ws"));
    for (int i = 0; i < FILES; i++) {
      Files.writeString(workspace.resolve(String.format("f%05d.csv", i)),
          "id,amount\n1," + i + "\n2,1\n", StandardCharsets.UTF_8);
    }
  }

  private static Path jar() throws IOException {
    String jar = System.getProperty("csvws.gatewayJar");
    assertThat(jar).as("system property csvws.gatewayJar").isNotNull();
    return Path.of(jar).toRealPath();
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  @Test
  void theBuildLeftAnArchiveThisJvmCanMap() throws IOException {
    ClassDataArchive archive = ClassDataArchive.of(jar());

    assertThat(archive.archive()).isRegularFile();
    assertThat(archive.usable()).isTrue();
  }

  @Test
  void mcpRunsOnTheArchiveAndItsStandardOutputCarriesOnlyTheProtocol() throws Exception {
    Path err = dir.resolve("mcp.err");

    runMcp(List.of(java(), CLASS_LOG), err, System.getenv("XDG_CACHE_HOME"));

    assertThat(Files.readString(err)).contains(MCP_FROM_ARCHIVE)
        .doesNotContain("io.csvws.agent.AgentMcpServer source: file:");
  }

  @Test
  void onJdk25McpWritesAnAheadOfTimeCacheOnceAndThenRunsOnItWithOnlyTheProtocolOnItsOutput()
      throws Exception {
    Optional<Path> java25 = InstalledJdks.javaOfFeature(25);
    Assumptions.assumeTrue(java25.isPresent(), InstalledJdks.missing(25));
    Path cache = dir.resolve("cache");
    List<String> command = List.of(java25.get().toString(), CLASS_LOG);
    Path firstErr = dir.resolve("mcp25-first.err");
    Path secondErr = dir.resolve("mcp25-second.err");

    runMcp(command, firstErr, cache.toString());

    assertThat(Files.readString(firstErr))
        .contains("io.csvws.agent.AgentMcpServer source: file:");
    try (var files = Files.list(cache.resolve("csvws/class-data"))) {
      assertThat(files.map(f -> f.getFileName().toString()).toList())
          .as("one cache, nothing partial")
          .singleElement(InstanceOfAssertFactories.STRING)
          .matches("csvws-gateway-[0-9a-f]{16}\\.aot");
    }

    runMcp(command, secondErr, cache.toString());

    assertThat(Files.readString(secondErr)).contains(MCP_FROM_ARCHIVE)
        .doesNotContain("io.csvws.agent.AgentMcpServer source: file:");
  }

  /**
   * Runs {@code java -jar csvws-gateway.jar mcp} with the JVM and options of {@code jvm} on the
   * 10,000 files, with the user's cache folder under {@code cacheHome}, sends it a query and
   * {@code list_tables}, and checks that its standard output held the three answers and nothing
   * else; its standard error goes to {@code err}.
   */
  private void runMcp(List<String> jvm, Path err, String cacheHome) throws Exception {
    List<String> command = new ArrayList<>(jvm);
    command.addAll(List.of("-jar", jar().toString(), "mcp", workspace.toString()));
    ProcessBuilder b = new ProcessBuilder(command).redirectError(err.toFile());
    if (cacheHome == null) {
      b.environment().remove("XDG_CACHE_HOME");
    } else {
      b.environment().put("XDG_CACHE_HOME", cacheHome);
    }
    Process p = b.start();
    List<JsonNode> replies = new ArrayList<>();
    try (OutputStream in = p.getOutputStream()) {
      String[] messages = {
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
              + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
              + "\"clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}}",
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
          "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
              + "\"query\",\"arguments\":{\"sql\":\"SELECT SUM(amount) FROM f04242\"}}}",
          "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":"
              + "\"list_tables\",\"arguments\":{}}}"};
      for (String m : messages) {
        in.write((m + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
      }
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      String line;
      while (replies.size() < 3 && (line = out.readLine()) != null) {
        JsonNode n = parse(line);
        assertThat(n.get("jsonrpc").asText()).as(line).isEqualTo("2.0");
        replies.add(n);
      }
    }
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the server ends when stdin closes")
        .isTrue();
    assertThat(p.exitValue()).as("exit status; standard error: %s", Files.readString(err))
        .isZero();
    assertThat(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEmpty();
    assertThat(replies).hasSize(3);
    // Calls may be answered in any order: by id.
    replies.sort(Comparator.comparingInt(n -> n.get("id").asInt()));
    JsonNode sum = parse(text(replies.get(1)));
    assertThat(sum.get("rows").get(0).get(0).asLong()).isEqualTo(4243);
    JsonNode tables = parse(text(replies.get(2)));
    assertThat(tables.get("table_count").asInt()).isEqualTo(FILES);
    assertThat(tables.get("has_more").asBoolean()).isTrue();
  }

  @Test
  void serveRunsOnTheArchiveAnswersAndStopsWithTheJvmThatStartedIt() throws Exception {
    Path err = dir.resolve("serve.err");
    Process p = new ProcessBuilder(java(), CLASS_LOG, "-jar", jar().toString(), "serve",
        "--workspace", workspace.toString(), "--port", "0", "--access-log", "-")
        .redirectError(err.toFile()).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      String url = null;
      for (String line = out.readLine(); line != null && url == null; line = out.readLine()) {
        Matcher m = Pattern.compile("listening on (http://\\S+)").matcher(line);
        if (m.find()) {
          url = m.group(1);
        }
      }
      assertThat(url).as("the listening line; stderr: %s", Files.readString(err)).isNotNull();
      HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create(url + "/agent/tools/query")).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(
              "{\"sql\":\"SELECT SUM(amount) FROM f09999\"}")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
      assertThat(parse(r.body()).get("rows").get(0).get(0).asLong()).isEqualTo(10000);
      List<ProcessHandle> relaunched = p.children().toList();
      assertThat(relaunched).hasSize(1);

      p.destroy();

      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(relaunched.get(0).onExit().get(60, TimeUnit.SECONDS).isAlive()).isFalse();
      assertThat(Files.readString(err)).contains(SERVER_FROM_ARCHIVE);
    } finally {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }

  private static JsonNode parse(String json) throws IOException {
    return new ObjectMapper().readTree(json);
  }

  private static String text(JsonNode reply) {
    return reply.get("result").get("content").get(0).get("text").asText();
  }
}
