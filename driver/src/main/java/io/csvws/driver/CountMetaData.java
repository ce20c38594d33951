package io.csvws.driver;

import io.csvws.engine.DirectAnswer;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;

/**
 * The one column of a {@code COUNT(*)} the engine answered directly, described as Calcite's
 * connection describes it: {@code EXPR$0}, {@code BIGINT NOT NULL}, no table, schema or catalog,
 * read-only. Without Avatica's column descriptions, whose first use costs a fresh JVM more than
 * the count itself.
 */
final class CountMetaData implements ResultSetMetaData {
  static final CountMetaData INSTANCE = new CountMetaData();

  private CountMetaData() {
  }

  private static void check(int column) throws SQLException {
    if (column != 1) {
      throw new SQLException("Column " + column + " does not exist; there is 1.", "07009");
    }
  }

  @Override
  public int getColumnCount() {
    return 1;
  }

  @Override
  public boolean isAutoIncrement(int column) throws SQLException {
    check(column);
    return false;
  }

  @Override
  public boolean isCaseSensitive(int column) throws SQLException {
    check(column);
    return true;
  }

  @Override
  public boolean isSearchable(int column) throws SQLException {
    check(column);
    return false;
  }

  @Override
  public boolean isCurrency(int column) throws SQLException {
    check(column);
    return false;
  }

  @Override
  public int isNullable(int column) throws SQLException {
    check(column);
    return columnNoNulls;
  }

  @Override
  public boolean isSigned(int column) throws SQLException {
    check(column);
    return true;
  }

  @Override
  public int getColumnDisplaySize(int column) throws SQLException {
    check(column);
    return DirectAnswer.Count.PRECISION;
  }

  @Override
  public String getColumnLabel(int column) throws SQLException {
    check(column);
    return DirectAnswer.Count.LABEL;
  }

  @Override
  public String getColumnName(int column) throws SQLException {
    check(column);
    return DirectAnswer.Count.LABEL;
  }

  @Override
  public String getSchemaName(int column) throws SQLException {
    check(column);
    return null;
  }

  @Override
  public int getPrecision(int column) throws SQLException {
    check(column);
    return DirectAnswer.Count.PRECISION;
  }

  @Override
  public int getScale(int column) throws SQLException {
    check(column);
    return 0;
  }

  @Override
  public String getTableName(int column) throws SQLException {
    check(column);
    return null;
  }

  @Override
  public String getCatalogName(int column) throws SQLException {
    check(column);
    return null;
  }

  @Override
  public int getColumnType(int column) throws SQLException {
    check(column);
    return Types.BIGINT;
  }

  @Override
  public String getColumnTypeName(int column) throws SQLException {
    check(column);
    return "BIGINT";
  }

  @Override
  public boolean isReadOnly(int column) throws SQLException {
    check(column);
    return true;
  }

  @Override
  public boolean isWritable(int column) throws SQLException {
    check(column);
    return false;
  }

  @Override
  public boolean isDefinitelyWritable(int column) throws SQLException {
    check(column);
    return false;
  }

  @Override
  public String getColumnClassName(int column) throws SQLException {
    check(column);
    return Long.class.getName();
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
