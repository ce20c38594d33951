package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.driver.CsvwsDriver;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metadata cache folder through JDBC: a new driver instance (a new process, as far as the
 * cache can tell: it shares no memory with the first) answers COUNT(*) and {@code _row} seeks
 * from what the first one stored, and never from an entry of another version of the file.
 */
class PersistentCacheTest {
  @TempDir
  Path dir;
  @TempDir
  Path cache;

  /** A connection of a driver of its own, with the cache in the test's folder. */
  private Connection fresh(String... more) throws SQLException {
    Properties p = new Properties();
    p.setProperty("metadataCache", cache.toString());
    // A sample smaller than the file: the row count comes from a complete scan's row index.
    p.setProperty("sampleRows", "100");
    for (int i = 0; i < more.length; i += 2) {
      p.setProperty(more[i], more[i + 1]);
    }
    return new CsvwsDriver().connect("jdbc:csvws:" + dir, p);
  }

  private static String rows(int n, String prefix) {
    StringBuilder sb = new StringBuilder("id,name\n");
    for (int i = 1; i <= n; i++) {
      sb.append(i).append(',').append(prefix).append(String.format("%05d", i)).append('\n');
    }
    return sb.toString();
  }

  private List<String> entries() throws Exception {
    try (Stream<Path> s = Files.list(cache)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void aNewDriverCountsAndSeeksFromTheStoredRowIndex() throws Exception {
    Files.writeString(dir.resolve("t.csv"), rows(5000, "a"), StandardCharsets.UTF_8);
    try (Connection c = fresh()) {
      assertThat(value(c, "SELECT COUNT(*) FROM t")).isEqualTo(5000L);
    }
    assertThat(entries()).as("metadata and a row index").hasSize(2)
        .anyMatch(n -> n.endsWith(".m.entry")).anyMatch(n -> n.endsWith(".r.entry"));

    try (Connection c = fresh()) {
      assertThat(value(c, "SELECT COUNT(*) FROM t")).isEqualTo(5000L);
      assertThat(column(c, "SELECT name FROM t WHERE _row = 4321")).containsExactly("a04321");
      assertThat(column(c, "SELECT id FROM t WHERE _row BETWEEN 4999 AND 5003"))
          .containsExactly(4999L, 5000L);
    }
  }

  /**
   * Rows rewritten in place with the same size, the same modification time and the same inode,
   * as a writer on a file system that keeps whole seconds does: counts, seeks and types come
   * from the new content.
   */
  @Test
  void aFileRewrittenInTheSameSecondWithTheSameSizeIsReadAgain() throws Exception {
    Path f = dir.resolve("t.csv");
    Files.writeString(f, rows(3000, "a"), StandardCharsets.UTF_8);
    FileTime time = Files.getLastModifiedTime(f);
    try (Connection c = fresh()) {
      assertThat(value(c, "SELECT COUNT(*) FROM t")).isEqualTo(3000L);
      assertThat(column(c, "SELECT name FROM t WHERE _row = 2500")).containsExactly("a02500");
    }

    // The same bytes but for one line break moved: one row fewer, the names shifted.
    String now = rows(3000, "b").replace("\n2500,b02500\n", "\n2500,b02500,");
    now = now.substring(0, now.length() - 1) + "x";
    assertThat(now.length()).isEqualTo(rows(3000, "a").length());
    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
      raf.seek(0);
      raf.write(now.getBytes(StandardCharsets.UTF_8));
    }
    Files.setLastModifiedTime(f, time);

    try (Connection c = fresh("onRaggedRow", "pad")) {
      assertThat(value(c, "SELECT COUNT(*) FROM t")).isEqualTo(2999L);
      assertThat(column(c, "SELECT name FROM t WHERE _row = 2500")).containsExactly("b02500");
      assertThat(column(c, "SELECT name FROM t WHERE _row = 2501")).containsExactly("b02502");
    }
  }

  @Test
  void memoryOnlyLeavesNoFiles() throws Exception {
    Files.writeString(dir.resolve("t.csv"), rows(300, "a"), StandardCharsets.UTF_8);
    try (Connection c = fresh("metadataCache", "memory")) {
      assertThat(value(c, "SELECT COUNT(*) FROM t")).isEqualTo(300L);
    }
    assertThat(entries()).isEmpty();
  }

  @Test
  void aCacheFolderThatCannotBeMadeIsAnErrorNamingIt() throws Exception {
    Path notAFolder = Files.writeString(dir.resolve("plain.txt"), "x");
    assertThatThrownBy(() -> DriverManager.getConnection("jdbc:csvws:" + dir
        + "?metadataCache=" + notAFolder.resolve("cache")))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("metadataCache").hasMessageContaining(notAFolder.toString())
        .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("HY024");
  }
}
