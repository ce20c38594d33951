package io.csvws.engine;

import io.csvws.sql.DirectSignature;
import java.lang.reflect.Field;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.remote.TypedValue;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.server.CalciteServer;
import org.apache.calcite.server.CalciteServerStatement;

/**
 * The connection's statement preparation and metadata: Calcite's ({@code CalciteMetaImpl}),
 * except that a statement's text goes straight to csvws's preparation.
 *
 * <p>Calcite wraps each statement's text in a query object through a hook that may replace it
 * ({@code Hook.STRING_TO_QUERY}), and first builds a whole framework configuration for that hook:
 * the standard operator and convertlet tables, the validator's and converter's settings. csvws
 * never sets that hook, so the configuration is thrown away; in a fresh JVM, building it is a
 * tenth of a second of class loading and initialisation that a statement answered without the
 * planner ({@code SELECT COUNT(*) FROM t}, {@code SELECT * FROM t LIMIT 20}) does not otherwise
 * need. Here the text becomes the query as it is, and the statement is prepared, recorded and
 * executed as Calcite does. Everything else is Calcite's.
 *
 * <p>Calcite keeps a connection's statements in a package-private field of the connection (its
 * server), read here by reflection. If that field is not found (another Calcite), the connection
 * keeps Calcite's own meta: slower to start, the same results.
 */
final class CsvwsMeta implements Meta {
  /** Calcite's {@code CalciteConnectionImpl.server}, or null when it is not found. */
  private static final Field SERVER = serverField();

  private final Meta calcite;
  private final AvaticaConnection connection;
  private final Supplier<CalcitePrepare> prepares;

  private CsvwsMeta(Meta calcite, AvaticaConnection connection,
      Supplier<CalcitePrepare> prepares) {
    this.calcite = calcite;
    this.connection = connection;
    this.prepares = prepares;
  }

  /**
   * Calcite's {@code meta} of {@code connection}, preparing statements with {@code prepares}
   * without Calcite's per-statement hook. Called while {@code connection} is being constructed,
   * before its server exists.
   */
  static Meta of(Meta calcite, AvaticaConnection connection,
      Supplier<CalcitePrepare> prepares) {
    return SERVER == null || !SERVER.getDeclaringClass().isInstance(connection)
        ? calcite : new CsvwsMeta(calcite, connection, prepares);
  }

  private static Field serverField() {
    try {
      Class<?> impl = Class.forName("org.apache.calcite.jdbc.CalciteConnectionImpl");
      Field f = impl.getDeclaredField("server");
      if (!CalciteServer.class.isAssignableFrom(f.getType())) {
        return null;
      }
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** The statement of {@code h} in Calcite's server of the connection. */
  private CalciteServerStatement statement(StatementHandle h) throws NoSuchStatementException {
    CalciteServer server;
    try {
      server = (CalciteServer) SERVER.get(connection);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("Calcite's statements of the connection cannot be read",
          e);
    }
    return server.getStatement(h);
  }

  /** Prepares {@code sql} as Calcite's connection does, with {@code context} on its stack. */
  private CalcitePrepare.CalciteSignature<Object> parse(CalcitePrepare.Context context,
      String sql, long maxRowCount) {
    CalcitePrepare.Dummy.push(context);
    try {
      return prepares.get().prepareSql(context, CalcitePrepare.Query.of(sql), Object[].class,
          maxRowCount);
    } finally {
      CalcitePrepare.Dummy.pop(context);
    }
  }

  @SuppressWarnings("deprecation")
  @Override
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount,
      PrepareCallback callback) throws NoSuchStatementException {
    return prepareAndExecute(h, sql, maxRowCount, -1, callback);
  }

  @Override
  public ExecuteResult prepareAndExecute(StatementHandle h, String sql, long maxRowCount,
      int maxRowsInFirstFrame, PrepareCallback callback) throws NoSuchStatementException {
    CalcitePrepare.CalciteSignature<Object> signature;
    // csvws refuses every statement but a query while preparing it, so what is prepared here has
    // rows and no update count (Calcite gives DDL a count of 0; none gets this far).
    long updateCount = -1;
    try {
      synchronized (callback.getMonitor()) {
        callback.clear();
        CalciteServerStatement statement = statement(h);
        signature = parse(statement.createPrepareContext(), sql, maxRowCount);
        statement.setSignature(signature);
        callback.assign(signature, null, updateCount);
      }
      callback.execute();
    } catch (SQLException e) {
      throw new RuntimeException(e);
    }
    return new ExecuteResult(List.of(
        MetaResultSet.create(h.connectionId, h.id, false, signature, null, updateCount)));
  }

  // Everything else is Calcite's.

  @Override
  public Map<DatabaseProperty, Object> getDatabaseProperties(ConnectionHandle ch) {
    return calcite.getDatabaseProperties(ch);
  }

  @Override
  public MetaResultSet getTables(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat tableNamePattern, List<String> typeList) {
    return calcite.getTables(ch, catalog, schemaPattern, tableNamePattern, typeList);
  }

  @Override
  public MetaResultSet getColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat tableNamePattern, Pat columnNamePattern) {
    return calcite.getColumns(ch, catalog, schemaPattern, tableNamePattern, columnNamePattern);
  }

