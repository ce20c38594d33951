package io.csvws.gateway;

import io.csvws.agent.Incidents;
import io.csvws.config.CsvwsProperty;
import io.csvws.config.PropertyScope;
import io.csvws.driver.CsvwsDriver;
import io.csvws.driver.CsvwsUrl;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
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
  private final Incidents incidents;
  /** Connections the user holds in the web console, counted in the same limit. */
  private java.util.function.LongSupplier elsewhere = () -> 0;
  /** Connections refused at open, by id, with why: answered on their first use. */
  private final Map<String, AvaticaRuntimeException> refused = new LinkedHashMap<>() {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, AvaticaRuntimeException> eldest) {
      return size() > MAX_REFUSED;
    }
  };
  /** The signature each prepared statement was prepared with, by statement id. */
  private final Map<Integer, Signature> signatures = new ConcurrentHashMap<>();
  /** The connection each statement was made on. */
  private final Map<Integer, String> statementOwners = new ConcurrentHashMap<>();
  /** Refused connections remembered at most, so a client cannot fill the heap with them. */
  private static final int MAX_REFUSED = 1000;
  /** The gateway's driver, on the engine whose running queries its heap guard watches. */
  private CsvwsDriver driver;

  private GatewayMeta(String url, Properties settings, String user, Limits limits,
      Runnable onOutOfMemory, Incidents incidents) throws SQLException {
    super(url, settings);
    this.user = user;
    this.limits = limits;
    this.onOutOfMemory = onOutOfMemory;
    this.incidents = incidents;
  }

  /** The engine of {@code user} over {@code workspace}. */
  static GatewayMeta create(String user, java.nio.file.Path workspace, Limits limits,
      Runnable onOutOfMemory, Incidents incidents, java.util.function.LongSupplier elsewhere,
      CsvwsDriver driver) throws SQLException {
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
    GatewayMeta meta = new GatewayMeta(CsvwsUrl.of(workspace), settings, user, limits,
        onOutOfMemory, incidents);
    meta.elsewhere = elsewhere;
    meta.driver = driver;
    return meta;
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

  /**
   * Opens a connection, or remembers why it cannot be opened. A refusal (a property a client may
   * not set, too many connections) is answered on the connection's first use rather than here:
   * Avatica's client turns an error answering openConnection into a RuntimeException, but an
   * error on any later request into an SQLException, which is what a JDBC client expects.
   */
  @Override
  public void openConnection(ConnectionHandle ch, Map<String, String> info) {
    RequestContext.current().statementKind = "CONNECT";
    if (ch.id == null || ch.id.isEmpty()) {
      throw new AvaticaRuntimeException("openConnection needs a connectionId: a name the client "
          + "chooses for the connection.", 0, "08001", AvaticaSeverity.ERROR);
    }
    if (getConnectionCache().getIfPresent(ch.id) != null || refusedAtConnect(ch.id) != null) {
      throw new AvaticaRuntimeException("Connection '" + ch.id + "' is already open for user '"
          + user + "'. Choose a new connection id.", 0, "08002", AvaticaSeverity.ERROR);
    }
    Map<String, String> accepted = new LinkedHashMap<>();
    AvaticaRuntimeException refusal = null;
    if (info != null) {
      for (Map.Entry<String, String> e : info.entrySet()) {
        String key = e.getKey();
        if (key.equals("user") || key.equals("password")) {
          // Authentication happens over HTTP; these never reach the engine.
          continue;
        }
        Optional<CsvwsProperty> p = CsvwsProperty.forKey(key);
        if (p.isEmpty() || p.get().scope() != PropertyScope.CLIENT) {
          refusal = refused(key, p.isPresent());
          break;
        }
        accepted.put(p.get().key(), e.getValue());
      }
    }
    long web = elsewhere.getAsLong();
    if (refusal == null && openConnections() + web >= limits.maxConnectionsPerUser()) {
      refusal = new AvaticaRuntimeException("User '" + user + "' already has "
          + limits.maxConnectionsPerUser() + " open connections"
          + (web > 0 ? " (" + web + " of them in the web console)" : "")
          + ", the most this gateway allows "
          + "(--max-connections-per-user). Close connections you no longer use.", 0, "53300",
          AvaticaSeverity.ERROR);
    }
    if (refusal == null) {
      try {
        super.openConnection(ch, accepted);
        return;
      } catch (RuntimeException e) {
        // A value the engine refuses, such as maxCellChars=abc (HY024).
        refusal = remote(e, ch.id);
      }
    }
    RequestContext.current().error = refusal.getSqlState() + " " + refusal.getErrorMessage();
    synchronized (refused) {
      refused.put(ch.id, refusal);
    }
  }

  /** As {@link #requireConnection}, but a connection refused at open passes: it may be closed. */
  void requireConnectionOrRefused(String connectionId) {
    if (refusedAtConnect(connectionId) == null) {
      requireConnection(connectionId);
    }
  }

  /** Whether {@code connectionId} was refused when opened (and not closed since). */
  boolean isRefused(String connectionId) {
    return connectionId != null && refusedAtConnect(connectionId) != null;
  }

  /**
   * A statement id on a connection refused at open. Avatica's client creates a statement
   * without turning a failure into an SQLException, but turns one from executing it into an
   * SQLException: the statement is made, and running it answers the refusal.
   */
  int statementOnRefused(String connectionId) {
    int id = getStatementIdGenerator().getAndIncrement();
    recordStatement(connectionId, id);
    return id;
  }

  void forgetStatement(String connectionId, int statementId) {
    statementOwners.remove(statementId, connectionId);
  }

  private AvaticaRuntimeException refusedAtConnect(String connectionId) {
    synchronized (refused) {
      return refused.get(connectionId);
    }
  }

  /**
   * Fails unless {@code connectionId} names an open connection of this user: with the refusal
   * it was opened with, or 08003.
   */
  void requireConnection(String connectionId) {
    AvaticaRuntimeException refusal = refusedAtConnect(connectionId);
    if (refusal != null) {
      throw new AvaticaRuntimeException(refusal.getErrorMessage(), refusal.getErrorCode(),
          refusal.getSqlState(), AvaticaSeverity.ERROR);
    }
    if (connectionId == null || getConnectionCache().getIfPresent(connectionId) == null) {
      throw unknownConnection(connectionId);
    }
  }

  /**
   * Fails unless {@code statementId} was made on {@code connectionId}, an open connection of
   * this user. A statement made there that has since expired passes: Avatica answers it as a
   * missing statement, which its clients recreate.
   */
  void requireStatement(String connectionId, int statementId) {
    requireConnection(connectionId);
    if (!connectionId.equals(statementOwners.get(statementId))) {
      RequestContext.current().error = "unknown statement";
      throw new AvaticaRuntimeException("Unknown statement " + statementId + " on connection '"
          + connectionId + "' of user '" + user + "': it was not created on this connection "
          + "(createStatement or prepare answer a statementId), or it was closed. Create a new "
          + "statement.", 0, "26000", AvaticaSeverity.ERROR);
    }
  }

  /** Marks {@code connectionId} as used now, for the idle timeout. */
  void touch(String connectionId) {
    if (connectionId != null) {
      getConnectionCache().getIfPresent(connectionId);
    }
  }

  /** Remembers that {@code statementId} belongs to {@code connectionId}. */
  void recordStatement(String connectionId, int statementId) {
    if (connectionId != null && statementOwners.put(statementId, connectionId) == null
        && statementOwners.size() % 1024 == 0) {
      // Statements that expired unclosed stay until their connection is gone.
      forgetStatementsOf(c -> getConnectionCache().getIfPresent(c) == null
          && refusedAtConnect(c) == null);
    }
  }

  @Override
  public void closeStatement(StatementHandle h) {
    super.closeStatement(h);
    signatures.remove(h.id);
    statementOwners.remove(h.id, h.connectionId);
  }

  @Override
  public void closeConnection(ConnectionHandle ch) {
    boolean wasRefused;
    synchronized (refused) {
      wasRefused = refused.remove(ch.id) != null;
    }
    if (!wasRefused) {
      super.closeConnection(ch);
    }
    forgetStatementsOf(ch.id::equals);
  }

  private void forgetStatementsOf(java.util.function.Predicate<String> connection) {
    statementOwners.entrySet().removeIf(e -> {
      if (connection.test(e.getValue())) {
        signatures.remove(e.getKey());
        return true;
      }
      return false;
    });
  }

  private AvaticaRuntimeException unknownConnection(String connectionId) {
    RequestContext.current().error = "unknown connection";
    return new AvaticaRuntimeException("Unknown connection '" + connectionId + "' for user '"
        + user + "': it was never opened by this user, or it was closed, or it expired after "
        + limits.idleTimeoutSeconds() + " s unused. Open a new connection.", 0, "08003",
        AvaticaSeverity.ERROR);
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
    return driver.connect(url, forDriver);
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
      StatementHandle h = super.prepare(ch, sql, maxRowCount);
      signatures.put(h.id, h.signature);
      return h;
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
    if (h.signature == null && signatures.containsKey(h.id)) {
      // Avatica's client sends no signature for PreparedStatement.executeUpdate, and
      // JdbcMeta.execute needs one: the one prepare made.
      h = new StatementHandle(h.connectionId, h.id, signatures.get(h.id));
    }
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

  /**
   * A client's frame size within the gateway's limit. A negative size means "no limit", and 0
   * (what a JSON client that leaves the field out sends) "the server's choice": Avatica would
   * answer 0 with an empty frame marked done, an empty answer that claims to be complete.
   */
  private int frame(int requested) {
    int max = limits.maxFrameRows();
    return requested <= 0 || requested > max ? max : requested;
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
   * RuntimeException with state 00000. Anything else is an internal error: its details go to
   * the server's log under a reference, and the client gets the reference and SQLState XX000.
   */
  AvaticaRuntimeException remote(Throwable e, String connectionId) {
    if (e instanceof AvaticaRuntimeException) {
      return (AvaticaRuntimeException) e;
    }
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof NoSuchConnectionException) {
        return unknownConnection(connectionId);
      }
      if (t instanceof SQLException) {
        SQLException s = (SQLException) t;
        String state = s.getSQLState() == null ? "HY000" : s.getSQLState();
        String message = incidents.forClient("user " + user + ", connection " + connectionId,
            s.getMessage(), e);
        RequestContext.current().error = state + " " + message;
        return new AvaticaRuntimeException(message, s.getErrorCode(), state,
            AvaticaSeverity.ERROR);
      }
    }
    String reference = incidents.record("user " + user + ", connection " + connectionId, e);
    RequestContext.current().error = "XX000 internal error " + reference;
    return new AvaticaRuntimeException(Incidents.internal(reference), 0, "XX000",
        AvaticaSeverity.ERROR);
  }
}
