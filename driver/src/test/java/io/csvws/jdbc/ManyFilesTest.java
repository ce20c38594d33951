package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.failure;
import static io.csvws.jdbc.Queries.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder of 10,000 small files, the way exports and logs land: every file is a table, one is
 * queried without regard to the others, the metadata lists them all, and files added, removed,
 * renamed or rewritten are seen by the next statement even though the folder's listing is kept
 * between statements. (How fast this is lives in bench/, not here.)
 */
class ManyFilesTest {
  static final int FILES = 10_000;
  /** Read by the tests that change nothing; written once, as 10,000 files take a while. */
  @TempDir
  static Path shared;
  /** Changed by the test that changes files. */
  @TempDir
  Path dir;

  @BeforeAll
  static void writeShared() throws IOException {
    writeFiles(shared);
    // Neighbours that cannot be read as tables: a statement that does not name them never
    // notices them.
    Files.write(shared.resolve("binary.csv"), new byte[] {0, 1, 2, (byte) 0xff, 0, '\n', 0});
    Files.writeString(shared.resolve("broken.csv"), "a,\"b\n\"unterminated");
    Path locked = Files.writeString(shared.resolve("locked.csv"), "id\n1\n");
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    settle(shared);
  }

  private static void writeFiles(Path folder) throws IOException {
    for (int i = 0; i < FILES; i++) {
      Files.writeString(folder.resolve(name(i) + ".csv"), "id,v\n" + i + "," + (i * 2) + "\n",
          StandardCharsets.UTF_8);
    }
    settle(folder);
  }

  private static String name(int i) {
    return String.format("t%05d", i);
  }

  /**
   * Dates the folder's last change back, so its listing is kept: the statements after it test
   * that a kept listing still sees each change.
   */
  private static void settle(Path folder) throws IOException {
    Files.setLastModifiedTime(folder, FileTime.from(Instant.now().minusSeconds(60)));
  }

  @Test
  void everyFileIsATableAndOneIsQueriedByName() throws SQLException {
    try (Connection c = Queries.open(shared)) {
      List<String> tables = tables(c.getMetaData());
      assertThat(tables).hasSize(FILES + 3).startsWith("binary", "broken", "locked", "t00000")
          .endsWith("t09999");
      assertThat(new HashSet<>(tables)).hasSize(FILES + 3);

      assertThat(value(c, "SELECT v FROM t04321")).isEqualTo(8642);
      assertThat(value(c, "SELECT v FROM T04321")).as("ignoring case").isEqualTo(8642);
      assertThat(value(c, "SELECT v FROM \"t04321.csv\"")).as("by file name").isEqualTo(8642);
      assertThat(value(c, "SELECT COUNT(*) FROM t00000 JOIN t09999 ON t00000.id <> t09999.id"))
          .isEqualTo(1L);
    }
  }

  @Test
  void addedRemovedRenamedAndRewrittenFilesAreSeenByTheNextStatement() throws Exception {
    writeFiles(dir);
    try (Connection c = Queries.open(dir)) {
      assertThat(value(c, "SELECT v FROM t00007")).isEqualTo(14);
      assertThat(failure(c, "SELECT * FROM added").getMessage()).contains("added");

      Files.writeString(dir.resolve("added.csv"), "id,v\n1,100\n");
      assertThat(value(c, "SELECT v FROM added")).isEqualTo(100);
      assertThat(tables(c.getMetaData())).hasSize(FILES + 1).contains("added");

      settle(dir);
      value(c, "SELECT v FROM added");
      Files.delete(dir.resolve("t00007.csv"));
      assertThat(failure(c, "SELECT * FROM t00007").getMessage()).contains("t00007");

      settle(dir);
      value(c, "SELECT v FROM added");
      Files.move(dir.resolve("t00008.csv"), dir.resolve("renamed.csv"));
      assertThat(value(c, "SELECT v FROM renamed")).isEqualTo(16);
      assertThat(failure(c, "SELECT * FROM t00008").getMessage()).contains("t00008");

      settle(dir);
      value(c, "SELECT v FROM added");
      // Rewriting a file in place leaves its folder's modification time alone.
      Files.writeString(dir.resolve("t00009.csv"), "id,v\n9,1\n9,2\n9,3\n");
      assertThat(column(c, "SELECT v FROM t00009 ORDER BY v")).containsExactly(1, 2, 3);

      // A new file whose name another file already had renames both (TableNaming).
      settle(dir);
      value(c, "SELECT v FROM added");
      Files.writeString(dir.resolve("t00011.tsv"), "id\tv\n1\t-1\n");
      assertThat(value(c, "SELECT v FROM t00011_csv")).isEqualTo(22);
      assertThat(value(c, "SELECT v FROM t00011_tsv")).isEqualTo(-1);
      assertThat(failure(c, "SELECT * FROM t00011").getMessage()).contains("t00011");
    }
  }

