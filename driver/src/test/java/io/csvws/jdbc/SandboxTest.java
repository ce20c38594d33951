package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.failure;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.value;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The workspace is a sandbox: symlinks that lead outside the root and paths with {@code ..} or an
 * absolute path are refused with SQLState 42501 and a message that says why, are never listed,
 * and never show a byte of the file they point at. Symlinks that stay inside work like the files
 * they point at.
 */
class SandboxTest {
  private static final String SECRET = "TOPSECRET";

  @TempDir
  Path base;
  private Path ws;
  private Path outside;

  @BeforeEach
  void layOut() throws Exception {
    ws = Files.createDirectories(base.resolve("ws"));
    outside = Files.createDirectories(base.resolve("outside"));
    write(outside, "secret.csv", "secret\n" + SECRET + "\n");
    write(outside, "sub/deep.csv", "secret\n" + SECRET + "\n");
    write(ws, "data/orig.csv", "v\ninside\n");
    write(ws, "plain.csv", "v\nplain\n");

    Files.createSymbolicLink(ws.resolve("link.csv"), outside.resolve("secret.csv"));
    Files.createSymbolicLink(ws.resolve("rel.csv"), Path.of("../outside/secret.csv"));
    Files.createSymbolicLink(ws.resolve("outdir"), outside);
    Files.createSymbolicLink(ws.resolve("data/up.csv"), Path.of("../../outside/secret.csv"));
    Files.createSymbolicLink(ws.resolve(".hop.csv"), outside.resolve("secret.csv"));
    Files.createSymbolicLink(ws.resolve("chain.csv"), Path.of(".hop.csv"));
    Files.createSymbolicLink(ws.resolve("broken.csv"), Path.of("missing/nothing.csv"));

    Files.createSymbolicLink(ws.resolve("alias.csv"), Path.of("data/orig.csv"));
    Files.createSymbolicLink(ws.resolve("aliasdir"), Path.of("data"));
    Files.createSymbolicLink(ws.resolve("data/loop"), Path.of(".."));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"link.csv", "rel.csv", "outdir/secret.csv", "outdir/sub/deep.csv",
      "data/up.csv", "chain.csv", "aliasdir/up.csv"})
  void symlinksLeadingOutsideAreRefusedWhenNamedByPath(String path) throws Exception {
    try (Connection c = Queries.open(ws)) {
      for (String sql : List.of("SELECT * FROM \"" + path + "\"",
          "SELECT COUNT(*) FROM \"" + path + "\"",
          "SELECT p.secret FROM \"" + path + "\" p WHERE p.secret LIKE 'TOP%'")) {
        SQLException e = failure(c, sql);
        assertThat(e.getSQLState()).as(sql).isEqualTo("42501");
        assertThat(e.getMessage()).as(sql).contains(path).contains("outside the workspace")
            .doesNotContain(SECRET).doesNotContain(outside.toString());
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"../outside/secret.csv", "data/../../outside/secret.csv",
      "data/../plain.csv", "..", "../ws/plain.csv", "data/..\\..\\outside\\secret.csv",
      "..\\outside\\secret.csv"})
  void pathsWithDotDotAreRefusedEvenWhenTheyWouldStayInside(String path) throws Exception {
    try (Connection c = Queries.open(ws)) {
      SQLException e = failure(c, "SELECT * FROM \"" + path + "\"");
      assertThat(e.getSQLState()).isEqualTo("42501");
      assertThat(e.getMessage()).contains("'..'").doesNotContain(SECRET);
    }
  }

  @Test
  void absolutePathsAreRefused() throws Exception {
    try (Connection c = Queries.open(ws)) {
      for (String path : List.of(outside.resolve("secret.csv").toString(),
          ws.resolve("plain.csv").toString(), "/etc/passwd.csv", "~/secret.csv",
          "C:\\secret.csv", "\\\\server\\share\\secret.csv")) {
        SQLException e = failure(c, "SELECT * FROM \"" + path + "\"");
        assertThat(e.getSQLState()).as(path).isEqualTo("42501");
        assertThat(e.getMessage()).as(path).contains("absolute").doesNotContain(SECRET);
      }
    }
  }

  @Test
  void linksLeadingOutsideAreNeitherListedNorReachableByName() throws Exception {
    try (Connection c = Queries.open(ws)) {
      List<String> tables = NamesTest.tables(c.getMetaData(), null);
      assertThat(tables).contains("main.plain", "main.alias", "data.orig", "aliasdir.orig")
          .noneMatch(t -> t.contains("link") || t.endsWith(".rel")
              || t.contains("outdir") || t.contains("up") || t.contains("chain")
              || t.contains("broken") || t.contains("secret") || t.contains("deep"));
      assertThat(systemFiles(c)).noneMatch(f -> f.contains("secret") || f.contains("link")
          || f.contains("outdir") || f.contains("up.csv") || f.contains("chain"));
      try (ResultSet rs = c.getMetaData().getColumns(null, null, "link", "%")) {
        assertThat(rs.next()).isFalse();
      }
      for (String sql : List.of("SELECT * FROM link", "SELECT * FROM rel",
          "SELECT * FROM outdir.secret", "SELECT * FROM outdir.sub.deep", "SELECT * FROM data.up",
          "SELECT * FROM chain", "SELECT * FROM broken", "SELECT * FROM \"broken.csv\"")) {
        SQLException e = failure(c, sql);
        assertThat(e.getMessage()).as(sql).doesNotContain(SECRET);
        assertThat(e.getSQLState()).as(sql).isIn("42000", "42501");
      }
    }
  }

  @Test
  void symlinksInsideTheRootWorkLikeTheirTargets() throws Exception {
    try (Connection c = Queries.open(ws)) {
      assertThat(value(c, "SELECT v FROM alias")).isEqualTo("inside");
      assertThat(value(c, "SELECT v FROM \"alias.csv\"")).isEqualTo("inside");
      assertThat(value(c, "SELECT v FROM aliasdir.orig")).isEqualTo("inside");
      assertThat(value(c, "SELECT v FROM \"aliasdir/orig.csv\"")).isEqualTo("inside");
      assertThat(value(c, "SELECT v FROM \"data/loop/plain.csv\""))
          .as("a link back to an ancestor stays inside").isEqualTo("plain");
      assertThat(rows(c, "SELECT a.v, r.v FROM alias a JOIN data.orig r ON a.v = r.v"))
          .containsExactly(List.of("inside", "inside"));
    }
  }

  @Test
  void aLinkRepointedOutsideAfterConnectingIsRefusedByTheNextStatement() throws Exception {
    try (Connection c = Queries.open(ws)) {
      assertThat(value(c, "SELECT v FROM alias")).isEqualTo("inside");
      Files.delete(ws.resolve("alias.csv"));
      Files.createSymbolicLink(ws.resolve("alias.csv"), outside.resolve("secret.csv"));
      SQLException byPath = failure(c, "SELECT * FROM \"alias.csv\"");
      assertThat(byPath.getSQLState()).isEqualTo("42501");
      assertThat(byPath.getMessage()).doesNotContain(SECRET);
      assertThat(failure(c, "SELECT * FROM alias").getMessage()).doesNotContain(SECRET);

      Files.delete(ws.resolve("aliasdir"));
      Files.createSymbolicLink(ws.resolve("aliasdir"), outside);
      SQLException folder = failure(c, "SELECT * FROM \"aliasdir/secret.csv\"");
      assertThat(folder.getSQLState()).isEqualTo("42501");
      assertThat(failure(c, "SELECT * FROM aliasdir.secret").getMessage())
          .doesNotContain(SECRET);
    }
  }

  @Test
  void aWorkspaceReachedThroughASymlinkKeepsItsOwnBoundary() throws Exception {
    Path viaLink = Files.createSymbolicLink(base.resolve("ws-link"), ws);
    try (Connection c = Queries.open(viaLink)) {
      assertThat(column(c, "SELECT v FROM plain")).containsExactly("plain");
      assertThat(column(c, "SELECT v FROM alias")).containsExactly("inside");
      assertThat(failure(c, "SELECT * FROM \"link.csv\"").getSQLState()).isEqualTo("42501");
    }
  }

  /** Paths the system table {@code csvws.files} lists. */
  private static List<String> systemFiles(Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    for (List<Object> row : rows(c, "SELECT * FROM csvws.files")) {
      out.add(row.toString());
    }
    return out;
  }
}
