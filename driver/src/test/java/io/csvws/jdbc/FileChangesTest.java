package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.failure;
import static io.csvws.jdbc.Queries.labels;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files added, changed (content and columns) and removed on disk are seen by the next statement
 * of the same connection, without reconnecting; a statement prepared before a file's columns
 * changed fails with a message that says so instead of returning a wrong answer.
 */
class FileChangesTest {
  @TempDir
  Path dir;

  @Test
  void anAddedFileIsATableForTheNextStatement() throws Exception {
    write(dir, "a.csv", "x\n1\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(failure(c, "SELECT * FROM b").getMessage()).contains("b");
      assertThat(NamesTest.tables(c.getMetaData(), null)).doesNotContain("main.b");

      write(dir, "b.csv", "y\n2\n3\n");
      assertThat(column(c, "SELECT y FROM b ORDER BY y")).containsExactly(2, 3);
      assertThat(NamesTest.tables(c.getMetaData(), null)).contains("main.a", "main.b");

      write(dir, "added/deeper/c.tsv", "z\n4\n");
      assertThat(column(c, "SELECT z FROM added.deeper.c")).containsExactly(4);
      assertThat(column(c, "SELECT z FROM \"added/deeper/c.tsv\"")).containsExactly(4);
      assertThat(NamesTest.tables(c.getMetaData(), null)).contains("added.deeper.c");
    }
  }