  @Override
  public MetaResultSet getSchemas(ConnectionHandle ch, String catalog, Pat schemaPattern) {
    return calcite.getSchemas(ch, catalog, schemaPattern);
  }

  @Override
  public MetaResultSet getCatalogs(ConnectionHandle ch) {
    return calcite.getCatalogs(ch);
  }

  @Override
  public MetaResultSet getTableTypes(ConnectionHandle ch) {
    return calcite.getTableTypes(ch);
  }

  @Override
  public MetaResultSet getProcedures(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat procedureNamePattern) {
    return calcite.getProcedures(ch, catalog, schemaPattern, procedureNamePattern);
  }

  @Override
  public MetaResultSet getProcedureColumns(ConnectionHandle ch, String catalog,
      Pat schemaPattern, Pat procedureNamePattern, Pat columnNamePattern) {
    return calcite.getProcedureColumns(ch, catalog, schemaPattern, procedureNamePattern,
        columnNamePattern);
  }

  @Override
  public MetaResultSet getColumnPrivileges(ConnectionHandle ch, String catalog, String schema,
      String table, Pat columnNamePattern) {
    return calcite.getColumnPrivileges(ch, catalog, schema, table, columnNamePattern);
  }

  @Override
  public MetaResultSet getTablePrivileges(ConnectionHandle ch, String catalog,
      Pat schemaPattern, Pat tableNamePattern) {
    return calcite.getTablePrivileges(ch, catalog, schemaPattern, tableNamePattern);
  }

  @Override
  public MetaResultSet getBestRowIdentifier(ConnectionHandle ch, String catalog,
      String schema, String table, int scope, boolean nullable) {
    return calcite.getBestRowIdentifier(ch, catalog, schema, table, scope, nullable);
  }

  @Override
  public MetaResultSet getVersionColumns(ConnectionHandle ch, String catalog, String schema,
      String table) {
    return calcite.getVersionColumns(ch, catalog, schema, table);
  }

  @Override
  public MetaResultSet getPrimaryKeys(ConnectionHandle ch, String catalog, String schema,
      String table) {
    return calcite.getPrimaryKeys(ch, catalog, schema, table);
  }

  @Override
  public MetaResultSet getImportedKeys(ConnectionHandle ch, String catalog, String schema,
      String table) {
    return calcite.getImportedKeys(ch, catalog, schema, table);
  }

  @Override
  public MetaResultSet getExportedKeys(ConnectionHandle ch, String catalog, String schema,
      String table) {
    return calcite.getExportedKeys(ch, catalog, schema, table);
  }

  @Override
  public MetaResultSet getCrossReference(ConnectionHandle ch, String parentCatalog,
      String parentSchema, String parentTable, String foreignCatalog, String foreignSchema,
      String foreignTable) {
    return calcite.getCrossReference(ch, parentCatalog, parentSchema, parentTable,
        foreignCatalog, foreignSchema, foreignTable);
  }

  @Override
  public MetaResultSet getTypeInfo(ConnectionHandle ch) {
    return calcite.getTypeInfo(ch);
  }

  @Override
  public MetaResultSet getIndexInfo(ConnectionHandle ch, String catalog, String schema,
      String table, boolean unique, boolean approximate) {
    return calcite.getIndexInfo(ch, catalog, schema, table, unique, approximate);
  }

  @Override
  public MetaResultSet getUDTs(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat typeNamePattern, int[] types) {
    return calcite.getUDTs(ch, catalog, schemaPattern, typeNamePattern, types);
  }

  @Override
  public MetaResultSet getSuperTypes(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat typeNamePattern) {
    return calcite.getSuperTypes(ch, catalog, schemaPattern, typeNamePattern);
  }

  @Override
  public MetaResultSet getSuperTables(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat tableNamePattern) {
    return calcite.getSuperTables(ch, catalog, schemaPattern, tableNamePattern);
  }

