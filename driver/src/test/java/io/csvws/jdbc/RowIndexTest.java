package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A complete scan leaves the file's row count and a sparse index of row offsets behind:
 * {@code COUNT(*)} of the unchanged file is answered without reading it, and a {@code _row} range
 * starts reading near its first row. Every answer must equal a full scan's, also right at the
 * index's stride boundaries, on compressed files, and after the file changes.
 */
class RowIndexTest {
  private static final int ROWS = 5000;

  @TempDir
  Path dir;

  /** Rows whose id is their row number and whose text spans lines now and then. */
  private void write(Path file, int rows, boolean gzip) throws IOException {
    try (Writer w = new BufferedWriter(new OutputStreamWriter(gzip
        ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file),
        StandardCharsets.UTF_8))) {
      w.write("id,label\n");
      for (int i = 1; i <= rows; i++) {
        w.write(i + "," + (i % 97 == 0 ? "\"multi\nline " + i + "\"" : "label " + i) + "\n");
      }
    }
  }

  private List<Long> ids(Connection c, String sql) throws SQLException {
    List<Long> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getLong(1));
      }
    }
    return out;
  }

  private long count(Connection c, String table) throws SQLException {
    return ids(c, "SELECT COUNT(*) FROM " + table).get(0);
  }

  @ParameterizedTest(name = "_row between {0} and {1}, gzip={2}")
  @CsvSource({
      "1, 5, false", "1020, 1030, false", "1024, 1025, false", "2048, 2049, false",
      "4990, 6000, false", "5000, 5000, false", "6000, 7000, false", "3000, 2000, false",
      "1020, 1030, true", "4990, 6000, true"})
  void rowRangesAgreeWithRowNumbersBeforeAndAfterTheIndexExists(long from, long to,
      boolean gzip) throws Exception {
    Path file = dir.resolve(gzip ? "t.csv.gz" : "t.csv");
    write(file, ROWS, gzip);
    List<Long> expected = new ArrayList<>();
    for (long r = Math.max(1, from); r <= Math.min(ROWS, to); r++) {
      expected.add(r);
    }
    String range = "SELECT id, _row FROM t WHERE _row BETWEEN " + from + " AND " + to;
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir)) {
      assertThat(ids(c, range)).as("before any complete scan").isEqualTo(expected);
      assertThat(count(c, "t")).isEqualTo(ROWS);
      assertThat(ids(c, range)).as("with the row index").isEqualTo(expected);
      assertThat(ids(c, "SELECT _row FROM t WHERE _row >= " + from + " AND _row < " + to
          + " AND id > 0")).isEqualTo(expected.stream().filter(r -> r < to).toList());
    }
  }

  @Test
  void countStarIsAnsweredFromTheIndexAndFollowsChanges() throws Exception {
    Path file = dir.resolve("t.csv");
    write(file, ROWS, false);
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir)) {
      assertThat(explain(c, "SELECT COUNT(*) FROM t")).contains("CountScan");
      assertThat(count(c, "t")).isEqualTo(ROWS);
      assertThat(count(c, "t")).isEqualTo(ROWS);

      Files.writeString(file, "5001,appended\n5002,appended\n", StandardOpenOption.APPEND);
      assertThat(count(c, "t")).as("appended rows are seen").isEqualTo(ROWS + 2);
      assertThat(ids(c, "SELECT id FROM t WHERE _row BETWEEN 5001 AND 5010"))
          .containsExactly(5001L, 5002L);

      write(file, 10, false);
      assertThat(count(c, "t")).as("a rewritten file is counted anew").isEqualTo(10);
      assertThat(ids(c, "SELECT id FROM t WHERE _row BETWEEN 1024 AND 2048")).isEmpty();
    }
  }

  @Test
  void filteredAndGroupedCountsAreNotTakenFromTheIndex() throws Exception {
    write(dir.resolve("t.csv"), ROWS, false);
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir)) {
      assertThat(count(c, "t")).isEqualTo(ROWS);
      assertThat(ids(c, "SELECT COUNT(*) FROM t WHERE id % 2 = 0")).containsExactly(ROWS / 2L);
      assertThat(ids(c, "SELECT COUNT(*) FROM t GROUP BY id % 2")).containsExactly(
          ROWS / 2L, ROWS / 2L);
    }
  }

  private static String explain(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR " + sql)) {
      StringBuilder plan = new StringBuilder();
      while (rs.next()) {
        plan.append(rs.getString(1));
      }
      return plan.toString();
    }
  }
}
