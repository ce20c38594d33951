package io.csvws.gateway;

import java.util.function.Supplier;
import org.apache.calcite.avatica.remote.LocalService;

/**
 * One user's Avatica requests, each checked before it runs: a request that names a connection
 * must name an open connection of this user, and one that names a statement must name a statement
 * made on that connection. Anything else fails (08003, 26000) and changes nothing; Avatica's own
 * service would close, sync or run statements under any id it is given.
 *
 * <p>A connection refused at open (a property a client may not set) takes the calls clients make
 * on connecting (connection sync, database properties, creating statements) and answers the
 * refusal to everything that reads: Avatica's client reports errors of those as SQLExceptions.
 *
 * <p>Every failure leaves here as an {@code AvaticaRuntimeException} with a SQLState and a message
 * for the client, never as another exception whose class names and causes Avatica would send.
 */
final class OwnedService extends LocalService {
  private final GatewayMeta meta;

  OwnedService(GatewayMeta meta) {
    super(meta);
    this.meta = meta;
  }

  private <T> T onConnection(String connectionId, Supplier<T> call) {
    return clean(connectionId, () -> {
      meta.requireConnection(connectionId);
      return call.get();
    });
  }

  private <T> T onStatement(String connectionId, int statementId, Supplier<T> call) {
    return clean(connectionId, () -> {
      meta.requireStatement(connectionId, statementId);
      return call.get();
    });
  }

  private <T> T clean(String connectionId, Supplier<T> call) {
    try {
      return cleanFailures(connectionId, call);
    } finally {
      // A connection is idle from the end of its last request, not from the start: a query that
      // runs longer than the idle timeout must not lose its connection by the time it answers.
      meta.touch(connectionId);
    }
  }

  private <T> T cleanFailures(String connectionId, Supplier<T> call) {
    try {
      return call.get();
    } catch (RuntimeException | AssertionError | StackOverflowError | LinkageError e) {
      // An AssertionError from the planner or a StackOverflowError from a deep expression would
      // otherwise reach Jetty and the client as a stack trace.
      throw meta.remote(e, connectionId);
    }
  }

  private ResultSetResponse owned(ResultSetResponse r) {
    meta.recordStatement(r.connectionId, r.statementId);
    return r;
  }

  @Override
  public ResultSetResponse apply(CatalogsRequest request) {
    return onConnection(request.connectionId, () -> owned(super.apply(request)));
  }

  @Override
  public ResultSetResponse apply(SchemasRequest request) {
    return onConnection(request.connectionId, () -> owned(super.apply(request)));
  }

  @Override
  public ResultSetResponse apply(TablesRequest request) {
    return onConnection(request.connectionId, () -> owned(super.apply(request)));
  }

  @Override
  public ResultSetResponse apply(TableTypesRequest request) {
    return onConnection(request.connectionId, () -> owned(super.apply(request)));
  }

  @Override
  public ResultSetResponse apply(TypeInfoRequest request) {
    return onConnection(request.connectionId, () -> owned(super.apply(request)));
  }

  @Override
  public ResultSetResponse apply(ColumnsRequest request) {
    return onConnection(request.connectionId, () -> owned(super.apply(request)));
  }

  @Override
  public PrepareResponse apply(PrepareRequest request) {
    return onConnection(request.connectionId, () -> {
      PrepareResponse r = super.apply(request);
      meta.recordStatement(r.statement.connectionId, r.statement.id);
      return r;
    });
  }

  @Override
  public ExecuteResponse apply(PrepareAndExecuteRequest request) {
    return onStatement(request.connectionId, request.statementId, () -> super.apply(request));
  }

  @Override
  public FetchResponse apply(FetchRequest request) {
    return onStatement(request.connectionId, request.statementId, () -> super.apply(request));
  }

  @Override
  public ExecuteResponse apply(ExecuteRequest request) {
    if (request.statementHandle == null) {
      throw meta.remote(new IllegalArgumentException("no statement handle"), null);
    }
    return onStatement(request.statementHandle.connectionId, request.statementHandle.id,
        () -> super.apply(request));
  }

  @Override
  public CreateStatementResponse apply(CreateStatementRequest request) {
    if (meta.isRefused(request.connectionId)) {
      return new CreateStatementResponse(request.connectionId,
          meta.statementOnRefused(request.connectionId), null);
    }
    return onConnection(request.connectionId, () -> {
      CreateStatementResponse r = super.apply(request);
      meta.recordStatement(r.connectionId, r.statementId);
      return r;
    });
  }

  @Override
  public CloseStatementResponse apply(CloseStatementRequest request) {
    if (meta.isRefused(request.connectionId)) {
      meta.forgetStatement(request.connectionId, request.statementId);
      return new CloseStatementResponse(null);
    }
    return onStatement(request.connectionId, request.statementId, () -> super.apply(request));
  }

  @Override
  public OpenConnectionResponse apply(OpenConnectionRequest request) {
    return clean(request.connectionId, () -> super.apply(request));
  }

  @Override
  public CloseConnectionResponse apply(CloseConnectionRequest request) {
    return clean(request.connectionId, () -> {
      meta.requireConnectionOrRefused(request.connectionId);
      return super.apply(request);
    });
  }

  @Override
  public ConnectionSyncResponse apply(ConnectionSyncRequest request) {
    if (meta.isRefused(request.connectionId)) {
      // Clients set auto-commit and isolation right after connecting; the refusal waits for the
      // first statement, where Avatica's client reports it as an SQLException.
      return new ConnectionSyncResponse(request.connProps, null);
    }
    return onConnection(request.connectionId, () -> super.apply(request));
  }

  @Override
  public DatabasePropertyResponse apply(DatabasePropertyRequest request) {
    if (meta.isRefused(request.connectionId)) {
      return new DatabasePropertyResponse(java.util.Map.of(), null);
    }
    return onConnection(request.connectionId, () -> super.apply(request));
  }

  @Override
  public SyncResultsResponse apply(SyncResultsRequest request) {
    return onStatement(request.connectionId, request.statementId, () -> super.apply(request));
  }

  @Override
  public CommitResponse apply(CommitRequest request) {
    return onConnection(request.connectionId, () -> super.apply(request));
  }

  @Override
  public RollbackResponse apply(RollbackRequest request) {
    return onConnection(request.connectionId, () -> super.apply(request));
  }

  @Override
  public ExecuteBatchResponse apply(PrepareAndExecuteBatchRequest request) {
    return onStatement(request.connectionId, request.statementId, () -> super.apply(request));
  }

  @Override
  public ExecuteBatchResponse apply(ExecuteBatchRequest request) {
    return onStatement(request.connectionId, request.statementId, () -> super.apply(request));
  }
}
