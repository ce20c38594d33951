package io.csvws.jdbc;

import static io.csvws.jdbc.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping a long query from outside: {@code Statement.cancel} from another thread, the query
 * timeout, and {@code Connection.abort}. A stopped query ends within a couple of seconds with its
 * own SQLState, and the connection (after cancel or timeout) keeps working.
 *
 * <p>The long query ({@link #LONG_QUERY}) does much work for each row of one generated file, so it
 * runs far longer than any deadline here while the file stays small enough to write in a moment.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CancelAndTimeoutTest {
  private static final int ROWS = 500_000;
  /** LIKE tests each row of the long query makes. */
  private static final int TESTS_PER_ROW = 24;
  /**
   * One scan of big.csv that tests every row against {@link #TESTS_PER_ROW} patterns, none of
   * which matches: tens of seconds of work, in a plan as cheap to prepare as a single scan.
   */
  private static final String LONG_QUERY = "SELECT COUNT(*) FROM big WHERE "
      + IntStream.range(0, TESTS_PER_ROW)
          .mapToObj(i -> "note LIKE '%needle " + i + "%'")
          .collect(Collectors.joining(" OR "));
  /**
   * How long a stopped query may take to end, from the moment it is stopped: scans check every
   * 1024 rows, so a quiet machine needs milliseconds; the margin is for a loaded one.
   */
  private static final long STOP_WITHIN_MS = 5_000;

  private Path dir;
  private Connection connection;
  private final ExecutorService pool = Executors.newCachedThreadPool();

  @BeforeAll
  void writeFile(@TempDir Path tmp) throws IOException, SQLException {
    dir = tmp;
    try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("big.csv"),
        StandardCharsets.UTF_8)) {
      w.write("id,name,note\n");
      StringBuilder line = new StringBuilder();
      for (int i = 1; i <= ROWS; i++) {
        line.setLength(0);
        line.append(i).append(",name ").append(i % 997).append(",plain note ").append(i % 89)
            .append('\n');
        w.append(line);
      }
    }
    connection = DriverManager.getConnection("jdbc:csvws:" + dir);
  }

  @AfterAll
  void close() throws SQLException {
    pool.shutdownNow();
    connection.close();
  }

  private void assertStillWorks(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big WHERE _row <= 10")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(10);
    }
  }

  @Test
  void cancelFromAnotherThreadStopsTheQuery() throws Exception {
    try (Statement s = connection.createStatement()) {
      Future<SQLException> running = pool.submit(() -> sqlFailure(() -> {
        try (ResultSet rs = s.executeQuery(LONG_QUERY)) {
          rs.next();
        }
      }));
      // Cancel once the scan reads (its progress says so), not while the query is planned.
      io.csvws.driver.QueryProgressSource progress =
          s.unwrap(io.csvws.driver.QueryProgressSource.class);
      long readingBy = System.currentTimeMillis() + 30_000;
      while (System.currentTimeMillis() < readingBy && !running.isDone()
          && (progress.progress() == null || progress.progress().rowsRead() == 0)) {
        Thread.sleep(20);
      }
      assertThat(running).isNotDone();
      long cancelledAt = System.nanoTime();
      s.cancel();
      SQLException e = running.get(STOP_WITHIN_MS, TimeUnit.MILLISECONDS);
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cancelledAt);

      assertThat(tookMs).isLessThan(STOP_WITHIN_MS);
      assertThat(e.getSQLState()).isEqualTo("57014");
      assertThat(e.getMessage()).contains("cancelled").contains("big.csv");
    }
    assertStillWorks(connection);
  }

  /** A cancelled statement can run its next query: the cancel does not stick to it. */
  @Test
  void aCancelledStatementRunsItsNextQuery() throws Exception {
    try (Statement s = connection.createStatement()) {
      Future<SQLException> running =
          pool.submit(() -> sqlFailure(() -> s.executeQuery(LONG_QUERY)));
      Thread.sleep(300);
      s.cancel();
      assertThat(running.get(STOP_WITHIN_MS, TimeUnit.MILLISECONDS).getSQLState())
          .isEqualTo("57014");
      try (ResultSet rs = s.executeQuery("SELECT MAX(id) FROM big")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(ROWS);
      }
    }
  }

  /**
   * The same holds for a prepared statement: executed again after a cancel, it runs (a cancel
   * that stuck would stop it at once) until it is cancelled again.
   */
  @Test
  void aCancelledPreparedStatementRunsAgain() throws Exception {
    try (PreparedStatement ps = connection.prepareStatement(LONG_QUERY)) {
      for (int round = 1; round <= 2; round++) {
        Future<SQLException> running = pool.submit(() -> sqlFailure(() -> {
          try (ResultSet rs = ps.executeQuery()) {
            rs.next();
          }
        }));
        Thread.sleep(300);
        assertThat(running).as("round %d", round).isNotDone();
        ps.cancel();
        assertThat(running.get(STOP_WITHIN_MS, TimeUnit.MILLISECONDS).getSQLState())
            .as("round %d", round).isEqualTo("57014");
      }
    }
  }

  /** Cancel with nothing running does nothing, and the next query is not cancelled by it. */
  @Test
  void cancelWhileIdleIsHarmless() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.cancel();
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big WHERE name = 'name 5'")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(
            IntStream.rangeClosed(1, ROWS).filter(i -> i % 997 == 5).count());
      }
    }
  }

  /** Cancel while the client reads rows of a plain scan stops the rows. */
  @Test
  void cancelStopsRowsBeingFetched() throws Exception {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, note FROM big")) {
      assertThat(rs.next()).isTrue();
      s.cancel();
      SQLException e = sqlFailure(() -> {
        while (rs.next()) {
          // every row until the scan notices the cancel
        }
      });
      assertThat(e.getSQLState()).as(e.toString()).isEqualTo("57014");
    }
    assertStillWorks(connection);
  }

  @Test
  void queryTimeoutStopsTheQuery() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.setQueryTimeout(1);
      assertThat(s.getQueryTimeout()).isEqualTo(1);
      long started = System.nanoTime();
      SQLException e = sqlFailure(() -> {
        try (ResultSet rs = s.executeQuery(LONG_QUERY)) {
          rs.next();
        }
      });
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

      assertThat((Throwable) e).isInstanceOf(SQLTimeoutException.class);
      assertThat(e.getSQLState()).isEqualTo("HYT00");
      assertThat(e.getMessage()).contains("timeout").contains("big.csv");
      assertThat(tookMs).isBetween(900L, 1_000L + STOP_WITHIN_MS);

      // The same statement, given more time, answers a short query.
      s.setQueryTimeout(30);
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM big WHERE id > " + (ROWS - 3))) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(3);
      }
    }
    assertStillWorks(connection);
  }

  /**
   * A plain scan, which csvws prepares without the planner and runs outside Calcite's data
   * context, keeps the statement's time limit while its rows are read.
   */
  @Test
  void queryTimeoutStopsAPlainScanWhoseRowsAreStillBeingRead() throws Exception {
    try (Statement s = connection.createStatement()) {
      s.setQueryTimeout(1);
      SQLException e;
      try (ResultSet rs = s.executeQuery("SELECT id, note FROM big")) {
        assertThat(rs.next()).isTrue();
        Thread.sleep(1_200);
        e = sqlFailure(() -> {
          while (rs.next()) {
            // every row until the scan notices the time is up
          }
        });
      }
      assertThat((Throwable) e).isInstanceOf(SQLTimeoutException.class);
      assertThat(e.getSQLState()).isEqualTo("HYT00");
      assertThat(e.getMessage()).contains("big.csv");
    }
    assertStillWorks(connection);
  }

  @Test
  void queryTimeoutAppliesToPreparedStatements() throws SQLException {
    try (PreparedStatement ps = connection.prepareStatement(LONG_QUERY)) {
      ps.setQueryTimeout(1);
      long started = System.nanoTime();
      SQLException e = sqlFailure(() -> {
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
        }
      });
      long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
      assertThat(e.getSQLState()).isEqualTo("HYT00");
      assertThat(tookMs).isLessThan(1_000L + STOP_WITHIN_MS);
    }
  }

  @Test
  void theQueryTimeoutPropertyIsEveryStatementsDefault() throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + dir + "?queryTimeout=1");
        Statement s = c.createStatement();
        PreparedStatement ps = c.prepareStatement(LONG_QUERY)) {
      assertThat(s.getQueryTimeout()).isEqualTo(1);
      assertThat(ps.getQueryTimeout()).isEqualTo(1);
      SQLException e = sqlFailure(() -> {
        try (ResultSet rs = s.executeQuery(LONG_QUERY)) {
          rs.next();
        }
      });
      assertThat(e.getSQLState()).isEqualTo("HYT00");
      s.setQueryTimeout(0);
      assertThat(s.getQueryTimeout()).as("the statement's own setting wins").isZero();
    }
  }

  @Test
  void aNegativeTimeoutIsRefused() throws SQLException {
    try (Statement s = connection.createStatement()) {
      SQLException e = sqlFailure(() -> s.setQueryTimeout(-1));
      assertThat(e.getMessage()).isNotBlank();
    }
  }

  /** abort stops what the connection is running and closes it, on the executor it is given. */
  @Test
  void abortStopsARunningQueryAndClosesTheConnection() throws Exception {
    Connection c = DriverManager.getConnection("jdbc:csvws:" + dir);
    Statement s = c.createStatement();
    Future<SQLException> running = pool.submit(() -> sqlFailure(() -> {
      try (ResultSet rs = s.executeQuery(LONG_QUERY)) {
        rs.next();
      }
    }));
    Thread.sleep(300);
    CompletableFuture<Thread> closedOn = new CompletableFuture<>();
    long abortedAt = System.nanoTime();
    c.abort(command -> pool.execute(() -> {
      closedOn.complete(Thread.currentThread());
      command.run();
    }));
    assertThat(c.isClosed()).isTrue();
    SQLException e = running.get(STOP_WITHIN_MS, TimeUnit.MILLISECONDS);
    assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - abortedAt))
        .isLessThan(STOP_WITHIN_MS);
    assertThat(e.getSQLState()).as(e.toString()).isIn("57014", "08003");
    assertThat(closedOn.get(STOP_WITHIN_MS, TimeUnit.MILLISECONDS))
        .isNotSameAs(Thread.currentThread());
    assertThat(sqlFailure(c::createStatement).getSQLState()).isEqualTo("08003");
    assertThat(c.isValid(1)).isFalse();
    // Another connection to the same folder is unaffected.
    assertStillWorks(connection);
  }
}
