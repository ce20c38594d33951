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
 * Forwards every {@link Connection} method to a delegate, so that the csvws class extending it holds
 * only what csvws changes. The method list is the JDBC 4.3 interface, generated mechanically.
 */
@SuppressWarnings("deprecation")
abstract class DelegatingConnection implements Connection {
  protected final Connection delegate;

  DelegatingConnection(Connection delegate) {
    this.delegate = delegate;
  }

  /** {@code e} with a SQLState and a message (see {@link SqlStates}). */
  SQLException failed(SQLException e, String method) {
    return SqlStates.complete(e, method, null);
  }


  @Override
  public Statement createStatement() throws SQLException {
    try {
      return delegate.createStatement();
    } catch (SQLException e) {
      throw failed(e, "createStatement");
    }
  }

  @Override
  public PreparedStatement prepareStatement(String sql) throws SQLException {
    try {
      return delegate.prepareStatement(sql);
    } catch (SQLException e) {
      throw failed(e, "prepareStatement");
    }
  }

  @Override
  public CallableStatement prepareCall(String sql) throws SQLException {
    try {
      return delegate.prepareCall(sql);
    } catch (SQLException e) {
      throw failed(e, "prepareCall");
    }
  }

  @Override
  public String nativeSQL(String sql) throws SQLException {
    try {
      return delegate.nativeSQL(sql);
    } catch (SQLException e) {
      throw failed(e, "nativeSQL");
    }
  }

  @Override
  public void setAutoCommit(boolean autoCommit) throws SQLException {
    try {
      delegate.setAutoCommit(autoCommit);
    } catch (SQLException e) {
      throw failed(e, "setAutoCommit");
    }
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    try {
      return delegate.getAutoCommit();
    } catch (SQLException e) {
      throw failed(e, "getAutoCommit");
    }
  }

  @Override
  public void commit() throws SQLException {
    try {
      delegate.commit();
    } catch (SQLException e) {
      throw failed(e, "commit");
    }
  }

  @Override
  public void rollback() throws SQLException {
    try {
      delegate.rollback();
    } catch (SQLException e) {
      throw failed(e, "rollback");
    }
  }

  @Override
  public void close() throws SQLException {
    try {
      delegate.close();
    } catch (SQLException e) {
      throw failed(e, "close");
    }
  }

  @Override
  public boolean isClosed() throws SQLException {
    try {
      return delegate.isClosed();
    } catch (SQLException e) {
      throw failed(e, "isClosed");
    }
  }

  @Override
  public DatabaseMetaData getMetaData() throws SQLException {
    try {
      return delegate.getMetaData();
    } catch (SQLException e) {
      throw failed(e, "getMetaData");
    }
  }

