package io.csvws.gateway;

import io.csvws.config.CsvwsProperty;
import io.csvws.config.PropertyScope;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchConnectionException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.jdbc.JdbcMeta;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * The engine of one user's workspace as Avatica sees it: a {@link JdbcMeta} over
 * {@code jdbc:csvws:<folder>} that takes from clients only presentation properties and holds at
 * most the allowed number of connections.
 *
 * <p>Each user has an instance of their own, so connection and statement ids live in a namespace
 * per user: an id another user opened is unknown here, whatever the client sends.
 */
final class GatewayMeta extends JdbcMeta {
  private final String user;
  private final Limits limits;
  private final Runnable onOutOfMemory;

  private GatewayMeta(String url, Properties settings, String user, Limits limits,
      Runnable onOutOfMemory) throws SQLException {
    super(url, settings);
    this.user = user;
    this.limits = limits;
    this.onOutOfMemory = onOutOfMemory;
  }

  /** The engine of {@code user} over {@code workspace}. */
  static GatewayMeta create(String user, java.nio.file.Path workspace, Limits limits,
      Runnable onOutOfMemory) throws SQLException {
    Properties settings = new Properties();
    settings.setProperty(ConnectionCacheSettings.EXPIRY_DURATION.key(),
        String.valueOf(limits.idleTimeoutSeconds()));
    settings.setProperty(ConnectionCacheSettings.EXPIRY_UNIT.key(), TimeUnit.SECONDS.name());
    settings.setProperty(ConnectionCacheSettings.MAX_CAPACITY.key(),
        String.valueOf(limits.maxConnectionsPerUser()));
    settings.setProperty(StatementCacheSettings.EXPIRY_DURATION.key(),
        String.valueOf(limits.idleTimeoutSeconds()));
    settings.setProperty(StatementCacheSettings.EXPIRY_UNIT.key(), TimeUnit.SECONDS.name());
    settings.setProperty(CsvwsProperty.QUERY_TIMEOUT.key(),
        String.valueOf(limits.queryTimeoutSeconds()));
    return new GatewayMeta("jdbc:csvws:" + workspace, settings, user, limits, onOutOfMemory);
  }

  /** Closes every open connection of this user, as expiry would. */
  void closeAllConnections() {
    getConnectionCache().invalidateAll();
    getConnectionCache().cleanUp();
  }

  /** Open connections of this user now. */
  long openConnections() {
    getConnectionCache().cleanUp();
    return getConnectionCache().size();
  }

  @Override
  public void openConnection(ConnectionHandle ch, Map<String, String> info) {
    RequestContext.current().statementKind = "CONNECT";
    Map<String, String> accepted = new LinkedHashMap<>();
    if (info != null) {
      for (Map.Entry<String, String> e : info.entrySet()) {
        String key = e.getKey();
        if (key.equals("user") || key.equals("password")) {
          // Authentication happens over HTTP; these never reach the engine.
          continue;
        }
        Optional<CsvwsProperty> p = CsvwsProperty.forKey(key);
        if (p.isEmpty() || p.get().scope() != PropertyScope.CLIENT) {
          throw refused(key, p.isPresent());
        }
        accepted.put(p.get().key(), e.getValue());
      }
    }
    if (openConnections() >= limits.maxConnectionsPerUser()) {
      throw new AvaticaRuntimeException("User '" + user + "' already has "
          + limits.maxConnectionsPerUser() + " open connections, the most this gateway allows "
          + "(--max-connections-per-user). Close connections you no longer use.", 0, "53300",
          AvaticaSeverity.ERROR);
    }
    super.openConnection(ch, accepted);
  }

  private static AvaticaRuntimeException refused(String key, boolean known) {
    String clientKeys = String.join(", ", CsvwsProperty.clientKeys());
    String why = known
        ? "it changes how files are read, which only the gateway's operator sets"
        : "it is not a csvws presentation property (workspace, model, schema, parser and "
            + "function settings are fixed by the gateway)";
    return new AvaticaRuntimeException("Connection property '" + key + "' cannot be set by a "
        + "client of the gateway: " + why + ". Properties a client may set: " + clientKeys + ".",
        0, "42501", AvaticaSeverity.ERROR);
  }

  /** Only csvws properties reach the driver: Avatica's cache settings are the gateway's own. */
  @Override
  protected Connection createConnection(String url, Properties info) throws SQLException {
    Properties forDriver = new Properties();
    for (String key : info.stringPropertyNames()) {
      if (CsvwsProperty.forKey(key).isPresent()) {
        forDriver.setProperty(key, info.getProperty(key));
      }
    }
    return super.createConnection(url, forDriver);
  }

