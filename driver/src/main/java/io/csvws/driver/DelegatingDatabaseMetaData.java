package io.csvws.driver;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.*;
import java.util.Calendar;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Executor;

/**
 * Forwards every {@link DatabaseMetaData} method to a delegate, so that the csvws class extending it holds
 * only what csvws changes. The method list is the JDBC 4.3 interface, generated mechanically.
 */
@SuppressWarnings("deprecation")
abstract class DelegatingDatabaseMetaData implements DatabaseMetaData {
  protected final DatabaseMetaData delegate;

  DelegatingDatabaseMetaData(DatabaseMetaData delegate) {
    this.delegate = delegate;
  }

  /** {@code e} with a SQLState and a message (see {@link SqlStates}). */
  SQLException failed(SQLException e, String method) {
    return SqlStates.complete(e, method, null);
  }


  @Override
  public boolean allProceduresAreCallable() throws SQLException {
    try {
      return delegate.allProceduresAreCallable();
    } catch (SQLException e) {
      throw failed(e, "allProceduresAreCallable");
    }
  }

  @Override
  public boolean allTablesAreSelectable() throws SQLException {
    try {
      return delegate.allTablesAreSelectable();
    } catch (SQLException e) {
      throw failed(e, "allTablesAreSelectable");
    }
  }

  @Override
  public String getURL() throws SQLException {
    try {
      return delegate.getURL();
    } catch (SQLException e) {
      throw failed(e, "getURL");
    }
  }

  @Override
  public String getUserName() throws SQLException {
    try {
      return delegate.getUserName();
    } catch (SQLException e) {
      throw failed(e, "getUserName");
    }
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    try {
      return delegate.isReadOnly();
    } catch (SQLException e) {
      throw failed(e, "isReadOnly");
    }
  }

  @Override
  public boolean nullsAreSortedHigh() throws SQLException {
    try {
      return delegate.nullsAreSortedHigh();
    } catch (SQLException e) {
      throw failed(e, "nullsAreSortedHigh");
    }
  }

  @Override
  public boolean nullsAreSortedLow() throws SQLException {
    try {
      return delegate.nullsAreSortedLow();
    } catch (SQLException e) {
      throw failed(e, "nullsAreSortedLow");
    }
  }

  @Override
  public boolean nullsAreSortedAtStart() throws SQLException {
    try {
      return delegate.nullsAreSortedAtStart();
    } catch (SQLException e) {
      throw failed(e, "nullsAreSortedAtStart");
    }
  }

  @Override
  public boolean nullsAreSortedAtEnd() throws SQLException {
    try {
      return delegate.nullsAreSortedAtEnd();
    } catch (SQLException e) {
      throw failed(e, "nullsAreSortedAtEnd");
    }
  }

  @Override
  public String getDatabaseProductName() throws SQLException {
    try {
      return delegate.getDatabaseProductName();
    } catch (SQLException e) {
      throw failed(e, "getDatabaseProductName");
    }
  }

  @Override
  public String getDatabaseProductVersion() throws SQLException {
    try {
      return delegate.getDatabaseProductVersion();
    } catch (SQLException e) {
      throw failed(e, "getDatabaseProductVersion");
    }
  }

  @Override
  public String getDriverName() throws SQLException {
    try {
      return delegate.getDriverName();
    } catch (SQLException e) {
      throw failed(e, "getDriverName");
    }
  }

  @Override
  public String getDriverVersion() throws SQLException {
    try {
      return delegate.getDriverVersion();
    } catch (SQLException e) {
      throw failed(e, "getDriverVersion");
    }
  }

  @Override
  public int getDriverMajorVersion() {
    return delegate.getDriverMajorVersion();
  }

  @Override
  public int getDriverMinorVersion() {
    return delegate.getDriverMinorVersion();
  }

  @Override
  public boolean usesLocalFiles() throws SQLException {
    try {
      return delegate.usesLocalFiles();
    } catch (SQLException e) {
      throw failed(e, "usesLocalFiles");
    }
  }

  @Override
  public boolean usesLocalFilePerTable() throws SQLException {
    try {
      return delegate.usesLocalFilePerTable();
    } catch (SQLException e) {
      throw failed(e, "usesLocalFilePerTable");
    }
  }

  @Override
  public boolean supportsMixedCaseIdentifiers() throws SQLException {
    try {
      return delegate.supportsMixedCaseIdentifiers();
    } catch (SQLException e) {
      throw failed(e, "supportsMixedCaseIdentifiers");
    }
  }

  @Override
  public boolean storesUpperCaseIdentifiers() throws SQLException {
    try {
      return delegate.storesUpperCaseIdentifiers();
    } catch (SQLException e) {
      throw failed(e, "storesUpperCaseIdentifiers");
    }
  }

  @Override
  public boolean storesLowerCaseIdentifiers() throws SQLException {
    try {
      return delegate.storesLowerCaseIdentifiers();
    } catch (SQLException e) {
      throw failed(e, "storesLowerCaseIdentifiers");
    }
  }

  @Override
  public boolean storesMixedCaseIdentifiers() throws SQLException {
    try {
      return delegate.storesMixedCaseIdentifiers();
    } catch (SQLException e) {
      throw failed(e, "storesMixedCaseIdentifiers");
    }
  }

