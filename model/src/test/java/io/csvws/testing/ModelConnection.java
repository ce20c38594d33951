package io.csvws.testing;

import io.csvws.config.ConnectionConfig;
import io.csvws.metadata.MetadataCache;
import io.csvws.scan.ScanWorkers;
import io.csvws.schema.Catalog;
import io.csvws.schema.WorkspaceSchema;
import io.csvws.sql.StatementPreparation;
import io.csvws.sql.CsvwsTypeFactory;
import io.csvws.sql.LexicalPolicy;
import io.csvws.workspace.Workspace;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.Handler;
import org.apache.calcite.avatica.HandlerImpl;
import org.apache.calcite.jdbc.CalciteFactory;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.Driver;

/**
 * A Calcite connection over a workspace folder, put together from model's own parts (the schema,
 * csvws's statement preparation, its lexical policy) without the driver, so model's tests can run
 * SQL and assert plans. It is what the driver's connect does, minus the JDBC wrappers.
 */
public final class ModelConnection extends Driver {
  private static final ModelConnection BACKEND = new ModelConnection();

  private ModelConnection() {
    super(StatementPreparation::new);
  }

  @Override
  protected String getConnectStringPrefix() {
    return "jdbc:csvws-model-test:";
  }

  @Override
  public boolean acceptsURL(String url) {
    return false;
  }

  @Override
  protected Handler createHandler() {
    return new HandlerImpl();
  }

  /** A connection to {@code folder} with csvws's settings {@code properties}, one scan thread. */
  public static Connection open(Path folder, Map<String, String> properties) throws SQLException {
    ConnectionConfig config = ConnectionConfig.parse(properties);
    Catalog catalog = new Catalog(Workspace.open(folder), config, new MetadataCache(1000),
        new ScanWorkers(1));
    CalciteSchema root = CalciteSchema.createRootSchema(false, false, "",
        new WorkspaceSchema(catalog));
    AvaticaConnection connection = ((CalciteFactory) BACKEND.factory).newConnection(BACKEND,
        BACKEND.factory, "jdbc:csvws:" + folder, LexicalPolicy.calciteProperties(), root,
        new CsvwsTypeFactory());
    BACKEND.handler.onConnectionInit(connection);
    connection.setSchema(WorkspaceSchema.DEFAULT_SCHEMA);
    return connection;
  }

  /** A connection with every setting at its default. */
  public static Connection open(Path folder) throws SQLException {
    return open(folder, Map.of("metadataCache", "memory"));
  }

  /** The rows of {@code sql}, each value as {@code getString} gives it, NULL as null. */
  public static List<List<String>> rows(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      List<List<String>> out = new ArrayList<>();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int k = 1; k <= md.getColumnCount(); k++) {
          row.add(rs.getString(k));
        }
        out.add(row);
      }
      return out;
    }
  }

  /** The plan of {@code sql} as {@code EXPLAIN PLAN FOR} prints it. */
  public static String plan(Connection c, String sql) throws SQLException {
    StringBuilder b = new StringBuilder();
    for (List<String> row : rows(c, "EXPLAIN PLAN FOR " + sql)) {
      b.append(row.get(0));
    }
    return b.toString();
  }
}
