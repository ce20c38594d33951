package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large file is read in parallel chunks: on the first read, at guessed record starts checked
 * against each other; once its row index exists, at indexed rows. Every answer must be the one a
 * sequential read gives: the same rows in the same order (checked against the generated file
 * itself), the same error at the same row, and cancellation must still stop it. Values spanning
 * lines make some guesses wrong.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ParallelScanTest {
  /** Over the 16 MiB from which scans go parallel, and many 1 MiB chunks. */
  private static final int ROWS = 420_000;
  private Path dir;
  private Connection connection;

  @BeforeAll
  void writeFile(@TempDir Path tmp) throws IOException, SQLException {
    dir = tmp;
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("big.csv"),
        StandardCharsets.UTF_8)) {
      w.write("id,name,amount,note\n");
      for (int i = 1; i <= ROWS; i++) {
        w.write(i + ",name " + i + "," + (i % 1000) / 10.0 + ","
            + (i % 50 == 0 ? "\"" + note(i) + "\"" : note(i)) + "\n");
      }
    }
    assertThat(Files.size(dir.resolve("big.csv"))).isGreaterThan(33L << 20);
    connection = DriverManager.getConnection("jdbc:csvws:" + dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  /** An order-sensitive digest of every value, and the row count. */
  private long[] digest(String sql) throws SQLException {
    long hash = 17;
    long rows = 0;
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        rows++;
        for (int i = 1; i <= n; i++) {
          Object v = rs.getObject(i);
          hash = hash * 31 + (v == null ? 0 : v.hashCode());
        }
      }
    }
    return new long[] {hash, rows};
  }

  private static String note(int i) {
    return i % 50 == 0 ? "a note, with a comma and\na line break " + i
        : "plain note text for row " + i + " xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
  }

  @Test
  void theFirstReadHasEveryRowInFileOrder(@TempDir Path other) throws Exception {
    Files.copy(dir.resolve("big.csv"), other.resolve("copy.csv"));
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + other);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, note FROM copy")) {
      int i = 0;
      while (rs.next()) {
        i++;
        assertThat(rs.getLong(1)).isEqualTo(i);
        assertThat(rs.getString(2)).isEqualTo(note(i));
      }
      assertThat(i).isEqualTo(ROWS);
    }
  }

  @Test
  void parallelReadsGiveTheSequentialAnswerInTheSameOrder() throws SQLException {
    String[] queries = {
        "SELECT * FROM big",
        "SELECT id, note FROM big WHERE amount > 50 AND note LIKE '%comma%'",
        "SELECT _row, name FROM big WHERE MOD(id, 7) = 3"};
    long[][] first = new long[queries.length][];
    for (int i = 0; i < queries.length; i++) {
      first[i] = digest(queries[i]);
    }
    // The first complete read left the row index behind: the next reads cut the file there.
    for (int i = 0; i < queries.length; i++) {
      assertThat(digest(queries[i])).as(queries[i]).isEqualTo(first[i]);
    }
    assertThat(first[0][1]).isEqualTo(ROWS);
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT SUM(id), COUNT(*) FROM big WHERE amount < 10")) {
      rs.next();
      long expected = 0;
      long count = 0;
      for (long i = 1; i <= ROWS; i++) {
        if ((i % 1000) / 10.0 < 10) {
          expected += i;
          count++;
        }
      }
      assertThat(rs.getLong(1)).isEqualTo(expected);
      assertThat(rs.getLong(2)).isEqualTo(count);
    }
  }

  @Test
  void aValueThatDoesNotFitFailsAtItsRowInParallelToo() throws Exception {
    Path bad = dir.resolve("bad.csv");
    try (BufferedWriter w = Files.newBufferedWriter(bad, StandardCharsets.UTF_8)) {
      w.write("id,qty,filler\n");
      for (int i = 1; i <= ROWS; i++) {
        w.write(i + "," + (i == ROWS - 10 ? "12.5" : String.valueOf(i % 100))
            + ",some filler text to make the file large enough xxxxxxxxxxxxxxxxxxxxxxxxxxxx\n");
      }
    }
    try (Statement s = connection.createStatement()) {
      // The first read guesses where chunks start; the chunk with the bad value is read again
      // with its row numbers known, so the error names the same row.
      assertThatThrownBy(() -> {
        try (ResultSet rs = s.executeQuery("SELECT SUM(qty) FROM bad")) {
          rs.next();
        }
      }).isInstanceOf(SQLException.class)
          .hasMessageContaining("row " + (ROWS - 10))
          .hasMessageContaining("\"12.5\"");
      // COUNT(*) reads the whole file without decoding qty and builds the index.
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM bad")) {
        rs.next();
        assertThat(rs.getLong(1)).isEqualTo(ROWS);
      }
      assertThatThrownBy(() -> {
        try (ResultSet rs = s.executeQuery("SELECT SUM(qty) FROM bad")) {
          rs.next();
        }
      }).isInstanceOf(SQLException.class)
          .hasMessageContaining("row " + (ROWS - 10))
          .hasMessageContaining("\"12.5\"");
    }
  }

  /** Starts a thread that cancels {@code s} after {@code millis}. */
  private static Thread cancelAfter(Statement s, long millis) {
    Thread canceller = new Thread(() -> {
      try {
        Thread.sleep(millis);
        s.cancel();
      } catch (InterruptedException | SQLException e) {
        throw new IllegalStateException(e);
      }
    });
    canceller.start();
    return canceller;
  }

  /**
   * A join that multiplies rows into a sort shows the client nothing until the end: only the
   * scans can see the cancel, and a parallel scan whose workers wait for a slow consumer must
   * still see it.
   */
  @Test
  void cancelStopsAJoinThatMultipliesRowsIntoASort() throws Exception {
    try (Statement s = connection.createStatement()) {
      long started = System.nanoTime();
      Thread canceller = cancelAfter(s, 3000);
      assertThatThrownBy(() -> {
        try (ResultSet rs = s.executeQuery("SELECT a.name, b.note FROM big a JOIN big b "
            + "ON a.id / 200 = b.id / 200 ORDER BY a.name DESC, b.note")) {
          rs.next();
        }
      }).isInstanceOf(SQLException.class).hasMessageContaining("cancel");
      canceller.join();
      assertThat(System.nanoTime() - started).isLessThan(TimeUnit.SECONDS.toNanos(20));
    }
  }

  @Test
  void cancelStopsAParallelRead() throws Exception {
    digest("SELECT id FROM big WHERE id < 0");
    try (Statement s = connection.createStatement()) {
      long started = System.nanoTime();
      Thread canceller = cancelAfter(s, 200);
      assertThatThrownBy(() -> {
        try (ResultSet rs = s.executeQuery("SELECT * FROM big")) {
          while (rs.next()) {
            Thread.sleep(1);
          }
        }
      }).isInstanceOf(SQLException.class).hasMessageContaining("cancel");
      canceller.join();
      assertThat(System.nanoTime() - started).isLessThan(TimeUnit.SECONDS.toNanos(30));
    }
  }
}