  @Override
  public MetaResultSet getAttributes(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat typeNamePattern, Pat attributeNamePattern) {
    return calcite.getAttributes(ch, catalog, schemaPattern, typeNamePattern,
        attributeNamePattern);
  }

  @Override
  public MetaResultSet getClientInfoProperties(ConnectionHandle ch) {
    return calcite.getClientInfoProperties(ch);
  }

  @Override
  public MetaResultSet getFunctions(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat functionNamePattern) {
    return calcite.getFunctions(ch, catalog, schemaPattern, functionNamePattern);
  }

  @Override
  public MetaResultSet getFunctionColumns(ConnectionHandle ch, String catalog,
      Pat schemaPattern, Pat functionNamePattern, Pat columnNamePattern) {
    return calcite.getFunctionColumns(ch, catalog, schemaPattern, functionNamePattern,
        columnNamePattern);
  }

  @Override
  public MetaResultSet getPseudoColumns(ConnectionHandle ch, String catalog, Pat schemaPattern,
      Pat tableNamePattern, Pat columnNamePattern) {
    return calcite.getPseudoColumns(ch, catalog, schemaPattern, tableNamePattern,
        columnNamePattern);
  }

  /** Not used by a connection of this JVM, whose prepared statements Calcite prepares itself. */
  @Override
  public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
    return calcite.prepare(ch, sql, maxRowCount);
  }

  /**
   * The rows of a statement: a statement prepared without the planner runs in a context of its
   * cancel flag and time limit alone ({@link DirectSignature#context}); every other in the data
   * context Calcite's connection makes (clock, time zone, locale, time frames, parameters).
   */
  @Override
  public Iterable<Object> createIterable(StatementHandle stmt, QueryState state,
      Signature signature, List<TypedValue> parameters, Frame firstFrame) {
    if (signature instanceof DirectSignature<?> direct
        && (parameters == null || parameters.isEmpty())) {
      AvaticaStatement statement = connection.statementMap.get(stmt.id);
      AtomicBoolean cancelFlag;
      int timeout;
      try {
        cancelFlag = connection.getCancelFlag(stmt);
        timeout = statement == null ? 0 : statement.getQueryTimeout();
      } catch (NoSuchStatementException | SQLException e) {
        throw new IllegalStateException("statement " + stmt.id + " is not open", e);
      }
      @SuppressWarnings("unchecked")
      Iterable<Object> rows = (Iterable<Object>) direct.enumerable(
          DirectSignature.context(cancelFlag, timeout));
      return rows;
    }
    return calcite.createIterable(stmt, state, signature, parameters, firstFrame);
  }

  @Override
  public ExecuteBatchResult prepareAndExecuteBatch(StatementHandle h, List<String> sqlCommands)
      throws NoSuchStatementException {
    return calcite.prepareAndExecuteBatch(h, sqlCommands);
  }

  @Override
  public ExecuteBatchResult executeBatch(StatementHandle h,
      List<List<TypedValue>> parameterValues) throws NoSuchStatementException {
    return calcite.executeBatch(h, parameterValues);
  }

  @Override
  public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
      throws NoSuchStatementException, MissingResultsException {
    return calcite.fetch(h, offset, fetchMaxRowCount);
  }

  @SuppressWarnings("deprecation")
  @Override
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues,
      long maxRowCount) throws NoSuchStatementException {
    return calcite.execute(h, parameterValues, maxRowCount);
  }

  @Override
  public ExecuteResult execute(StatementHandle h, List<TypedValue> parameterValues,
      int maxRowsInFirstFrame) throws NoSuchStatementException {
    return calcite.execute(h, parameterValues, maxRowsInFirstFrame);
  }

  @Override
  public StatementHandle createStatement(ConnectionHandle ch) {
    return calcite.createStatement(ch);
  }

  @Override
  public void closeStatement(StatementHandle h) {
    calcite.closeStatement(h);
  }

  @Override
  public void openConnection(ConnectionHandle ch, Map<String, String> info) {
    calcite.openConnection(ch, info);
  }

  @Override
  public void closeConnection(ConnectionHandle ch) {
    calcite.closeConnection(ch);
  }

  @Override
  public boolean syncResults(StatementHandle sh, QueryState state, long offset)
      throws NoSuchStatementException {
    return calcite.syncResults(sh, state, offset);
  }

  @Override
  public void commit(ConnectionHandle ch) {
    calcite.commit(ch);
  }

  @Override
  public void rollback(ConnectionHandle ch) {
    calcite.rollback(ch);
  }

  @Override
  public ConnectionProperties connectionSync(ConnectionHandle ch,
      ConnectionProperties connProps) {
    return calcite.connectionSync(ch, connProps);
  }
}