  @Test
  void changedContentIsReadAgain() throws Exception {
    Path f = write(dir, "t.csv", "id,name\n1,ann\n2,bob\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(column(c, "SELECT name FROM t ORDER BY id")).containsExactly("ann", "bob");
      assertThat(column(c, "SELECT COUNT(*) FROM t")).containsExactly(2L);

      Files.writeString(f, "id,name\n1,cid\n2,dan\n", StandardCharsets.UTF_8);
      assertThat(column(c, "SELECT name FROM t ORDER BY id"))
          .as("same size, new content").containsExactly("cid", "dan");

      Files.writeString(f, "3,eve\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
      assertThat(column(c, "SELECT name FROM t ORDER BY id")).containsExactly("cid", "dan", "eve");
      assertThat(column(c, "SELECT COUNT(*) FROM t")).containsExactly(3L);
      assertThat(column(c, "SELECT name FROM t WHERE _row = 3")).containsExactly("eve");

      Files.writeString(f, "id,name\n", StandardCharsets.UTF_8);
      assertThat(column(c, "SELECT COUNT(*) FROM t")).as("now header only").containsExactly(0L);
      assertThat(rows(c, "SELECT * FROM t")).isEmpty();
    }
  }

  @Test
  void changedColumnsAndTypesAreSeenByTheNextStatement() throws Exception {
    Path f = write(dir, "t.csv", "id,name\n1,ann\n2,bob\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(labels(c, "SELECT * FROM t")).containsExactly("id", "name");
      assertThat(rows(c, "SELECT id FROM t ORDER BY id")).containsExactly(List.of(1), List.of(2));

      Files.writeString(f, "code,name,city\nA-1,ann,Oslo\nB-2,bob,Lima\n", StandardCharsets.UTF_8);
      assertThat(labels(c, "SELECT * FROM t")).containsExactly("code", "name", "city");
      assertThat(column(c, "SELECT city FROM t WHERE code = 'B-2'")).containsExactly("Lima");
      assertThat(failure(c, "SELECT id FROM t").getMessage()).contains("id");
      try (ResultSet rs = c.getMetaData().getColumns(null, "main", "t", "%")) {
        assertThat(Queries.rows(rs).stream().map(r -> r.get(3)).toList())
            .containsExactly("code", "name", "city");
      }

      Files.writeString(f, "code,name,city\n10,ann,Oslo\n20,bob,Lima\n", StandardCharsets.UTF_8);
      assertThat(column(c, "SELECT code + 1 FROM t ORDER BY code"))
          .as("the column is a number now").containsExactly(11, 21);
    }
  }

  @Test
  void aRemovedFileOrFolderIsGoneForTheNextStatement() throws Exception {
    Path f = write(dir, "t.csv", "x\n1\n");
    Path g = write(dir, "sub/u.csv", "x\n2\n");
    try (Connection c = Queries.open(dir)) {
      assertThat(column(c, "SELECT x FROM t")).containsExactly(1);
      assertThat(column(c, "SELECT x FROM sub.u")).containsExactly(2);

      Files.delete(f);
      assertThat(failure(c, "SELECT x FROM t").getMessage()).contains("t");
      assertThat(failure(c, "SELECT x FROM \"t.csv\"").getMessage()).contains("t.csv");
      assertThat(NamesTest.tables(c.getMetaData(), null)).doesNotContain("main.t");

      Files.move(g, dir.resolve("sub/v.csv"));
      assertThat(failure(c, "SELECT x FROM sub.u").getMessage()).contains("u");
      assertThat(column(c, "SELECT x FROM sub.v")).as("renamed").containsExactly(2);

      Files.delete(dir.resolve("sub/v.csv"));
      Files.delete(dir.resolve("sub"));
      assertThat(failure(c, "SELECT x FROM sub.v").getMessage()).contains("sub");
      assertThat(NamesTest.tables(c.getMetaData(), null)).noneMatch(t -> t.startsWith("sub."));
    }
  }

  @Test
  void aPreparedStatementReadsNewContentWhenTheColumnsStayTheSame() throws Exception {
    Path f = write(dir, "t.csv", "id,name\n1,ann\n2,bob\n3,cid\n");
    try (Connection c = Queries.open(dir);
        PreparedStatement ps = c.prepareStatement("SELECT name FROM t WHERE id >= ? ORDER BY id")) {
      ps.setInt(1, 2);
      assertThat(names(ps)).containsExactly("bob", "cid");

      Files.writeString(f, "4,dan\n5,eve\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
      assertThat(names(ps)).as("appended rows").containsExactly("bob", "cid", "dan", "eve");

      Files.writeString(f, "id,name\n7,zed\n", StandardCharsets.UTF_8);
      assertThat(names(ps)).as("rewritten").containsExactly("zed");
    }
  }

  @Test
  void aPreparedStatementWhoseFileChangedColumnsFailsAndAsksToPrepareAgain() throws Exception {
    Path f = write(dir, "t.csv", "id,name\n1,ann\n2,bob\n");
    try (Connection c = Queries.open(dir);
        PreparedStatement ps = c.prepareStatement("SELECT name FROM t ORDER BY id")) {
      assertThat(names(ps)).containsExactly("ann", "bob");

      Files.writeString(f, "name,id\nann,1\nbob,2\n", StandardCharsets.UTF_8);
      assertThatThrownBy(() -> names(ps)).isInstanceOf(SQLException.class)
          .hasMessageContaining("t.csv").hasMessageContaining("columns")
          .hasMessageContaining("prepare");

      Files.writeString(f, "id,name\nx1,ann\nx2,bob\n", StandardCharsets.UTF_8);
      assertThatThrownBy(() -> names(ps)).as("same names, another type")
          .isInstanceOf(SQLException.class).hasMessageContaining("columns");

      Files.delete(f);
      assertThatThrownBy(() -> names(ps)).isInstanceOf(SQLException.class)
          .hasMessageContaining("t.csv").hasMessageContaining("removed");

      write(dir, "t.csv", "name\nnew\n");
      try (PreparedStatement again = c.prepareStatement("SELECT name FROM t")) {
        assertThat(names(again)).as("a statement prepared after the change")
            .containsExactly("new");
      }
    }
  }

  private static List<Object> names(PreparedStatement ps) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      return Queries.rows(rs).stream().map(r -> r.get(0)).toList();
    }
  }
}
