package io.csvws.web;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.csvws.config.CsvwsProperty;
import io.csvws.driver.CsvwsDataSource;
import io.csvws.driver.CsvwsDriver;
import io.csvws.driver.CsvwsUrl;
import io.csvws.engine.QueryProgress;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The web console of one user: their workspace's engine (a small pool of {@code jdbc:csvws:}
 * connections), the same-origin token their page must send, and the results they keep open.
 * Nothing here is shared between users: a result id of one user is unknown to another.
 */
final class UserConsole implements AutoCloseable {
  /** Results a user keeps open at once; running one more closes the oldest. */
  static final int MAX_KEPT_RESULTS = 4;

  private static final SecureRandom RANDOM = new SecureRandom();

  private final String token = randomId();
  private final String user;
  private final int idleSeconds;
  private final SpoolBudget spool;
  private final int maxConnections;
  /** Connections the user holds through the gateway's other ways in (remote JDBC). */
  private final java.util.function.LongSupplier elsewhere;
  /** Statements executing now, so that a cancel from another request reaches them. */
  private final Set<Statement> executing = ConcurrentHashMap.newKeySet();
  private final HikariDataSource pool;
  /** Insertion order is age: the first entry is the oldest. */
  private final LinkedHashMap<String, KeptResult> results = new LinkedHashMap<>();

  /**
   * @param queryTimeoutSeconds every statement's timeout, 0 for none
   * @param idleSeconds how long a result nobody reads stays open
   */
  UserConsole(String user, Path workspace, int queryTimeoutSeconds, int idleSeconds) {
    this(user, workspace, queryTimeoutSeconds, idleSeconds, WebLimits.DEFAULTS, () -> 0,
        new CsvwsDriver());
  }

  /**
   * @param limits the spool budget and the connection limit of the user
   * @param elsewhere the connections the user holds through remote JDBC now
   * @param driver the driver whose engine runs the user's queries
   */
  UserConsole(String user, Path workspace, int queryTimeoutSeconds, int idleSeconds,
      WebLimits limits, java.util.function.LongSupplier elsewhere, CsvwsDriver driver) {
    this.user = user;
    this.idleSeconds = idleSeconds;
    this.spool = new SpoolBudget(limits.maxSpoolBytesPerUser());
    this.maxConnections = limits.maxConnectionsPerUser();
    this.elsewhere = elsewhere;
    HikariConfig config = new HikariConfig();
    config.setDataSource(new CsvwsDataSource(driver, CsvwsUrl.of(workspace.toAbsolutePath(),
        Map.of(CsvwsProperty.QUERY_TIMEOUT.key(), String.valueOf(queryTimeoutSeconds)))));
    config.setPoolName("csvws-web-" + user);
    // One connection per kept result plus one for browsing the workspace.
    config.setMaximumPoolSize(MAX_KEPT_RESULTS + 1);
    config.setMinimumIdle(0);
    config.setAutoCommit(true);
    config.setReadOnly(true);
    config.setInitializationFailTimeout(-1);
    this.pool = new HikariDataSource(config);
  }

  /** The token the page sends in {@code X-Csvws-Token} with every API call. */
  String token() {
    return token;
  }