  @Test
  void aQueryAndOneTablesColumnsDoNotReadTheFilesBesideThem() throws Exception {
    try (Connection c = Queries.open(shared)) {
      assertThat(value(c, "SELECT v FROM t00006")).isEqualTo(12);
      assertThat(columns(c.getMetaData(), "t00006")).containsExactly("id", "v");
      assertThat(tables(c.getMetaData())).contains("binary", "broken", "locked");
    }
  }

  /**
   * getTables names 10,000 tables from the folder's listing without opening any file, and a query
   * or one table's columns open only the file they name. Told by access times: the file system
   * updates a file's access time when it is read and the access time is older than its
   * modification time (relatime), so every file's access time is first set far back.
   */
  @Test
  void getTablesOpensNoFileAndAQueryOpensOnlyItsOwn() throws Exception {
    FileTime longAgo = FileTime.from(Instant.parse("2001-01-01T00:00:00Z"));
    List<Path> files = new ArrayList<>();
    try (var s = Files.list(shared)) {
      s.forEach(files::add);
    }
    Path probe = Files.writeString(dir.resolve("probe.csv"), "id\n1\n");
    Files.setAttribute(probe, "lastAccessTime", longAgo);
    Files.readAllBytes(probe);
    assumeTrue(!Files.getAttribute(probe, "lastAccessTime").equals(longAgo),
        "this file system does not record when a file is read (noatime)");
    for (Path f : files) {
      Files.setAttribute(f, "lastAccessTime", longAgo);
    }
    settle(shared);
    try (Connection c = Queries.open(shared)) {
      assertThat(tables(c.getMetaData())).hasSize(FILES + 3);
      try (ResultSet rs = c.getMetaData().getTables(null, null, "t0%", new String[] {"TABLE"})) {
        assertThat(rs.next()).isTrue();
      }
      assertThat(read(files, longAgo)).as("files read by getTables").isEmpty();

      assertThat(value(c, "SELECT v FROM t04444")).isEqualTo(8888);
      assertThat(columns(c.getMetaData(), "t04445")).containsExactly("id", "v");
      // t04445's columns may already be known from an earlier test: then it is not read again.
      assertThat(read(files, longAgo)).as("files read by a query and one table's columns")
          .contains("t04444.csv").isSubsetOf("t04444.csv", "t04445.csv");
    }
  }

  /** The names of the files whose access time is no longer {@code since}. */
  private static List<String> read(List<Path> files, FileTime since) throws IOException {
    List<String> out = new ArrayList<>();
    for (Path f : files) {
      if (!Files.getAttribute(f, "lastAccessTime").equals(since)) {
        out.add(f.getFileName().toString());
      }
    }
    return out;
  }

  @Test
  void everyTablesColumnsAreListed() throws SQLException {
    try (Connection c = Queries.open(shared)) {
      Set<String> seen = new HashSet<>();
      int rows = 0;
      try (ResultSet rs = c.getMetaData().getColumns(null, "main", "%", "%")) {
        while (rs.next()) {
          rows++;
          seen.add(rs.getString("TABLE_NAME"));
        }
      }
      assertThat(seen).contains("t00000", "t09999").hasSizeGreaterThanOrEqualTo(FILES);
      assertThat(rows).isGreaterThanOrEqualTo(2 * FILES);
      assertThat(value(c, "SELECT COUNT(*) FROM csvws.columns WHERE table_name LIKE 't%'"))
          .isEqualTo(2L * FILES);
      assertThat(value(c, "SELECT COUNT(*) FROM csvws.files")).isEqualTo(FILES + 3L);
    }
  }

  @Test
  void listingTenThousandFilesHoldsLittleMemory(@TempDir Path empty) throws Exception {
    try (Connection small = Queries.open(empty)) {
      tables(small.getMetaData());
      long before = heapAfterGc();
      try (Connection big = Queries.open(shared)) {
        assertThat(tables(big.getMetaData())).hasSize(FILES + 3);
        assertThat(value(big, "SELECT v FROM t00100")).isEqualTo(200);
        long held = heapAfterGc() - before;
        // Kept listings and the connection: names, not file contents.
        assertThat(held).as("heap held, bytes").isLessThan(100L << 20);
      }
    }
  }

  private static long heapAfterGc() throws InterruptedException {
    java.lang.management.MemoryMXBean memory =
        java.lang.management.ManagementFactory.getMemoryMXBean();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 3; i++) {
      System.gc();
      Thread.sleep(50);
      used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  /** The table names of the root folder, as getTables lists them. */
  static List<String> tables(DatabaseMetaData md) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = md.getTables(null, "main", "%", null)) {
      while (rs.next()) {
        out.add(rs.getString("TABLE_NAME"));
      }
    }
    return out;
  }

  private static List<String> columns(DatabaseMetaData md, String table) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = md.getColumns(null, "main", table, "%")) {
      while (rs.next()) {
        out.add(rs.getString("COLUMN_NAME"));
      }
    }
    return out;
  }
}
