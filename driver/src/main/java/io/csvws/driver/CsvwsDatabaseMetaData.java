package io.csvws.driver;

import io.csvws.engine.Engine;
import io.csvws.engine.TableEntry;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PseudoColumnUsage;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.apache.calcite.schema.Schema;

/**
 * Metadata of a csvws connection, as JDBC tools (SQLLine, DBeaver, IntelliJ) read it: tables by
 * folder schema, columns with their JDBC types, and the facts that make tools behave: read-only,
 * no transactions, identifiers stored as written and matched regardless of case.
 *
 * <p>The hidden row number {@code _row} is not listed by {@link #getColumns}, as it is not part of
 * {@code SELECT *}; {@link #getPseudoColumns} lists it.
 *
 * <p>What tools read as they connect (names, versions, keywords, functions, identifier rules) is
 * answered without the engine's Calcite connection, which is made only when a method needs it: a
 * console that runs one statement the engine answers directly never makes it.
 */
final class CsvwsDatabaseMetaData extends DelegatingDatabaseMetaData {
  private static final String PRODUCT = "csvws";
  /** The types of csvws tables, in JDBC order (by name). */
  private static final List<Schema.TableType> TABLE_TYPES =
      List.of(Schema.TableType.SYSTEM_TABLE, Schema.TableType.TABLE);
  /** A schema pattern no schema name matches: folder names cannot contain a NUL. */
  private static final String NO_SCHEMA = "\0";
  private final CsvwsConnection connection;
  private volatile ResultSetMetaData tableColumns;
  /** Calcite's metadata, made on first use. Guarded by {@code this}. */
  private DatabaseMetaData calciteMetaData;

  CsvwsDatabaseMetaData(CsvwsConnection connection) {
    this.connection = connection;
  }

  @Override
  synchronized DatabaseMetaData delegate() throws SQLException {
    if (calciteMetaData == null) {
      calciteMetaData = connection.delegate().getMetaData();
    }
    return calciteMetaData;
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
    return Version.TEXT + " (Apache Calcite " + Version.CALCITE + ")";
  }

  @Override
  public String getSQLKeywords() {
    return CalciteListings.SQL_KEYWORDS;
  }

  @Override
  public String getNumericFunctions() {
    return CalciteListings.NUMERIC_FUNCTIONS;
  }

  @Override
  public String getStringFunctions() {
    return CalciteListings.STRING_FUNCTIONS;
  }

  @Override
  public String getSystemFunctions() {
    return CalciteListings.SYSTEM_FUNCTIONS;
  }

