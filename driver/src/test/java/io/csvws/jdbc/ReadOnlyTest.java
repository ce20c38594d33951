package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Nothing but queries runs, through any JDBC entry point, and no statement changes the workspace:
 * every file's SHA-256, size and modification time, and every folder's listing and modification
 * time, are the same after each refused statement, and no file appears.
 *
 * <p>The gateway's {@code ReadOnlyRemoteTest} runs the same table through
 * {@code jdbc:csvws:remote:}, which must behave as embedded JDBC does.
 */
public class ReadOnlyTest {
  /** The workspace. */
  @TempDir
  protected Path dir;

  /** A connection to the workspace {@link #dir}; embedded here. */
  protected Connection open() throws Exception {
    return Queries.open(dir);
  }

  /** Writes the workspace's files. */
  @BeforeEach
  protected void writeWorkspace() throws IOException {
    write(dir, "t.csv", "id,name\n1,ann\n2,bob\n");
    write(dir, "sub/u.tsv", "id\tcity\n1\tOslo\n");
    write(dir, ".hidden/x.csv", "a\n1\n");
    write(dir, "notes.md", "# notes\n");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("z.csv.gz")))) {
      out.write("k\n1\n2\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  /** A refused statement and a word its refusal must name. */
  static Stream<Arguments> refused() {
    return Stream.of(
        Arguments.of("INSERT INTO t VALUES (3, 'cid')", "INSERT"),
        Arguments.of("INSERT INTO t (id, name) SELECT id + 10, name FROM t", "INSERT"),
        Arguments.of("insert into sub.u values (2, 'Lima')", "INSERT"),
        Arguments.of("UPDATE t SET name = 'x' WHERE id = 1", "UPDATE"),
        Arguments.of("DELETE FROM t", "DELETE"),
        Arguments.of("DELETE FROM \"t.csv\" WHERE id = 1", "DELETE"),
        Arguments.of("MERGE INTO t USING (VALUES (1, 'z')) AS s (id, name) ON t.id = s.id "
            + "WHEN MATCHED THEN UPDATE SET name = s.name", "MERGE"),
        Arguments.of("UPSERT INTO t VALUES (1, 'ann')", "INSERT"),
        Arguments.of("CREATE TABLE x (a INT)", "CREATE"),
        Arguments.of("CREATE TABLE x AS SELECT * FROM t", "CREATE"),
        Arguments.of("CREATE VIEW v AS SELECT * FROM t", "CREATE"),
        Arguments.of("DROP TABLE t", "DROP"),
        Arguments.of("DROP SCHEMA sub", "DROP"),
        Arguments.of("ALTER TABLE t ADD COLUMN c INT", "ALTER"),
        Arguments.of("ALTER SESSION SET approx = 1", "SET"),
        Arguments.of("ALTER SYSTEM RESET ALL", "SET OPTION"),
        Arguments.of("SET x = 1", "SET"),
        Arguments.of("TRUNCATE TABLE t", "TRUNCATE"),
        Arguments.of("COPY t TO '/tmp/t.csv'", "COPY"),
        Arguments.of("EXPLAIN PLAN FOR INSERT INTO t VALUES (3, 'cid')", "EXPLAIN of INSERT"),
        Arguments.of("EXPLAIN PLAN FOR DELETE FROM t", "EXPLAIN of DELETE"),
        Arguments.of("SELECT 1; DROP TABLE x", "2 statements"),
        Arguments.of("SELECT * FROM t; DELETE FROM t", "2 statements"),
        Arguments.of("/* a comment */ DELETE FROM t", "DELETE"),
        Arguments.of("-- a comment\ndelete from t", "DELETE"),
        Arguments.of("(DELETE FROM t)", "DELETE"),
        Arguments.of("DELETE FROM t;", "DELETE"),
        Arguments.of("EXPLAIN PLAN FOR INSERT INTO t VALUES (3, 'cid');", "EXPLAIN of INSERT"),
        Arguments.of("SELECT 1;;DROP TABLE t;", "2 statements"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refused")
  void everyEntryPointRefusesWithSqlState25006AndTheWorkspaceStaysByteIdentical(String sql,
      String named) throws Exception {
    Map<String, String> before = snapshot(dir);
    try (Connection c = open()) {
      List<ThrowingCallable> attempts = new ArrayList<>();
      attempts.add(() -> statement(c, s -> s.execute(sql)));
      attempts.add(() -> statement(c, s -> s.executeQuery(sql).close()));
      attempts.add(() -> statement(c, s -> s.executeUpdate(sql)));
      attempts.add(() -> statement(c, s -> s.executeLargeUpdate(sql)));
      attempts.add(() -> statement(c, s -> s.executeUpdate(sql, Statement.RETURN_GENERATED_KEYS)));
      attempts.add(() -> statement(c, s -> s.addBatch(sql)));
      attempts.add(() -> c.prepareStatement(sql).close());
      attempts.add(() -> c.prepareStatement(sql, ResultSet.TYPE_FORWARD_ONLY,
          ResultSet.CONCUR_READ_ONLY).close());
      for (int i = 0; i < attempts.size(); i++) {
        assertThatThrownBy(attempts.get(i)).as("entry point %d: %s", i, sql)
            .isInstanceOf(SQLException.class)
            .hasMessageContaining("read-only")
            .hasMessageContaining(named)
            .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
      }
      try (Statement s = c.createStatement()) {
        assertThatThrownBy(() -> s.addBatch(sql)).isInstanceOf(SQLException.class);
        assertThat(s.executeBatch()).as("nothing was added to the batch").isEmpty();
      }
      assertThat(column(c, "SELECT name FROM t ORDER BY id")).containsExactly("ann", "bob");
    }
    assertThat(snapshot(dir)).as("the workspace after %s", sql).isEqualTo(before);
  }

  @Test
  void queriesOfEveryKindRunThroughEveryQueryEntryPoint() throws Exception {
    Map<String, String> before = snapshot(dir);
    List<String> queries = List.of(
        "SELECT name FROM t WHERE id = 2",
        "WITH w AS (SELECT * FROM t) SELECT name FROM w WHERE id = 2",
        "VALUES ('bob')",
        "SELECT name FROM t WHERE id = 1 UNION SELECT 'bob' ORDER BY 1 DESC LIMIT 1",
        "SELECT name FROM t INTERSECT SELECT 'bob'",
        "SELECT name FROM t EXCEPT SELECT 'ann'",
        "SELECT name FROM t ORDER BY id OFFSET 1 ROWS FETCH NEXT 1 ROWS ONLY",
        "SELECT ';' || name FROM t WHERE id = 2 -- ; DROP TABLE t",
        "/* DELETE FROM t; */ SELECT name FROM t WHERE name = 'bob'",
        "SELECT name FROM t WHERE id = 2;",
        "SELECT name FROM t WHERE name = 'bob' ; -- the end\n;");
    try (Connection c = open()) {
      for (String q : queries) {
        String expected = q.startsWith("SELECT ';'") ? ";bob" : "bob";
        assertThat(column(c, q)).as(q).containsExactly(expected);
        try (Statement s = c.createStatement()) {
          assertThat(s.execute(q)).isTrue();
          assertThat(rows(s.getResultSet())).as(q).containsExactly(List.of(expected));
        }
        try (PreparedStatement ps = c.prepareStatement(q); ResultSet rs = ps.executeQuery()) {
          assertThat(rows(rs)).as(q).containsExactly(List.of(expected));
        }
      }
      for (String explain : List.of("EXPLAIN PLAN FOR SELECT * FROM t WHERE id = 1",
          "EXPLAIN PLAN FOR WITH w AS (SELECT 1 AS x) SELECT x FROM w",
          "EXPLAIN PLAN FOR SELECT id FROM t UNION ALL SELECT id FROM sub.u")) {
        assertThat(column(c, explain)).as(explain).hasSize(1).first().asString()
            .as("an executable plan").containsAnyOf("Enumerable", "CsvwsTableScan");
      }
      try (PreparedStatement ps = c.prepareStatement("SELECT name FROM t WHERE id = ?")) {
        ps.setInt(1, 1);
        assertThatThrownBy(ps::executeUpdate).isInstanceOf(SQLException.class)
            .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
        assertThatThrownBy(ps::addBatch).isInstanceOf(SQLException.class)
            .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
        try (ResultSet rs = ps.executeQuery()) {
          assertThat(rows(rs)).containsExactly(List.of("ann"));
        }
      }
      try (Statement s = c.createStatement()) {
        assertThatThrownBy(() -> s.executeUpdate("SELECT * FROM t"))
            .isInstanceOf(SQLException.class).hasMessageContaining("executeQuery")
            .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
      }
    }
    assertThat(snapshot(dir)).isEqualTo(before);
  }

  @Test
  void theSnapshotSeesEveryKindOfChange() throws Exception {
    Map<String, String> before = snapshot(dir);
    Files.writeString(dir.resolve("sub/u.tsv"), "id\tcity\n1\tOsla\n");
    assertThat(snapshot(dir)).as("same size, one byte changed").isNotEqualTo(before);

    writeWorkspace();
    Map<String, String> again = snapshot(dir);
    Thread.sleep(50); // past the file system's clock tick, so the folder's time can change
    Files.createFile(dir.resolve(".hidden/new.tmp"));
    Files.delete(dir.resolve(".hidden/new.tmp"));
    assertThat(snapshot(dir)).as("a file created and deleted leaves its folder's time")
        .isNotEqualTo(again);
  }

  /** Relative path to a description of every entry: SHA-256, size and time, or a folder's time. */
  static Map<String, String> snapshot(Path root) throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> all = Files.walk(root)) {
      all.forEach(p -> {
        try {
          String rel = root.relativize(p).toString();
          String time = Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toString();
          if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            out.put(rel + "/", "folder " + time);
          } else {
            out.put(rel, sha256(p) + " " + Files.size(p) + " " + time);
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
    return out;
  }

  private static String sha256(Path p) throws IOException {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(Files.readAllBytes(p)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Something done with a statement. */
  private interface StatementAction {
    void run(Statement s) throws SQLException;
  }

  private static void statement(Connection c, StatementAction action) throws SQLException {
    try (Statement s = c.createStatement()) {
      action.run(s);
    }
  }
}