  /** Whether {@code presented} is this user's token (compared in constant time). */
  boolean tokenMatches(String presented) {
    return presented != null && MessageDigest.isEqual(
        presented.getBytes(StandardCharsets.UTF_8), token.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The workspace as {@code csvws.files} and {@code csvws.columns} describe it: one entry per
   * table with its file's reading decisions and its columns.
   */
  List<Map<String, Object>> workspace() throws SQLException {
    Map<String, Map<String, Object>> tables = new LinkedHashMap<>();
    Map<String, List<Map<String, Object>>> columns = new LinkedHashMap<>();
    try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT schema_name, table_name, path, size_bytes, "
          + "row_count, encoding, delimiter, header, warnings, error FROM csvws.files "
          + "ORDER BY schema_name, table_name")) {
        while (rs.next()) {
          Map<String, Object> t = new LinkedHashMap<>();
          t.put("schema", rs.getString(1));
          t.put("table", rs.getString(2));
          t.put("path", rs.getString(3));
          t.put("sizeBytes", rs.getObject(4));
          t.put("rowCount", rs.getObject(5));
          t.put("encoding", rs.getString(6));
          t.put("delimiter", rs.getString(7));
          t.put("header", rs.getObject(8));
          t.put("warnings", rs.getString(9));
          t.put("error", rs.getString(10));
          List<Map<String, Object>> cols = new ArrayList<>();
          t.put("columns", cols);
          String key = rs.getString(1) + "\u0000" + rs.getString(2);
          tables.put(key, t);
          columns.put(key, cols);
        }
      }
      try (ResultSet rs = s.executeQuery("SELECT schema_name, table_name, column_name, data_type, "
          + "nullable FROM csvws.columns ORDER BY schema_name, table_name, ordinal_position")) {
        while (rs.next()) {
          List<Map<String, Object>> cols =
              columns.get(rs.getString(1) + "\u0000" + rs.getString(2));
          if (cols == null) {
            // A file added between the two reads: it shows on the next refresh.
            continue;
          }
          Map<String, Object> col = new LinkedHashMap<>();
          col.put("name", rs.getString(3));
          col.put("type", rs.getString(4));
          col.put("nullable", rs.getObject(5));
          cols.add(col);
        }
      }
    }
    return new ArrayList<>(tables.values());
  }

  /**
   * Runs {@code sql} and keeps its result open for paging. A statement that is not a query
   * fails as the engine says (the engine is read-only).
   */
  KeptResult run(String sql) throws SQLException, IOException {
    closeIdle();
    admit();
    Connection c = pool.getConnection();
    Statement s = null;
    ResultSet rs = null;
    KeptResult kept;
    try {
      s = c.createStatement();
      executing.add(s);
      try {
        rs = s.executeQuery(sql);
      } finally {
        executing.remove(s);
      }
      kept = KeptResult.keep(randomId(), c, s, rs, spool);
    } catch (SQLException | IOException | RuntimeException e) {
      closeQuietly(rs);
      closeQuietly(s);
      closeQuietly(c);
      throw e;
    }
    KeptResult oldest = null;
    synchronized (results) {
      results.put(kept.id(), kept);
      if (results.size() > MAX_KEPT_RESULTS) {
        String first = results.keySet().iterator().next();
        oldest = results.remove(first);
      }
    }
    if (oldest != null) {
      oldest.close();
    }
    return kept;
  }

  /**
   * Cancels this user's statements that are running now: queries being executed and pages
   * being read. They fail with SQLState 57014.
   *
   * @return how many were cancelled
   */
  int cancelRunning() throws SQLException {
    List<Statement> targets = new ArrayList<>(executing);
    List<KeptResult> busy = new ArrayList<>();
    synchronized (results) {
      for (KeptResult r : results.values()) {
        if (r.reading()) {
          busy.add(r);
        }
      }
    }
    for (Statement s : targets) {
      s.cancel();
    }
    for (KeptResult r : busy) {
      r.cancel();
    }
    return targets.size() + busy.size();
  }

  /**
   * Connections this user's console holds now: one per open result and per query being run. They
   * count in the gateway's per-user limit with the user's remote JDBC connections.
   */
  int connections() {
    synchronized (results) {
      return results.size() + executing.size();
    }
  }

  /**
   * Refuses a query (SQLState 53300) when the connection it needs would pass the user's limit.
   * Running a query closes the user's oldest result once they keep the most, so that one's
   * connection is counted as given back.
   */
  private void admit() throws SQLException {
    int held;
    synchronized (results) {
      held = results.size() + executing.size()
          - (results.size() >= MAX_KEPT_RESULTS ? 1 : 0);
    }
    long other = elsewhere.getAsLong();
    if (other + held + 1 > maxConnections) {
      throw new SQLException("User '" + user + "' already holds " + (other + held)
          + " connections (" + other + " remote JDBC, " + held + " in the web console: open "
          + "results and running queries), the most this gateway allows is " + maxConnections
          + " (--max-connections-per-user). Close results or connections you no longer use, "
          + "then run the query again.", "53300");
    }
  }

  /**
   * How far the user's running query is: the one being executed, or the result whose page is
   * being read from the engine. Null when nothing runs.
   */
  QueryProgress progress() {
    for (Statement s : executing) {
      try {
        QueryProgress p =
            s.unwrap(io.csvws.driver.QueryProgressSource.class).progress();
        if (p != null) {
          return p;
        }
      } catch (SQLException e) {
        // A statement closed meanwhile: look at the others.
      }
    }
    synchronized (results) {
      for (KeptResult r : results.values()) {
        if (r.reading()) {
          return r.progress();
        }
      }
    }
    return null;
  }

  /** Closes the results nobody has read for the idle time, freeing their connections. */
  private void closeIdle() {
    List<KeptResult> idle = new ArrayList<>();
    synchronized (results) {
      results.values().removeIf(r -> {
        boolean stale = r.idleFor(idleSeconds);
        if (stale) {
          idle.add(r);
        }
        return stale;
      });
    }
    idle.forEach(KeptResult::close);
  }

  /** A result this user keeps, or null. */
  KeptResult result(String id) {
    synchronized (results) {
      return results.get(id);
    }
  }

  /** Closes a kept result; false if this user has none by that id. */
  boolean close(String id) {
    KeptResult r;
    synchronized (results) {
      r = results.remove(id);
    }
    if (r == null) {
      return false;
    }
    try {
      r.cancel();
    } catch (SQLException e) {
      // Cancelling a statement that is not running: closing follows anyway.
    }
    r.close();
    return true;
  }

  private static void closeQuietly(AutoCloseable c) {
    if (c != null) {
      try {
        c.close();
      } catch (Exception e) {
        // Already failing: the first error is the one the user sees.
      }
    }
  }

  static String randomId() {
    byte[] b = new byte[16];
    RANDOM.nextBytes(b);
    return HexFormat.of().formatHex(b);
  }

  @Override
  public void close() {
    List<KeptResult> all;
    synchronized (results) {
      all = new ArrayList<>(results.values());
      results.clear();
    }
    all.forEach(KeptResult::close);
    pool.close();
  }
}
