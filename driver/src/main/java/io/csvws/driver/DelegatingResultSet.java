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
 * Forwards every {@link ResultSet} method to a delegate, so that the csvws class extending it holds
 * only what csvws changes. The method list is the JDBC 4.3 interface, generated mechanically.
 * A getter's failure (a value that cannot be converted, a column that does not exist) leaves with
 * a SQLState ({@link SqlErrors#fetch}), which Avatica's own do not have.
 */
@SuppressWarnings("deprecation")
abstract class DelegatingResultSet implements ResultSet {
  protected final ResultSet delegate;

  DelegatingResultSet(ResultSet delegate) {
    this.delegate = delegate;
  }

  /** {@code e} with a SQLState and a message (see {@link SqlStates}). */
  SQLException failed(Exception e, String method) {
    return SqlStates.complete(asSql(e), method, null);
  }

  /** {@code e} with a SQLState and a message that names the column read. */
  SQLException failed(Exception e, String method, int columnIndex) {
    return SqlStates.complete(asSql(e), method, describe(columnIndex));
  }

  /** {@code e} with a SQLState and a message that names the column read. */
  SQLException failed(Exception e, String method, String columnLabel) {
    return SqlStates.complete(asSql(e), method, describe(columnLabel));
  }

  /** Avatica's getters also fail with unchecked exceptions (a number that does not parse). */
  private static SQLException asSql(Exception e) {
    return e instanceof SQLException sql ? sql : SqlErrors.fetch(e);
  }

  /** {@code column 2 ("name", VARCHAR)}, or null when the result cannot say. */
  private String describe(int columnIndex) {
    try {
      ResultSetMetaData md = delegate.getMetaData();
      return "column " + columnIndex + " (\"" + md.getColumnLabel(columnIndex) + "\", "
          + JdbcColumns.typeName(md.getColumnType(columnIndex), md.getColumnTypeName(columnIndex))
          + ")";
    } catch (SQLException | RuntimeException e) {
      return null;
    }
  }

  private String describe(String columnLabel) {
    try {
      return describe(delegate.findColumn(columnLabel));
    } catch (SQLException | RuntimeException e) {
      return null;
    }
  }


  @Override
  public boolean next() throws SQLException {
    try {
      return delegate.next();
    } catch (SQLException e) {
      throw failed(e, "next");
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
  public boolean wasNull() throws SQLException {
    try {
      return delegate.wasNull();
    } catch (SQLException e) {
      throw failed(e, "wasNull");
    }
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    try {
      return delegate.getString(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getString", columnIndex);
    }
  }

  @Override
  public boolean getBoolean(int columnIndex) throws SQLException {
    try {
      return delegate.getBoolean(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBoolean", columnIndex);
    }
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    try {
      return delegate.getByte(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getByte", columnIndex);
    }
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    try {
      return delegate.getShort(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getShort", columnIndex);
    }
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    try {
      return delegate.getInt(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getInt", columnIndex);
    }
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    try {
      return delegate.getLong(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getLong", columnIndex);
    }
  }

  @Override
  public float getFloat(int columnIndex) throws SQLException {
    try {
      return delegate.getFloat(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getFloat", columnIndex);
    }
  }

  @Override
  public double getDouble(int columnIndex) throws SQLException {
    try {
      return delegate.getDouble(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getDouble", columnIndex);
    }
  }

  @Deprecated
  @Override
  public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
    try {
      return delegate.getBigDecimal(columnIndex, scale);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBigDecimal", columnIndex);
    }
  }

  @Override
  public byte[] getBytes(int columnIndex) throws SQLException {
    try {
      return delegate.getBytes(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBytes", columnIndex);
    }
  }

  @Override
  public java.sql.Date getDate(int columnIndex) throws SQLException {
    try {
      return delegate.getDate(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getDate", columnIndex);
    }
  }

  @Override
  public java.sql.Time getTime(int columnIndex) throws SQLException {
    try {
      return delegate.getTime(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getTime", columnIndex);
    }
  }

  @Override
  public java.sql.Timestamp getTimestamp(int columnIndex) throws SQLException {
    try {
      return delegate.getTimestamp(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getTimestamp", columnIndex);
    }
  }

  @Override
  public java.io.InputStream getAsciiStream(int columnIndex) throws SQLException {
    try {
      return delegate.getAsciiStream(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getAsciiStream", columnIndex);
    }
  }

  @Deprecated
  @Override
  public java.io.InputStream getUnicodeStream(int columnIndex) throws SQLException {
    try {
      return delegate.getUnicodeStream(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getUnicodeStream", columnIndex);
    }
  }

  @Override
  public java.io.InputStream getBinaryStream(int columnIndex) throws SQLException {
    try {
      return delegate.getBinaryStream(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBinaryStream", columnIndex);
    }
  }

  @Override
  public String getString(String columnLabel) throws SQLException {
    try {
      return delegate.getString(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getString", columnLabel);
    }
  }

  @Override
  public boolean getBoolean(String columnLabel) throws SQLException {
    try {
      return delegate.getBoolean(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBoolean", columnLabel);
    }
  }

  @Override
  public byte getByte(String columnLabel) throws SQLException {
    try {
      return delegate.getByte(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getByte", columnLabel);
    }
  }

  @Override
  public short getShort(String columnLabel) throws SQLException {
    try {
      return delegate.getShort(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getShort", columnLabel);
    }
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    try {
      return delegate.getInt(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getInt", columnLabel);
    }
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    try {
      return delegate.getLong(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getLong", columnLabel);
    }
  }

  @Override
  public float getFloat(String columnLabel) throws SQLException {
    try {
      return delegate.getFloat(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getFloat", columnLabel);
    }
  }

  @Override
  public double getDouble(String columnLabel) throws SQLException {
    try {
      return delegate.getDouble(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getDouble", columnLabel);
    }
  }

  @Deprecated
  @Override
  public BigDecimal getBigDecimal(String columnLabel, int scale) throws SQLException {
    try {
      return delegate.getBigDecimal(columnLabel, scale);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBigDecimal", columnLabel);
    }
  }

  @Override
  public byte[] getBytes(String columnLabel) throws SQLException {
    try {
      return delegate.getBytes(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBytes", columnLabel);
    }
  }

  @Override
  public java.sql.Date getDate(String columnLabel) throws SQLException {
    try {
      return delegate.getDate(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getDate", columnLabel);
    }
  }

  @Override
  public java.sql.Time getTime(String columnLabel) throws SQLException {
    try {
      return delegate.getTime(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getTime", columnLabel);
    }
  }

  @Override
  public java.sql.Timestamp getTimestamp(String columnLabel) throws SQLException {
    try {
      return delegate.getTimestamp(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getTimestamp", columnLabel);
    }
  }

  @Override
  public java.io.InputStream getAsciiStream(String columnLabel) throws SQLException {
    try {
      return delegate.getAsciiStream(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getAsciiStream", columnLabel);
    }
  }

  @Deprecated
  @Override
  public java.io.InputStream getUnicodeStream(String columnLabel) throws SQLException {
    try {
      return delegate.getUnicodeStream(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getUnicodeStream", columnLabel);
    }
  }

  @Override
  public java.io.InputStream getBinaryStream(String columnLabel) throws SQLException {
    try {
      return delegate.getBinaryStream(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBinaryStream", columnLabel);
    }
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    try {
      return delegate.getWarnings();
    } catch (SQLException | RuntimeException e) {
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
  public String getCursorName() throws SQLException {
    try {
      return delegate.getCursorName();
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getCursorName");
    }
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    try {
      return delegate.getMetaData();
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getMetaData");
    }
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    try {
      return delegate.getObject(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getObject", columnIndex);
    }
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    try {
      return delegate.getObject(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getObject", columnLabel);
    }
  }

  @Override
  public int findColumn(String columnLabel) throws SQLException {
    try {
      return delegate.findColumn(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "findColumn", columnLabel);
    }
  }

  @Override
  public java.io.Reader getCharacterStream(int columnIndex) throws SQLException {
    try {
      return delegate.getCharacterStream(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getCharacterStream", columnIndex);
    }
  }

  @Override
  public java.io.Reader getCharacterStream(String columnLabel) throws SQLException {
    try {
      return delegate.getCharacterStream(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getCharacterStream", columnLabel);
    }
  }

  @Override
  public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
    try {
      return delegate.getBigDecimal(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBigDecimal", columnIndex);
    }
  }

  @Override
  public BigDecimal getBigDecimal(String columnLabel) throws SQLException {
    try {
      return delegate.getBigDecimal(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBigDecimal", columnLabel);
    }
  }

  @Override
  public boolean isBeforeFirst() throws SQLException {
    try {
      return delegate.isBeforeFirst();
    } catch (SQLException e) {
      throw failed(e, "isBeforeFirst");
    }
  }

  @Override
  public boolean isAfterLast() throws SQLException {
    try {
      return delegate.isAfterLast();
    } catch (SQLException e) {
      throw failed(e, "isAfterLast");
    }
  }

  @Override
  public boolean isFirst() throws SQLException {
    try {
      return delegate.isFirst();
    } catch (SQLException e) {
      throw failed(e, "isFirst");
    }
  }

  @Override
  public boolean isLast() throws SQLException {
    try {
      return delegate.isLast();
    } catch (SQLException e) {
      throw failed(e, "isLast");
    }
  }

  @Override
  public void beforeFirst() throws SQLException {
    try {
      delegate.beforeFirst();
    } catch (SQLException e) {
      throw failed(e, "beforeFirst");
    }
  }

  @Override
  public void afterLast() throws SQLException {
    try {
      delegate.afterLast();
    } catch (SQLException e) {
      throw failed(e, "afterLast");
    }
  }

  @Override
  public boolean first() throws SQLException {
    try {
      return delegate.first();
    } catch (SQLException e) {
      throw failed(e, "first");
    }
  }

  @Override
  public boolean last() throws SQLException {
    try {
      return delegate.last();
    } catch (SQLException e) {
      throw failed(e, "last");
    }
  }

  @Override
  public int getRow() throws SQLException {
    try {
      return delegate.getRow();
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getRow");
    }
  }

  @Override
  public boolean absolute(int row) throws SQLException {
    try {
      return delegate.absolute(row);
    } catch (SQLException e) {
      throw failed(e, "absolute");
    }
  }

  @Override
  public boolean relative(int rows) throws SQLException {
    try {
      return delegate.relative(rows);
    } catch (SQLException e) {
      throw failed(e, "relative");
    }
  }

  @Override
  public boolean previous() throws SQLException {
    try {
      return delegate.previous();
    } catch (SQLException e) {
      throw failed(e, "previous");
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
    } catch (SQLException | RuntimeException e) {
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
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getFetchSize");
    }
  }

  @Override
  public int getType() throws SQLException {
    try {
      return delegate.getType();
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getType");
    }
  }

  @Override
  public int getConcurrency() throws SQLException {
    try {
      return delegate.getConcurrency();
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getConcurrency");
    }
  }

  @Override
  public boolean rowUpdated() throws SQLException {
    try {
      return delegate.rowUpdated();
    } catch (SQLException e) {
      throw failed(e, "rowUpdated");
    }
  }

  @Override
  public boolean rowInserted() throws SQLException {
    try {
      return delegate.rowInserted();
    } catch (SQLException e) {
      throw failed(e, "rowInserted");
    }
  }

  @Override
  public boolean rowDeleted() throws SQLException {
    try {
      return delegate.rowDeleted();
    } catch (SQLException e) {
      throw failed(e, "rowDeleted");
    }
  }

  @Override
  public void updateNull(int columnIndex) throws SQLException {
    try {
      delegate.updateNull(columnIndex);
    } catch (SQLException e) {
      throw failed(e, "updateNull", columnIndex);
    }
  }

  @Override
  public void updateBoolean(int columnIndex, boolean x) throws SQLException {
    try {
      delegate.updateBoolean(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateBoolean", columnIndex);
    }
  }

  @Override
  public void updateByte(int columnIndex, byte x) throws SQLException {
    try {
      delegate.updateByte(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateByte", columnIndex);
    }
  }

  @Override
  public void updateShort(int columnIndex, short x) throws SQLException {
    try {
      delegate.updateShort(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateShort", columnIndex);
    }
  }

  @Override
  public void updateInt(int columnIndex, int x) throws SQLException {
    try {
      delegate.updateInt(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateInt", columnIndex);
    }
  }

  @Override
  public void updateLong(int columnIndex, long x) throws SQLException {
    try {
      delegate.updateLong(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateLong", columnIndex);
    }
  }

  @Override
  public void updateFloat(int columnIndex, float x) throws SQLException {
    try {
      delegate.updateFloat(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateFloat", columnIndex);
    }
  }

  @Override
  public void updateDouble(int columnIndex, double x) throws SQLException {
    try {
      delegate.updateDouble(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateDouble", columnIndex);
    }
  }

  @Override
  public void updateBigDecimal(int columnIndex, BigDecimal x) throws SQLException {
    try {
      delegate.updateBigDecimal(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateBigDecimal", columnIndex);
    }
  }

  @Override
  public void updateString(int columnIndex, String x) throws SQLException {
    try {
      delegate.updateString(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateString", columnIndex);
    }
  }

  @Override
  public void updateBytes(int columnIndex, byte[] x) throws SQLException {
    try {
      delegate.updateBytes(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateBytes", columnIndex);
    }
  }

  @Override
  public void updateDate(int columnIndex, java.sql.Date x) throws SQLException {
    try {
      delegate.updateDate(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateDate", columnIndex);
    }
  }

  @Override
  public void updateTime(int columnIndex, java.sql.Time x) throws SQLException {
    try {
      delegate.updateTime(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateTime", columnIndex);
    }
  }

  @Override
  public void updateTimestamp(int columnIndex, java.sql.Timestamp x) throws SQLException {
    try {
      delegate.updateTimestamp(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateTimestamp", columnIndex);
    }
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream x, int length) throws SQLException {
    try {
      delegate.updateAsciiStream(columnIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateAsciiStream", columnIndex);
    }
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream x, int length) throws SQLException {
    try {
      delegate.updateBinaryStream(columnIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateBinaryStream", columnIndex);
    }
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader x, int length) throws SQLException {
    try {
      delegate.updateCharacterStream(columnIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateCharacterStream", columnIndex);
    }
  }

  @Override
  public void updateObject(int columnIndex, Object x, int scaleOrLength) throws SQLException {
    try {
      delegate.updateObject(columnIndex, x, scaleOrLength);
    } catch (SQLException e) {
      throw failed(e, "updateObject", columnIndex);
    }
  }

  @Override
  public void updateObject(int columnIndex, Object x) throws SQLException {
    try {
      delegate.updateObject(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateObject", columnIndex);
    }
  }

  @Override
  public void updateNull(String columnLabel) throws SQLException {
    try {
      delegate.updateNull(columnLabel);
    } catch (SQLException e) {
      throw failed(e, "updateNull", columnLabel);
    }
  }

  @Override
  public void updateBoolean(String columnLabel, boolean x) throws SQLException {
    try {
      delegate.updateBoolean(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateBoolean", columnLabel);
    }
  }

  @Override
  public void updateByte(String columnLabel, byte x) throws SQLException {
    try {
      delegate.updateByte(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateByte", columnLabel);
    }
  }

  @Override
  public void updateShort(String columnLabel, short x) throws SQLException {
    try {
      delegate.updateShort(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateShort", columnLabel);
    }
  }

  @Override
  public void updateInt(String columnLabel, int x) throws SQLException {
    try {
      delegate.updateInt(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateInt", columnLabel);
    }
  }

  @Override
  public void updateLong(String columnLabel, long x) throws SQLException {
    try {
      delegate.updateLong(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateLong", columnLabel);
    }
  }

  @Override
  public void updateFloat(String columnLabel, float x) throws SQLException {
    try {
      delegate.updateFloat(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateFloat", columnLabel);
    }
  }

  @Override
  public void updateDouble(String columnLabel, double x) throws SQLException {
    try {
      delegate.updateDouble(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateDouble", columnLabel);
    }
  }

  @Override
  public void updateBigDecimal(String columnLabel, BigDecimal x) throws SQLException {
    try {
      delegate.updateBigDecimal(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateBigDecimal", columnLabel);
    }
  }

  @Override
  public void updateString(String columnLabel, String x) throws SQLException {
    try {
      delegate.updateString(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateString", columnLabel);
    }
  }

  @Override
  public void updateBytes(String columnLabel, byte[] x) throws SQLException {
    try {
      delegate.updateBytes(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateBytes", columnLabel);
    }
  }

  @Override
  public void updateDate(String columnLabel, java.sql.Date x) throws SQLException {
    try {
      delegate.updateDate(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateDate", columnLabel);
    }
  }

  @Override
  public void updateTime(String columnLabel, java.sql.Time x) throws SQLException {
    try {
      delegate.updateTime(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateTime", columnLabel);
    }
  }

  @Override
  public void updateTimestamp(String columnLabel, java.sql.Timestamp x) throws SQLException {
    try {
      delegate.updateTimestamp(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateTimestamp", columnLabel);
    }
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream x, int length) throws SQLException {
    try {
      delegate.updateAsciiStream(columnLabel, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateAsciiStream", columnLabel);
    }
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream x, int length) throws SQLException {
    try {
      delegate.updateBinaryStream(columnLabel, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateBinaryStream", columnLabel);
    }
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader reader, int length) throws SQLException {
    try {
      delegate.updateCharacterStream(columnLabel, reader, length);
    } catch (SQLException e) {
      throw failed(e, "updateCharacterStream", columnLabel);
    }
  }

  @Override
  public void updateObject(String columnLabel, Object x, int scaleOrLength) throws SQLException {
    try {
      delegate.updateObject(columnLabel, x, scaleOrLength);
    } catch (SQLException e) {
      throw failed(e, "updateObject", columnLabel);
    }
  }

  @Override
  public void updateObject(String columnLabel, Object x) throws SQLException {
    try {
      delegate.updateObject(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateObject", columnLabel);
    }
  }

  @Override
  public void insertRow() throws SQLException {
    try {
      delegate.insertRow();
    } catch (SQLException e) {
      throw failed(e, "insertRow");
    }
  }

  @Override
  public void updateRow() throws SQLException {
    try {
      delegate.updateRow();
    } catch (SQLException e) {
      throw failed(e, "updateRow");
    }
  }

  @Override
  public void deleteRow() throws SQLException {
    try {
      delegate.deleteRow();
    } catch (SQLException e) {
      throw failed(e, "deleteRow");
    }
  }

  @Override
  public void refreshRow() throws SQLException {
    try {
      delegate.refreshRow();
    } catch (SQLException e) {
      throw failed(e, "refreshRow");
    }
  }

  @Override
  public void cancelRowUpdates() throws SQLException {
    try {
      delegate.cancelRowUpdates();
    } catch (SQLException e) {
      throw failed(e, "cancelRowUpdates");
    }
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    try {
      delegate.moveToInsertRow();
    } catch (SQLException e) {
      throw failed(e, "moveToInsertRow");
    }
  }

  @Override
  public void moveToCurrentRow() throws SQLException {
    try {
      delegate.moveToCurrentRow();
    } catch (SQLException e) {
      throw failed(e, "moveToCurrentRow");
    }
  }

  @Override
  public Statement getStatement() throws SQLException {
    try {
      return delegate.getStatement();
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getStatement");
    }
  }

  @Override
  public Object getObject(int columnIndex, java.util.Map<String, Class<?>> map) throws SQLException {
    try {
      return delegate.getObject(columnIndex, map);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getObject", columnIndex);
    }
  }

  @Override
  public Ref getRef(int columnIndex) throws SQLException {
    try {
      return delegate.getRef(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getRef", columnIndex);
    }
  }

  @Override
  public Blob getBlob(int columnIndex) throws SQLException {
    try {
      return delegate.getBlob(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBlob", columnIndex);
    }
  }

  @Override
  public Clob getClob(int columnIndex) throws SQLException {
    try {
      return delegate.getClob(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getClob", columnIndex);
    }
  }

  @Override
  public Array getArray(int columnIndex) throws SQLException {
    try {
      return delegate.getArray(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getArray", columnIndex);
    }
  }

  @Override
  public Object getObject(String columnLabel, java.util.Map<String, Class<?>> map) throws SQLException {
    try {
      return delegate.getObject(columnLabel, map);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getObject", columnLabel);
    }
  }

  @Override
  public Ref getRef(String columnLabel) throws SQLException {
    try {
      return delegate.getRef(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getRef", columnLabel);
    }
  }

  @Override
  public Blob getBlob(String columnLabel) throws SQLException {
    try {
      return delegate.getBlob(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getBlob", columnLabel);
    }
  }

  @Override
  public Clob getClob(String columnLabel) throws SQLException {
    try {
      return delegate.getClob(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getClob", columnLabel);
    }
  }

  @Override
  public Array getArray(String columnLabel) throws SQLException {
    try {
      return delegate.getArray(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getArray", columnLabel);
    }
  }

  @Override
  public java.sql.Date getDate(int columnIndex, Calendar cal) throws SQLException {
    try {
      return delegate.getDate(columnIndex, cal);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getDate", columnIndex);
    }
  }

  @Override
  public java.sql.Date getDate(String columnLabel, Calendar cal) throws SQLException {
    try {
      return delegate.getDate(columnLabel, cal);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getDate", columnLabel);
    }
  }

  @Override
  public java.sql.Time getTime(int columnIndex, Calendar cal) throws SQLException {
    try {
      return delegate.getTime(columnIndex, cal);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getTime", columnIndex);
    }
  }

  @Override
  public java.sql.Time getTime(String columnLabel, Calendar cal) throws SQLException {
    try {
      return delegate.getTime(columnLabel, cal);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getTime", columnLabel);
    }
  }

  @Override
  public java.sql.Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
    try {
      return delegate.getTimestamp(columnIndex, cal);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getTimestamp", columnIndex);
    }
  }

  @Override
  public java.sql.Timestamp getTimestamp(String columnLabel, Calendar cal) throws SQLException {
    try {
      return delegate.getTimestamp(columnLabel, cal);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getTimestamp", columnLabel);
    }
  }

  @Override
  public java.net.URL getURL(int columnIndex) throws SQLException {
    try {
      return delegate.getURL(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getURL", columnIndex);
    }
  }

  @Override
  public java.net.URL getURL(String columnLabel) throws SQLException {
    try {
      return delegate.getURL(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getURL", columnLabel);
    }
  }

  @Override
  public void updateRef(int columnIndex, java.sql.Ref x) throws SQLException {
    try {
      delegate.updateRef(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateRef", columnIndex);
    }
  }

  @Override
  public void updateRef(String columnLabel, java.sql.Ref x) throws SQLException {
    try {
      delegate.updateRef(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateRef", columnLabel);
    }
  }

  @Override
  public void updateBlob(int columnIndex, java.sql.Blob x) throws SQLException {
    try {
      delegate.updateBlob(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateBlob", columnIndex);
    }
  }

  @Override
  public void updateBlob(String columnLabel, java.sql.Blob x) throws SQLException {
    try {
      delegate.updateBlob(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateBlob", columnLabel);
    }
  }

  @Override
  public void updateClob(int columnIndex, java.sql.Clob x) throws SQLException {
    try {
      delegate.updateClob(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateClob", columnIndex);
    }
  }

  @Override
  public void updateClob(String columnLabel, java.sql.Clob x) throws SQLException {
    try {
      delegate.updateClob(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateClob", columnLabel);
    }
  }

  @Override
  public void updateArray(int columnIndex, java.sql.Array x) throws SQLException {
    try {
      delegate.updateArray(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateArray", columnIndex);
    }
  }

  @Override
  public void updateArray(String columnLabel, java.sql.Array x) throws SQLException {
    try {
      delegate.updateArray(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateArray", columnLabel);
    }
  }

  @Override
  public RowId getRowId(int columnIndex) throws SQLException {
    try {
      return delegate.getRowId(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getRowId", columnIndex);
    }
  }

  @Override
  public RowId getRowId(String columnLabel) throws SQLException {
    try {
      return delegate.getRowId(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getRowId", columnLabel);
    }
  }

  @Override
  public void updateRowId(int columnIndex, RowId x) throws SQLException {
    try {
      delegate.updateRowId(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateRowId", columnIndex);
    }
  }

  @Override
  public void updateRowId(String columnLabel, RowId x) throws SQLException {
    try {
      delegate.updateRowId(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateRowId", columnLabel);
    }
  }

  @Override
  public int getHoldability() throws SQLException {
    try {
      return delegate.getHoldability();
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getHoldability");
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
  public void updateNString(int columnIndex, String nString) throws SQLException {
    try {
      delegate.updateNString(columnIndex, nString);
    } catch (SQLException e) {
      throw failed(e, "updateNString", columnIndex);
    }
  }

  @Override
  public void updateNString(String columnLabel, String nString) throws SQLException {
    try {
      delegate.updateNString(columnLabel, nString);
    } catch (SQLException e) {
      throw failed(e, "updateNString", columnLabel);
    }
  }

  @Override
  public void updateNClob(int columnIndex, NClob nClob) throws SQLException {
    try {
      delegate.updateNClob(columnIndex, nClob);
    } catch (SQLException e) {
      throw failed(e, "updateNClob", columnIndex);
    }
  }

  @Override
  public void updateNClob(String columnLabel, NClob nClob) throws SQLException {
    try {
      delegate.updateNClob(columnLabel, nClob);
    } catch (SQLException e) {
      throw failed(e, "updateNClob", columnLabel);
    }
  }

  @Override
  public NClob getNClob(int columnIndex) throws SQLException {
    try {
      return delegate.getNClob(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getNClob", columnIndex);
    }
  }

  @Override
  public NClob getNClob(String columnLabel) throws SQLException {
    try {
      return delegate.getNClob(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getNClob", columnLabel);
    }
  }

  @Override
  public SQLXML getSQLXML(int columnIndex) throws SQLException {
    try {
      return delegate.getSQLXML(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getSQLXML", columnIndex);
    }
  }

  @Override
  public SQLXML getSQLXML(String columnLabel) throws SQLException {
    try {
      return delegate.getSQLXML(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getSQLXML", columnLabel);
    }
  }

  @Override
  public void updateSQLXML(int columnIndex, SQLXML xmlObject) throws SQLException {
    try {
      delegate.updateSQLXML(columnIndex, xmlObject);
    } catch (SQLException e) {
      throw failed(e, "updateSQLXML", columnIndex);
    }
  }

  @Override
  public void updateSQLXML(String columnLabel, SQLXML xmlObject) throws SQLException {
    try {
      delegate.updateSQLXML(columnLabel, xmlObject);
    } catch (SQLException e) {
      throw failed(e, "updateSQLXML", columnLabel);
    }
  }

  @Override
  public String getNString(int columnIndex) throws SQLException {
    try {
      return delegate.getNString(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getNString", columnIndex);
    }
  }

  @Override
  public String getNString(String columnLabel) throws SQLException {
    try {
      return delegate.getNString(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getNString", columnLabel);
    }
  }

  @Override
  public java.io.Reader getNCharacterStream(int columnIndex) throws SQLException {
    try {
      return delegate.getNCharacterStream(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getNCharacterStream", columnIndex);
    }
  }

  @Override
  public java.io.Reader getNCharacterStream(String columnLabel) throws SQLException {
    try {
      return delegate.getNCharacterStream(columnLabel);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getNCharacterStream", columnLabel);
    }
  }

  @Override
  public void updateNCharacterStream(int columnIndex, java.io.Reader x, long length) throws SQLException {
    try {
      delegate.updateNCharacterStream(columnIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateNCharacterStream", columnIndex);
    }
  }

  @Override
  public void updateNCharacterStream(String columnLabel, java.io.Reader reader, long length) throws SQLException {
    try {
      delegate.updateNCharacterStream(columnLabel, reader, length);
    } catch (SQLException e) {
      throw failed(e, "updateNCharacterStream", columnLabel);
    }
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream x, long length) throws SQLException {
    try {
      delegate.updateAsciiStream(columnIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateAsciiStream", columnIndex);
    }
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream x, long length) throws SQLException {
    try {
      delegate.updateBinaryStream(columnIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateBinaryStream", columnIndex);
    }
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader x, long length) throws SQLException {
    try {
      delegate.updateCharacterStream(columnIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateCharacterStream", columnIndex);
    }
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream x, long length) throws SQLException {
    try {
      delegate.updateAsciiStream(columnLabel, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateAsciiStream", columnLabel);
    }
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream x, long length) throws SQLException {
    try {
      delegate.updateBinaryStream(columnLabel, x, length);
    } catch (SQLException e) {
      throw failed(e, "updateBinaryStream", columnLabel);
    }
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader reader, long length) throws SQLException {
    try {
      delegate.updateCharacterStream(columnLabel, reader, length);
    } catch (SQLException e) {
      throw failed(e, "updateCharacterStream", columnLabel);
    }
  }

  @Override
  public void updateBlob(int columnIndex, InputStream inputStream, long length) throws SQLException {
    try {
      delegate.updateBlob(columnIndex, inputStream, length);
    } catch (SQLException e) {
      throw failed(e, "updateBlob", columnIndex);
    }
  }

  @Override
  public void updateBlob(String columnLabel, InputStream inputStream, long length) throws SQLException {
    try {
      delegate.updateBlob(columnLabel, inputStream, length);
    } catch (SQLException e) {
      throw failed(e, "updateBlob", columnLabel);
    }
  }

  @Override
  public void updateClob(int columnIndex, Reader reader, long length) throws SQLException {
    try {
      delegate.updateClob(columnIndex, reader, length);
    } catch (SQLException e) {
      throw failed(e, "updateClob", columnIndex);
    }
  }

  @Override
  public void updateClob(String columnLabel, Reader reader, long length) throws SQLException {
    try {
      delegate.updateClob(columnLabel, reader, length);
    } catch (SQLException e) {
      throw failed(e, "updateClob", columnLabel);
    }
  }

  @Override
  public void updateNClob(int columnIndex, Reader reader, long length) throws SQLException {
    try {
      delegate.updateNClob(columnIndex, reader, length);
    } catch (SQLException e) {
      throw failed(e, "updateNClob", columnIndex);
    }
  }

  @Override
  public void updateNClob(String columnLabel, Reader reader, long length) throws SQLException {
    try {
      delegate.updateNClob(columnLabel, reader, length);
    } catch (SQLException e) {
      throw failed(e, "updateNClob", columnLabel);
    }
  }

  @Override
  public void updateNCharacterStream(int columnIndex, java.io.Reader x) throws SQLException {
    try {
      delegate.updateNCharacterStream(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateNCharacterStream", columnIndex);
    }
  }

  @Override
  public void updateNCharacterStream(String columnLabel, java.io.Reader reader) throws SQLException {
    try {
      delegate.updateNCharacterStream(columnLabel, reader);
    } catch (SQLException e) {
      throw failed(e, "updateNCharacterStream", columnLabel);
    }
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream x) throws SQLException {
    try {
      delegate.updateAsciiStream(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateAsciiStream", columnIndex);
    }
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream x) throws SQLException {
    try {
      delegate.updateBinaryStream(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateBinaryStream", columnIndex);
    }
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader x) throws SQLException {
    try {
      delegate.updateCharacterStream(columnIndex, x);
    } catch (SQLException e) {
      throw failed(e, "updateCharacterStream", columnIndex);
    }
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream x) throws SQLException {
    try {
      delegate.updateAsciiStream(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateAsciiStream", columnLabel);
    }
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream x) throws SQLException {
    try {
      delegate.updateBinaryStream(columnLabel, x);
    } catch (SQLException e) {
      throw failed(e, "updateBinaryStream", columnLabel);
    }
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader reader) throws SQLException {
    try {
      delegate.updateCharacterStream(columnLabel, reader);
    } catch (SQLException e) {
      throw failed(e, "updateCharacterStream", columnLabel);
    }
  }

  @Override
  public void updateBlob(int columnIndex, InputStream inputStream) throws SQLException {
    try {
      delegate.updateBlob(columnIndex, inputStream);
    } catch (SQLException e) {
      throw failed(e, "updateBlob", columnIndex);
    }
  }

  @Override
  public void updateBlob(String columnLabel, InputStream inputStream) throws SQLException {
    try {
      delegate.updateBlob(columnLabel, inputStream);
    } catch (SQLException e) {
      throw failed(e, "updateBlob", columnLabel);
    }
  }

  @Override
  public void updateClob(int columnIndex, Reader reader) throws SQLException {
    try {
      delegate.updateClob(columnIndex, reader);
    } catch (SQLException e) {
      throw failed(e, "updateClob", columnIndex);
    }
  }

  @Override
  public void updateClob(String columnLabel, Reader reader) throws SQLException {
    try {
      delegate.updateClob(columnLabel, reader);
    } catch (SQLException e) {
      throw failed(e, "updateClob", columnLabel);
    }
  }

  @Override
  public void updateNClob(int columnIndex, Reader reader) throws SQLException {
    try {
      delegate.updateNClob(columnIndex, reader);
    } catch (SQLException e) {
      throw failed(e, "updateNClob", columnIndex);
    }
  }

  @Override
  public void updateNClob(String columnLabel, Reader reader) throws SQLException {
    try {
      delegate.updateNClob(columnLabel, reader);
    } catch (SQLException e) {
      throw failed(e, "updateNClob", columnLabel);
    }
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    try {
      return delegate.getObject(columnIndex, type);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getObject", columnIndex);
    }
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    try {
      return delegate.getObject(columnLabel, type);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getObject", columnLabel);
    }
  }

  @Override
  public void updateObject(int columnIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    try {
      delegate.updateObject(columnIndex, x, targetSqlType, scaleOrLength);
    } catch (SQLException e) {
      throw failed(e, "updateObject", columnIndex);
    }
  }

  @Override
  public void updateObject(String columnLabel, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    try {
      delegate.updateObject(columnLabel, x, targetSqlType, scaleOrLength);
    } catch (SQLException e) {
      throw failed(e, "updateObject", columnLabel);
    }
  }

  @Override
  public void updateObject(int columnIndex, Object x, SQLType targetSqlType) throws SQLException {
    try {
      delegate.updateObject(columnIndex, x, targetSqlType);
    } catch (SQLException e) {
      throw failed(e, "updateObject", columnIndex);
    }
  }

  @Override
  public void updateObject(String columnLabel, Object x, SQLType targetSqlType) throws SQLException {
    try {
      delegate.updateObject(columnLabel, x, targetSqlType);
    } catch (SQLException e) {
      throw failed(e, "updateObject", columnLabel);
    }
  }
}
