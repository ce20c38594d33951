package io.csvws.driver;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;

/**
 * The columns of a csvws result: Calcite's answers, with every failure given a SQLState and a
 * message (see {@link SqlStates}), and {@code unwrap} answering for csvws itself.
 */
final class CsvwsResultSetMetaData implements ResultSetMetaData {
  private final ResultSetMetaData delegate;

  CsvwsResultSetMetaData(ResultSetMetaData delegate) {
    this.delegate = delegate;
  }

  @Override
  public int getColumnCount() throws SQLException {
    try {
      return delegate.getColumnCount();
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getColumnCount", null);
    }
  }

  @Override
  public boolean isAutoIncrement(int column) throws SQLException {
    try {
      return delegate.isAutoIncrement(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "isAutoIncrement", null);
    }
  }

  @Override
  public boolean isCaseSensitive(int column) throws SQLException {
    try {
      return delegate.isCaseSensitive(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "isCaseSensitive", null);
    }
  }

  @Override
  public boolean isSearchable(int column) throws SQLException {
    try {
      return delegate.isSearchable(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "isSearchable", null);
    }
  }

  @Override
  public boolean isCurrency(int column) throws SQLException {
    try {
      return delegate.isCurrency(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "isCurrency", null);
    }
  }

  @Override
  public int isNullable(int column) throws SQLException {
    try {
      return delegate.isNullable(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "isNullable", null);
    }
  }

  @Override
  public boolean isSigned(int column) throws SQLException {
    try {
      return delegate.isSigned(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "isSigned", null);
    }
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    try {
      return delegate.getColumnDisplaySize(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getColumnDisplaySize", null);
    }
  }

  @Override
  public String getColumnLabel(int column) throws SQLException {
    try {
      return delegate.getColumnLabel(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getColumnLabel", null);
    }
  }

  @Override
  public String getColumnName(int column) throws SQLException {
    try {
      return delegate.getColumnName(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getColumnName", null);
    }
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    try {
      return delegate.getSchemaName(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getSchemaName", null);
    }
  }

  @Override
  public int getPrecision(int column) throws SQLException {
    try {
      return delegate.getPrecision(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getPrecision", null);
    }
  }

  @Override
  public int getScale(int column) throws SQLException {
    try {
      return delegate.getScale(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getScale", null);
    }
  }

  @Override
  public String getTableName(int column) throws SQLException {
    try {
      return delegate.getTableName(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getTableName", null);
    }
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    try {
      return delegate.getCatalogName(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getCatalogName", null);
    }
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    try {
      return delegate.getColumnType(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getColumnType", null);
    }
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    try {
      return delegate.getColumnTypeName(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getColumnTypeName", null);
    }
  }

  @Override
  public boolean isReadOnly(int column) throws SQLException {
    try {
      return delegate.isReadOnly(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "isReadOnly", null);
    }
  }

  @Override
  public boolean isWritable(int column) throws SQLException {
    try {
      return delegate.isWritable(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "isWritable", null);
    }
  }

  @Override
  public boolean isDefinitelyWritable(int column) throws SQLException {
    try {
      return delegate.isDefinitelyWritable(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "isDefinitelyWritable", null);
    }
  }

  @Override
  public String getColumnClassName(int column) throws SQLException {
    try {
      return delegate.getColumnClassName(column);
    } catch (SQLException e) {
      throw SqlStates.complete(e, "getColumnClassName", null);
    }
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("The metadata of a csvws result does not wrap " + iface.getName()
        + ".", SqlStates.GENERAL);
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