  @Override
  public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException {
    try {
      return delegate.supportsMixedCaseQuotedIdentifiers();
    } catch (SQLException e) {
      throw failed(e, "supportsMixedCaseQuotedIdentifiers");
    }
  }

  @Override
  public boolean storesUpperCaseQuotedIdentifiers() throws SQLException {
    try {
      return delegate.storesUpperCaseQuotedIdentifiers();
    } catch (SQLException e) {
      throw failed(e, "storesUpperCaseQuotedIdentifiers");
    }
  }

  @Override
  public boolean storesLowerCaseQuotedIdentifiers() throws SQLException {
    try {
      return delegate.storesLowerCaseQuotedIdentifiers();
    } catch (SQLException e) {
      throw failed(e, "storesLowerCaseQuotedIdentifiers");
    }
  }

  @Override
  public boolean storesMixedCaseQuotedIdentifiers() throws SQLException {
    try {
      return delegate.storesMixedCaseQuotedIdentifiers();
    } catch (SQLException e) {
      throw failed(e, "storesMixedCaseQuotedIdentifiers");
    }
  }

  @Override
  public String getIdentifierQuoteString() throws SQLException {
    try {
      return delegate.getIdentifierQuoteString();
    } catch (SQLException e) {
      throw failed(e, "getIdentifierQuoteString");
    }
  }

  @Override
  public String getSQLKeywords() throws SQLException {
    try {
      return delegate.getSQLKeywords();
    } catch (SQLException e) {
      throw failed(e, "getSQLKeywords");
    }
  }

  @Override
  public String getNumericFunctions() throws SQLException {
    try {
      return delegate.getNumericFunctions();
    } catch (SQLException e) {
      throw failed(e, "getNumericFunctions");
    }
  }

  @Override
  public String getStringFunctions() throws SQLException {
    try {
      return delegate.getStringFunctions();
    } catch (SQLException e) {
      throw failed(e, "getStringFunctions");
    }
  }

  @Override
  public String getSystemFunctions() throws SQLException {
    try {
      return delegate.getSystemFunctions();
    } catch (SQLException e) {
      throw failed(e, "getSystemFunctions");
    }
  }

  @Override
  public String getTimeDateFunctions() throws SQLException {
    try {
      return delegate.getTimeDateFunctions();
    } catch (SQLException e) {
      throw failed(e, "getTimeDateFunctions");
    }
  }

  @Override
  public String getSearchStringEscape() throws SQLException {
    try {
      return delegate.getSearchStringEscape();
    } catch (SQLException e) {
      throw failed(e, "getSearchStringEscape");
    }
  }

  @Override
  public String getExtraNameCharacters() throws SQLException {
    try {
      return delegate.getExtraNameCharacters();
    } catch (SQLException e) {
      throw failed(e, "getExtraNameCharacters");
    }
  }

  @Override
  public boolean supportsAlterTableWithAddColumn() throws SQLException {
    try {
      return delegate.supportsAlterTableWithAddColumn();
    } catch (SQLException e) {
      throw failed(e, "supportsAlterTableWithAddColumn");
    }
  }

  @Override
  public boolean supportsAlterTableWithDropColumn() throws SQLException {
    try {
      return delegate.supportsAlterTableWithDropColumn();
    } catch (SQLException e) {
      throw failed(e, "supportsAlterTableWithDropColumn");
    }
  }

  @Override
  public boolean supportsColumnAliasing() throws SQLException {
    try {
      return delegate.supportsColumnAliasing();
    } catch (SQLException e) {
      throw failed(e, "supportsColumnAliasing");
    }
  }

  @Override
  public boolean nullPlusNonNullIsNull() throws SQLException {
    try {
      return delegate.nullPlusNonNullIsNull();
    } catch (SQLException e) {
      throw failed(e, "nullPlusNonNullIsNull");
    }
  }

  @Override
  public boolean supportsConvert() throws SQLException {
    try {
      return delegate.supportsConvert();
    } catch (SQLException e) {
      throw failed(e, "supportsConvert");
    }
  }

  @Override
  public boolean supportsConvert(int fromType, int toType) throws SQLException {
    try {
      return delegate.supportsConvert(fromType, toType);
    } catch (SQLException e) {
      throw failed(e, "supportsConvert");
    }
  }

  @Override
  public boolean supportsTableCorrelationNames() throws SQLException {
    try {
      return delegate.supportsTableCorrelationNames();
    } catch (SQLException e) {
      throw failed(e, "supportsTableCorrelationNames");
    }
  }

  @Override
  public boolean supportsDifferentTableCorrelationNames() throws SQLException {
    try {
      return delegate.supportsDifferentTableCorrelationNames();
    } catch (SQLException e) {
      throw failed(e, "supportsDifferentTableCorrelationNames");
    }
  }

  @Override
  public boolean supportsExpressionsInOrderBy() throws SQLException {
    try {
      return delegate.supportsExpressionsInOrderBy();
    } catch (SQLException e) {
      throw failed(e, "supportsExpressionsInOrderBy");
    }
  }

  @Override
  public boolean supportsOrderByUnrelated() throws SQLException {
    try {
      return delegate.supportsOrderByUnrelated();
    } catch (SQLException e) {
      throw failed(e, "supportsOrderByUnrelated");
    }
  }

