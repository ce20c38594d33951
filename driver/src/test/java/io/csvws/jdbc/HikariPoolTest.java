package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real HikariCP pool over the driver, configured as applications configure it: only a
 * {@code jdbc:csvws:} URL, auto-commit off, validation by {@code isValid} or by a test query.
 * Connections are borrowed concurrently, returned (Hikari rolls back a connection returned with
 * auto-commit off), validated, and the pool shuts down with every connection closed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HikariPoolTest {
  private static final int ROWS = 200;

  @TempDir
  Path dir;

  @BeforeEach
  void writeWorkspace() throws IOException {
    StringBuilder b = new StringBuilder("id,grp,amount\n");
    for (int i = 1; i <= ROWS; i++) {
      b.append(i).append(',').append("g").append(i % 7).append(',').append(i * 3).append('\n');
    }
    Files.writeString(dir.resolve("items.csv"), b.toString(), StandardCharsets.UTF_8);
  }

  private HikariConfig config(String testQuery, int size) {
    HikariConfig c = new HikariConfig();
    c.setJdbcUrl("jdbc:csvws:" + dir);
    c.setAutoCommit(false);
    c.setMaximumPoolSize(size);
    c.setMinimumIdle(1);
    c.setConnectionTimeout(5_000);
    c.setValidationTimeout(1_000);
    c.setPoolName("csvws-test");
    if (testQuery != null) {
      c.setConnectionTestQuery(testQuery);
    }
    return c;
  }

  /** The sum of amount over a group, computed here from the generator's rule. */
  private static long expectedSum(int group) {
    long sum = 0;
    for (int i = 1; i <= ROWS; i++) {
      if (i % 7 == group) {
        sum += i * 3L;
      }
    }
    return sum;
  }

  private static long sum(Connection c, int group) throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement("SELECT SUM(amount) FROM items WHERE grp = ?")) {
      ps.setString(1, "g" + group);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        return rs.getLong(1);
      }
    }
  }

  /** Validation by isValid (no test query) and by a test query. */
  @ParameterizedTest(name = "connectionTestQuery={0}")
  @ValueSource(strings = {"", "SELECT 1", "VALUES 1"})
  void concurrentBorrowersGetCorrectAnswersAndReturnCleanly(String testQuery) throws Exception {
    int threads = 5;
    int rounds = 4;
    List<Connection> physical = new ArrayList<>();
    try (HikariDataSource ds = new HikariDataSource(config(
        testQuery.isEmpty() ? null : testQuery, 3))) {
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Set<Connection>>> workers = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int seed = t;
        workers.add(pool.submit(() -> {
          start.await();
          Set<Connection> seen = new HashSet<>();
          for (int r = 0; r < rounds; r++) {
            int group = (seed + r) % 7;
            try (Connection c = ds.getConnection()) {
              assertThat(c.getAutoCommit()).isFalse();
              assertThat(c.isReadOnly()).isTrue();
              assertThat(sum(c, group)).isEqualTo(expectedSum(group));
              seen.add(c.unwrap(Connection.class));
            }
          }
          return seen;
        }));
      }
      start.countDown();
      Set<Connection> used = new HashSet<>();
      for (Future<Set<Connection>> w : workers) {
        used.addAll(w.get(30, TimeUnit.SECONDS));
      }
      pool.shutdown();

      HikariPoolMXBean mx = ds.getHikariPoolMXBean();
      assertThat(mx.getActiveConnections()).isZero();
      assertThat(mx.getThreadsAwaitingConnection()).isZero();
      assertThat(mx.getTotalConnections()).isBetween(1, 3);
      // Returning a connection with auto-commit off rolls it back; had that failed, Hikari would
      // have evicted the connection and opened others: at most the pool size were ever opened.
      assertThat(used).hasSizeBetween(1, 3);
      physical.addAll(used);
      for (Connection c : physical) {
        assertThat(c.isClosed()).isFalse();
      }
    }
    // Shutdown closed every physical connection.
    for (Connection c : physical) {
      assertThat(c.isClosed()).isTrue();
    }
  }

  /**
   * One connection borrowed and returned many times, each time after a query with auto-commit
   * off: the same physical connection every time, so no return failed.
   */
  @Test
  void returningAConnectionRollsBackWithoutEvictingIt() throws SQLException {
    try (HikariDataSource ds = new HikariDataSource(config(null, 1))) {
      Connection first;
      try (Connection c = ds.getConnection()) {
        first = c.unwrap(Connection.class);
        assertThat(sum(c, 1)).isEqualTo(expectedSum(1));
      }
      for (int i = 0; i < 12; i++) {
        try (Connection c = ds.getConnection()) {
          assertThat(c.unwrap(Connection.class)).isSameAs(first);
          assertThat(c.getAutoCommit()).isFalse();
          // Leave the connection in states a pool must reset on return.
          c.setAutoCommit(i % 2 == 0);
          c.setTransactionIsolation(Connection.TRANSACTION_SERIALIZABLE);
          c.setReadOnly(i % 3 == 0);
          try (Statement s = c.createStatement();
              ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM items")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getLong(1)).isEqualTo(ROWS);
          }
          if (i % 4 == 0) {
            c.rollback();
          }
        }
      }
      assertThat(ds.getHikariPoolMXBean().getTotalConnections()).isEqualTo(1);
    }
  }

  /** A statement left open by the borrower is closed by the return, and the next user is fine. */
  @Test
  void statementsLeftOpenAreClosedOnReturn() throws SQLException {
    try (HikariDataSource ds = new HikariDataSource(config(null, 1))) {
      Statement leaked;
      ResultSet leakedRows;
      try (Connection c = ds.getConnection()) {
        leaked = c.createStatement();
        leakedRows = leaked.executeQuery("SELECT id FROM items");
        assertThat(leakedRows.next()).isTrue();
      }
      assertThat(leaked.isClosed()).isTrue();
      assertThat(leakedRows.isClosed()).isTrue();
      try (Connection c = ds.getConnection()) {
        assertThat(sum(c, 3)).isEqualTo(expectedSum(3));
      }
    }
  }

  /** When the workspace folder disappears, validation fails and the pool says why it is empty. */
  @Test
  void aVanishedWorkspaceFailsValidationAndNewConnections() throws Exception {
    HikariConfig cfg = config(null, 1);
    cfg.setConnectionTimeout(250);
    try (HikariDataSource ds = new HikariDataSource(cfg)) {
      try (Connection c = ds.getConnection()) {
        assertThat(sum(c, 2)).isEqualTo(expectedSum(2));
      }
      Files.delete(dir.resolve("items.csv"));
      Path moved = Files.move(dir, dir.resolveSibling(dir.getFileName() + "-moved"));
      try {
        // Hikari skips validation of a connection used within the last 500 ms.
        Thread.sleep(700);
        Throwable t = catchThrowable(ds::getConnection);
        assertThat(t).isInstanceOf(SQLException.class);
        assertThat(causeMessages(t)).contains(dir.toString());
      } finally {
        Files.move(moved, dir);
      }
    }
  }

  @Test
  void aPoolOverAMissingFolderFailsToStartNamingIt() {
    Path missing = dir.resolve("nowhere");
    HikariConfig cfg = config(null, 1);
    cfg.setJdbcUrl("jdbc:csvws:" + missing);
    Throwable t = catchThrowable(() -> new HikariDataSource(cfg).close());
    assertThat(t).isNotNull();
    assertThat(causeMessages(t)).contains(missing.toString()).contains("does not exist");
  }

  @Test
  void aClosedPoolRefusesConnections() {
    HikariDataSource ds = new HikariDataSource(config("SELECT 1", 2));
    ds.close();
    assertThat(ds.isClosed()).isTrue();
    assertThat(catchThrowable(ds::getConnection)).isInstanceOf(SQLException.class);
  }

  private static String causeMessages(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      b.append(c.getMessage()).append(" | ");
    }
    return b.toString();
  }
}
