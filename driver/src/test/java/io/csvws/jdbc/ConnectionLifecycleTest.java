package io.csvws.jdbc;

import static io.csvws.jdbc.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A connection through its life as pools and tools drive it: read-only whatever it is told,
 * commit and rollback harmless in both auto-commit modes, isValid, abort, close, and what a
 * closed connection says.
 */
class ConnectionLifecycleTest {
  @TempDir
  Path dir;

  private Connection connection;

  @BeforeEach
  void open() throws IOException, SQLException {
    Files.writeString(dir.resolve("people.csv"), "id,name\n1,Ann\n2,Bob\n3,Cy\n",
        StandardCharsets.UTF_8);
    Files.createDirectories(dir.resolve("sales"));
    Files.writeString(dir.resolve("sales/q1.csv"), "region,total\nnorth,10\nsouth,20\n",
        StandardCharsets.UTF_8);
    connection = DriverManager.getConnection("jdbc:csvws:" + dir);
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
  }

  private static long count(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      assertThat(rs.next()).isTrue();
      return rs.getLong(1);
    }
  }

  // ---- read-only

  @Test
  void readOnlyIsTrueAndSetReadOnlyTrueIsQuiet() throws SQLException {
    assertThat(connection.isReadOnly()).isTrue();
    connection.setReadOnly(true);
    assertThat(connection.isReadOnly()).isTrue();
    assertThat((Object) connection.getWarnings()).isNull();
  }

  @Test
  void setReadOnlyFalseWarnsAndChangesNothing() throws SQLException {
    connection.setReadOnly(false);
    assertThat(connection.isReadOnly()).isTrue();
    SQLWarning w = connection.getWarnings();
    assertThat((Object) w).isNotNull();
    assertThat(w.getMessage()).contains("read-only");
    try (Statement s = connection.createStatement()) {
      SQLException e = sqlFailure(() -> s.executeUpdate("INSERT INTO people VALUES (4, 'Di')"));
      assertThat(e.getSQLState()).isEqualTo("25006");
    }
    assertThat(count(connection, "people")).isEqualTo(3);
    connection.clearWarnings();
    assertThat((Object) connection.getWarnings()).isNull();
  }

  // ---- transactions

  @ParameterizedTest(name = "autoCommit={0}")
  @ValueSource(booleans = {true, false})
  void commitAndRollbackAreHarmless(boolean autoCommit) throws SQLException {
    connection.setAutoCommit(autoCommit);
    assertThat(connection.getAutoCommit()).isEqualTo(autoCommit);
    connection.commit();
    connection.rollback();
    assertThat(count(connection, "people")).isEqualTo(3);
    connection.rollback();
    assertThat(count(connection, "sales.q1")).isEqualTo(2);
    connection.commit();
    connection.commit();
    connection.rollback();
    assertThat(count(connection, "people")).isEqualTo(3);
    assertThat(connection.getAutoCommit()).isEqualTo(autoCommit);
  }

  /** A pool resets autoCommit and rolls back on every return; none of it throws. */
  @Test
  void switchingAutoCommitBackAndForthIsHarmless() throws SQLException {
    for (int i = 0; i < 3; i++) {
      connection.setAutoCommit(false);
      assertThat(count(connection, "people")).isEqualTo(3);
      connection.rollback();
      connection.setAutoCommit(true);
      connection.commit();
    }
    assertThat(connection.getAutoCommit()).isTrue();
  }

  @Test
  void isolationIsNoneAndSettingItIsAccepted() throws SQLException {
    assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_NONE);
    connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
    assertThat(count(connection, "people")).isEqualTo(3);
  }

  @Test
  void savepointsAreNotSupportedAndSaySo() throws SQLException {
    connection.setAutoCommit(false);
    SQLException e = sqlFailure(connection::setSavepoint);
    assertThat((Throwable) e).isInstanceOf(SQLFeatureNotSupportedException.class);
    assertThat(e.getMessage()).contains("read-only");
  }

  // ---- schema and identity

  @Test
  void theDefaultSchemaIsMainAndSetSchemaChangesIt() throws SQLException {
    assertThat(connection.getSchema()).isEqualTo("main");
    connection.setSchema("sales");
    assertThat(connection.getSchema()).isEqualTo("sales");
    assertThat(count(connection, "q1")).isEqualTo(2);
    connection.setSchema("main");
    assertThat(count(connection, "people")).isEqualTo(3);
  }

  @Test
  void statementsAndResultSetsLeadBackToTheCsvwsObjects() throws SQLException {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT id FROM people")) {
      assertThat(s.getConnection()).isSameAs(connection);
      assertThat(rs.getStatement()).isSameAs(s);
    }
    try (PreparedStatement ps =
        connection.prepareStatement("SELECT name FROM people WHERE id = ?")) {
      assertThat(ps.getConnection()).isSameAs(connection);
      ps.setInt(1, 2);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getString(1)).isEqualTo("Bob");
      }
    }
    assertThat(connection.isWrapperFor(Connection.class)).isTrue();
    assertThat(connection.unwrap(Connection.class)).isSameAs(connection);
  }

  @Test
  void clientInfoIsKept() throws SQLException {
    connection.setClientInfo("ApplicationName", "report");
    assertThat(connection.getClientInfo("ApplicationName")).isEqualTo("report");
    assertThat(connection.getClientInfo().getProperty("ApplicationName")).isEqualTo("report");
  }

  // ---- validity, close, abort

  @Test
  void isValidWhileOpenAndNotAfterClose() throws SQLException {
    assertThat(connection.isValid(0)).isTrue();
    assertThat(connection.isValid(5)).isTrue();
    assertThat(sqlFailure(() -> connection.isValid(-1)).getMessage()).contains("negative");
    connection.close();
    assertThat(connection.isValid(1)).isFalse();
  }

  @Test
  void closeClosesStatementsAndResultSetsAndIsIdempotent() throws SQLException {
    Statement s = connection.createStatement();
    ResultSet rs = s.executeQuery("SELECT id FROM people");
    assertThat(rs.next()).isTrue();
    PreparedStatement ps = connection.prepareStatement("SELECT id FROM people");
    connection.close();
    assertThat(connection.isClosed()).isTrue();
    assertThat(s.isClosed()).isTrue();
    assertThat(ps.isClosed()).isTrue();
    assertThat(rs.isClosed()).isTrue();
    connection.close();
    assertThat(connection.isClosed()).isTrue();
  }

  @Test
  void aClosedConnectionRefusesWorkWithState08003() throws SQLException {
    connection.close();
    List<ThrowingCallable> calls = List.of(
        connection::createStatement,
        () -> connection.prepareStatement("SELECT 1"),
        connection::getMetaData,
        connection::commit,
        connection::rollback,
        () -> connection.setAutoCommit(false),
        connection::isReadOnly);
    for (ThrowingCallable call : calls) {
      SQLException e = sqlFailure(call);
      assertThat(e.getSQLState()).isEqualTo("08003");
      assertThat(e.getMessage()).contains("closed");
    }
  }

  @Test
  void abortClosesTheConnectionOnTheGivenExecutor() throws Exception {
    Statement s = connection.createStatement();
    AtomicInteger ran = new AtomicInteger();
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      connection.abort(command -> {
        ran.incrementAndGet();
        executor.execute(command);
      });
      assertThat(connection.isClosed()).isTrue();
      executor.shutdown();
      assertThat(executor.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
    } finally {
      executor.shutdownNow();
    }
    assertThat(ran.get()).isEqualTo(1);
    assertThat(s.isClosed()).isTrue();
    assertThat(connection.isValid(1)).isFalse();
    assertThat(sqlFailure(connection::createStatement).getSQLState()).isEqualTo("08003");
    // A second abort, or a close after it, does nothing.
    connection.abort(command -> {
      throw new AssertionError("nothing left to close");
    });
    connection.close();
  }

  @Test
  void abortWithoutAnExecutorIsRefused() throws SQLException {
    SQLException e = sqlFailure(() -> connection.abort(null));
    assertThat(e.getMessage()).contains("executor");
    assertThat(connection.isClosed()).isFalse();
    assertThat(count(connection, "people")).isEqualTo(3);
  }

  // ---- threads

  /** Statements of one connection run on several threads at once, each with its own answer. */
  @Test
  void statementsOfOneConnectionRunConcurrently() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<String>> answers = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        int id = 1 + i % 3;
        answers.add(pool.submit(() -> {
          try (PreparedStatement ps =
              connection.prepareStatement("SELECT name FROM people WHERE id = ?")) {
            ps.setInt(1, id);
            try (ResultSet rs = ps.executeQuery()) {
              assertThat(rs.next()).isTrue();
              return id + "=" + rs.getString(1);
            }
          }
        }));
      }
      for (int i = 0; i < answers.size(); i++) {
        int id = 1 + i % 3;
        assertThat(answers.get(i).get(30, TimeUnit.SECONDS))
            .isEqualTo(id + "=" + List.of("Ann", "Bob", "Cy").get(id - 1));
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
