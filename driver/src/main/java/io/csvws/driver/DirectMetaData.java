package io.csvws.driver;

import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.List;
import org.apache.calcite.avatica.ColumnMetaData;

/**
 * The columns of a statement the engine answered directly, read from their Avatica descriptions
 * as Avatica's own result set reads them, so they say what Calcite's connection would say.
 */
final class DirectMetaData implements ResultSetMetaData {
  private final List<ColumnMetaData> columns;

  DirectMetaData(List<ColumnMetaData> columns) {
    this.columns = List.copyOf(columns);
  }

  private ColumnMetaData at(int column) throws SQLException {
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
    return at(column).autoIncrement;
  }

  @Override
  public boolean isCaseSensitive(int column) throws SQLException {
    return at(column).caseSensitive;
  }

  @Override
  public boolean isSearchable(int column) throws SQLException {
    return at(column).searchable;
  }

  @Override
  public boolean isCurrency(int column) throws SQLException {
    return at(column).currency;
  }

  @Override
  public int isNullable(int column) throws SQLException {
    return at(column).nullable;
  }

  @Override
  public boolean isSigned(int column) throws SQLException {
    return at(column).signed;
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    return at(column).displaySize;
  }

  @Override
  public String getColumnLabel(int column) throws SQLException {
    return at(column).label;
  }

  @Override
  public String getColumnName(int column) throws SQLException {
    return at(column).columnName;
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    return at(column).schemaName;
  }

  @Override
  public int getPrecision(int column) throws SQLException {
    return at(column).precision;
  }

  @Override
  public int getScale(int column) throws SQLException {
    return at(column).scale;
  }

  @Override
  public String getTableName(int column) throws SQLException {
    return at(column).tableName;
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    return at(column).catalogName;
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    return at(column).type.id;
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    return at(column).type.name;
  }

  @Override
  public boolean isReadOnly(int column) throws SQLException {
    return at(column).readOnly;
  }

  @Override
  public boolean isWritable(int column) throws SQLException {
    return at(column).writable;
  }

  @Override
  public boolean isDefinitelyWritable(int column) throws SQLException {
    return at(column).definitelyWritable;
  }

  @Override
  public String getColumnClassName(int column) throws SQLException {
    return at(column).columnClassName;
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