  @Override
  public void setReadOnly(boolean readOnly) throws SQLException {
    try {
      delegate.setReadOnly(readOnly);
    } catch (SQLException e) {
      throw failed(e, "setReadOnly");
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
  public void setCatalog(String catalog) throws SQLException {
    try {
      delegate.setCatalog(catalog);
    } catch (SQLException e) {
      throw failed(e, "setCatalog");
    }
  }

  @Override
  public String getCatalog() throws SQLException {
    try {
      return delegate.getCatalog();
    } catch (SQLException e) {
      throw failed(e, "getCatalog");
    }
  }

  @Override
  public void setTransactionIsolation(int level) throws SQLException {
    try {
      delegate.setTransactionIsolation(level);
    } catch (SQLException e) {
      throw failed(e, "setTransactionIsolation");
    }
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    try {
      return delegate.getTransactionIsolation();
    } catch (SQLException e) {
      throw failed(e, "getTransactionIsolation");
    }
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    try {
      return delegate.getWarnings();
    } catch (SQLException e) {
      throw failed(e, "getWarnings");
    }
  }

  @Override
  public void clearWarnings() throws SQLException {
    try {
      delegate.clearWarnings();
    } catch (SQLException e) {
      throw failed(e, "clearWarnings");
    }
  }

  @Override
  public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
    try {
      return delegate.createStatement(resultSetType, resultSetConcurrency);
    } catch (SQLException e) {
      throw failed(e, "createStatement");
    }
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
    try {
      return delegate.prepareStatement(sql, resultSetType, resultSetConcurrency);
    } catch (SQLException e) {
      throw failed(e, "prepareStatement");
    }
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency) throws SQLException {
    try {
      return delegate.prepareCall(sql, resultSetType, resultSetConcurrency);
    } catch (SQLException e) {
      throw failed(e, "prepareCall");
    }
  }

  @Override
  public java.util.Map<String, Class<?>> getTypeMap() throws SQLException {
    try {
      return delegate.getTypeMap();
    } catch (SQLException e) {
      throw failed(e, "getTypeMap");
    }
  }

  @Override
  public void setTypeMap(java.util.Map<String, Class<?>> map) throws SQLException {
    try {
      delegate.setTypeMap(map);
    } catch (SQLException e) {
      throw failed(e, "setTypeMap");
    }
  }

  @Override
  public void setHoldability(int holdability) throws SQLException {
    try {
      delegate.setHoldability(holdability);
    } catch (SQLException e) {
      throw failed(e, "setHoldability");
    }
  }

  @Override
  public int getHoldability() throws SQLException {
    try {
      return delegate.getHoldability();
    } catch (SQLException e) {
      throw failed(e, "getHoldability");
    }
  }

  @Override
  public Savepoint setSavepoint() throws SQLException {
    try {
      return delegate.setSavepoint();
    } catch (SQLException e) {
      throw failed(e, "setSavepoint");
    }
  }

  @Override
  public Savepoint setSavepoint(String name) throws SQLException {
    try {
      return delegate.setSavepoint(name);
    } catch (SQLException e) {
      throw failed(e, "setSavepoint");
    }
  }

  @Override
  public void rollback(Savepoint savepoint) throws SQLException {
    try {
      delegate.rollback(savepoint);
    } catch (SQLException e) {
      throw failed(e, "rollback");
    }
  }

  @Override
  public void releaseSavepoint(Savepoint savepoint) throws SQLException {
    try {
      delegate.releaseSavepoint(savepoint);
    } catch (SQLException e) {
      throw failed(e, "releaseSavepoint");
    }
  }

  @Override
  public Statement createStatement(int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    try {
      return delegate.createStatement(resultSetType, resultSetConcurrency, resultSetHoldability);
    } catch (SQLException e) {
      throw failed(e, "createStatement");
    }
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    try {
      return delegate.prepareStatement(sql, resultSetType, resultSetConcurrency, resultSetHoldability);
    } catch (SQLException e) {
      throw failed(e, "prepareStatement");
    }
  }

  @Override
  public CallableStatement prepareCall(String sql, int resultSetType, int resultSetConcurrency, int resultSetHoldability) throws SQLException {
    try {
      return delegate.prepareCall(sql, resultSetType, resultSetConcurrency, resultSetHoldability);
    } catch (SQLException e) {
      throw failed(e, "prepareCall");
    }
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
    try {
      return delegate.prepareStatement(sql, autoGeneratedKeys);
    } catch (SQLException e) {
      throw failed(e, "prepareStatement");
    }
  }

  @Override
  public PreparedStatement prepareStatement(String sql, int[] columnIndexes) throws SQLException {
    try {
      return delegate.prepareStatement(sql, columnIndexes);
    } catch (SQLException e) {
      throw failed(e, "prepareStatement");
    }
  }

  @Override
  public PreparedStatement prepareStatement(String sql, String[] columnNames) throws SQLException {
    try {
      return delegate.prepareStatement(sql, columnNames);
    } catch (SQLException e) {
      throw failed(e, "prepareStatement");
    }
  }

  @Override
  public Clob createClob() throws SQLException {
    try {
      return delegate.createClob();
    } catch (SQLException e) {
      throw failed(e, "createClob");
    }
  }

  @Override
  public Blob createBlob() throws SQLException {
    try {
      return delegate.createBlob();
    } catch (SQLException e) {
      throw failed(e, "createBlob");
    }
  }

  @Override
  public NClob createNClob() throws SQLException {
    try {
      return delegate.createNClob();
    } catch (SQLException e) {
      throw failed(e, "createNClob");
    }
  }

  @Override
  public SQLXML createSQLXML() throws SQLException {
    try {
      return delegate.createSQLXML();
    } catch (SQLException e) {
      throw failed(e, "createSQLXML");
    }
  }

  @Override
  public boolean isValid(int timeout) throws SQLException {
    try {
      return delegate.isValid(timeout);
    } catch (SQLException e) {
      throw failed(e, "isValid");
    }
  }

  @Override
  public void setClientInfo(String name, String value) throws SQLClientInfoException {
    delegate.setClientInfo(name, value);
  }

  @Override
  public void setClientInfo(Properties properties) throws SQLClientInfoException {
    delegate.setClientInfo(properties);
  }

  @Override
  public String getClientInfo(String name) throws SQLException {
    try {
      return delegate.getClientInfo(name);
    } catch (SQLException e) {
      throw failed(e, "getClientInfo");
    }
  }

  @Override
  public Properties getClientInfo() throws SQLException {
    try {
      return delegate.getClientInfo();
    } catch (SQLException e) {
      throw failed(e, "getClientInfo");
    }
  }

  @Override
  public Array createArrayOf(String typeName, Object[] elements) throws SQLException {
    try {
      return delegate.createArrayOf(typeName, elements);
    } catch (SQLException e) {
      throw failed(e, "createArrayOf");
    }
  }

  @Override
  public Struct createStruct(String typeName, Object[] attributes) throws SQLException {
    try {
      return delegate.createStruct(typeName, attributes);
    } catch (SQLException e) {
      throw failed(e, "createStruct");
    }
  }

  @Override
  public void setSchema(String schema) throws SQLException {
    try {
      delegate.setSchema(schema);
    } catch (SQLException e) {
      throw failed(e, "setSchema");
    }
  }

  @Override
  public String getSchema() throws SQLException {
    try {
      return delegate.getSchema();
    } catch (SQLException e) {
      throw failed(e, "getSchema");
    }
  }

  @Override
  public void abort(Executor executor) throws SQLException {
    try {
      delegate.abort(executor);
    } catch (SQLException e) {
      throw failed(e, "abort");
    }
  }

  @Override
  public void setNetworkTimeout(Executor executor, int milliseconds) throws SQLException {
    try {
      delegate.setNetworkTimeout(executor, milliseconds);
    } catch (SQLException e) {
      throw failed(e, "setNetworkTimeout");
    }
  }

  @Override
  public int getNetworkTimeout() throws SQLException {
    try {
      return delegate.getNetworkTimeout();
    } catch (SQLException e) {
      throw failed(e, "getNetworkTimeout");
    }
  }

  @Override
  public void beginRequest() throws SQLException {
    try {
      delegate.beginRequest();
    } catch (SQLException e) {
      throw failed(e, "beginRequest");
    }
  }

  @Override
  public void endRequest() throws SQLException {
    try {
      delegate.endRequest();
    } catch (SQLException e) {
      throw failed(e, "endRequest");
    }
  }

  @Override
  public boolean setShardingKeyIfValid(ShardingKey shardingKey, ShardingKey superShardingKey, int timeout) throws SQLException {
    try {
      return delegate.setShardingKeyIfValid(shardingKey, superShardingKey, timeout);
    } catch (SQLException e) {
      throw failed(e, "setShardingKeyIfValid");
    }
  }

  @Override
  public boolean setShardingKeyIfValid(ShardingKey shardingKey, int timeout) throws SQLException {
    try {
      return delegate.setShardingKeyIfValid(shardingKey, timeout);
    } catch (SQLException e) {
      throw failed(e, "setShardingKeyIfValid");
    }
  }

  @Override
  public void setShardingKey(ShardingKey shardingKey, ShardingKey superShardingKey) throws SQLException {
    try {
      delegate.setShardingKey(shardingKey, superShardingKey);
    } catch (SQLException e) {
      throw failed(e, "setShardingKey");
    }
  }

  @Override
  public void setShardingKey(ShardingKey shardingKey) throws SQLException {
    try {
      delegate.setShardingKey(shardingKey);
    } catch (SQLException e) {
      throw failed(e, "setShardingKey");
    }
  }
}