  @Override
  public boolean supportsGroupBy() throws SQLException {
    try {
      return delegate.supportsGroupBy();
    } catch (SQLException e) {
      throw failed(e, "supportsGroupBy");
    }
  }

  @Override
  public boolean supportsGroupByUnrelated() throws SQLException {
    try {
      return delegate.supportsGroupByUnrelated();
    } catch (SQLException e) {
      throw failed(e, "supportsGroupByUnrelated");
    }
  }

  @Override
  public boolean supportsGroupByBeyondSelect() throws SQLException {
    try {
      return delegate.supportsGroupByBeyondSelect();
    } catch (SQLException e) {
      throw failed(e, "supportsGroupByBeyondSelect");
    }
  }

  @Override
  public boolean supportsLikeEscapeClause() throws SQLException {
    try {
      return delegate.supportsLikeEscapeClause();
    } catch (SQLException e) {
      throw failed(e, "supportsLikeEscapeClause");
    }
  }

  @Override
  public boolean supportsMultipleResultSets() throws SQLException {
    try {
      return delegate.supportsMultipleResultSets();
    } catch (SQLException e) {
      throw failed(e, "supportsMultipleResultSets");
    }
  }

  @Override
  public boolean supportsMultipleTransactions() throws SQLException {
    try {
      return delegate.supportsMultipleTransactions();
    } catch (SQLException e) {
      throw failed(e, "supportsMultipleTransactions");
    }
  }

  @Override
  public boolean supportsNonNullableColumns() throws SQLException {
    try {
      return delegate.supportsNonNullableColumns();
    } catch (SQLException e) {
      throw failed(e, "supportsNonNullableColumns");
    }
  }

  @Override
  public boolean supportsMinimumSQLGrammar() throws SQLException {
    try {
      return delegate.supportsMinimumSQLGrammar();
    } catch (SQLException e) {
      throw failed(e, "supportsMinimumSQLGrammar");
    }
  }

  @Override
  public boolean supportsCoreSQLGrammar() throws SQLException {
    try {
      return delegate.supportsCoreSQLGrammar();
    } catch (SQLException e) {
      throw failed(e, "supportsCoreSQLGrammar");
    }
  }

  @Override
  public boolean supportsExtendedSQLGrammar() throws SQLException {
    try {
      return delegate.supportsExtendedSQLGrammar();
    } catch (SQLException e) {
      throw failed(e, "supportsExtendedSQLGrammar");
    }
  }

  @Override
  public boolean supportsANSI92EntryLevelSQL() throws SQLException {
    try {
      return delegate.supportsANSI92EntryLevelSQL();
    } catch (SQLException e) {
      throw failed(e, "supportsANSI92EntryLevelSQL");
    }
  }

  @Override
  public boolean supportsANSI92IntermediateSQL() throws SQLException {
    try {
      return delegate.supportsANSI92IntermediateSQL();
    } catch (SQLException e) {
      throw failed(e, "supportsANSI92IntermediateSQL");
    }
  }

  @Override
  public boolean supportsANSI92FullSQL() throws SQLException {
    try {
      return delegate.supportsANSI92FullSQL();
    } catch (SQLException e) {
      throw failed(e, "supportsANSI92FullSQL");
    }
  }

  @Override
  public boolean supportsIntegrityEnhancementFacility() throws SQLException {
    try {
      return delegate.supportsIntegrityEnhancementFacility();
    } catch (SQLException e) {
      throw failed(e, "supportsIntegrityEnhancementFacility");
    }
  }

  @Override
  public boolean supportsOuterJoins() throws SQLException {
    try {
      return delegate.supportsOuterJoins();
    } catch (SQLException e) {
      throw failed(e, "supportsOuterJoins");
    }
  }

  @Override
  public boolean supportsFullOuterJoins() throws SQLException {
    try {
      return delegate.supportsFullOuterJoins();
    } catch (SQLException e) {
      throw failed(e, "supportsFullOuterJoins");
    }
  }

  @Override
  public boolean supportsLimitedOuterJoins() throws SQLException {
    try {
      return delegate.supportsLimitedOuterJoins();
    } catch (SQLException e) {
      throw failed(e, "supportsLimitedOuterJoins");
    }
  }

  @Override
  public String getSchemaTerm() throws SQLException {
    try {
      return delegate.getSchemaTerm();
    } catch (SQLException e) {
      throw failed(e, "getSchemaTerm");
    }
  }

  @Override
  public String getProcedureTerm() throws SQLException {
    try {
      return delegate.getProcedureTerm();
    } catch (SQLException e) {
      throw failed(e, "getProcedureTerm");
    }
  }

  @Override
  public String getCatalogTerm() throws SQLException {
    try {
      return delegate.getCatalogTerm();
    } catch (SQLException e) {
      throw failed(e, "getCatalogTerm");
    }
  }

  @Override
  public boolean isCatalogAtStart() throws SQLException {
    try {
      return delegate.isCatalogAtStart();
    } catch (SQLException e) {
      throw failed(e, "isCatalogAtStart");
    }
  }

  @Override
  public String getCatalogSeparator() throws SQLException {
    try {
      return delegate.getCatalogSeparator();
    } catch (SQLException e) {
      throw failed(e, "getCatalogSeparator");
    }
  }

  @Override
  public boolean supportsSchemasInDataManipulation() throws SQLException {
    try {
      return delegate.supportsSchemasInDataManipulation();
    } catch (SQLException e) {
      throw failed(e, "supportsSchemasInDataManipulation");
    }
  }