  @Override
  public StatementHandle createStatement(ConnectionHandle ch) {
    try {
      return super.createStatement(ch);
    } catch (RuntimeException e) {
      throw remote(e, ch.id);
    }
  }

  @Override
  public ConnectionProperties connectionSync(ConnectionHandle ch, ConnectionProperties props) {
    try {
      return super.connectionSync(ch, props);
    } catch (RuntimeException e) {
      throw remote(e, ch.id);
    }
  }

  @Override
  public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
    RequestContext.current().statementKind = RequestContext.kindOf(sql);
    try {
      return super.prepare(ch, sql, maxRowCount);
    } catch (RuntimeException e) {
      throw remote(e, ch.id);
    }
  }

  @Override
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount,
      int maxRowsInFirstFrame, PrepareCallback callback) throws NoSuchStatementException {
    RequestContext.current().statementKind = RequestContext.kindOf(sql);
    try {
      return super.prepareAndExecute(h, sql, maxRowCount, frame(maxRowsInFirstFrame), callback);
    } catch (RuntimeException e) {
      throw remote(e, h.connectionId);
    } catch (OutOfMemoryError e) {
      throw outOfMemory();
    }
  }

  @Override
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues,
      int maxRowsInFirstFrame) throws NoSuchStatementException {
    try {
      return super.execute(h, parameterValues, frame(maxRowsInFirstFrame));
    } catch (RuntimeException e) {
      throw remote(e, h.connectionId);
    } catch (OutOfMemoryError e) {
      throw outOfMemory();
    }
  }

  @Override
  public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
      throws NoSuchStatementException, MissingResultsException {
    try {
      return super.fetch(h, offset, frame(fetchMaxRowCount));
    } catch (RuntimeException e) {
      throw remote(e, h.connectionId);
    } catch (OutOfMemoryError e) {
      throw outOfMemory();
    }
  }

  @Override
  public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
      throws NoSuchStatementException {
    RequestContext.current().statementKind = "BATCH";
    try {
      return super.prepareAndExecuteBatch(h, sqlCommands);
    } catch (RuntimeException e) {
      throw remote(e, h.connectionId);
    }
  }

  @Override
  public ExecuteBatchResult executeBatch(StatementHandle h,
      List<List<TypedValue>> parameterValues) throws NoSuchStatementException {
    RequestContext.current().statementKind = "BATCH";
    try {
      return super.executeBatch(h, parameterValues);
    } catch (RuntimeException e) {
      throw remote(e, h.connectionId);
    }
  }

  /** A client's frame size within the gateway's limit (a negative size means "no limit"). */
  private int frame(int requested) {
    int max = limits.maxFrameRows();
    return requested < 0 || requested > max ? max : requested;
  }

  /**
   * A query that outran the heap guard and exhausted the heap: its memory is free again once the
   * error has unwound its thread, so the client gets an answer and the others keep running.
   */
  private AvaticaRuntimeException outOfMemory() {
    onOutOfMemory.run();
    String message = "Query cancelled by the gateway to protect the server: it needed more "
        + "memory than the gateway has. Ask for less at once (a LIMIT, a narrower WHERE, fewer "
        + "groups or a smaller sort), or ask the operator for more memory.";
    RequestContext.current().error = "57014 " + message;
    return new AvaticaRuntimeException(message, 0, "57014", AvaticaSeverity.ERROR);
  }

  /**
   * The engine's SQLException as Avatica sends errors, so the remote client gets its SQLState
   * (25006 for a refused write, 57014 for a cancel...) and message instead of a wrapped
   * RuntimeException with state 00000.
   */
  RuntimeException remote(RuntimeException e, String connectionId) {
    if (e instanceof AvaticaRuntimeException) {
      return e;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NoSuchConnectionException) {
        RequestContext.current().error = "unknown connection";
        return new AvaticaRuntimeException("Unknown connection '" + connectionId + "' for user '"
            + user + "': it was never opened by this user, or it was closed, or it expired after "
            + limits.idleTimeoutSeconds() + " s unused. Open a new connection.", 0, "08003",
            AvaticaSeverity.ERROR);
      }
      if (t instanceof SQLException) {
        SQLException s = (SQLException) t;
        RequestContext.current().error = s.getSQLState() + " " + s.getMessage();
        return new AvaticaRuntimeException(s.getMessage(), s.getErrorCode(),
            s.getSQLState() == null ? "HY000" : s.getSQLState(), AvaticaSeverity.ERROR);
      }
    }
    return e;
  }
}