  @Override
  public String getTimeDateFunctions() {
    return CalciteListings.TIME_DATE_FUNCTIONS;
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

  // Naming facts tools read as they connect (SQLLine reads the extra name characters), answered
  // as Calcite's connection answers them, without making it.

  @Override
  public String getExtraNameCharacters() {
    return "";
  }

  @Override
  public String getSearchStringEscape() {
    return "\\";
  }

  @Override
  public String getCatalogSeparator() {
    return ".";
  }

  @Override
  public String getCatalogTerm() {
    return "catalog";
  }

  @Override
  public boolean isCatalogAtStart() {
    return true;
  }

  @Override
  public String getProcedureTerm() {
    return "procedure";
  }

  @Override
  public int getJDBCMajorVersion() {
    return 4;
  }

  @Override
  public int getJDBCMinorVersion() {
    return 1;
  }

  @Override
  public int getSQLStateType() {
    return sqlStateSQL;
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

  /**
   * Only {@link ResultSet#TYPE_FORWARD_ONLY} and {@link ResultSet#CONCUR_READ_ONLY}: the rows
   * are streamed from the files once; a statement that asks for more gets these and a warning.
   */
  @Override
  public boolean supportsResultSetType(int type) {
    return type == ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public boolean supportsResultSetConcurrency(int type, int concurrency) {
    return type == ResultSet.TYPE_FORWARD_ONLY && concurrency == ResultSet.CONCUR_READ_ONLY;
  }

  /**
   * Only {@link ResultSet#HOLD_CURSORS_OVER_COMMIT}, what every csvws result set has: with no
   * transactions to end, a commit never closes one.
   */
  @Override
  public boolean supportsResultSetHoldability(int holdability) {
    return holdability == ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public int getResultSetHoldability() {
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  /** No: a csvws result set cannot be changed through. */
  @Override
  public boolean ownUpdatesAreVisible(int type) {
    return false;
  }

  /** No: a csvws result set cannot be changed through. */
  @Override
  public boolean ownDeletesAreVisible(int type) {
    return false;
  }

  /** No: a csvws result set cannot be changed through. */
  @Override
  public boolean ownInsertsAreVisible(int type) {
    return false;
  }

  /** No: a forward-only result set never shows changes others make after it was opened. */
  @Override
  public boolean othersUpdatesAreVisible(int type) {
    return false;
  }

  /** No: a forward-only result set never shows changes others make after it was opened. */
  @Override
  public boolean othersDeletesAreVisible(int type) {
    return false;
  }

  /** No: a forward-only result set never shows changes others make after it was opened. */
  @Override
  public boolean othersInsertsAreVisible(int type) {
    return false;
  }

  /** No: rows are never updated, so {@code rowUpdated} has nothing to detect. */
  @Override
  public boolean updatesAreDetected(int type) {
    return false;
  }

  /** No: rows are never deleted, so {@code rowDeleted} has nothing to detect. */
  @Override
  public boolean deletesAreDetected(int type) {
    return false;
  }

  /** No: rows are never inserted, so {@code rowInserted} has nothing to detect. */
  @Override
  public boolean insertsAreDetected(int type) {
    return false;
  }

  /**
   * Tables matching the JDBC patterns, in JDBC order. {@code _} in a pattern is one character
   * (see {@link JdbcPattern}).
   */
  /**
   * Tables by schema, in JDBC order, read from the folder listings alone: no file is opened or
   * stat'ed, so a folder of thousands of files lists as fast as its names can be sorted.
   */
  @Override
  public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern,
      String[] types) throws SQLException {
    JdbcPattern schema = JdbcPattern.of(schemaPattern);
    JdbcPattern table = JdbcPattern.of(tableNamePattern);
    List<String> typeList = types == null ? null : Arrays.asList(types);
    List<TableEntry> tables =
        call(() -> connection.session().tables(schema::matches, table::matches));
    List<Object[]> rows = new ArrayList<>(tables.size());
    for (TableEntry t : tables) {
      if (typeList == null || typeList.contains(t.type())) {
        // TABLE_CAT is the catalog asked for, as Calcite's own listing gives it.
        rows.add(new Object[] {catalog, t.schema(), t.name(), t.type(), null, null,
            null, null, null, null});
      }
    }
    return wrap(new ListResultSet(tableColumns(), rows));
  }

  /**
   * The columns of {@link #getTables}'s result, as Calcite describes them, read once per
   * connection from a listing that matches no schema.
   */
  private ResultSetMetaData tableColumns() throws SQLException {
    ResultSetMetaData md = tableColumns;
    if (md == null) {
      try (ResultSet none =
          call(() -> delegate().getTables(null, NO_SCHEMA, NO_SCHEMA, null))) {
        md = new FixedMetaData(none.getMetaData());
      }
      tableColumns = md;
    }
    return md;
  }

  /**
   * Every column but the hidden {@code _row}, matching the JDBC patterns. When several tables
   * match, the files not yet known are inspected in parallel first.
   */
  @Override
  public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern,
      String columnNamePattern) throws SQLException {
    JdbcPattern schema = JdbcPattern.of(schemaPattern);
    JdbcPattern table = JdbcPattern.of(tableNamePattern);
    JdbcPattern column = JdbcPattern.of(columnNamePattern);
    // Calcite walks the tables one by one; files not yet known are first inspected in parallel
    // (unless one table is named: then there is nothing to do in parallel).
    if (!schema.isOneName() || !table.isOneName()) {
      call(() -> {
        connection.session().prefetchColumns(schema::matches, table::matches);
        return null;
      });
    }
    ResultSet rs = call(() -> delegate().getColumns(catalog, schema.widened(), table.widened(),
        column.widened()));
    Predicate<ResultSet> visible = row -> {
      try {
        return !Engine.ROW_COLUMN.equals(row.getString("COLUMN_NAME"));
      } catch (SQLException e) {
        throw new IllegalStateException("getColumns result has no COLUMN_NAME", e);
      }
    };
    return new CsvwsResultSet(null, rs, null, new CellTruncator(0),
        JdbcPattern.and(visible, JdbcPattern.and(schema.rowFilter("TABLE_SCHEM"),
            JdbcPattern.and(table.rowFilter("TABLE_NAME"), column.rowFilter("COLUMN_NAME")))));
  }

  /**
   * The row number {@code _row} of every file table: a {@code BIGINT} that is selectable and
   * filterable but not part of {@code SELECT *}, which is what JDBC calls a pseudo-column.
   */
  @Override
  public ResultSet getPseudoColumns(String catalog, String schemaPattern,
      String tableNamePattern, String columnNamePattern) throws SQLException {
    ResultSet empty = call(() -> delegate().getPseudoColumns(catalog, schemaPattern,
        tableNamePattern, columnNamePattern));
    try (empty) {
      List<Object[]> rows = new ArrayList<>();
      if (JdbcPattern.of(columnNamePattern).matches(Engine.ROW_COLUMN)) {
        try (ResultSet tables = getTables(catalog, schemaPattern, tableNamePattern,
            new String[] {Schema.TableType.TABLE.jdbcName})) {
          while (tables.next()) {
            rows.add(new Object[] {tables.getString("TABLE_CAT"),
                tables.getString("TABLE_SCHEM"), tables.getString("TABLE_NAME"),
                Engine.ROW_COLUMN, Types.BIGINT, 19, 0, 10,
                PseudoColumnUsage.NO_USAGE_RESTRICTIONS.name(),
                "Row number in the file: 1 for the first data row.", null, "NO"});
          }
        }
      }
      // Sorted by TABLE_CAT, TABLE_SCHEM, TABLE_NAME, COLUMN_NAME, as JDBC asks.
      rows.sort(Comparator.comparing((Object[] r) -> String.valueOf(r[1]))
          .thenComparing(r -> String.valueOf(r[2])));
      return wrap(new ListResultSet(new FixedMetaData(empty.getMetaData()), rows));
    }
  }

  @Override
  public ResultSet getSchemas() throws SQLException {
    return wrap(call(() -> delegate().getSchemas()));
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
    JdbcPattern schema = JdbcPattern.of(schemaPattern);
    ResultSet schemas = call(() -> delegate().getSchemas(catalog, schema.widened()));
    return new CsvwsResultSet(null, schemas, null, new CellTruncator(0),
        schema.rowFilter("TABLE_SCHEM"));
  }

  @Override
  public ResultSet getCatalogs() throws SQLException {
    return wrap(call(() -> delegate().getCatalogs()));
  }

  /**
   * The types {@link #getTables} reports: files are {@code TABLE}, the {@code csvws} system
   * tables {@code SYSTEM TABLE}. (Calcite's own list, TABLE and VIEW, names a type csvws never
   * has and misses one it has.)
   */
  @Override
  public ResultSet getTableTypes() throws SQLException {
    ResultSet calcite = call(() -> delegate().getTableTypes());
    try (calcite) {
      List<Object[]> rows = new ArrayList<>();
      for (Schema.TableType t : TABLE_TYPES) {
        rows.add(new Object[] {t.jdbcName});
      }
      return wrap(new ListResultSet(new FixedMetaData(calcite.getMetaData()), rows));
    }
  }

  @Override
  public ResultSet getTypeInfo() throws SQLException {
    return wrap(call(() -> delegate().getTypeInfo()));
  }

  /** Metadata calls list files and may read their headers: their failures name the file. */
  private static <T> T call(MetadataCall<T> call) throws SQLException {
    try {
      return call.get();
    } catch (SQLException | RuntimeException e) {
      throw SqlErrors.translate(e);
    }
  }

  @FunctionalInterface
  private interface MetadataCall<T> {
    T get() throws SQLException;
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
