package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Idle connections expire, frames are bounded, and malformed JSON is an error, not a crash. */
class IdleAndFramesTest {
  @TempDir
  Path root;

  private Path workspace() throws Exception {
    Path ws = Files.createDirectories(root.resolve("ws"));
    StringBuilder b = new StringBuilder("id\n");
    for (int i = 1; i <= 2500; i++) {
      b.append(i).append('\n');
    }
    Files.writeString(ws.resolve("numbers.csv"), b);
    return ws;
  }

  @Test
  void anIdleConnectionExpiresAndSaysHowToGoOn() throws Exception {
    try (GatewayFixture g = GatewayFixture.anonymous(root, workspace(),
        "--idle-timeout-seconds", "1")) {
      Connection c = DriverManager.getConnection(g.jdbcUrl("protobuf"));
      assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM numbers")).containsExactly("2500");
      Thread.sleep(2500);
      assertThatThrownBy(() -> GatewayFixture.rows(c, "SELECT COUNT(*) FROM numbers"))
          .hasMessageContaining("expired after 1 s unused")
          .hasMessageContaining("Open a new connection");
      try (Connection fresh = DriverManager.getConnection(g.jdbcUrl("protobuf"))) {
        assertThat(GatewayFixture.rows(fresh, "SELECT COUNT(*) FROM numbers"))
            .containsExactly("2500");
      }
    }
  }

  @Test
  void framesAreBoundedAndLargeResultsStillArriveWhole() throws Exception {
    try (GatewayFixture g = GatewayFixture.anonymous(root, workspace(),
        "--max-frame-rows", "100", "--serialization", "json")) {
      try (Connection c = DriverManager.getConnection(g.jdbcUrl("json"))) {
        List<String> rows = GatewayFixture.rows(c, "SELECT id FROM numbers");
        assertThat(rows).hasSize(2500);
        assertThat(rows.get(2499)).isEqualTo("2500");
      }
      g.post(null, null, "application/json",
          "{\"request\":\"openConnection\",\"connectionId\":\"f\"}".getBytes(StandardCharsets.UTF_8));
      String stmt = g.post(null, null, "application/json",
          "{\"request\":\"createStatement\",\"connectionId\":\"f\"}"
              .getBytes(StandardCharsets.UTF_8)).body();
      String id = stmt.replaceAll(".*\"statementId\":(\\d+).*", "$1");
      HttpResponse<String> first = g.post(null, null, "application/json",
          ("{\"request\":\"prepareAndExecute\",\"connectionId\":\"f\",\"statementId\":" + id
              + ",\"sql\":\"SELECT id FROM numbers\",\"maxRowCount\":-1,"
              + "\"maxRowsInFirstFrame\":100000}").getBytes(StandardCharsets.UTF_8));
      assertThat(first.body()).contains("\"done\":false");
      assertThat(first.body().split("\\],\\[").length).as("rows in the first frame")
          .isLessThanOrEqualTo(100);

      HttpResponse<String> bad = g.post(null, null, "application/json",
          "{\"request\": \"prepareAndExecute\", \"sql\": ".getBytes(StandardCharsets.UTF_8));
      assertThat(bad.statusCode()).isEqualTo(400);
      assertThat(bad.body()).contains("\"response\":\"error\"")
          .contains("The body is not an Avatica JSON request").doesNotContain("at org.");
      assertThat(g.get("/health").statusCode()).isEqualTo(200);
    }
  }

  @Test
  void aConnectionSurvivesWhileUsed() throws SQLException, Exception {
    try (GatewayFixture g = GatewayFixture.anonymous(root, workspace(),
        "--idle-timeout-seconds", "2")) {
      try (Connection c = DriverManager.getConnection(g.jdbcUrl("protobuf"))) {
        for (int i = 0; i < 4; i++) {
          assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM numbers"))
              .containsExactly("2500");
          Thread.sleep(1000);
        }
      }
    }
  }
}
