package io.csvws.driver;

import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.net.URL;
import java.sql.*;
import java.util.Calendar;
import java.util.Map;

/**
 * A {@link ResultSet} on which every method fails with {@link SQLFeatureNotSupportedException}
 * naming the method, so that a subclass implements only what it supports. The method list is the
 * JDBC 4.3 interface, generated mechanically.
 */
@SuppressWarnings("deprecation")
abstract class UnsupportedResultSet implements ResultSet {

  static SQLFeatureNotSupportedException unsupported(String method) {
    return new SQLFeatureNotSupportedException(
        "ResultSet." + method + " is not supported by this metadata result set.", "0A000");
  }

  @Override
  public boolean next() throws SQLException {
    throw unsupported("next");
  }

  @Override
  public void close() throws SQLException {
    throw unsupported("close");
  }

  @Override
  public boolean wasNull() throws SQLException {
    throw unsupported("wasNull");
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    throw unsupported("getString");
  }

  @Override
  public boolean getBoolean(int columnIndex) throws SQLException {
    throw unsupported("getBoolean");
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    throw unsupported("getByte");
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    throw unsupported("getShort");
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    throw unsupported("getInt");
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    throw unsupported("getLong");
  }

  @Override
  public float getFloat(int columnIndex) throws SQLException {
    throw unsupported("getFloat");
  }

  @Override
  public double getDouble(int columnIndex) throws SQLException {
    throw unsupported("getDouble");
  }

  @Deprecated
  @Override
  public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  @Override
  public byte[] getBytes(int columnIndex) throws SQLException {
    throw unsupported("getBytes");
  }

  @Override
  public java.sql.Date getDate(int columnIndex) throws SQLException {
    throw unsupported("getDate");
  }

  @Override
  public java.sql.Time getTime(int columnIndex) throws SQLException {
    throw unsupported("getTime");
  }

  @Override
  public java.sql.Timestamp getTimestamp(int columnIndex) throws SQLException {
    throw unsupported("getTimestamp");
  }

  @Override
  public java.io.InputStream getAsciiStream(int columnIndex) throws SQLException {
    throw unsupported("getAsciiStream");
  }

  @Deprecated
  @Override
  public java.io.InputStream getUnicodeStream(int columnIndex) throws SQLException {
    throw unsupported("getUnicodeStream");
  }

  @Override
  public java.io.InputStream getBinaryStream(int columnIndex) throws SQLException {
    throw unsupported("getBinaryStream");
  }

  @Override
  public String getString(String columnLabel) throws SQLException {
    throw unsupported("getString");
  }

  @Override
  public boolean getBoolean(String columnLabel) throws SQLException {
    throw unsupported("getBoolean");
  }

  @Override
  public byte getByte(String columnLabel) throws SQLException {
    throw unsupported("getByte");
  }

  @Override
  public short getShort(String columnLabel) throws SQLException {
    throw unsupported("getShort");
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    throw unsupported("getInt");
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    throw unsupported("getLong");
  }

  @Override
  public float getFloat(String columnLabel) throws SQLException {
    throw unsupported("getFloat");
  }

  @Override
  public double getDouble(String columnLabel) throws SQLException {
    throw unsupported("getDouble");
  }

  @Deprecated
  @Override
  public BigDecimal getBigDecimal(String columnLabel, int scale) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  @Override
  public byte[] getBytes(String columnLabel) throws SQLException {
    throw unsupported("getBytes");
  }

  @Override
  public java.sql.Date getDate(String columnLabel) throws SQLException {
    throw unsupported("getDate");
  }

  @Override
  public java.sql.Time getTime(String columnLabel) throws SQLException {
    throw unsupported("getTime");
  }

  @Override
  public java.sql.Timestamp getTimestamp(String columnLabel) throws SQLException {
    throw unsupported("getTimestamp");
  }

  @Override
  public java.io.InputStream getAsciiStream(String columnLabel) throws SQLException {
    throw unsupported("getAsciiStream");
  }

  @Deprecated
  @Override
  public java.io.InputStream getUnicodeStream(String columnLabel) throws SQLException {
    throw unsupported("getUnicodeStream");
  }

  @Override
  public java.io.InputStream getBinaryStream(String columnLabel) throws SQLException {
    throw unsupported("getBinaryStream");
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    throw unsupported("getWarnings");
  }

  @Override
  public void clearWarnings() throws SQLException {
    throw unsupported("clearWarnings");
  }

