package io.csvws.driver;

import io.csvws.metadata.ColumnNaming;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Metadata of a csvws connection, as JDBC tools (SQLLine, DBeaver, IntelliJ) read it: tables by
 * folder schema, columns with their JDBC types, and the facts that make tools behave: read-only,
 * no transactions, identifiers stored as written and matched regardless of case.
 *
 * <p>The hidden row number {@code _row} is not listed by {@link #getColumns}, as it is not part of
 * {@code SELECT *}; it is documented as a pseudo-column.
 */
final class CsvwsDatabaseMetaData extends DelegatingDatabaseMetaData {
  private static final String PRODUCT = "csvws";
  private final CsvwsConnection connection;

  CsvwsDatabaseMetaData(CsvwsConnection connection, DatabaseMetaData delegate) {
    super(delegate);
    this.connection = connection;
  }

  private ResultSet wrap(ResultSet rs) {
    return new CsvwsResultSet(null, rs, null, new CellTruncator(0), null);
  }

  @Override
  public Connection getConnection() {
    return connection;
  }

  @Override
  public String getURL() {
    return connection.url();
  }

  @Override
  public String getUserName() {
    return "";
  }

  @Override
  public boolean isReadOnly() {
    return true;
  }

  @Override
  public String getDatabaseProductName() {
    return PRODUCT;
  }

  @Override
  public String getDatabaseProductVersion() throws SQLException {
    return Version.TEXT + " (Apache Calcite " + delegate.getDatabaseProductVersion() + ")";
  }

  @Override
  public int getDatabaseMajorVersion() {
    return Version.MAJOR;
  }

  @Override
  public int getDatabaseMinorVersion() {
    return Version.MINOR;
  }

  @Override
  public String getDriverName() {
    return "csvws JDBC driver";
  }

  @Override
  public String getDriverVersion() {
    return Version.TEXT;
  }

  @Override
  public int getDriverMajorVersion() {
    return Version.MAJOR;
  }

  @Override
  public int getDriverMinorVersion() {
    return Version.MINOR;
  }

  @Override
  public String getIdentifierQuoteString() {
    return "\"";
  }

  @Override
  public String getSchemaTerm() {
    return "folder";
  }

  @Override
  public boolean supportsMixedCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean storesMixedCaseIdentifiers() {
    return true;
  }

  @Override
  public boolean storesUpperCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean storesLowerCaseIdentifiers() {
    return false;
  }

  @Override
  public boolean supportsMixedCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public boolean storesMixedCaseQuotedIdentifiers() {
    return true;
  }

  @Override
  public boolean storesUpperCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public boolean storesLowerCaseQuotedIdentifiers() {
    return false;
  }

  @Override
  public boolean supportsTransactions() {
    return false;
  }

  @Override
  public int getDefaultTransactionIsolation() {
    return Connection.TRANSACTION_NONE;
  }

  @Override
  public boolean supportsTransactionIsolationLevel(int level) {
    return level == Connection.TRANSACTION_NONE;
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() {
    return false;
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() {
    return false;
  }

  @Override
  public boolean supportsBatchUpdates() {
    return false;
  }

  @Override
  public boolean supportsSelectForUpdate() {
    return false;
  }

  @Override
  public boolean supportsPositionedUpdate() {
    return false;
  }

  @Override
  public boolean supportsPositionedDelete() {
    return false;
  }

  @Override
  public boolean supportsStoredProcedures() {
    return false;
  }

  @Override
  public boolean supportsGetGeneratedKeys() {
    return false;
  }

  @Override
  public boolean supportsSavepoints() {
    return false;
  }

  @Override
  public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern,
      String[] types) throws SQLException {
    // JDBC orders tables by TABLE_TYPE, TABLE_CAT, TABLE_SCHEM, TABLE_NAME. The listing is read
    // while sorting, so a folder that cannot be listed fails here, inside call().
    return wrap(call(() -> SortedRows.sort(
        delegate.getTables(catalog, schemaPattern, tableNamePattern, types), 4, 1, 2, 3)));
  }

  /** Every column but the hidden {@code _row}. */
  @Override
  public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern,
      String columnNamePattern) throws SQLException {
    ResultSet rs = call(() -> delegate.getColumns(catalog, schemaPattern, tableNamePattern,
        columnNamePattern));
    return new CsvwsResultSet(null, rs, null, new CellTruncator(0), row -> {
      try {
        return !ColumnNaming.ROW_COLUMN.equals(row.getString("COLUMN_NAME"));
      } catch (SQLException e) {
        throw new IllegalStateException("getColumns result has no COLUMN_NAME", e);
      }
    });
  }

  @Override
  public ResultSet getSchemas() throws SQLException {
    return wrap(call(delegate::getSchemas));
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
    return wrap(call(() -> delegate.getSchemas(catalog, schemaPattern)));
  }

  @Override
  public ResultSet getCatalogs() throws SQLException {
    return wrap(call(delegate::getCatalogs));
  }

  @Override
  public ResultSet getTableTypes() throws SQLException {
    return wrap(call(delegate::getTableTypes));
  }

  @Override
  public ResultSet getTypeInfo() throws SQLException {
    return wrap(call(delegate::getTypeInfo));
  }

  /** Metadata calls list files and may read their headers: their failures name the file. */
  private static ResultSet call(MetadataCall call) throws SQLException {
    try {
      return call.get();
    } catch (SQLException | RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  @FunctionalInterface
  private interface MetadataCall {
    ResultSet get() throws SQLException;
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("csvws metadata does not wrap " + iface.getName() + ".", "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
