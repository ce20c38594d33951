package io.csvws.driver;

import io.csvws.engine.Engine;
import io.csvws.engine.Session;
import java.sql.Array;
import java.sql.Blob;
import java.sql.CallableStatement;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.NClob;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.SQLXML;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Struct;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

/**
 * A read-only connection to one workspace.
 *
 * <p>Transactions are trivial: nothing is ever written, so {@code commit} and {@code rollback} do
 * nothing in either auto-commit mode (pools such as HikariCP call them freely), and isolation
 * is {@code TRANSACTION_NONE}. {@code setReadOnly(false)} is accepted but has no effect, and says
 * so in a warning. Thread-safe as far as JDBC requires: statements may run on different threads.
 */
final class CsvwsConnection extends DelegatingConnection {
  /**
   * The engine's plain statement. A class rather than a lambda, like the other objects of a
   * direct answer's path: a fresh JVM links each lambda through method handles at its first use.
   */
  private static final CsvwsStatement.Maker PLAIN_STATEMENT = new CsvwsStatement.Maker() {
    @Override
    public Statement make(Connection engineConnection) throws SQLException {
      return engineConnection.createStatement();
    }
  };

  private final String url;
  private final Session session;
  private final Set<CsvwsStatement> statements = ConcurrentHashMap.newKeySet();
  private final Properties clientInfo = new Properties();
  private volatile boolean autoCommit = true;
  private volatile boolean closed;
  private volatile int networkTimeout;
  private SQLWarning warnings;

  CsvwsConnection(Session session, String url) {
    this.url = url;
    this.session = session;
  }

  /** The engine's connection, made on first use (see {@link Session#connection()}). */
  @Override
  Connection delegate() throws SQLException {
    return session.connection();
  }

  /**
   * The rows of {@code sql} when the engine answers it without its Calcite connection, else
   * null. While that connection is not made, its schema is the default one.
   */
  io.csvws.engine.DirectAnswer answerDirectly(String sql) throws SQLException {
    return session.answerDirectly(sql, session.connected() ? delegate().getSchema() : null);
  }

  /** The query timeout the connection's settings give every new statement; 0 for none. */
  int defaultQueryTimeout() {
    return session.config().queryTimeout().orElse(0);
  }

  String url() {
    return url;
  }

