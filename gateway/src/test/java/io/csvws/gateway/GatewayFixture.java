package io.csvws.gateway;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * A real gateway on a loopback port, over workspaces written into a temporary folder, with the
 * helpers tests use to talk to it: the Avatica remote JDBC driver and plain HTTP.
 */
final class GatewayFixture implements AutoCloseable {
  static final String ALICE_PASSWORD = "alice-secret-1";
  static final String BOB_PASSWORD = "bob-secret-2";

  final Path root;
  final Path accessLog;
  final GatewayServer server;

  private GatewayFixture(Path root, Path accessLog, GatewayServer server) {
    this.root = root;
    this.accessLog = accessLog;
    this.server = server;
  }

  /** A gateway with users alice and bob, each with a workspace of their own. */
  static GatewayFixture withUsers(Path root, String... extraArgs) throws Exception {
    Path alice = Files.createDirectories(root.resolve("alice"));
    Path bob = Files.createDirectories(root.resolve("bob"));
    Files.writeString(alice.resolve("orders.csv"), "id,amount,region\n1,10.5,north\n2,20,south\n"
        + "3,7.25,north\n");
    Files.writeString(bob.resolve("secret.csv"), "code,value\nbob-only,42\n");
    Path users = root.resolve("users.txt");
    Files.writeString(users, "# test users\n"
        + "alice " + PasswordHash.create(ALICE_PASSWORD.toCharArray()) + " alice\n"
        + "bob " + PasswordHash.create(BOB_PASSWORD.toCharArray()) + " " + bob + "\n");
    List<String> args = new ArrayList<>(List.of("--users", users.toString()));
    args.addAll(List.of(extraArgs));
    return start(root, args);
  }

  /** A gateway serving one workspace without authentication. */
  static GatewayFixture anonymous(Path root, Path workspace, String... extraArgs)
      throws Exception {
    List<String> args = new ArrayList<>(List.of("--workspace", workspace.toString()));
    args.addAll(List.of(extraArgs));
    return start(root, args);
  }

  private static GatewayFixture start(Path root, List<String> args) throws Exception {
    return start(root, args, Map.of());
  }

  static GatewayFixture start(Path root, List<String> args, Map<String, String> env)
      throws Exception {
    Path log = root.resolve("access.log");
    List<String> all = new ArrayList<>(args);
    if (!all.contains("--port")) {
      all.addAll(List.of("--port", "0"));
    }
    all.addAll(List.of("--access-log", log.toString()));
    ServeOptions options = ServeOptions.parse(all.toArray(String[]::new), env);
    return new GatewayFixture(root, log, GatewayServer.start(options));
  }

  String url() {
    return server.url();
  }

  String jdbcUrl(String serialization) {
    return "jdbc:avatica:remote:url=" + url() + ";serialization=" + serialization;
  }

  Connection connect(String user, String password) throws SQLException {
    Properties p = new Properties();
    if (user != null) {
      p.setProperty("avatica_user", user);
      p.setProperty("avatica_password", password);
      p.setProperty("authentication", "BASIC");
    }
    return DriverManager.getConnection(jdbcUrl("protobuf"), p);
  }

  Connection alice() throws SQLException {
    return connect("alice", ALICE_PASSWORD);
  }

  Connection bob() throws SQLException {
    return connect("bob", BOB_PASSWORD);
  }

  /** Every row of a query, each as its values joined by {@code |}. */
  static List<String> rows(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rows(rs);
    }
  }

  /** Every row of a result set, each as its values joined by {@code |}. */
  static List<String> rows(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    int n = rs.getMetaData().getColumnCount();
    while (rs.next()) {
      StringBuilder b = new StringBuilder();
      for (int i = 1; i <= n; i++) {
        b.append(i > 1 ? "|" : "").append(rs.getString(i));
      }
      out.add(b.toString());
    }
    return out;
  }

  /** Posts {@code body} to the gateway's root as the given user (null: no credentials). */
  HttpResponse<String> post(String user, String password, String contentType, byte[] body)
      throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url() + "/"))
        .header("Content-Type", contentType)
        .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    if (user != null) {
      b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
          (user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }
    return HttpClient.newHttpClient().send(b.build(),
        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url() + path))
        .GET().build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  String accessLogText() throws IOException {
    return Files.exists(accessLog) ? Files.readString(accessLog) : "";
  }

  @Override
  public void close() throws IOException {
    server.close();
  }
}