  @Override
  public boolean supportsSchemasInProcedureCalls() throws SQLException {
    try {
      return delegate.supportsSchemasInProcedureCalls();
    } catch (SQLException e) {
      throw failed(e, "supportsSchemasInProcedureCalls");
    }
  }

  @Override
  public boolean supportsSchemasInTableDefinitions() throws SQLException {
    try {
      return delegate.supportsSchemasInTableDefinitions();
    } catch (SQLException e) {
      throw failed(e, "supportsSchemasInTableDefinitions");
    }
  }

  @Override
  public boolean supportsSchemasInIndexDefinitions() throws SQLException {
    try {
      return delegate.supportsSchemasInIndexDefinitions();
    } catch (SQLException e) {
      throw failed(e, "supportsSchemasInIndexDefinitions");
    }
  }

  @Override
  public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException {
    try {
      return delegate.supportsSchemasInPrivilegeDefinitions();
    } catch (SQLException e) {
      throw failed(e, "supportsSchemasInPrivilegeDefinitions");
    }
  }

  @Override
  public boolean supportsCatalogsInDataManipulation() throws SQLException {
    try {
      return delegate.supportsCatalogsInDataManipulation();
    } catch (SQLException e) {
      throw failed(e, "supportsCatalogsInDataManipulation");
    }
  }

  @Override
  public boolean supportsCatalogsInProcedureCalls() throws SQLException {
    try {
      return delegate.supportsCatalogsInProcedureCalls();
    } catch (SQLException e) {
      throw failed(e, "supportsCatalogsInProcedureCalls");
    }
  }

  @Override
  public boolean supportsCatalogsInTableDefinitions() throws SQLException {
    try {
      return delegate.supportsCatalogsInTableDefinitions();
    } catch (SQLException e) {
      throw failed(e, "supportsCatalogsInTableDefinitions");
    }
  }

  @Override
  public boolean supportsCatalogsInIndexDefinitions() throws SQLException {
    try {
      return delegate.supportsCatalogsInIndexDefinitions();
    } catch (SQLException e) {
      throw failed(e, "supportsCatalogsInIndexDefinitions");
    }
  }

  @Override
  public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException {
    try {
      return delegate.supportsCatalogsInPrivilegeDefinitions();
    } catch (SQLException e) {
      throw failed(e, "supportsCatalogsInPrivilegeDefinitions");
    }
  }

  @Override
  public boolean supportsPositionedDelete() throws SQLException {
    try {
      return delegate.supportsPositionedDelete();
    } catch (SQLException e) {
      throw failed(e, "supportsPositionedDelete");
    }
  }

  @Override
  public boolean supportsPositionedUpdate() throws SQLException {
    try {
      return delegate.supportsPositionedUpdate();
    } catch (SQLException e) {
      throw failed(e, "supportsPositionedUpdate");
    }
  }

  @Override
  public boolean supportsSelectForUpdate() throws SQLException {
    try {
      return delegate.supportsSelectForUpdate();
    } catch (SQLException e) {
      throw failed(e, "supportsSelectForUpdate");
    }
  }

  @Override
  public boolean supportsStoredProcedures() throws SQLException {
    try {
      return delegate.supportsStoredProcedures();
    } catch (SQLException e) {
      throw failed(e, "supportsStoredProcedures");
    }
  }

  @Override
  public boolean supportsSubqueriesInComparisons() throws SQLException {
    try {
      return delegate.supportsSubqueriesInComparisons();
    } catch (SQLException e) {
      throw failed(e, "supportsSubqueriesInComparisons");
    }
  }

  @Override
  public boolean supportsSubqueriesInExists() throws SQLException {
    try {
      return delegate.supportsSubqueriesInExists();
    } catch (SQLException e) {
      throw failed(e, "supportsSubqueriesInExists");
    }
  }

  @Override
  public boolean supportsSubqueriesInIns() throws SQLException {
    try {
      return delegate.supportsSubqueriesInIns();
    } catch (SQLException e) {
      throw failed(e, "supportsSubqueriesInIns");
    }
  }

  @Override
  public boolean supportsSubqueriesInQuantifieds() throws SQLException {
    try {
      return delegate.supportsSubqueriesInQuantifieds();
    } catch (SQLException e) {
      throw failed(e, "supportsSubqueriesInQuantifieds");
    }
  }

  @Override
  public boolean supportsCorrelatedSubqueries() throws SQLException {
    try {
      return delegate.supportsCorrelatedSubqueries();
    } catch (SQLException e) {
      throw failed(e, "supportsCorrelatedSubqueries");
    }
  }

  @Override
  public boolean supportsUnion() throws SQLException {
    try {
      return delegate.supportsUnion();
    } catch (SQLException e) {
      throw failed(e, "supportsUnion");
    }
  }

  @Override
  public boolean supportsUnionAll() throws SQLException {
    try {
      return delegate.supportsUnionAll();
    } catch (SQLException e) {
      throw failed(e, "supportsUnionAll");
    }
  }

  @Override
  public boolean supportsOpenCursorsAcrossCommit() throws SQLException {
    try {
      return delegate.supportsOpenCursorsAcrossCommit();
    } catch (SQLException e) {
      throw failed(e, "supportsOpenCursorsAcrossCommit");
    }
  }

