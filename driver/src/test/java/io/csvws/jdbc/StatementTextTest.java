package io.csvws.jdbc;

import static io.csvws.jdbc.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A statement's text goes straight to csvws's preparation: Calcite's wrapping of it for a hook
 * csvws never sets ({@code Hook.STRING_TO_QUERY}, for which Calcite first builds a whole framework
 * configuration) is skipped, and everything a statement does still works through that path:
 * planned and planner-free queries, a statement run again, two statements of one connection at
 * once, the row limit, refusals and errors with their SQLStates, timeouts, warnings.
 */
class StatementTextTest {
  @TempDir
  Path dir;

  private final AtomicInteger wrapped = new AtomicInteger();
  private Hook.Closeable hook;

  @BeforeEach
  void files() throws Exception {
    StringBuilder t = new StringBuilder("id,name,amount\n");
    for (int i = 1; i <= 50; i++) {
      t.append(i).append(",n").append(i).append(',').append(i * 10).append('\n');
    }
    Files.writeString(dir.resolve("t.csv"), t);
    Files.writeString(dir.resolve("u.csv"), "id,flag\n1,true\n2,false\n3,true\n");
    Consumer<Object> onWrap = q -> wrapped.incrementAndGet();
    hook = Hook.STRING_TO_QUERY.addThread(onWrap);
  }

  @AfterEach
  void removeHook() {
    hook.close();
  }

  private static List<String> rows(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    int n = rs.getMetaData().getColumnCount();
    while (rs.next()) {
      StringBuilder sb = new StringBuilder();
      for (int k = 1; k <= n; k++) {
        String v = rs.getString(k);
        sb.append(k > 1 ? "|" : "").append(v == null ? "NULL" : v);
      }
      out.add(sb.toString());
    }
    return out;
  }

  @Test
  void queriesOfEveryKindAnswerWithoutCalcitesStatementHook() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir);
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
        assertThat(rows(rs)).containsExactly("50");
      }
      try (ResultSet rs = s.executeQuery("SELECT id, name FROM t LIMIT 2")) {
        assertThat(rs.getMetaData().getColumnLabel(2)).isEqualTo("name");
        assertThat(rows(rs)).containsExactly("1|n1", "2|n2");
      }
      try (ResultSet rs = s.executeQuery("SELECT _row, amount FROM t WHERE _row = 40")) {
        assertThat(rows(rs)).containsExactly("40|400");
      }
      try (ResultSet rs = s.executeQuery("SELECT 1")) {
        assertThat(rows(rs)).containsExactly("1");
      }
      try (ResultSet rs = s.executeQuery("SELECT u.flag, SUM(t.amount) FROM t JOIN u "
          + "ON t.id = u.id GROUP BY u.flag ORDER BY u.flag")) {
        assertThat(rows(rs)).containsExactly("false|20", "true|40");
      }
      assertThat(s.execute("SELECT name FROM t WHERE id = 7")).isTrue();
      assertThat(rows(s.getResultSet())).containsExactly("n7");
      assertThat(s.getUpdateCount()).isEqualTo(-1);
    }
    assertThat(wrapped).hasValue(0);
  }

  @Test
  void theRowLimitOfAStatementIsKept() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir);
        Statement s = c.createStatement()) {
      s.setMaxRows(3);
      assertThat(rows(s.executeQuery("SELECT id FROM t"))).containsExactly("1", "2", "3");
      assertThat(rows(s.executeQuery("SELECT id FROM t ORDER BY id DESC")))
          .containsExactly("50", "49", "48");
      s.setMaxRows(0);
      assertThat(rows(s.executeQuery("SELECT id FROM t"))).hasSize(50);
    }
    assertThat(wrapped).hasValue(0);
  }

  @Test
  void twoStatementsOfAConnectionKeepTheirOwnResults() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir);
        Statement a = c.createStatement(); Statement b = c.createStatement();
        PreparedStatement p = c.prepareStatement("SELECT name FROM t WHERE id = ?")) {
      ResultSet ra = a.executeQuery("SELECT id FROM t");
      ResultSet rb = b.executeQuery("SELECT flag FROM u");
      p.setInt(1, 12);
      ResultSet rp = p.executeQuery();
      assertThat(ra.next()).isTrue();
      assertThat(rb.next()).isTrue();
      assertThat(ra.getInt(1)).isEqualTo(1);
      assertThat(rb.getBoolean(1)).isTrue();
      assertThat(rows(rp)).containsExactly("n12");
      assertThat(rows(ra)).hasSize(49);
      assertThat(rows(rb)).containsExactly("false", "true");
      // The prepared statement runs again on its own signature after the others ran.
      p.setInt(1, 3);
      assertThat(rows(p.executeQuery())).containsExactly("n3");
    }
    assertThat(wrapped).hasValue(0);
  }

  @Test
  void refusalsAndErrorsKeepTheirSqlStates() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir);
        Statement s = c.createStatement()) {
      SQLException ddl = sqlFailure(() -> s.execute("CREATE TABLE x (a INT)"));
      assertThat(ddl.getSQLState()).isEqualTo("25006");
      SQLException write = sqlFailure(() -> s.executeQuery("DELETE FROM t"));
      assertThat(write.getSQLState()).isEqualTo("25006");
      SQLException missing = sqlFailure(() -> s.executeQuery("SELECT * FROM nosuch"));
      assertThat(missing.getSQLState()).isEqualTo("42000");
      assertThat(missing.getMessage()).contains("nosuch");
      SQLException syntax = sqlFailure(() -> s.executeQuery("SELEC 1"));
      assertThat(syntax.getSQLState()).isEqualTo("42000");
      assertThat(syntax.getMessage()).startsWith("Syntax error");
      // The statement still runs queries after its failures.
      assertThat(rows(s.executeQuery("SELECT COUNT(*) FROM u"))).containsExactly("3");
    }
    assertThat(wrapped).hasValue(0);
  }

  @Test
  void timeoutsAndWarningsStillApply() throws Exception {
    StringBuilder big = new StringBuilder("a,b\n");
    for (int i = 0; i < 200_000; i++) {
      big.append(i).append(",x").append(i % 13).append('\n');
    }
    Files.writeString(dir.resolve("big.csv"), big);
    Files.writeString(dir.resolve("bad.csv"), "n\n1\nabc\n3\n");
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir
        + "?onTypeError=null&sampleRows=1");
        Statement s = c.createStatement()) {
      s.setQueryTimeout(1);
      SQLException timeout = sqlFailure(() -> {
        try (ResultSet rs = s.executeQuery("SELECT x.b, COUNT(*) FROM big x CROSS JOIN big y "
            + "GROUP BY x.b")) {
          rows(rs);
        }
      });
      assertThat(timeout.getSQLState()).isEqualTo("HYT00");
      s.setQueryTimeout(0);
      try (ResultSet rs = s.executeQuery("SELECT n FROM bad")) {
        assertThat(rows(rs)).containsExactly("1", "NULL", "3");
      }
      assertThat((Throwable) s.getWarnings()).isNotNull();
      assertThat(s.getWarnings().getMessage()).startsWith("1 value did not fit");
    }
    assertThat(wrapped).hasValue(0);
  }
}
