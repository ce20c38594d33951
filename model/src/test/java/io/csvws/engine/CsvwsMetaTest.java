package io.csvws.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session's connection prepares statement texts through {@link CsvwsMeta}, without Calcite's
 * per-statement hook, and keeps Calcite's meta for everything else: the metadata calls, prepared
 * statements, statements closed and opened again, the connection's own settings.
 */
class CsvwsMetaTest {
  private static final ConnectionConfig MEMORY =
      ConnectionConfig.parse(Map.of("metadataCache", "memory"));

  @TempDir
  Path dir;

  private Session open() throws Exception {
    Files.writeString(dir.resolve("t.csv"), "id,name\n1,a\n2,b\n3,c\n");
    return Engine.create().open("jdbc:csvws:" + dir, dir, MEMORY);
  }

  private static List<String> rows(ResultSet rs) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int k = 1; k <= n; k++) {
          sb.append(k > 1 ? "|" : "").append(rs.getString(k));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  @Test
  void theConnectionsMetaIsCsvwssAndStatementTextsSkipCalcitesHook() throws Exception {
    AtomicInteger wrapped = new AtomicInteger();
    Consumer<Object> onWrap = q -> wrapped.incrementAndGet();
    Hook.Closeable hook = Hook.STRING_TO_QUERY.addThread(onWrap);
    try (Session s = open(); Statement st = s.connection().createStatement()) {
      assertThat(rows(st.executeQuery("SELECT COUNT(*) FROM t"))).containsExactly("3");
      assertThat(rows(st.executeQuery("SELECT name FROM t WHERE _row = 2"))).containsExactly("b");
      assertThat(rows(st.executeQuery("SELECT MAX(id) FROM t WHERE name <> 'a'")))
          .containsExactly("3");
      st.setMaxRows(1);
      assertThat(rows(st.executeQuery("SELECT id FROM t ORDER BY id DESC")))
          .containsExactly("3");
      assertThat(st.execute("SELECT id FROM t")).isTrue();
      assertThat(rows(st.getResultSet())).containsExactly("1");
      assertThat(st.getUpdateCount()).isEqualTo(-1);
    } finally {
      hook.close();
    }
    assertThat(wrapped).hasValue(0);
  }

  @Test
  void preparedStatementsRunOnTheSignatureCalcitePreparedForThem() throws Exception {
    try (Session s = open();
        PreparedStatement p = s.connection().prepareStatement("SELECT name FROM t WHERE id = ?");
        Statement other = s.connection().createStatement()) {
      p.setInt(1, 2);
      assertThat(rows(p.executeQuery())).containsExactly("b");
      assertThat(rows(other.executeQuery("SELECT COUNT(*) FROM t"))).containsExactly("3");
      p.setInt(1, 3);
      assertThat(rows(p.executeQuery())).containsExactly("c");
    }
  }

  @Test
  void statementsCloseAndTheConnectionKeepsItsSettings() throws Exception {
    try (Session s = open()) {
      Connection c = s.connection();
      Statement first = c.createStatement();
      first.close();
      assertThat(first.isClosed()).isTrue();
      try (Statement again = c.createStatement()) {
        assertThat(rows(again.executeQuery("SELECT id FROM t WHERE _row = 3")))
            .containsExactly("3");
      }
      c.setAutoCommit(false);
      assertThat(c.getAutoCommit()).isFalse();
      c.setAutoCommit(true);
      assertThat(c.getAutoCommit()).isTrue();
      assertThat(c.getSchema()).isEqualTo("main");
      c.close();
      assertThat(c.isClosed()).isTrue();
    }
  }

  @Test
  void metadataCallsAnswerAsCalcitesMetaDoes() throws Exception {
    try (Session s = open()) {
      DatabaseMetaData md = s.connection().getMetaData();
      assertThat(rows(md.getTables(null, "main", "t", null))).singleElement()
          .asString().contains("|main|t|TABLE|");
      assertThat(rows(md.getColumns(null, "main", "t", "%"))).hasSize(3)
          .anySatisfy(r -> assertThat(r).contains("|t|id|4|INTEGER|"))
          .anySatisfy(r -> assertThat(r).contains("|t|name|12|VARCHAR|"))
          .anySatisfy(r -> assertThat(r).contains("|t|_row|-5|BIGINT NOT NULL|"));
      assertThat(rows(md.getSchemas())).anySatisfy(r -> assertThat(r).startsWith("main|"));
      assertThat(rows(md.getSchemas(null, "ma%"))).anySatisfy(r -> assertThat(r)
          .startsWith("main|"));
      assertThat(rows(md.getTableTypes())).contains("TABLE");
      assertThat(rows(md.getTypeInfo())).anySatisfy(r -> assertThat(r).startsWith("INTEGER|"));
      assertThat(md.getCatalogs().getMetaData().getColumnLabel(1)).isEqualTo("TABLE_CAT");

      // Calcite's meta has nothing to say of these: empty results with JDBC's first column.
      List<Map.Entry<String, ResultSet>> empty = new ArrayList<>();
      empty.add(Map.entry("PROCEDURE_CAT", md.getProcedures(null, null, "%")));
      empty.add(Map.entry("PROCEDURE_CAT", md.getProcedureColumns(null, null, "%", "%")));
      empty.add(Map.entry("TABLE_CAT", md.getColumnPrivileges(null, "main", "t", "%")));
      empty.add(Map.entry("TABLE_CAT", md.getTablePrivileges(null, null, "%")));
      empty.add(Map.entry("SCOPE", md.getBestRowIdentifier(null, "main", "t", 0, true)));
      empty.add(Map.entry("SCOPE", md.getVersionColumns(null, "main", "t")));
      empty.add(Map.entry("TABLE_CAT", md.getPrimaryKeys(null, "main", "t")));
      empty.add(Map.entry("PKTABLE_CAT", md.getImportedKeys(null, "main", "t")));
      empty.add(Map.entry("PKTABLE_CAT", md.getExportedKeys(null, "main", "t")));
      empty.add(Map.entry("PKTABLE_CAT", md.getCrossReference(null, "main", "t", null, "main", "t")));
      empty.add(Map.entry("TABLE_CAT", md.getIndexInfo(null, "main", "t", false, true)));
      empty.add(Map.entry("TYPE_CAT", md.getUDTs(null, null, "%", null)));
      empty.add(Map.entry("TYPE_CAT", md.getSuperTypes(null, null, "%")));
      empty.add(Map.entry("TABLE_CAT", md.getSuperTables(null, null, "%")));
      empty.add(Map.entry("TYPE_CAT", md.getAttributes(null, null, "%", "%")));
      empty.add(Map.entry("NAME", md.getClientInfoProperties()));
      empty.add(Map.entry("FUNCTION_CAT", md.getFunctionColumns(null, null, "%", "%")));
      empty.add(Map.entry("TABLE_CAT", md.getPseudoColumns(null, null, "%", "%")));
      for (Map.Entry<String, ResultSet> e : empty) {
        assertThat(e.getValue().getMetaData().getColumnLabel(1)).isEqualTo(e.getKey());
        assertThat(rows(e.getValue())).isEmpty();
      }
    }
  }
}