  @Override
  public boolean supportsOpenCursorsAcrossRollback() throws SQLException {
    try {
      return delegate.supportsOpenCursorsAcrossRollback();
    } catch (SQLException e) {
      throw failed(e, "supportsOpenCursorsAcrossRollback");
    }
  }

  @Override
  public boolean supportsOpenStatementsAcrossCommit() throws SQLException {
    try {
      return delegate.supportsOpenStatementsAcrossCommit();
    } catch (SQLException e) {
      throw failed(e, "supportsOpenStatementsAcrossCommit");
    }
  }

  @Override
  public boolean supportsOpenStatementsAcrossRollback() throws SQLException {
    try {
      return delegate.supportsOpenStatementsAcrossRollback();
    } catch (SQLException e) {
      throw failed(e, "supportsOpenStatementsAcrossRollback");
    }
  }

  @Override
  public int getMaxBinaryLiteralLength() throws SQLException {
    try {
      return delegate.getMaxBinaryLiteralLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxBinaryLiteralLength");
    }
  }

  @Override
  public int getMaxCharLiteralLength() throws SQLException {
    try {
      return delegate.getMaxCharLiteralLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxCharLiteralLength");
    }
  }

  @Override
  public int getMaxColumnNameLength() throws SQLException {
    try {
      return delegate.getMaxColumnNameLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxColumnNameLength");
    }
  }

  @Override
  public int getMaxColumnsInGroupBy() throws SQLException {
    try {
      return delegate.getMaxColumnsInGroupBy();
    } catch (SQLException e) {
      throw failed(e, "getMaxColumnsInGroupBy");
    }
  }

  @Override
  public int getMaxColumnsInIndex() throws SQLException {
    try {
      return delegate.getMaxColumnsInIndex();
    } catch (SQLException e) {
      throw failed(e, "getMaxColumnsInIndex");
    }
  }

  @Override
  public int getMaxColumnsInOrderBy() throws SQLException {
    try {
      return delegate.getMaxColumnsInOrderBy();
    } catch (SQLException e) {
      throw failed(e, "getMaxColumnsInOrderBy");
    }
  }

  @Override
  public int getMaxColumnsInSelect() throws SQLException {
    try {
      return delegate.getMaxColumnsInSelect();
    } catch (SQLException e) {
      throw failed(e, "getMaxColumnsInSelect");
    }
  }

  @Override
  public int getMaxColumnsInTable() throws SQLException {
    try {
      return delegate.getMaxColumnsInTable();
    } catch (SQLException e) {
      throw failed(e, "getMaxColumnsInTable");
    }
  }

  @Override
  public int getMaxConnections() throws SQLException {
    try {
      return delegate.getMaxConnections();
    } catch (SQLException e) {
      throw failed(e, "getMaxConnections");
    }
  }

  @Override
  public int getMaxCursorNameLength() throws SQLException {
    try {
      return delegate.getMaxCursorNameLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxCursorNameLength");
    }
  }

  @Override
  public int getMaxIndexLength() throws SQLException {
    try {
      return delegate.getMaxIndexLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxIndexLength");
    }
  }

  @Override
  public int getMaxSchemaNameLength() throws SQLException {
    try {
      return delegate.getMaxSchemaNameLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxSchemaNameLength");
    }
  }

  @Override
  public int getMaxProcedureNameLength() throws SQLException {
    try {
      return delegate.getMaxProcedureNameLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxProcedureNameLength");
    }
  }

  @Override
  public int getMaxCatalogNameLength() throws SQLException {
    try {
      return delegate.getMaxCatalogNameLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxCatalogNameLength");
    }
  }

  @Override
  public int getMaxRowSize() throws SQLException {
    try {
      return delegate.getMaxRowSize();
    } catch (SQLException e) {
      throw failed(e, "getMaxRowSize");
    }
  }

  @Override
  public boolean doesMaxRowSizeIncludeBlobs() throws SQLException {
    try {
      return delegate.doesMaxRowSizeIncludeBlobs();
    } catch (SQLException e) {
      throw failed(e, "doesMaxRowSizeIncludeBlobs");
    }
  }

  @Override
  public int getMaxStatementLength() throws SQLException {
    try {
      return delegate.getMaxStatementLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxStatementLength");
    }
  }

  @Override
  public int getMaxStatements() throws SQLException {
    try {
      return delegate.getMaxStatements();
    } catch (SQLException e) {
      throw failed(e, "getMaxStatements");
    }
  }

  @Override
  public int getMaxTableNameLength() throws SQLException {
    try {
      return delegate.getMaxTableNameLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxTableNameLength");
    }
  }

  @Override
  public int getMaxTablesInSelect() throws SQLException {
    try {
      return delegate.getMaxTablesInSelect();
    } catch (SQLException e) {
      throw failed(e, "getMaxTablesInSelect");
    }
  }

  @Override
  public int getMaxUserNameLength() throws SQLException {
    try {
      return delegate.getMaxUserNameLength();
    } catch (SQLException e) {
      throw failed(e, "getMaxUserNameLength");
    }
  }

  @Override
  public int getDefaultTransactionIsolation() throws SQLException {
    try {
      return delegate.getDefaultTransactionIsolation();
    } catch (SQLException e) {
      throw failed(e, "getDefaultTransactionIsolation");
    }
  }

