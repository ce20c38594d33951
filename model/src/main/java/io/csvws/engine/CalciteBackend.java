package io.csvws.engine;

import io.csvws.schema.WorkspaceSchema;
import io.csvws.sql.StatementPreparation;
import io.csvws.sql.CsvwsTypeFactory;
import java.sql.SQLException;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.Handler;
import org.apache.calcite.avatica.HandlerImpl;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalciteFactory;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.Driver;
import org.apache.calcite.schema.Schema;

/**
 * Calcite's driver, used only to build connections over a csvws root schema with csvws's
 * statement preparation. It is never registered with {@code DriverManager} and accepts no URL:
 * Calcite's model handling and connection properties are never reached through it.
 */
final class CalciteBackend extends Driver {
  private static final String INTERNAL_PREFIX = "jdbc:csvws-internal:";

  CalciteBackend() {
    super(StatementPreparation::new);
  }

  @Override
  protected String getConnectStringPrefix() {
    return INTERNAL_PREFIX;
  }

  @Override
  public boolean acceptsURL(String url) {
    return false;
  }

  /** No model, no schema factory: the root schema is given, not configured. */
  @Override
  protected Handler createHandler() {
    return new HandlerImpl();
  }

  /**
   * Calcite's statement preparation and metadata for {@code connection}, with each statement's
   * text prepared directly ({@link CsvwsMeta}).
   */
  @Override
  public Meta createMeta(AvaticaConnection connection) {
    return CsvwsMeta.of(super.createMeta(connection), connection, this::createPrepare);
  }

  /**
   * Opens a Calcite connection whose root schema is {@code root}.
   *
   * @param url the csvws URL, reported by {@code getMetaData().getURL()}
   * @param calciteProperties Calcite settings chosen by csvws (its lexical policy)
   */
  CalciteConnection open(String url, Properties calciteProperties, Schema root)
      throws SQLException {
    CalciteSchema rootSchema = CalciteSchema.createRootSchema(false, false, "", root);
    AvaticaConnection connection = ((CalciteFactory) factory)
        .newConnection(this, factory, url, calciteProperties, rootSchema,
            new CsvwsTypeFactory());
    handler.onConnectionInit(connection);
    connection.setSchema(WorkspaceSchema.DEFAULT_SCHEMA);
    return (CalciteConnection) connection;
  }
}
