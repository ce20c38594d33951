package io.csvws.driver;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;

/** A copy of a result set's column descriptions, valid after that result set is closed. */
final class FixedMetaData implements ResultSetMetaData {
  private final String[] labels;
  private final String[] names;
  private final int[] types;
  private final String[] typeNames;
  private final String[] classNames;
  private final int[] nullable;
  private final int[] precision;
  private final int[] scale;
  private final int[] displaySize;

  FixedMetaData(ResultSetMetaData md) throws SQLException {
    int n = md.getColumnCount();
    labels = new String[n];
    names = new String[n];
    types = new int[n];
    typeNames = new String[n];
    classNames = new String[n];
    nullable = new int[n];
    precision = new int[n];
    scale = new int[n];
    displaySize = new int[n];
    for (int i = 0; i < n; i++) {
      labels[i] = md.getColumnLabel(i + 1);
      names[i] = md.getColumnName(i + 1);
      types[i] = md.getColumnType(i + 1);
      typeNames[i] = md.getColumnTypeName(i + 1);
      classNames[i] = md.getColumnClassName(i + 1);
      nullable[i] = md.isNullable(i + 1);
      precision[i] = md.getPrecision(i + 1);
      scale[i] = md.getScale(i + 1);
      displaySize[i] = md.getColumnDisplaySize(i + 1);
    }
  }

  private int at(int column) throws SQLException {
    if (column < 1 || column > labels.length) {
      throw new SQLException("Column " + column + " does not exist; there are " + labels.length
          + ".", "07009");
    }
    return column - 1;
  }

  @Override
  public int getColumnCount() {
    return labels.length;
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
    return true;
  }

  @Override
  public boolean isCurrency(int column) throws SQLException {
    at(column);
    return false;
  }

  @Override
  public int isNullable(int column) throws SQLException {
    return nullable[at(column)];
  }

  @Override
  public boolean isSigned(int column) throws SQLException {
    at(column);
    return true;
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    return displaySize[at(column)];
  }

  @Override
  public String getColumnLabel(int column) throws SQLException {
    return labels[at(column)];
  }

  @Override
  public String getColumnName(int column) throws SQLException {
    return names[at(column)];
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    at(column);
    return "";
  }

  @Override
  public int getPrecision(int column) throws SQLException {
    return precision[at(column)];
  }

  @Override
  public int getScale(int column) throws SQLException {
    return scale[at(column)];
  }

  @Override
  public String getTableName(int column) throws SQLException {
    at(column);
    return "";
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    at(column);
    return "";
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    return types[at(column)];
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    return typeNames[at(column)];
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
    return classNames[at(column)];
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("Column descriptions do not wrap " + iface.getName() + ".", "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
