package io.csvws.gateway;

import io.csvws.agent.AgentMcpServer;
import io.csvws.driver.CsvwsUrl;
import io.csvws.launch.ClassDataArchive;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * Writes the class-data archive of {@code csvws-gateway.jar} at build time
 * ({@link ClassDataArchive}), so that {@code serve} and {@code mcp} started with
 * {@code java -jar} map the classes they load instead of loading them (see {@link Main}). The
 * training session, run with {@code --session WORKSPACE} in a JVM that dumps its classes as it
 * exits, is an MCP session over piped streams (initialize, list tools, call the common tools)
 * and a gateway on a free local port asked what its clients ask: remote JDBC queries and
 * metadata, agent tools over HTTP, the web console's page.
 */
public final class GatewayClassData {
  private static final String[] MCP_MESSAGES = {
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
          + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"training\",\"version\":\"1\"}}}",
      "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
      call(3, "list_tables", "{}"),
      call(4, "describe_table", "{\"table\":\"customers\"}"),
      call(5, "query", "{\"sql\":\"SELECT COUNT(*) FROM customers\"}"),
      call(6, "query", "{\"sql\":\"SELECT country, COUNT(*) AS n FROM customers "
          + "GROUP BY country ORDER BY n DESC\"}"),
      call(7, "read_rows", "{\"table\":\"customers\",\"row_start\":1,\"row_count\":5}"),
      call(8, "column_stats", "{\"table\":\"customers\"}")};

  private static final List<String> JDBC_QUERIES = List.of(
      "SELECT * FROM customers LIMIT 5",
      "SELECT COUNT(*) FROM customers",
      "SELECT country, COUNT(*) AS n FROM customers WHERE active GROUP BY country ORDER BY n DESC",
      "SELECT _row, * FROM \"sales/orders_2025.tsv\" WHERE _row BETWEEN 1 AND 2");

  private GatewayClassData() {
  }

  private static String call(int id, String tool, String arguments) {
    return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":"
        + "{\"name\":\"" + tool + "\",\"arguments\":" + arguments + "}}";
  }

  /**
   * {@code GatewayClassData JAR WORKSPACE LOG} builds the archive of a gateway jar; a JVM that
   * cannot write archives leaves the jar without one, which only makes the gateway start slower,
   * so that is reported and not a failure. {@code GatewayClassData --session WORKSPACE} is the
   * training session itself, {@code --prime WORKSPACE} the session before it.
   */
  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("--session")) {
      session(Path.of(args[1]));
      System.exit(0);
    }
    if (args.length == 2 && args[0].equals("--prime")) {
      prime(Path.of(args[1]));
      System.exit(0);
    }
    if (args.length != 3) {
      System.err.println("usage: GatewayClassData JAR WORKSPACE LOG");
      System.exit(1);
    }
    Path jar = Path.of(args[0]).toRealPath();
    Path workspace = Path.of(args[1]).toAbsolutePath();
    ClassDataArchive a = ClassDataArchive.of(jar);
    String problem = a.create(home -> session(jar, "--prime", workspace),
        home -> session(jar, "--session", workspace), Path.of(args[2]));
    System.out.println(problem == null
        ? "csvws: wrote the gateway's class-data archive " + a.archive()
        : "csvws: no class-data archive for the gateway (it starts slower): " + problem);
  }

  /** The JVM options and program of a session of this class with {@code mode}. */
  private static List<String> session(Path jar, String mode, Path workspace) {
    // SLF4J's notice about having no backend, as Main keeps it quiet.
    return List.of("-Dslf4j.internal.verbosity=ERROR", "-cp", jar.toString(),
        GatewayClassData.class.getName(), mode, workspace.toString());
  }

  /**
   * The priming session: one count of one file, whose metadata the training then reads from the
   * user's cache folder while it inspects the others.
   */
  static void prime(Path workspace) throws SQLException {
    try (Connection c = DriverManager.getConnection(CsvwsUrl.of(workspace, Map.of()));
        Statement s = c.createStatement()) {
      drain(s.executeQuery("SELECT COUNT(*) FROM customers"));
    }
  }

  /** The training session over {@code workspace}; what it is answered goes to standard output. */
  static void session(Path workspace) throws Exception {
    StringBuilder mcp = new StringBuilder();
    for (String m : MCP_MESSAGES) {
      mcp.append(m).append('\n');
    }
    ByteArrayOutputStream replies = new ByteArrayOutputStream();
    int status = AgentMcpServer.run(new String[] {workspace.toString()},
        new ByteArrayInputStream(mcp.toString().getBytes(StandardCharsets.UTF_8)),
        new PrintStream(replies, true, StandardCharsets.UTF_8), System.out);
    System.out.println("mcp: status " + status + ", " + replies.size() + " bytes of replies");

    ServeOptions options = ServeOptions.parse(new String[] {"--workspace",
        workspace.toString(), "--port", "0", "--host", "127.0.0.1", "--access-log", "-"},
        Map.of());
    try (GatewayServer server = GatewayServer.start(options)) {
      String url = server.url();
      jdbc("jdbc:avatica:remote:url=" + url + ";serialization=protobuf");
      HttpClient http = HttpClient.newHttpClient();
      for (String path : List.of("/", "/health", "/agent/tools")) {
        send(http, HttpRequest.newBuilder(URI.create(url + path)).GET().build());
      }
      send(http, HttpRequest.newBuilder(URI.create(url + "/agent/tools/query"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(
              "{\"sql\":\"SELECT COUNT(*) FROM customers\"}")).build());
      send(http, HttpRequest.newBuilder(URI.create(url + "/agent/tools/list_tables"))
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{}")).build());
    }
  }

  private static void jdbc(String url) throws SQLException {
    try (Connection c = DriverManager.getConnection(url)) {
      drain(c.getMetaData().getTables(null, null, "%", null));
      drain(c.getMetaData().getColumns(null, null, "customers", "%"));
      for (String sql : JDBC_QUERIES) {
        try (Statement s = c.createStatement()) {
          drain(s.executeQuery(sql));
        }
      }
    }
  }

  private static void drain(ResultSet rs) throws SQLException {
    try (rs) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        for (int i = 1; i <= columns; i++) {
          rs.getObject(i);
        }
      }
    }
  }

  private static void send(HttpClient http, HttpRequest request)
      throws IOException, InterruptedException {
    HttpResponse<Void> r = http.send(request, HttpResponse.BodyHandlers.discarding());
    System.out.println(request.method() + " " + request.uri().getPath() + ": " + r.statusCode());
  }
}
