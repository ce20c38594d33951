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
 * Forwards every {@link Statement} method to a delegate, so that the csvws class extending it holds
 * only what csvws changes. The method list is the JDBC 4.3 interface, generated mechanically.
 */
@SuppressWarnings("deprecation")
abstract class DelegatingStatement implements Statement {
  protected final Statement delegate;

  DelegatingStatement(Statement delegate) {
    this.delegate = delegate;
  }

  /** {@code e} with a SQLState and a message (see {@link SqlStates}). */
  SQLException failed(SQLException e, String method) {
    return SqlStates.complete(e, method, null);
  }


  @Override
  public ResultSet executeQuery(String sql) throws SQLException {
    try {
      return delegate.executeQuery(sql);
    } catch (SQLException e) {
      throw failed(e, "executeQuery");
    }
  }

  @Override
  public int executeUpdate(String sql) throws SQLException {
    try {
      return delegate.executeUpdate(sql);
    } catch (SQLException e) {
      throw failed(e, "executeUpdate");
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
  public int getMaxFieldSize() throws SQLException {
    try {
      return delegate.getMaxFieldSize();
    } catch (SQLException e) {
      throw failed(e, "getMaxFieldSize");
    }
  }

  @Override
  public void setMaxFieldSize(int max) throws SQLException {
    try {
      delegate.setMaxFieldSize(max);
    } catch (SQLException e) {
      throw failed(e, "setMaxFieldSize");
    }
  }

  @Override
  public int getMaxRows() throws SQLException {
    try {
      return delegate.getMaxRows();
    } catch (SQLException e) {
      throw failed(e, "getMaxRows");
    }
  }

  @Override
  public void setMaxRows(int max) throws SQLException {
    try {
      delegate.setMaxRows(max);
    } catch (SQLException e) {
      throw failed(e, "setMaxRows");
    }
  }

  @Override
  public void setEscapeProcessing(boolean enable) throws SQLException {
    try {
      delegate.setEscapeProcessing(enable);
    } catch (SQLException e) {
      throw failed(e, "setEscapeProcessing");
    }
  }

  @Override
  public int getQueryTimeout() throws SQLException {
    try {
      return delegate.getQueryTimeout();
    } catch (SQLException e) {
      throw failed(e, "getQueryTimeout");
    }
  }

  @Override
  public void setQueryTimeout(int seconds) throws SQLException {
    try {
      delegate.setQueryTimeout(seconds);
    } catch (SQLException e) {
      throw failed(e, "setQueryTimeout");
    }
  }

  @Override
  public void cancel() throws SQLException {
    try {
      delegate.cancel();
    } catch (SQLException e) {
      throw failed(e, "cancel");
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
  public void setCursorName(String name) throws SQLException {
    try {
      delegate.setCursorName(name);
    } catch (SQLException e) {
      throw failed(e, "setCursorName");
    }
  }

  @Override
  public boolean execute(String sql) throws SQLException {
    try {
      return delegate.execute(sql);
    } catch (SQLException e) {
      throw failed(e, "execute");
    }
  }

  @Override
  public ResultSet getResultSet() throws SQLException {
    try {
      return delegate.getResultSet();
    } catch (SQLException e) {
      throw failed(e, "getResultSet");
    }
  }

  @Override
  public int getUpdateCount() throws SQLException {
    try {
      return delegate.getUpdateCount();
    } catch (SQLException e) {
      throw failed(e, "getUpdateCount");
    }
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    try {
      return delegate.getMoreResults();
    } catch (SQLException e) {
      throw failed(e, "getMoreResults");
    }
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    try {
      delegate.setFetchDirection(direction);
    } catch (SQLException e) {
      throw failed(e, "setFetchDirection");
    }
  }

  @Override
  public int getFetchDirection() throws SQLException {
    try {
      return delegate.getFetchDirection();
    } catch (SQLException e) {
      throw failed(e, "getFetchDirection");
    }
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    try {
      delegate.setFetchSize(rows);
    } catch (SQLException e) {
      throw failed(e, "setFetchSize");
    }
  }

  @Override
  public int getFetchSize() throws SQLException {
    try {
      return delegate.getFetchSize();
    } catch (SQLException e) {
      throw failed(e, "getFetchSize");
    }
  }

  @Override
  public int getResultSetConcurrency() throws SQLException {
    try {
      return delegate.getResultSetConcurrency();
    } catch (SQLException e) {
      throw failed(e, "getResultSetConcurrency");
    }
  }

  @Override
  public int getResultSetType() throws SQLException {
    try {
      return delegate.getResultSetType();
    } catch (SQLException e) {
      throw failed(e, "getResultSetType");
    }
  }

  @Override
  public void addBatch(String sql) throws SQLException {
    try {
      delegate.addBatch(sql);
    } catch (SQLException e) {
      throw failed(e, "addBatch");
    }
  }

  @Override
  public void clearBatch() throws SQLException {
    try {
      delegate.clearBatch();
    } catch (SQLException e) {
      throw failed(e, "clearBatch");
    }
  }

  @Override
  public int[] executeBatch() throws SQLException {
    try {
      return delegate.executeBatch();
    } catch (SQLException e) {
      throw failed(e, "executeBatch");
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
  public boolean getMoreResults(int current) throws SQLException {
    try {
      return delegate.getMoreResults(current);
    } catch (SQLException e) {
      throw failed(e, "getMoreResults");
    }
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    try {
      return delegate.getGeneratedKeys();
    } catch (SQLException e) {
      throw failed(e, "getGeneratedKeys");
    }
  }

  @Override
  public int executeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    try {
      return delegate.executeUpdate(sql, autoGeneratedKeys);
    } catch (SQLException e) {
      throw failed(e, "executeUpdate");
    }
  }

  @Override
  public int executeUpdate(String sql, int[] columnIndexes) throws SQLException {
    try {
      return delegate.executeUpdate(sql, columnIndexes);
    } catch (SQLException e) {
      throw failed(e, "executeUpdate");
    }
  }

  @Override
  public int executeUpdate(String sql, String[] columnNames) throws SQLException {
    try {
      return delegate.executeUpdate(sql, columnNames);
    } catch (SQLException e) {
      throw failed(e, "executeUpdate");
    }
  }

  @Override
  public boolean execute(String sql, int autoGeneratedKeys) throws SQLException {
    try {
      return delegate.execute(sql, autoGeneratedKeys);
    } catch (SQLException e) {
      throw failed(e, "execute");
    }
  }

  @Override
  public boolean execute(String sql, int[] columnIndexes) throws SQLException {
    try {
      return delegate.execute(sql, columnIndexes);
    } catch (SQLException e) {
      throw failed(e, "execute");
    }
  }

  @Override
  public boolean execute(String sql, String[] columnNames) throws SQLException {
    try {
      return delegate.execute(sql, columnNames);
    } catch (SQLException e) {
      throw failed(e, "execute");
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
  public boolean isClosed() throws SQLException {
    try {
      return delegate.isClosed();
    } catch (SQLException e) {
      throw failed(e, "isClosed");
    }
  }

  @Override
  public void setPoolable(boolean poolable) throws SQLException {
    try {
      delegate.setPoolable(poolable);
    } catch (SQLException e) {
      throw failed(e, "setPoolable");
    }
  }

  @Override
  public boolean isPoolable() throws SQLException {
    try {
      return delegate.isPoolable();
    } catch (SQLException e) {
      throw failed(e, "isPoolable");
    }
  }

  @Override
  public void closeOnCompletion() throws SQLException {
    try {
      delegate.closeOnCompletion();
    } catch (SQLException e) {
      throw failed(e, "closeOnCompletion");
    }
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    try {
      return delegate.isCloseOnCompletion();
    } catch (SQLException e) {
      throw failed(e, "isCloseOnCompletion");
    }
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    try {
      return delegate.getLargeUpdateCount();
    } catch (SQLException e) {
      throw failed(e, "getLargeUpdateCount");
    }
  }

  @Override
  public void setLargeMaxRows(long max) throws SQLException {
    try {
      delegate.setLargeMaxRows(max);
    } catch (SQLException e) {
      throw failed(e, "setLargeMaxRows");
    }
  }

  @Override
  public long getLargeMaxRows() throws SQLException {
    try {
      return delegate.getLargeMaxRows();
    } catch (SQLException e) {
      throw failed(e, "getLargeMaxRows");
    }
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    try {
      return delegate.executeLargeBatch();
    } catch (SQLException e) {
      throw failed(e, "executeLargeBatch");
    }
  }

  @Override
  public long executeLargeUpdate(String sql) throws SQLException {
    try {
      return delegate.executeLargeUpdate(sql);
    } catch (SQLException e) {
      throw failed(e, "executeLargeUpdate");
    }
  }

  @Override
  public long executeLargeUpdate(String sql, int autoGeneratedKeys) throws SQLException {
    try {
      return delegate.executeLargeUpdate(sql, autoGeneratedKeys);
    } catch (SQLException e) {
      throw failed(e, "executeLargeUpdate");
    }
  }

  @Override
  public long executeLargeUpdate(String sql, int[] columnIndexes) throws SQLException {
    try {
      return delegate.executeLargeUpdate(sql, columnIndexes);
    } catch (SQLException e) {
      throw failed(e, "executeLargeUpdate");
    }
  }

  @Override
  public long executeLargeUpdate(String sql, String[] columnNames) throws SQLException {
    try {
      return delegate.executeLargeUpdate(sql, columnNames);
    } catch (SQLException e) {
      throw failed(e, "executeLargeUpdate");
    }
  }

  @Override
  public String enquoteLiteral(String val) throws SQLException {
    try {
      return delegate.enquoteLiteral(val);
    } catch (SQLException e) {
      throw failed(e, "enquoteLiteral");
    }
  }

  @Override
  public String enquoteIdentifier(String identifier, boolean alwaysQuote) throws SQLException {
    try {
      return delegate.enquoteIdentifier(identifier, alwaysQuote);
    } catch (SQLException e) {
      throw failed(e, "enquoteIdentifier");
    }
  }

  @Override
  public boolean isSimpleIdentifier(String identifier) throws SQLException {
    try {
      return delegate.isSimpleIdentifier(identifier);
    } catch (SQLException e) {
      throw failed(e, "isSimpleIdentifier");
    }
  }

  @Override
  public String enquoteNCharLiteral(String val) throws SQLException {
    try {
      return delegate.enquoteNCharLiteral(val);
    } catch (SQLException e) {
      throw failed(e, "enquoteNCharLiteral");
    }
  }
}