  @Override
  public String getCursorName() throws SQLException {
    throw unsupported("getCursorName");
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    throw unsupported("getMetaData");
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public int findColumn(String columnLabel) throws SQLException {
    throw unsupported("findColumn");
  }

  @Override
  public java.io.Reader getCharacterStream(int columnIndex) throws SQLException {
    throw unsupported("getCharacterStream");
  }

  @Override
  public java.io.Reader getCharacterStream(String columnLabel) throws SQLException {
    throw unsupported("getCharacterStream");
  }

  @Override
  public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  @Override
  public BigDecimal getBigDecimal(String columnLabel) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  @Override
  public boolean isBeforeFirst() throws SQLException {
    throw unsupported("isBeforeFirst");
  }

  @Override
  public boolean isAfterLast() throws SQLException {
    throw unsupported("isAfterLast");
  }

  @Override
  public boolean isFirst() throws SQLException {
    throw unsupported("isFirst");
  }

  @Override
  public boolean isLast() throws SQLException {
    throw unsupported("isLast");
  }

  @Override
  public void beforeFirst() throws SQLException {
    throw unsupported("beforeFirst");
  }

  @Override
  public void afterLast() throws SQLException {
    throw unsupported("afterLast");
  }

  @Override
  public boolean first() throws SQLException {
    throw unsupported("first");
  }

  @Override
  public boolean last() throws SQLException {
    throw unsupported("last");
  }

  @Override
  public int getRow() throws SQLException {
    throw unsupported("getRow");
  }

  @Override
  public boolean absolute(int row) throws SQLException {
    throw unsupported("absolute");
  }

  @Override
  public boolean relative(int rows) throws SQLException {
    throw unsupported("relative");
  }

  @Override
  public boolean previous() throws SQLException {
    throw unsupported("previous");
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    throw unsupported("setFetchDirection");
  }

  @Override
  public int getFetchDirection() throws SQLException {
    throw unsupported("getFetchDirection");
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    throw unsupported("setFetchSize");
  }

  @Override
  public int getFetchSize() throws SQLException {
    throw unsupported("getFetchSize");
  }

  @Override
  public int getType() throws SQLException {
    throw unsupported("getType");
  }

  @Override
  public int getConcurrency() throws SQLException {
    throw unsupported("getConcurrency");
  }

  @Override
  public boolean rowUpdated() throws SQLException {
    throw unsupported("rowUpdated");
  }

  @Override
  public boolean rowInserted() throws SQLException {
    throw unsupported("rowInserted");
  }

  @Override
  public boolean rowDeleted() throws SQLException {
    throw unsupported("rowDeleted");
  }

  @Override
  public void updateNull(int columnIndex) throws SQLException {
    throw unsupported("updateNull");
  }

  @Override
  public void updateBoolean(int columnIndex, boolean x) throws SQLException {
    throw unsupported("updateBoolean");
  }

  @Override
  public void updateByte(int columnIndex, byte x) throws SQLException {
    throw unsupported("updateByte");
  }

  @Override
  public void updateShort(int columnIndex, short x) throws SQLException {
    throw unsupported("updateShort");
  }

  @Override
  public void updateInt(int columnIndex, int x) throws SQLException {
    throw unsupported("updateInt");
  }

  @Override
  public void updateLong(int columnIndex, long x) throws SQLException {
    throw unsupported("updateLong");
  }

  @Override
  public void updateFloat(int columnIndex, float x) throws SQLException {
    throw unsupported("updateFloat");
  }

  @Override
  public void updateDouble(int columnIndex, double x) throws SQLException {
    throw unsupported("updateDouble");
  }

  @Override
  public void updateBigDecimal(int columnIndex, BigDecimal x) throws SQLException {
    throw unsupported("updateBigDecimal");
  }

  @Override
  public void updateString(int columnIndex, String x) throws SQLException {
    throw unsupported("updateString");
  }

  @Override
  public void updateBytes(int columnIndex, byte[] x) throws SQLException {
    throw unsupported("updateBytes");
  }

  @Override
  public void updateDate(int columnIndex, java.sql.Date x) throws SQLException {
    throw unsupported("updateDate");
  }

  @Override
  public void updateTime(int columnIndex, java.sql.Time x) throws SQLException {
    throw unsupported("updateTime");
  }

  @Override
  public void updateTimestamp(int columnIndex, java.sql.Timestamp x) throws SQLException {
    throw unsupported("updateTimestamp");
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream x, int length) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream x, int length) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader x, int length) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateObject(int columnIndex, Object x, int scaleOrLength) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateObject(int columnIndex, Object x) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateNull(String columnLabel) throws SQLException {
    throw unsupported("updateNull");
  }

  @Override
  public void updateBoolean(String columnLabel, boolean x) throws SQLException {
    throw unsupported("updateBoolean");
  }

  @Override
  public void updateByte(String columnLabel, byte x) throws SQLException {
    throw unsupported("updateByte");
  }

  @Override
  public void updateShort(String columnLabel, short x) throws SQLException {
    throw unsupported("updateShort");
  }

  @Override
  public void updateInt(String columnLabel, int x) throws SQLException {
    throw unsupported("updateInt");
  }

  @Override
  public void updateLong(String columnLabel, long x) throws SQLException {
    throw unsupported("updateLong");
  }

  @Override
  public void updateFloat(String columnLabel, float x) throws SQLException {
    throw unsupported("updateFloat");
  }

  @Override
  public void updateDouble(String columnLabel, double x) throws SQLException {
    throw unsupported("updateDouble");
  }

  @Override
  public void updateBigDecimal(String columnLabel, BigDecimal x) throws SQLException {
    throw unsupported("updateBigDecimal");
  }

  @Override
  public void updateString(String columnLabel, String x) throws SQLException {
    throw unsupported("updateString");
  }

  @Override
  public void updateBytes(String columnLabel, byte[] x) throws SQLException {
    throw unsupported("updateBytes");
  }

  @Override
  public void updateDate(String columnLabel, java.sql.Date x) throws SQLException {
    throw unsupported("updateDate");
  }

  @Override
  public void updateTime(String columnLabel, java.sql.Time x) throws SQLException {
    throw unsupported("updateTime");
  }

  @Override
  public void updateTimestamp(String columnLabel, java.sql.Timestamp x) throws SQLException {
    throw unsupported("updateTimestamp");
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream x, int length) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream x, int length) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader reader, int length) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateObject(String columnLabel, Object x, int scaleOrLength) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateObject(String columnLabel, Object x) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void insertRow() throws SQLException {
    throw unsupported("insertRow");
  }

  @Override
  public void updateRow() throws SQLException {
    throw unsupported("updateRow");
  }

  @Override
  public void deleteRow() throws SQLException {
    throw unsupported("deleteRow");
  }

  @Override
  public void refreshRow() throws SQLException {
    throw unsupported("refreshRow");
  }

  @Override
  public void cancelRowUpdates() throws SQLException {
    throw unsupported("cancelRowUpdates");
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    throw unsupported("moveToInsertRow");
  }

  @Override
  public void moveToCurrentRow() throws SQLException {
    throw unsupported("moveToCurrentRow");
  }

  @Override
  public Statement getStatement() throws SQLException {
    throw unsupported("getStatement");
  }

  @Override
  public Object getObject(int columnIndex, java.util.Map<String, Class<?>> map) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public Ref getRef(int columnIndex) throws SQLException {
    throw unsupported("getRef");
  }

  @Override
  public Blob getBlob(int columnIndex) throws SQLException {
    throw unsupported("getBlob");
  }

  @Override
  public Clob getClob(int columnIndex) throws SQLException {
    throw unsupported("getClob");
  }

  @Override
  public Array getArray(int columnIndex) throws SQLException {
    throw unsupported("getArray");
  }

  @Override
  public Object getObject(String columnLabel, java.util.Map<String, Class<?>> map) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public Ref getRef(String columnLabel) throws SQLException {
    throw unsupported("getRef");
  }

  @Override
  public Blob getBlob(String columnLabel) throws SQLException {
    throw unsupported("getBlob");
  }

  @Override
  public Clob getClob(String columnLabel) throws SQLException {
    throw unsupported("getClob");
  }

  @Override
  public Array getArray(String columnLabel) throws SQLException {
    throw unsupported("getArray");
  }

  @Override
  public java.sql.Date getDate(int columnIndex, Calendar cal) throws SQLException {
    throw unsupported("getDate");
  }

  @Override
  public java.sql.Date getDate(String columnLabel, Calendar cal) throws SQLException {
    throw unsupported("getDate");
  }

  @Override
  public java.sql.Time getTime(int columnIndex, Calendar cal) throws SQLException {
    throw unsupported("getTime");
  }

  @Override
  public java.sql.Time getTime(String columnLabel, Calendar cal) throws SQLException {
    throw unsupported("getTime");
  }

  @Override
  public java.sql.Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
    throw unsupported("getTimestamp");
  }

  @Override
  public java.sql.Timestamp getTimestamp(String columnLabel, Calendar cal) throws SQLException {
    throw unsupported("getTimestamp");
  }

  @Override
  public java.net.URL getURL(int columnIndex) throws SQLException {
    throw unsupported("getURL");
  }

  @Override
  public java.net.URL getURL(String columnLabel) throws SQLException {
    throw unsupported("getURL");
  }

  @Override
  public void updateRef(int columnIndex, java.sql.Ref x) throws SQLException {
    throw unsupported("updateRef");
  }

  @Override
  public void updateRef(String columnLabel, java.sql.Ref x) throws SQLException {
    throw unsupported("updateRef");
  }

  @Override
  public void updateBlob(int columnIndex, java.sql.Blob x) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateBlob(String columnLabel, java.sql.Blob x) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateClob(int columnIndex, java.sql.Clob x) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateClob(String columnLabel, java.sql.Clob x) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateArray(int columnIndex, java.sql.Array x) throws SQLException {
    throw unsupported("updateArray");
  }

  @Override
  public void updateArray(String columnLabel, java.sql.Array x) throws SQLException {
    throw unsupported("updateArray");
  }

  @Override
  public RowId getRowId(int columnIndex) throws SQLException {
    throw unsupported("getRowId");
  }

  @Override
  public RowId getRowId(String columnLabel) throws SQLException {
    throw unsupported("getRowId");
  }

  @Override
  public void updateRowId(int columnIndex, RowId x) throws SQLException {
    throw unsupported("updateRowId");
  }

  @Override
  public void updateRowId(String columnLabel, RowId x) throws SQLException {
    throw unsupported("updateRowId");
  }

  @Override
  public int getHoldability() throws SQLException {
    throw unsupported("getHoldability");
  }

  @Override
  public boolean isClosed() throws SQLException {
    throw unsupported("isClosed");
  }

  @Override
  public void updateNString(int columnIndex, String nString) throws SQLException {
    throw unsupported("updateNString");
  }

  @Override
  public void updateNString(String columnLabel, String nString) throws SQLException {
    throw unsupported("updateNString");
  }

  @Override
  public void updateNClob(int columnIndex, NClob nClob) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNClob(String columnLabel, NClob nClob) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public NClob getNClob(int columnIndex) throws SQLException {
    throw unsupported("getNClob");
  }

  @Override
  public NClob getNClob(String columnLabel) throws SQLException {
    throw unsupported("getNClob");
  }

  @Override
  public SQLXML getSQLXML(int columnIndex) throws SQLException {
    throw unsupported("getSQLXML");
  }

  @Override
  public SQLXML getSQLXML(String columnLabel) throws SQLException {
    throw unsupported("getSQLXML");
  }

  @Override
  public void updateSQLXML(int columnIndex, SQLXML xmlObject) throws SQLException {
    throw unsupported("updateSQLXML");
  }

  @Override
  public void updateSQLXML(String columnLabel, SQLXML xmlObject) throws SQLException {
    throw unsupported("updateSQLXML");
  }

  @Override
  public String getNString(int columnIndex) throws SQLException {
    throw unsupported("getNString");
  }

  @Override
  public String getNString(String columnLabel) throws SQLException {
    throw unsupported("getNString");
  }

  @Override
  public java.io.Reader getNCharacterStream(int columnIndex) throws SQLException {
    throw unsupported("getNCharacterStream");
  }

  @Override
  public java.io.Reader getNCharacterStream(String columnLabel) throws SQLException {
    throw unsupported("getNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(int columnIndex, java.io.Reader x, long length) throws SQLException {
    throw unsupported("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(String columnLabel, java.io.Reader reader, long length) throws SQLException {
    throw unsupported("updateNCharacterStream");
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream x, long length) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream x, long length) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader x, long length) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream x, long length) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream x, long length) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader reader, long length) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateBlob(int columnIndex, InputStream inputStream, long length) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateBlob(String columnLabel, InputStream inputStream, long length) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateClob(int columnIndex, Reader reader, long length) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateClob(String columnLabel, Reader reader, long length) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateNClob(int columnIndex, Reader reader, long length) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNClob(String columnLabel, Reader reader, long length) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNCharacterStream(int columnIndex, java.io.Reader x) throws SQLException {
    throw unsupported("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(String columnLabel, java.io.Reader reader) throws SQLException {
    throw unsupported("updateNCharacterStream");
  }

  @Override
  public void updateAsciiStream(int columnIndex, java.io.InputStream x) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(int columnIndex, java.io.InputStream x) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(int columnIndex, java.io.Reader x) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateAsciiStream(String columnLabel, java.io.InputStream x) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateBinaryStream(String columnLabel, java.io.InputStream x) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateCharacterStream(String columnLabel, java.io.Reader reader) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateBlob(int columnIndex, InputStream inputStream) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateBlob(String columnLabel, InputStream inputStream) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateClob(int columnIndex, Reader reader) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateClob(String columnLabel, Reader reader) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateNClob(int columnIndex, Reader reader) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNClob(String columnLabel, Reader reader) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public void updateObject(int columnIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateObject(String columnLabel, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateObject(int columnIndex, Object x, SQLType targetSqlType) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateObject(String columnLabel, Object x, SQLType targetSqlType) throws SQLException {
    throw unsupported("updateObject");
  }
}
