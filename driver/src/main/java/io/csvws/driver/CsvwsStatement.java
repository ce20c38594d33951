package io.csvws.driver;

import io.csvws.engine.DirectAnswer;
import io.csvws.engine.Execution;
import io.csvws.engine.QueryProgress;
import io.csvws.engine.QueryText;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A statement on a csvws connection: queries run, everything else is refused with SQLState
 * {@code 25006}, and errors carry csvws's message and SQLState. Result sets cut long text when
 * the connection sets {@code maxCellChars}, and report warnings from their scans.
 *
 * <p>A statement the engine answers directly ({@link CsvwsConnection#answerDirectly}) runs without
 * the engine's statement, which a plain statement makes only when a query or a setting first
 * needs it: in a fresh JVM, a count from the metadata cache then never loads Calcite.
 */
class CsvwsStatement extends DelegatingStatement implements QueryProgressSource {
  /** Makes the engine's statement on the engine's connection. */
  @FunctionalInterface
  interface Maker {
    Statement make(Connection engineConnection) throws SQLException;
  }

  final CsvwsConnection connection;
  /** How the engine's statement is made; null once it is. */
  private Maker maker;
  /** The engine's statement, once made. */
  private volatile Statement engineStatement;
  /**
   * A query timeout and a row limit set before the engine's statement is made, -1 when not set;
   * given to it when it is made. Holding them here lets a statement the engine answers directly
   * honour them without making the session's Calcite connection, which tools and frameworks that
   * set a timeout on every statement would otherwise pay for in a fresh JVM. Guarded by
   * {@code this}.
   */
  private int pendingTimeout = -1;
  private long pendingMaxRows = -1;
  private CsvwsResultSet current;
  /**
   * The rows of the latest execution, kept after they are closed: their warnings are the
   * statement's too, and tools such as SQLLine ask the statement only once the rows are closed.
   */
  private CsvwsResultSet latest;
  /** The statement's warning chain; each warning is added once, so a tool shows it once. */
  private SQLWarning warnings;
  private final Set<String> warned = new HashSet<>();
  /** The latest execution: the one {@link #cancel} stops. */
  private volatile Execution execution;
  private volatile boolean closed;

  /** A statement on {@code delegate}, the engine's statement, already made. */
  CsvwsStatement(CsvwsConnection connection, Statement delegate) throws SQLException {
    this.connection = connection;
    this.engineStatement = withDefaults(delegate);
  }

  /** A statement whose engine statement {@code maker} makes on first need. */
  CsvwsStatement(CsvwsConnection connection, Maker maker) {
    this.connection = connection;
    this.maker = maker;
  }

  private Statement withDefaults(Statement s) throws SQLException {
    int timeout = connection.defaultQueryTimeout();
    if (timeout > 0) {
      s.setQueryTimeout(timeout);
    }
    return s;
  }

  @Override
  final Statement delegate() throws SQLException {
    Statement s = engineStatement;
    if (s != null) {
      return s;
    }
    synchronized (this) {
      if (engineStatement == null) {
        checkOpen();
        Statement made = withDefaults(maker.make(connection.delegate()));
        if (pendingTimeout >= 0) {
          made.setQueryTimeout(pendingTimeout);
        }
        if (pendingMaxRows >= 0) {
          made.setLargeMaxRows(pendingMaxRows);
        }
        engineStatement = made;
        maker = null;
      }
      return engineStatement;
    }
  }

  void checkOpen() throws SQLException {
    if (closed) {
      throw SqlErrors.closed("Statement");
    }
  }

  /** Runs an execution with a fresh diagnostics collector; its result sets report to it. */
  <T> T run(Execution diagnostics, Execution.Action<T, SQLException> action)
      throws SQLException {
    checkOpen();
    closeCurrent();
    forgetWarnings();
    diagnostics.timeoutAfter(getQueryTimeout());
    execution = diagnostics;
    diagnostics.started();
    try {
      return diagnostics.collect(action);
    } catch (SQLException | RuntimeException | ExceptionInInitializerError | AssertionError
        | StackOverflowError e) {
      diagnostics.ended();
      throw SqlErrors.translate(e, diagnostics);
    }
  }

  CsvwsResultSet wrap(ResultSet rs, Execution diagnostics) {
    if (rs == null) {
      diagnostics.ended();
      current = null;
      return null;
    }
    current = new CsvwsResultSet(this, rs, diagnostics,
        new CellTruncator(connection.session().config().maxCellChars().orElse(0)), null);
    latest = current;
    return current;
  }

  /**
   * Warnings of this statement's latest execution: the engine's, and those of its rows (cut
   * cells, values read as NULL, doubts about how the files it read were sniffed), also once the
   * rows are closed. The chain only grows until it is cleared or the statement runs again.
   */
  @Override
  public synchronized SQLWarning getWarnings() throws SQLException {
    checkOpen();
    Statement s = engineStatement;
    if (s != null) {
      addWarnings(s.getWarnings());
    }
    if (latest != null) {
      addWarnings(latest.ownWarnings());
    }
    return warnings;
  }

  private void addWarnings(SQLWarning chain) {
    for (SQLWarning w = chain; w != null; w = w.getNextWarning()) {
      if (warned.add(w.getSQLState() + " " + w.getMessage())) {
        SQLWarning copy = new SQLWarning(w.getMessage(), w.getSQLState(), w.getErrorCode());
        if (warnings == null) {
          warnings = copy;
        } else {
          warnings.setNextWarning(copy);
        }
      }
    }
  }

  @Override
  public synchronized void clearWarnings() throws SQLException {
    checkOpen();
    Statement s = engineStatement;
    if (s != null) {
      s.clearWarnings();
    }
    if (latest != null) {
      latest.clearOwnWarnings();
    }
    warnings = null;
    warned.clear();
  }

  private synchronized void forgetWarnings() {
    latest = null;
    warnings = null;
    warned.clear();
  }

  private void closeCurrent() throws SQLException {
    if (current != null) {
      current.close();
      current = null;
    }
  }

  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    Execution d = connection.session().newExecution();
    return wrap(run(d, new Execution.Action<ResultSet, SQLException>() {
      @Override
      public ResultSet run() throws SQLException {
        ResultSet direct = answerDirectly(sql);
        return direct != null ? direct : delegate().executeQuery(sql);
      }
    }), d);
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    Execution d = connection.session().newExecution();
    ResultSet rows = run(d, new Execution.Action<ResultSet, SQLException>() {
      @Override
      public ResultSet run() throws SQLException {
        ResultSet direct = answerDirectly(sql);
        if (direct != null) {
          return direct;
        }
        Statement s = delegate();
        return s.execute(sql) ? s.getResultSet() : null;
      }
    });
    wrap(rows, d);
    return rows != null;
  }

  /** The rows of {@code sql} if the engine answers it directly, else null. */
  private ResultSet answerDirectly(String sql) throws SQLException {
    DirectAnswer answer = connection.answerDirectly(sql);
    if (answer == null) {
      connection.session().learnTablesAhead(sql);
      return null;
    }
    return new DirectResultSet(this, answer);
  }

  /**
   * Held until the engine's statement is made (see {@link #pendingTimeout}); a value the engine
   * refuses, or would not keep exactly (more seconds than its milliseconds hold), goes to it now.
   */
  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    checkOpen();
    synchronized (this) {
      if (engineStatement == null && seconds >= 0 && seconds <= Integer.MAX_VALUE / 1000) {
        pendingTimeout = seconds;
        return;
      }
    }
    super.setQueryTimeout(seconds);
  }

  /** Held until the engine's statement is made, as {@link #setQueryTimeout} is. */
  @Override
  public void setLargeMaxRows(long max) throws SQLException {
    checkOpen();
    synchronized (this) {
      if (engineStatement == null && max >= 0) {
        pendingMaxRows = max;
        return;
      }
    }
    super.setLargeMaxRows(max);
  }

  @Override
  public void setMaxRows(int max) throws SQLException {
    if (max < 0) {
      // Refused by the engine's statement, in its words.
      super.setMaxRows(max);
      return;
    }
    setLargeMaxRows(max);
  }

  /** The engine's; until it is made, the one set, else the connection's default. */
  @Override
  public synchronized int getQueryTimeout() throws SQLException {
    checkOpen();
    Statement s = engineStatement;
    if (s != null) {
      return s.getQueryTimeout();
    }
    return pendingTimeout >= 0 ? pendingTimeout : connection.defaultQueryTimeout();
  }

  /** The engine's; until it is made, the one set, else 0: no limit. */
  @Override
  public synchronized long getLargeMaxRows() throws SQLException {
    checkOpen();
    Statement s = engineStatement;
    return s != null ? s.getLargeMaxRows() : Math.max(pendingMaxRows, 0);
  }

  @Override
  public int getMaxRows() throws SQLException {
    return (int) Math.min(Integer.MAX_VALUE, getLargeMaxRows());
  }

  /** -1 always: csvws runs only queries, whose results are rows, never counts of changes. */
  @Override
  public int getUpdateCount() throws SQLException {
    checkOpen();
    return -1;
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    checkOpen();
    return -1;
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    return execute(sql);
  }

  @Override
  public boolean execute(String sql, int[] columnIndexes) throws SQLException {
    return execute(sql);
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    return execute(sql);
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    return (int) executeLargeUpdate(sql);
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    return executeUpdate(sql);
  }

  @Override
  public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return executeUpdate(sql);
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    return executeUpdate(sql);
  }

  /**
   * Refused with SQLState {@code 25006}, naming the statement when it writes; a query given here
   * fails too, as JDBC requires of {@code executeUpdate}, without being run.
   */
  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    checkOpen();
    try {
      QueryText.checkIsQuery(sql);
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
    throw updateRefused();
  }

  /** The refusal of executeUpdate of a statement that is not refused for itself: a query. */
  static SQLException updateRefused() {
    return new SQLException("executeUpdate is for statements that change data, and csvws runs "
        + "only queries; run this one with executeQuery.", "25006");
  }

  @Override
  public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    return executeLargeUpdate(sql);
  }

  @Override
  public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
    return executeLargeUpdate(sql);
  }

  @Override
  public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
    return executeLargeUpdate(sql);
  }

  /**
   * Refused with SQLState {@code 25006}: a statement that writes is refused as such (its message
   * names it), and a query because batches carry updates.
   */
  @Override
  public void addBatch(String sql) throws SQLException {
    checkOpen();
    try {
      QueryText.checkIsQuery(sql);
    } catch (RuntimeException e) {
      throw SqlErrors.translate(e);
    }
    throw batchRefused();
  }

  /** The refusal of a statement added to a batch, once it is known not to be refused for itself. */
  static SQLException batchRefused() {
    return SqlErrors.translate(QueryText.refused("a batch",
        "batches carry updates; run queries one at a time"));
  }

  @Override
  public int[] executeBatch() throws SQLException {
    checkOpen();
    return new int[0];
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    checkOpen();
    return new long[0];
  }

  /**
   * Stops the latest execution: its scans fail with SQLState {@code 57014} at their next check,
   * as does reading its rows. Cancelling a statement that is closed, or not running, does
   * nothing, and the statement's next execution runs normally. (Calcite's own cancel would mark
   * the statement cancelled for good, so it is never called.)
   */
  @Override
  public void cancel() throws SQLException {
    if (!closed) {
      cancelQuietly();
    }
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    checkOpen();
    return current;
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    checkOpen();
    closeCurrent();
    Statement s = engineStatement;
    return s != null && s.getMoreResults();
  }

  @Override
  public boolean getMoreResults(int current) throws SQLException {
    return getMoreResults();
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    throw new SQLFeatureNotSupportedException("csvws generates no keys: it never inserts.",
        "0A000");
  }

  @Override
  public Connection getConnection() throws SQLException {
    checkOpen();
    return connection;
  }

  @Override
  public void close() throws SQLException {
    if (closed) {
      return;
    }
    closed = true;
    connection.forget(this);
    try {
      closeCurrent();
    } finally {
      Statement s = engineStatement;
      if (s != null) {
        s.close();
      }
    }
  }

  @Override
  public boolean isClosed() throws SQLException {
    return closed;
  }

  void closeQuietly() {
    try {
      close();
    } catch (SQLException e) {
      // Closing on behalf of a closing connection: the statement is gone either way.
    }
  }

  @Override
  public QueryProgress progress() {
    Execution e = execution;
    return e == null ? null : e.progress();
  }

  void cancelQuietly() {
    Execution e = execution;
    if (e != null) {
      e.cancel();
    }
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("A csvws statement does not wrap " + iface.getName() + ".", "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this);
  }
}
