package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedWriter;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway's limits hold, and hostile or broken requests get clear errors. */
class LimitsAndBadInputTest {
  @TempDir
  static Path root;
  static Path workspace;
  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    workspace = Files.createDirectories(root.resolve("ws"));
    try (BufferedWriter w = Files.newBufferedWriter(workspace.resolve("big.csv"))) {
      w.write("id,text\n");
      for (int i = 0; i < 300_000; i++) {
        w.write(i + ",row number " + i + " with some text\n");
      }
    }
    gateway = GatewayFixture.anonymous(root, workspace, "--max-connections-per-user", "3",
        "--query-timeout-seconds", "3", "--max-request-bytes", "4096",
        "--max-header-bytes", "4096");
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  private static void assertUp() throws Exception {
    assertThat(gateway.get("/health").statusCode()).isEqualTo(200);
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
      assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM big WHERE \"_row\" <= 10"))
          .containsExactly("10");
    }
  }

  @Test
  void aUserHoldsAtMostTheAllowedConnections() throws Exception {
    List<Connection> open = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"));
        GatewayFixture.rows(c, "SELECT 1");
        open.add(c);
      }
      assertThatThrownBy(() -> {
        try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
          GatewayFixture.rows(c, "SELECT 1");
        }
      }).hasMessageContaining("already has 3 open connections");
    } finally {
      for (Connection c : open) {
        c.close();
      }
    }
    assertUp();
  }

  @Test
  void theDefaultQueryTimeoutStopsALongQuery() throws Exception {
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
      long started = System.nanoTime();
      // Ninety billion pairs: only the timeout ends it.
      assertThatThrownBy(() -> GatewayFixture.rows(c, "SELECT COUNT(*) FROM big a, big b "
          + "WHERE a.id + b.id = -1"))
          .isInstanceOf(SQLException.class)
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("HYT00"));
      assertThat((System.nanoTime() - started) / 1_000_000).isBetween(2_500L, 20_000L);
    }
    assertUp();
  }

  @Test
  void aTooLargeBodyIsRefusedWith413() throws Exception {
    HttpResponse<String> r = gateway.post(null, null, "application/octet-stream",
        new byte[10_000]);
    assertThat(r.statusCode()).isEqualTo(413);
    assertThat(r.body()).contains("at most 4096").contains("--max-request-bytes");
    assertUp();
  }

  @Test
  void aHugeHeaderIsRefused() throws Exception {
    URI u = URI.create(gateway.url());
    String answer;
    try (Socket s = new Socket(u.getHost(), u.getPort())) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      // Fits the socket buffers, so the whole request is written before the server answers.
      out.write(("POST / HTTP/1.1\r\nHost: x\r\nX-Padding: " + "x".repeat(10_000)
          + "\r\nContent-Length: 2\r\n\r\n{}").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    }
    assertThat(answer).startsWith("HTTP/1.1 431");
    assertUp();
  }

  @Test
  void malformedProtobufGetsAnErrorAndTheServerStaysUp() throws Exception {
    HttpResponse<String> r = gateway.post(null, null, "application/octet-stream",
        "this is not protobuf at all".getBytes(StandardCharsets.UTF_8));
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body()).startsWith("csvws gateway: The body is not an Avatica protobuf request")
        .doesNotContain("Exception");
    assertUp();
  }

  @Test
  void aTruncatedBodyGetsAnErrorAndTheServerStaysUp() throws Exception {
    URI u = URI.create(gateway.url());
    try (Socket s = new Socket(u.getHost(), u.getPort())) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      out.write(("POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n"
          + "Content-Length: 1000\r\n\r\npartial").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      s.shutdownOutput();
      InputStream in = s.getInputStream();
      String answer = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
      assertThat(answer).startsWith("HTTP/1.1");
      assertThat(answer).doesNotStartWith("HTTP/1.1 200");
    }
    assertUp();
  }

  @Test
  void unknownPathsAndMethodsAreHandled() throws Exception {
    assertThat(gateway.get("/no-such-path").statusCode()).isNotEqualTo(200);
    assertUp();
  }

  @Test
  void healthAndMetricsDescribeTheGateway() throws Exception {
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
      GatewayFixture.rows(c, "SELECT COUNT(*) FROM big WHERE id < 5");
      HttpResponse<String> metrics = gateway.get("/metrics");
      assertThat(metrics.statusCode()).isEqualTo(200);
      assertThat(metrics.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
      assertThat(metrics.body())
          .contains("csvws_requests_total{status=\"200\"}")
          .contains("csvws_request_duration_seconds_bucket{le=\"+Inf\"}")
          .contains("csvws_request_duration_seconds_count")
          .contains("csvws_open_connections 1")
          .contains("csvws_queries_cancelled_total")
          .contains("csvws_heap_used_bytes")
          .contains("csvws_heap_max_bytes");
    }
    HttpResponse<String> health = gateway.get("/health");
    assertThat(health.body()).contains("\"status\":\"UP\"");
  }
}
