package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Errors at the HTTP edge are clean, in both serialisations: a wrong content type, bad JSON, bad
 * protobuf, a body in the other serialisation, an empty body, another method or an unknown path
 * get a 4xx with a short text or JSON body (no stack trace, no class name), and the gateway keeps
 * answering real clients.
 */
class HttpEdgeTest {
  @TempDir
  static Path root;
  static GatewayFixture json;
  static GatewayFixture protobuf;

  @BeforeAll
  static void start() throws Exception {
    Path ws = Files.createDirectories(root.resolve("ws"));
    Files.writeString(ws.resolve("t.csv"), "a\n1\n2\n");
    json = GatewayFixture.anonymous(Files.createDirectories(root.resolve("j")), ws,
        "--serialization", "json");
    protobuf = GatewayFixture.anonymous(Files.createDirectories(root.resolve("p")), ws);
  }

  @AfterAll
  static void stop() throws Exception {
    json.close();
    protobuf.close();
  }

  /** A bad request: method, path, content type and body. */
  record Bad(String name, String method, String path, String contentType, byte[] body) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Arguments> cases() throws Exception {
    byte[] jsonOpen = "{\"request\":\"openConnection\",\"connectionId\":\"x\"}"
        .getBytes(StandardCharsets.UTF_8);
    byte[] protobufOpen = new ProtobufTranslationImpl().serializeRequest(
        new Service.OpenConnectionRequest("x", null));
    List<Arguments> all = new ArrayList<>();
    for (String serialization : new String[] {"json", "protobuf"}) {
      boolean isJson = serialization.equals("json");
      List<Bad> bad = List.of(
          new Bad("bad JSON", "POST", "/", "application/json",
              "{\"request\": \"prepareAndExecute\", \"sql\": ".getBytes(StandardCharsets.UTF_8)),
          new Bad("JSON of no request", "POST", "/", "application/json",
              "{\"request\":\"dropEverything\"}".getBytes(StandardCharsets.UTF_8)),
          new Bad("bad protobuf", "POST", "/", "application/octet-stream",
              new byte[] {10, (byte) 0xff, 3, 4, 5, 6, 7}),
          new Bad("text", "POST", "/", "application/octet-stream",
              "this is not protobuf at all".getBytes(StandardCharsets.UTF_8)),
          new Bad("the other serialization", "POST", "/", "application/octet-stream",
              isJson ? protobufOpen : jsonOpen),
          new Bad("empty body", "POST", "/", "application/octet-stream", new byte[0]),
          new Bad("wrong content type", "POST", "/", "multipart/form-data; boundary=x",
              isJson ? jsonOpen : protobufOpen),
          new Bad("the other serialization's content type", "POST", "/",
              isJson ? "application/x-google-protobuf" : "application/json",
              isJson ? jsonOpen : protobufOpen),
          // GET / is the web console page (WebConsoleBrowserTest); other methods are refused.
          new Bad("DELETE", "DELETE", "/", null, null),
          new Bad("PUT", "PUT", "/", "application/octet-stream", isJson ? jsonOpen : protobufOpen),
          new Bad("unknown route", "POST", "/avatica/v2", "application/octet-stream",
              isJson ? jsonOpen : protobufOpen),
          new Bad("unknown route GET", "GET", "/admin", null, null));
      for (Bad b : bad) {
        all.add(Arguments.of(serialization, b));
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}: {1}")
  @MethodSource("cases")
  void aBadRequestGetsA4xxWithAShortCleanBody(String serialization, Bad bad) throws Exception {
    GatewayFixture g = serialization.equals("json") ? json : protobuf;
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(g.url() + bad.path()))
        .method(bad.method(), bad.body() == null ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(bad.body()));
    if (bad.contentType() != null) {
      b.header("Content-Type", bad.contentType());
    }
    HttpResponse<String> r = HttpClient.newHttpClient().send(b.build(),
        HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    assertThat(r.statusCode()).as(r.body()).isBetween(400, 499);
    String type = r.headers().firstValue("Content-Type").orElse("");
    assertThat(type).as("a text or JSON body").matches("(text/plain|application/json).*");
    assertThat(r.body()).as("short").hasSizeLessThan(600).isNotBlank()
        .doesNotContain("\tat ").doesNotContain("Exception").doesNotContain("java.")
        .doesNotContain("org.apache").doesNotContain(root.toString());
    if (type.startsWith("application/json")) {
      assertThat(r.body()).contains("\"response\":\"error\"").contains("\"sqlState\"");
    }
    try (Connection c = DriverManager.getConnection(g.jdbcUrl(serialization))) {
      assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM t")).containsExactly("2");
    }
  }
}
