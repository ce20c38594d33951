package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.csvws.driver.CsvwsDriver;
import io.csvws.engine.Engine;
import io.csvws.engine.Execution;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Remote clients get the answers embedded {@code jdbc:csvws:} gives. */
class RemoteClientsTest {
  private static final List<String> QUERIES = List.of(
      "SELECT COUNT(*) FROM sales",
      "SELECT region, COUNT(*), SUM(amount) FROM sales GROUP BY region ORDER BY region",
      "SELECT id, customer, amount, sold_on FROM sales WHERE amount > 500 ORDER BY id",
      "SELECT \"_row\", id FROM sales WHERE \"_row\" BETWEEN 10 AND 12",
      "SELECT c.name, COUNT(*) FROM sales s JOIN lookup.customers c ON s.customer = c.id "
          + "GROUP BY c.name ORDER BY c.name",
      "SELECT table_name, row_count FROM csvws.files ORDER BY path",
      "SELECT price, CAST(t AS VARCHAR), CAST(ts AS VARCHAR) FROM times ORDER BY \"_row\"",
      "SELECT SUM(price) FROM times");

  @TempDir
  static Path root;
  static Path workspace;
  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    workspace = Files.createDirectories(root.resolve("ws"));
    StringBuilder sales = new StringBuilder("id,customer,region,amount,sold_on\n");
    String[] regions = {"north", "south", "east", "west"};
    for (int i = 1; i <= 2000; i++) {
      sales.append(i).append(',').append(i % 7).append(',').append(regions[i % 4]).append(',')
          .append((i * 37) % 1000).append('.').append(i % 100 < 10 ? "0" : "").append(i % 100)
          .append(",2024-").append(String.format("%02d", 1 + i % 12)).append("-15\n");
    }
    Files.writeString(workspace.resolve("sales.csv"), sales);
    Files.createDirectories(workspace.resolve("lookup"));
    StringBuilder customers = new StringBuilder("id,name\n");
    for (int i = 0; i < 7; i++) {
      customers.append(i).append(",Customer ").append((char) ('A' + i)).append('\n');
    }
    Files.writeString(workspace.resolve("lookup/customers.csv"), customers);
    Files.writeString(workspace.resolve("times.csv"), "t,ts,price\n00:15:00,2024-01-05 10:30:00,"
        + "12.50\n10:30:00.5,2024-01-05T10:30:00.250,0.1\n");
    gateway = GatewayFixture.anonymous(root, workspace);
  }

  /**
   * Decimals come through exactly. Times keep their milliseconds, but Avatica's remote client
   * writes them itself, always with the column's three decimals
   * ({@code AbstractCursor.TimeFromNumberAccessor.getString} formats with the declared precision):
   * declaring precision 0 would cut {@code .5}, so remote {@code getString} gives
   * {@code 00:15:00.000} where embedded JDBC gives {@code 00:15:00}.
   */
  @Test
  void decimalsAndTimesComeThroughExactlyRemotely() throws SQLException {
    try (Connection remote = DriverManager.getConnection(gateway.jdbcUrl("protobuf"));
        java.sql.Statement s = remote.createStatement();
        ResultSet rs = s.executeQuery("SELECT t, ts, price FROM times ORDER BY \"_row\"")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getBigDecimal(3)).isEqualTo(new java.math.BigDecimal("12.50"));
      assertThat(rs.getString(1)).isEqualTo("00:15:00.000");
      assertThat(rs.getString(2)).isEqualTo("2024-01-05 10:30:00.000");
      assertThat(rs.next()).isTrue();
      assertThat(rs.getTime(1).getTime() % 60_000).isEqualTo(500);
      assertThat(rs.getString(1)).isEqualTo("10:30:00.500");
      assertThat(rs.getTimestamp(2).getNanos()).isEqualTo(250_000_000);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  @Test
  void theRemoteDriverAnswersAsTheEmbeddedOne() throws SQLException {
    // Other tests of this JVM may hold embedded executions open: only this test's must be gone.
    Engine embedded = ((CsvwsDriver) DriverManager.getDriver("jdbc:csvws:.")).engine();
    List<Execution> before = embedded.runningQueries();
    try (Connection remote = DriverManager.getConnection(gateway.jdbcUrl("protobuf"));
        Connection local = DriverManager.getConnection("jdbc:csvws:" + workspace)) {
      for (String sql : QUERIES) {
        List<String> expected = GatewayFixture.rows(local, sql);
        assertThat(expected).as(sql).isNotEmpty();
        assertThat(GatewayFixture.rows(remote, sql)).as(sql).isEqualTo(expected);
      }
    }
    assertThat(embedded.runningQueries())
        .as("no execution stays registered once its statement is closed")
        .allMatch(before::contains);
    assertThat(gateway.server.engine().runningQueries())
        .as("the remote queries ran on the gateway's own engine, and none stays registered")
        .isEmpty();
  }

  @Test
  void preparedStatementsTakeParametersRemotely() throws SQLException {
    try (Connection remote = DriverManager.getConnection(gateway.jdbcUrl("protobuf"));
        PreparedStatement ps = remote.prepareStatement(
            "SELECT COUNT(*) FROM sales WHERE region = ? AND amount > ?")) {
      ps.setString(1, "north");
      ps.setDouble(2, 900);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        try (Connection local = DriverManager.getConnection("jdbc:csvws:" + workspace)) {
          assertThat(rs.getLong(1) + "").isEqualTo(GatewayFixture.rows(local,
              "SELECT COUNT(*) FROM sales WHERE region = 'north' AND amount > 900").get(0));
        }
      }
    }
  }

  @Test
  void largeResultsArriveInFrames() throws SQLException {
    try (Connection remote = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
      List<String> rows = GatewayFixture.rows(remote, "SELECT id FROM sales");
      assertThat(rows).hasSize(2000);
      assertThat(rows.get(1999)).isEqualTo("2000");
    }
  }

  @Test
  void databaseMetaDataListsTablesRemotely() throws SQLException {
    try (Connection remote = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
      DatabaseMetaData md = remote.getMetaData();
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = md.getTables(null, null, "%", null)) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_SCHEM") + "." + rs.getString("TABLE_NAME"));
        }
      }
      assertThat(tables).contains("main.sales", "lookup.customers");
      try (ResultSet rs = md.getColumns(null, "main", "sales", "%")) {
        List<String> columns = new ArrayList<>();
        while (rs.next()) {
          columns.add(rs.getString("COLUMN_NAME") + ":" + rs.getString("TYPE_NAME"));
        }
        assertThat(columns).startsWith("id:INTEGER", "customer:INTEGER", "region:VARCHAR");
      }
    }
  }

  @Test
  void aHikariPoolWithATestQueryWorksRemotely() throws Exception {
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(gateway.jdbcUrl("protobuf"));
    // A remote isValid() never reaches the server: only a test query proves it is up.
    config.setConnectionTestQuery("SELECT 1");
    config.setMaximumPoolSize(4);
    config.setAutoCommit(false);
    try (HikariDataSource pool = new HikariDataSource(config)) {
      ExecutorService clients = Executors.newFixedThreadPool(6);
      try {
        List<Future<String>> answers = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
          answers.add(clients.submit(() -> {
            try (Connection c = pool.getConnection()) {
              return GatewayFixture.rows(c, "SELECT COUNT(*) FROM sales").get(0);
            }
          }));
        }
        for (Future<String> a : answers) {
          assertThat(a.get()).isEqualTo("2000");
        }
      } finally {
        clients.shutdownNow();
      }
      assertThat(pool.getHikariPoolMXBean().getTotalConnections()).isBetween(1, 4);
    }
  }

  @Test
  void aClientSpeakingThePlainJsonProtocolGetsRows() throws Exception {
    try (GatewayFixture json = GatewayFixture.anonymous(Files.createDirectories(
        root.resolve("json")), workspace, "--serialization", "json")) {
      post(json, "{\"request\":\"openConnection\",\"connectionId\":\"py-1\"}");
      HttpResponse<String> stmt = post(json,
          "{\"request\":\"createStatement\",\"connectionId\":\"py-1\"}");
      String id = stmt.body().replaceAll(".*\"statementId\":(\\d+).*", "$1");
      HttpResponse<String> result = post(json, "{\"request\":\"prepareAndExecute\","
          + "\"connectionId\":\"py-1\",\"statementId\":" + id + ",\"sql\":\"SELECT region, "
          + "COUNT(*) AS n FROM sales GROUP BY region ORDER BY region\",\"maxRowCount\":-1,"
          + "\"maxRowsInFirstFrame\":10}");
      assertThat(result.statusCode()).isEqualTo(200);
      assertThat(result.body()).contains("\"rows\":[[\"east\",500],[\"north\",500],"
          + "[\"south\",500],[\"west\",500]]");
      post(json, "{\"request\":\"closeConnection\",\"connectionId\":\"py-1\"}");
    }
  }

  private static HttpResponse<String> post(GatewayFixture g, String json) throws Exception {
    HttpResponse<String> r = g.post(null, null, "application/json",
        json.getBytes(StandardCharsets.UTF_8));
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return r;
  }
}
