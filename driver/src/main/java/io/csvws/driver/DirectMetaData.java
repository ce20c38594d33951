package io.csvws.driver;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import io.csvws.engine.DirectAnswer;
import java.util.List;

/**
 * The columns of a statement the engine answered directly, saying what Calcite's connection says
 * of the same statement's (see {@link DirectAnswer.Column}).
 */
final class DirectMetaData implements ResultSetMetaData {
  private final List<DirectAnswer.Column> columns;

  DirectMetaData(List<DirectAnswer.Column> columns) {
    this.columns = List.copyOf(columns);
  }

  private DirectAnswer.Column at(int column) throws SQLException {
    if (column < 1 || column > columns.size()) {
      throw new SQLException("Column " + column + " does not exist; there are "
          + columns.size() + ".", "07009");
    }
    return columns.get(column - 1);
  }

  @Override
  public int getColumnCount() {
    return columns.size();
  }

  @Override
  public boolean isAutoIncrement(int column) throws SQLException {
    at(column);
    return false;
  }

  @Override
  public boolean isCaseSensitive(int column) throws SQLException {
    at(column);
    return true;
  }

  @Override
  public boolean isSearchable(int column) throws SQLException {
    at(column);
    return false;
  }

  @Override
  public boolean isCurrency(int column) throws SQLException {
    at(column);
    return false;
  }

  @Override
  public int isNullable(int column) throws SQLException {
    return at(column).nullability();
  }

  @Override
  public boolean isSigned(int column) throws SQLException {
    at(column);
    return true;
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    return at(column).displaySize();
  }

  @Override
  public String getColumnLabel(int column) throws SQLException {
    return at(column).label();
  }

  @Override
  public String getColumnName(int column) throws SQLException {
    return at(column).label();
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    return at(column).schema();
  }

  @Override
  public int getPrecision(int column) throws SQLException {
    return at(column).precision();
  }

  @Override
  public int getScale(int column) throws SQLException {
    return at(column).scale();
  }

  @Override
  public String getTableName(int column) throws SQLException {
    return at(column).table();
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    at(column);
    return null;
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    return at(column).jdbcType();
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    return at(column).typeName();
  }

  @Override
  public boolean isReadOnly(int column) throws SQLException {
    at(column);
    return true;
  }

  @Override
  public boolean isWritable(int column) throws SQLException {
    at(column);
    return false;
  }

  @Override
  public boolean isDefinitelyWritable(int column) throws SQLException {
    at(column);
    return false;
  }

  @Override
  public String getColumnClassName(int column) throws SQLException {
    return at(column).className();
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("Column descriptions of csvws do not wrap " + iface.getName() + ".",
        "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