  @Override
  public boolean supportsTransactions() throws SQLException {
    try {
      return delegate.supportsTransactions();
    } catch (SQLException e) {
      throw failed(e, "supportsTransactions");
    }
  }

  @Override
  public boolean supportsTransactionIsolationLevel(int level) throws SQLException {
    try {
      return delegate.supportsTransactionIsolationLevel(level);
    } catch (SQLException e) {
      throw failed(e, "supportsTransactionIsolationLevel");
    }
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() throws SQLException {
    try {
      return delegate.supportsDataDefinitionAndDataManipulationTransactions();
    } catch (SQLException e) {
      throw failed(e, "supportsDataDefinitionAndDataManipulationTransactions");
    }
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() throws SQLException {
    try {
      return delegate.supportsDataManipulationTransactionsOnly();
    } catch (SQLException e) {
      throw failed(e, "supportsDataManipulationTransactionsOnly");
    }
  }

  @Override
  public boolean dataDefinitionCausesTransactionCommit() throws SQLException {
    try {
      return delegate.dataDefinitionCausesTransactionCommit();
    } catch (SQLException e) {
      throw failed(e, "dataDefinitionCausesTransactionCommit");
    }
  }

  @Override
  public boolean dataDefinitionIgnoredInTransactions() throws SQLException {
    try {
      return delegate.dataDefinitionIgnoredInTransactions();
    } catch (SQLException e) {
      throw failed(e, "dataDefinitionIgnoredInTransactions");
    }
  }

  @Override
  public ResultSet getProcedures(String catalog, String schemaPattern, String procedureNamePattern) throws SQLException {
    try {
      return delegate.getProcedures(catalog, schemaPattern, procedureNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getProcedures");
    }
  }

  @Override
  public ResultSet getProcedureColumns(String catalog, String schemaPattern, String procedureNamePattern, String columnNamePattern) throws SQLException {
    try {
      return delegate.getProcedureColumns(catalog, schemaPattern, procedureNamePattern, columnNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getProcedureColumns");
    }
  }

  @Override
  public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types) throws SQLException {
    try {
      return delegate.getTables(catalog, schemaPattern, tableNamePattern, types);
    } catch (SQLException e) {
      throw failed(e, "getTables");
    }
  }

  @Override
  public ResultSet getSchemas() throws SQLException {
    try {
      return delegate.getSchemas();
    } catch (SQLException e) {
      throw failed(e, "getSchemas");
    }
  }

  @Override
  public ResultSet getCatalogs() throws SQLException {
    try {
      return delegate.getCatalogs();
    } catch (SQLException e) {
      throw failed(e, "getCatalogs");
    }
  }

  @Override
  public ResultSet getTableTypes() throws SQLException {
    try {
      return delegate.getTableTypes();
    } catch (SQLException e) {
      throw failed(e, "getTableTypes");
    }
  }

  @Override
  public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern) throws SQLException {
    try {
      return delegate.getColumns(catalog, schemaPattern, tableNamePattern, columnNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getColumns");
    }
  }

  @Override
  public ResultSet getColumnPrivileges(String catalog, String schema, String table, String columnNamePattern) throws SQLException {
    try {
      return delegate.getColumnPrivileges(catalog, schema, table, columnNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getColumnPrivileges");
    }
  }

  @Override
  public ResultSet getTablePrivileges(String catalog, String schemaPattern, String tableNamePattern) throws SQLException {
    try {
      return delegate.getTablePrivileges(catalog, schemaPattern, tableNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getTablePrivileges");
    }
  }

  @Override
  public ResultSet getBestRowIdentifier(String catalog, String schema, String table, int scope, boolean nullable) throws SQLException {
    try {
      return delegate.getBestRowIdentifier(catalog, schema, table, scope, nullable);
    } catch (SQLException e) {
      throw failed(e, "getBestRowIdentifier");
    }
  }

  @Override
  public ResultSet getVersionColumns(String catalog, String schema, String table) throws SQLException {
    try {
      return delegate.getVersionColumns(catalog, schema, table);
    } catch (SQLException e) {
      throw failed(e, "getVersionColumns");
    }
  }

  @Override
  public ResultSet getPrimaryKeys(String catalog, String schema, String table) throws SQLException {
    try {
      return delegate.getPrimaryKeys(catalog, schema, table);
    } catch (SQLException e) {
      throw failed(e, "getPrimaryKeys");
    }
  }

  @Override
  public ResultSet getImportedKeys(String catalog, String schema, String table) throws SQLException {
    try {
      return delegate.getImportedKeys(catalog, schema, table);
    } catch (SQLException e) {
      throw failed(e, "getImportedKeys");
    }
  }

  @Override
  public ResultSet getExportedKeys(String catalog, String schema, String table) throws SQLException {
    try {
      return delegate.getExportedKeys(catalog, schema, table);
    } catch (SQLException e) {
      throw failed(e, "getExportedKeys");
    }
  }

  @Override
  public ResultSet getCrossReference(String parentCatalog, String parentSchema, String parentTable, String foreignCatalog, String foreignSchema, String foreignTable) throws SQLException {
    try {
      return delegate.getCrossReference(parentCatalog, parentSchema, parentTable, foreignCatalog, foreignSchema, foreignTable);
    } catch (SQLException e) {
      throw failed(e, "getCrossReference");
    }
  }

  @Override
  public ResultSet getTypeInfo() throws SQLException {
    try {
      return delegate.getTypeInfo();
    } catch (SQLException e) {
      throw failed(e, "getTypeInfo");
    }
  }

  @Override
  public ResultSet getIndexInfo(String catalog, String schema, String table, boolean unique, boolean approximate) throws SQLException {
    try {
      return delegate.getIndexInfo(catalog, schema, table, unique, approximate);
    } catch (SQLException e) {
      throw failed(e, "getIndexInfo");
    }
  }

  @Override
  public boolean supportsResultSetType(int type) throws SQLException {
    try {
      return delegate.supportsResultSetType(type);
    } catch (SQLException e) {
      throw failed(e, "supportsResultSetType");
    }
  }

  @Override
  public boolean supportsResultSetConcurrency(int type, int concurrency) throws SQLException {
    try {
      return delegate.supportsResultSetConcurrency(type, concurrency);
    } catch (SQLException e) {
      throw failed(e, "supportsResultSetConcurrency");
    }
  }

  @Override
  public boolean ownUpdatesAreVisible(int type) throws SQLException {
    try {
      return delegate.ownUpdatesAreVisible(type);
    } catch (SQLException e) {
      throw failed(e, "ownUpdatesAreVisible");
    }
  }

  @Override
  public boolean ownDeletesAreVisible(int type) throws SQLException {
    try {
      return delegate.ownDeletesAreVisible(type);
    } catch (SQLException e) {
      throw failed(e, "ownDeletesAreVisible");
    }
  }

  @Override
  public boolean ownInsertsAreVisible(int type) throws SQLException {
    try {
      return delegate.ownInsertsAreVisible(type);
    } catch (SQLException e) {
      throw failed(e, "ownInsertsAreVisible");
    }
  }

  @Override
  public boolean othersUpdatesAreVisible(int type) throws SQLException {
    try {
      return delegate.othersUpdatesAreVisible(type);
    } catch (SQLException e) {
      throw failed(e, "othersUpdatesAreVisible");
    }
  }

  @Override
  public boolean othersDeletesAreVisible(int type) throws SQLException {
    try {
      return delegate.othersDeletesAreVisible(type);
    } catch (SQLException e) {
      throw failed(e, "othersDeletesAreVisible");
    }
  }

  @Override
  public boolean othersInsertsAreVisible(int type) throws SQLException {
    try {
      return delegate.othersInsertsAreVisible(type);
    } catch (SQLException e) {
      throw failed(e, "othersInsertsAreVisible");
    }
  }

  @Override
  public boolean updatesAreDetected(int type) throws SQLException {
    try {
      return delegate.updatesAreDetected(type);
    } catch (SQLException e) {
      throw failed(e, "updatesAreDetected");
    }
  }

  @Override
  public boolean deletesAreDetected(int type) throws SQLException {
    try {
      return delegate.deletesAreDetected(type);
    } catch (SQLException e) {
      throw failed(e, "deletesAreDetected");
    }
  }

  @Override
  public boolean insertsAreDetected(int type) throws SQLException {
    try {
      return delegate.insertsAreDetected(type);
    } catch (SQLException e) {
      throw failed(e, "insertsAreDetected");
    }
  }

  @Override
  public boolean supportsBatchUpdates() throws SQLException {
    try {
      return delegate.supportsBatchUpdates();
    } catch (SQLException e) {
      throw failed(e, "supportsBatchUpdates");
    }
  }

  @Override
  public ResultSet getUDTs(String catalog, String schemaPattern, String typeNamePattern, int[] types) throws SQLException {
    try {
      return delegate.getUDTs(catalog, schemaPattern, typeNamePattern, types);
    } catch (SQLException e) {
      throw failed(e, "getUDTs");
    }
  }

  @Override
  public Connection getConnection() throws SQLException {
    try {
      return delegate.getConnection();
    } catch (SQLException e) {
      throw failed(e, "getConnection");
    }
  }

  @Override
  public boolean supportsSavepoints() throws SQLException {
    try {
      return delegate.supportsSavepoints();
    } catch (SQLException e) {
      throw failed(e, "supportsSavepoints");
    }
  }

  @Override
  public boolean supportsNamedParameters() throws SQLException {
    try {
      return delegate.supportsNamedParameters();
    } catch (SQLException e) {
      throw failed(e, "supportsNamedParameters");
    }
  }

  @Override
  public boolean supportsMultipleOpenResults() throws SQLException {
    try {
      return delegate.supportsMultipleOpenResults();
    } catch (SQLException e) {
      throw failed(e, "supportsMultipleOpenResults");
    }
  }

  @Override
  public boolean supportsGetGeneratedKeys() throws SQLException {
    try {
      return delegate.supportsGetGeneratedKeys();
    } catch (SQLException e) {
      throw failed(e, "supportsGetGeneratedKeys");
    }
  }

  @Override
  public ResultSet getSuperTypes(String catalog, String schemaPattern, String typeNamePattern) throws SQLException {
    try {
      return delegate.getSuperTypes(catalog, schemaPattern, typeNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getSuperTypes");
    }
  }

  @Override
  public ResultSet getSuperTables(String catalog, String schemaPattern, String tableNamePattern) throws SQLException {
    try {
      return delegate.getSuperTables(catalog, schemaPattern, tableNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getSuperTables");
    }
  }

  @Override
  public ResultSet getAttributes(String catalog, String schemaPattern, String typeNamePattern, String attributeNamePattern) throws SQLException {
    try {
      return delegate.getAttributes(catalog, schemaPattern, typeNamePattern, attributeNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getAttributes");
    }
  }

  @Override
  public boolean supportsResultSetHoldability(int holdability) throws SQLException {
    try {
      return delegate.supportsResultSetHoldability(holdability);
    } catch (SQLException e) {
      throw failed(e, "supportsResultSetHoldability");
    }
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    try {
      return delegate.getResultSetHoldability();
    } catch (SQLException e) {
      throw failed(e, "getResultSetHoldability");
    }
  }

  @Override
  public int getDatabaseMajorVersion() throws SQLException {
    try {
      return delegate.getDatabaseMajorVersion();
    } catch (SQLException e) {
      throw failed(e, "getDatabaseMajorVersion");
    }
  }

  @Override
  public int getDatabaseMinorVersion() throws SQLException {
    try {
      return delegate.getDatabaseMinorVersion();
    } catch (SQLException e) {
      throw failed(e, "getDatabaseMinorVersion");
    }
  }

  @Override
  public int getJDBCMajorVersion() throws SQLException {
    try {
      return delegate.getJDBCMajorVersion();
    } catch (SQLException e) {
      throw failed(e, "getJDBCMajorVersion");
    }
  }

  @Override
  public int getJDBCMinorVersion() throws SQLException {
    try {
      return delegate.getJDBCMinorVersion();
    } catch (SQLException e) {
      throw failed(e, "getJDBCMinorVersion");
    }
  }

  @Override
  public int getSQLStateType() throws SQLException {
    try {
      return delegate.getSQLStateType();
    } catch (SQLException e) {
      throw failed(e, "getSQLStateType");
    }
  }

  @Override
  public boolean locatorsUpdateCopy() throws SQLException {
    try {
      return delegate.locatorsUpdateCopy();
    } catch (SQLException e) {
      throw failed(e, "locatorsUpdateCopy");
    }
  }

  @Override
  public boolean supportsStatementPooling() throws SQLException {
    try {
      return delegate.supportsStatementPooling();
    } catch (SQLException e) {
      throw failed(e, "supportsStatementPooling");
    }
  }

  @Override
  public RowIdLifetime getRowIdLifetime() throws SQLException {
    try {
      return delegate.getRowIdLifetime();
    } catch (SQLException e) {
      throw failed(e, "getRowIdLifetime");
    }
  }

  @Override
  public ResultSet getSchemas(String catalog, String schemaPattern) throws SQLException {
    try {
      return delegate.getSchemas(catalog, schemaPattern);
    } catch (SQLException e) {
      throw failed(e, "getSchemas");
    }
  }

  @Override
  public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException {
    try {
      return delegate.supportsStoredFunctionsUsingCallSyntax();
    } catch (SQLException e) {
      throw failed(e, "supportsStoredFunctionsUsingCallSyntax");
    }
  }

  @Override
  public boolean autoCommitFailureClosesAllResultSets() throws SQLException {
    try {
      return delegate.autoCommitFailureClosesAllResultSets();
    } catch (SQLException e) {
      throw failed(e, "autoCommitFailureClosesAllResultSets");
    }
  }

  @Override
  public ResultSet getClientInfoProperties() throws SQLException {
    try {
      return delegate.getClientInfoProperties();
    } catch (SQLException e) {
      throw failed(e, "getClientInfoProperties");
    }
  }

  @Override
  public ResultSet getFunctions(String catalog, String schemaPattern, String functionNamePattern) throws SQLException {
    try {
      return delegate.getFunctions(catalog, schemaPattern, functionNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getFunctions");
    }
  }

  @Override
  public ResultSet getFunctionColumns(String catalog, String schemaPattern, String functionNamePattern, String columnNamePattern) throws SQLException {
    try {
      return delegate.getFunctionColumns(catalog, schemaPattern, functionNamePattern, columnNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getFunctionColumns");
    }
  }

  @Override
  public ResultSet getPseudoColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern) throws SQLException {
    try {
      return delegate.getPseudoColumns(catalog, schemaPattern, tableNamePattern, columnNamePattern);
    } catch (SQLException e) {
      throw failed(e, "getPseudoColumns");
    }
  }

  @Override
  public boolean generatedKeyAlwaysReturned() throws SQLException {
    try {
      return delegate.generatedKeyAlwaysReturned();
    } catch (SQLException e) {
      throw failed(e, "generatedKeyAlwaysReturned");
    }
  }

  @Override
  public long getMaxLogicalLobSize() throws SQLException {
    try {
      return delegate.getMaxLogicalLobSize();
    } catch (SQLException e) {
      throw failed(e, "getMaxLogicalLobSize");
    }
  }

  @Override
  public boolean supportsRefCursors() throws SQLException {
    try {
      return delegate.supportsRefCursors();
    } catch (SQLException e) {
      throw failed(e, "supportsRefCursors");
    }
  }

  @Override
  public boolean supportsSharding() throws SQLException {
    try {
      return delegate.supportsSharding();
    } catch (SQLException e) {
      throw failed(e, "supportsSharding");
    }
  }
}