  Session session() {
    return session;
  }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw SqlErrors.closed("Connection");
    }
  }

  void forget(CsvwsStatement s) {
    statements.remove(s);
  }

  private <S extends CsvwsStatement> S track(S s) {
    statements.add(s);
    return s;
  }

  /**
   * A statement whose engine statement is made when first needed: a statement the engine answers
   * directly ({@link #answerDirectly}) never needs it.
   */
  @Override
  public Statement createStatement() throws SQLException {
    checkOpen();
    return track(new CsvwsStatement(this, PLAIN_STATEMENT));
  }

  @Override
  public Statement createStatement(int resultSetType, int resultSetConcurrency)
      throws SQLException {
    checkOpen();
    int type = supportedType(resultSetType);
    int concurrency = supportedConcurrency(resultSetConcurrency);
    return track(new CsvwsStatement(this, c -> c.createStatement(type, concurrency)));
  }

  @Override
  public Statement createStatement(int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    checkOpen();
    int type = supportedType(resultSetType);
    int concurrency = supportedConcurrency(resultSetConcurrency);
    int holdability = supportedHoldability(resultSetHoldability);
    return track(new CsvwsStatement(this,
        c -> c.createStatement(type, concurrency, holdability)));
  }

  /**
   * {@link ResultSet#TYPE_FORWARD_ONLY}, the only type csvws has; asking for another adds a
   * warning, as JDBC has a driver do when it gives a statement less than was asked.
   */
  private int supportedType(int resultSetType) {
    if (resultSetType != ResultSet.TYPE_FORWARD_ONLY) {
      addWarning(new SQLWarning("csvws reads the rows of a result forward only: the statement "
          + "is TYPE_FORWARD_ONLY, not the scrollable type asked for.", "01000"));
    }
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  /** {@link ResultSet#CONCUR_READ_ONLY}; asking for updatable rows adds a warning. */
  private int supportedConcurrency(int resultSetConcurrency) {
    if (resultSetConcurrency != ResultSet.CONCUR_READ_ONLY) {
      addWarning(new SQLWarning("csvws is read-only: the statement's rows are CONCUR_READ_ONLY, "
          + "not updatable.", "01000"));
    }
    return ResultSet.CONCUR_READ_ONLY;
  }

  /** {@link ResultSet#HOLD_CURSORS_OVER_COMMIT}: without transactions nothing closes them. */
  private int supportedHoldability(int resultSetHoldability) {
    if (resultSetHoldability != ResultSet.HOLD_CURSORS_OVER_COMMIT) {
      addWarning(new SQLWarning("csvws has no transactions to commit: the statement's rows are "
          + "HOLD_CURSORS_OVER_COMMIT.", "01000"));
    }
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  /** The SQL as given: the engine reads JDBC escapes such as {@code {fn ...}} itself. */
  @Override
  public String nativeSQL(String sql) throws SQLException {
    checkOpen();
    return sql;
  }

  @Override
  public PreparedStatement prepareStatement(String sql) throws SQLException {
    checkOpen();
    session.learnTablesAhead(sql);
    try {
      return track(new CsvwsPreparedStatement(this, delegate().prepareStatement(sql)));
    } catch (SQLException | RuntimeException | ExceptionInInitializerError | AssertionError
        | StackOverflowError e) {
      throw SqlErrors.translate(e);
    }
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType,
      int resultSetConcurrency) throws SQLException {
    checkOpen();
    session.learnTablesAhead(sql);
    try {
      return track(new CsvwsPreparedStatement(this, delegate().prepareStatement(sql,
          supportedType(resultSetType), supportedConcurrency(resultSetConcurrency))));
    } catch (SQLException | RuntimeException | ExceptionInInitializerError | AssertionError
        | StackOverflowError e) {
      throw SqlErrors.translate(e);
    }
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType,
      int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    checkOpen();
    session.learnTablesAhead(sql);
    try {
      return track(new CsvwsPreparedStatement(this, delegate().prepareStatement(sql,
          supportedType(resultSetType), supportedConcurrency(resultSetConcurrency),
          supportedHoldability(resultSetHoldability))));
    } catch (SQLException | RuntimeException | ExceptionInInitializerError | AssertionError
        | StackOverflowError e) {
      throw SqlErrors.translate(e);
    }
  }

  /** Generated keys come only from inserts, which csvws refuses; the query is prepared as is. */
  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys)
      throws SQLException {
    return prepareStatement(sql);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
    return prepareStatement(sql);
  }

  @Override
  public PreparedStatement prepareStatement(String sql, String[] columnNames)
      throws SQLException {
    return prepareStatement(sql);
  }

  @Override
  public CallableStatement prepareCall(String sql) throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws has no stored procedures.", "0A000");
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency)
      throws SQLException {
    return prepareCall(sql);
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency,
      int resultSetHoldability) throws SQLException {
    return prepareCall(sql);
  }

  @Override
  public DatabaseMetaData getMetaData() throws SQLException {
    checkOpen();
    return new CsvwsDatabaseMetaData(this);
  }

  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    checkOpen();
    this.autoCommit = autoCommit;
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    checkOpen();
    return autoCommit;
  }

  /** Nothing to commit: no statement writes. */
  @Override
  public void commit() throws SQLException {
    checkOpen();
  }

  /** Nothing to undo: no statement writes. */
  @Override
  public void rollback() throws SQLException {
    checkOpen();
  }

  @Override
  public Savepoint setSavepoint() throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws is read-only: there is nothing to save.",
        "0A000");
  }

  @Override
  public Savepoint setSavepoint(String name) throws SQLException {
    return setSavepoint();
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws is read-only: there are no savepoints.",
        "0A000");
  }

  @Override
  public void releaseSavepoint(Savepoint savepoint) throws SQLException {
    rollback(savepoint);
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    checkOpen();
    return true;
  }

  @Override
  public void setReadOnly(boolean readOnly) throws SQLException {
    checkOpen();
    if (!readOnly) {
      addWarning(new SQLWarning("csvws connections are always read-only; setReadOnly(false) has "
          + "no effect.", "01000"));
    }
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    checkOpen();
    return TRANSACTION_NONE;
  }

  /** Accepted and ignored: without writes every isolation level reads the same. */
  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    checkOpen();
  }

  @Override
  public synchronized SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return warnings;
  }

  @Override
  public synchronized void clearWarnings() throws SQLException {
    checkOpen();
    warnings = null;
  }

  private synchronized void addWarning(SQLWarning w) {
    if (warnings == null) {
      warnings = w;
    } else {
      warnings.setNextWarning(w);
    }
  }

  /** Valid while open and while the workspace folder is still there. */
  @Override
  public boolean isValid(int timeout) throws SQLException {
    if (timeout < 0) {
      throw new SQLException("isValid timeout must not be negative: " + timeout, "HY000");
    }
    return !closed && session.rootExists();
  }

  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    closed = true;
    for (CsvwsStatement s : statements) {
      s.closeQuietly();
    }
    statements.clear();
    session.close();
  }

  @Override
  public boolean isClosed() throws SQLException {
    return closed;
  }

  /** Cancels running statements and closes the connection; the closing runs on {@code executor}. */
  @Override
  public void abort(Executor executor) throws SQLException {
    if (executor == null) {
      throw new SQLException("abort needs an executor.", "HY009");
    }
    if (closed) {
      return;
    }
    for (CsvwsStatement s : statements) {
      s.cancelQuietly();
    }
    closed = true;
    executor.execute(() -> {
      for (CsvwsStatement s : statements) {
        s.closeQuietly();
      }
      statements.clear();
      try {
        session.close();
      } catch (SQLException e) {
        // The connection is already unusable; there is no caller left to tell.
      }
    });
  }

  @Override
  public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
    checkOpen();
    networkTimeout = milliseconds;
  }

  @Override
  public int getNetworkTimeout() throws SQLException {
    checkOpen();
    return networkTimeout;
  }

  @Override
  public void setClientInfo(String name, String value) throws SQLClientInfoException {
    if (value == null) {
      clientInfo.remove(name);
    } else {
      clientInfo.setProperty(name, value);
    }
  }

  @Override
  public void setClientInfo(Properties properties) throws SQLClientInfoException {
    clientInfo.clear();
    if (properties != null) {
      clientInfo.putAll(properties);
    }
  }

  @Override
  public String getClientInfo(String name) throws SQLException {
    return clientInfo.getProperty(name);
  }

  @Override
  public Properties getClientInfo() throws SQLException {
    Properties copy = new Properties();
    copy.putAll(clientInfo);
    return copy;
  }

  @Override
  public Map<String, Class<?>> getTypeMap() throws SQLException {
    checkOpen();
    return Map.of();
  }

  @Override
  public void setTypeMap(Map<String, Class<?>> map) throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws has no user-defined types.", "0A000");
  }

  @Override
  public Clob createClob() throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws does not create LOBs.", "0A000");
  }

  @Override
  public Blob createBlob() throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws does not create LOBs.", "0A000");
  }

  @Override
  public NClob createNClob() throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws does not create LOBs.", "0A000");
  }

  @Override
  public SQLXML createSQLXML() throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws does not create SQLXML values.", "0A000");
  }

  @Override
  public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws does not create arrays.", "0A000");
  }

  @Override
  public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws does not create structs.", "0A000");
  }

  /**
   * Only csvws's own view is exposed: the Calcite connection underneath could add schemas. The
   * engine's {@link Session} is given to in-process tools that page through a big workspace
   * without inspecting every file ({@link Session#files()}) and the engine to those that watch
   * its running queries.
   */
  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    if (iface == Session.class) {
      return iface.cast(session);
    }
    if (iface == Engine.class) {
      return iface.cast(session.engine());
    }
    throw new SQLException("A csvws connection does not wrap " + iface.getName() + ".", "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this) || iface == Session.class || iface == Engine.class;
  }

  @Override
  public String toString() {
    return "CsvwsConnection(" + url + ")";
  }
}
