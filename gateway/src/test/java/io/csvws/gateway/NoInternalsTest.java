package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * No stack trace, class name or absolute server path reaches a remote client: failures the
 * client cannot act on go to the server's log under a reference that the client's message
 * carries, and every failure has a SQLState.
 */
class NoInternalsTest {
  @TempDir
  static Path root;
  static Path workspace;
  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    workspace = Files.createDirectories(root.resolve("ws"));
    Files.writeString(workspace.resolve("t.csv"), "a,b\n1,x\n2,y\n");
    // Not gzip at all: reading it fails inside the engine.
    Files.writeString(workspace.resolve("broken.csv.gz"), "this is not gzip\n");
    gateway = GatewayFixture.anonymous(root, workspace);
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  @Test
  void anInternalFailureGivesAReferenceAndTheLogHasTheDetails() throws Exception {
    RawAvatica c = new RawAvatica(gateway.url(), false, null, null);
    c.send(new Service.OpenConnectionRequest("i1", null));
    int s = ((Service.CreateStatementResponse) c.send(new Service.CreateStatementRequest("i1"))
        .response()).statementId;
    // execute is for prepared statements: Avatica's JdbcMeta fails on a plain one with a
    // ClassCastException.
    RawAvatica.Answer a = c.send(new Service.ExecuteRequest(new Meta.StatementHandle("i1", s,
        null), List.of(), 10));
    Service.ErrorResponse e = a.error();
    assertThat(e).as(a.text()).isNotNull();
    assertThat(e.sqlState).isEqualTo("XX000");
    // The protobuf envelope names Avatica's message type; the error's own words must not.
    assertThat(e.errorMessage + " " + e.exceptions).doesNotContain("Exception")
        .doesNotContain("\tat ").doesNotContain("org.apache").doesNotContain("java.");
    Matcher m = Pattern.compile("reference ([0-9a-f]{8})").matcher(e.errorMessage);
    assertThat(m.find()).as(e.errorMessage).isTrue();
    String log = gateway.accessLogText();
    assertThat(log).contains("incident " + m.group(1)).contains("ClassCastException");
  }

  @Test
  void engineErrorsKeepTheirSqlStateAndShowNoServerPath() throws Exception {
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
      for (String sql : List.of("SELECT * FROM broken", "SELECT * FROM nosuch",
          "SELECT a FROM t WHERE", "SELECT CAST(b AS INTEGER) FROM t",
          "SELECT * FROM \"../outside.csv\"", "SELECT 1/0")) {
        assertThatThrownBy(() -> GatewayFixture.rows(c, sql)).as(sql)
            .isInstanceOf(SQLException.class)
            .satisfies(e -> {
              SQLException s = (SQLException) e;
              assertThat(s.getSQLState()).as(sql).isNotNull().isNotEqualTo("00000");
              String all = s.getMessage() + " " + ((AvaticaSqlException) s).getStackTraces();
              assertThat(all).as(sql).doesNotContain(root.toString())
                  .doesNotContain("\tat ").doesNotContainPattern(
                      "\\b(java|org\\.apache|io\\.csvws)\\.[\\w.]+(Exception|Error)\\b");
            });
      }
    }
  }
}
