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
 * Forwards every method {@link PreparedStatement} adds to {@link java.sql.Statement} to a delegate,
 * on top of csvws's statement behaviour, so that the csvws class extending it holds only what
 * csvws changes. The method list is the JDBC 4.3 interface, generated mechanically.
 */
@SuppressWarnings("deprecation")
abstract class DelegatingPreparedStatement extends CsvwsStatement implements PreparedStatement {
  protected final PreparedStatement prepared;

  DelegatingPreparedStatement(CsvwsConnection connection, PreparedStatement delegate) {
    super(connection, delegate);
    this.prepared = delegate;
  }


  @Override
  public ResultSet executeQuery() throws SQLException {
    try {
      return prepared.executeQuery();
    } catch (SQLException e) {
      throw failed(e, "executeQuery");
    }
  }

  @Override
  public int executeUpdate() throws SQLException {
    try {
      return prepared.executeUpdate();
    } catch (SQLException e) {
      throw failed(e, "executeUpdate");
    }
  }

  @Override
  public void setNull(int parameterIndex, int sqlType) throws SQLException {
    try {
      prepared.setNull(parameterIndex, sqlType);
    } catch (SQLException e) {
      throw failed(e, "setNull");
    }
  }

  @Override
  public void setBoolean(int parameterIndex, boolean x) throws SQLException {
    try {
      prepared.setBoolean(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setBoolean");
    }
  }

  @Override
  public void setByte(int parameterIndex, byte x) throws SQLException {
    try {
      prepared.setByte(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setByte");
    }
  }

  @Override
  public void setShort(int parameterIndex, short x) throws SQLException {
    try {
      prepared.setShort(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setShort");
    }
  }

  @Override
  public void setInt(int parameterIndex, int x) throws SQLException {
    try {
      prepared.setInt(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setInt");
    }
  }

  @Override
  public void setLong(int parameterIndex, long x) throws SQLException {
    try {
      prepared.setLong(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setLong");
    }
  }

  @Override
  public void setFloat(int parameterIndex, float x) throws SQLException {
    try {
      prepared.setFloat(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setFloat");
    }
  }

  @Override
  public void setDouble(int parameterIndex, double x) throws SQLException {
    try {
      prepared.setDouble(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setDouble");
    }
  }

  @Override
  public void setBigDecimal(int parameterIndex, BigDecimal x) throws SQLException {
    try {
      prepared.setBigDecimal(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setBigDecimal");
    }
  }

  @Override
  public void setString(int parameterIndex, String x) throws SQLException {
    try {
      prepared.setString(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setString");
    }
  }

  @Override
  public void setBytes(int parameterIndex, byte[] x) throws SQLException {
    try {
      prepared.setBytes(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setBytes");
    }
  }

  @Override
  public void setDate(int parameterIndex, java.sql.Date x) throws SQLException {
    try {
      prepared.setDate(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setDate");
    }
  }

  @Override
  public void setTime(int parameterIndex, java.sql.Time x) throws SQLException {
    try {
      prepared.setTime(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setTime");
    }
  }

  @Override
  public void setTimestamp(int parameterIndex, java.sql.Timestamp x) throws SQLException {
    try {
      prepared.setTimestamp(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setTimestamp");
    }
  }

  @Override
  public void setAsciiStream(int parameterIndex, java.io.InputStream x, int length) throws SQLException {
    try {
      prepared.setAsciiStream(parameterIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "setAsciiStream");
    }
  }

  @Deprecated
  @Override
  public void setUnicodeStream(int parameterIndex, java.io.InputStream x, int length) throws SQLException {
    try {
      prepared.setUnicodeStream(parameterIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "setUnicodeStream");
    }
  }

  @Override
  public void setBinaryStream(int parameterIndex, java.io.InputStream x, int length) throws SQLException {
    try {
      prepared.setBinaryStream(parameterIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "setBinaryStream");
    }
  }

  @Override
  public void clearParameters() throws SQLException {
    try {
      prepared.clearParameters();
    } catch (SQLException e) {
      throw failed(e, "clearParameters");
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType) throws SQLException {
    try {
      prepared.setObject(parameterIndex, x, targetSqlType);
    } catch (SQLException e) {
      throw failed(e, "setObject");
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x) throws SQLException {
    try {
      prepared.setObject(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setObject");
    }
  }

  @Override
  public boolean execute() throws SQLException {
    try {
      return prepared.execute();
    } catch (SQLException e) {
      throw failed(e, "execute");
    }
  }

  @Override
  public void addBatch() throws SQLException {
    try {
      prepared.addBatch();
    } catch (SQLException e) {
      throw failed(e, "addBatch");
    }
  }

  @Override
  public void setCharacterStream(int parameterIndex, java.io.Reader reader, int length) throws SQLException {
    try {
      prepared.setCharacterStream(parameterIndex, reader, length);
    } catch (SQLException e) {
      throw failed(e, "setCharacterStream");
    }
  }

  @Override
  public void setRef(int parameterIndex, Ref x) throws SQLException {
    try {
      prepared.setRef(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setRef");
    }
  }

  @Override
  public void setBlob(int parameterIndex, Blob x) throws SQLException {
    try {
      prepared.setBlob(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setBlob");
    }
  }

  @Override
  public void setClob(int parameterIndex, Clob x) throws SQLException {
    try {
      prepared.setClob(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setClob");
    }
  }

  @Override
  public void setArray(int parameterIndex, Array x) throws SQLException {
    try {
      prepared.setArray(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setArray");
    }
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    try {
      return prepared.getMetaData();
    } catch (SQLException e) {
      throw failed(e, "getMetaData");
    }
  }

  @Override
  public void setDate(int parameterIndex, java.sql.Date x, Calendar cal) throws SQLException {
    try {
      prepared.setDate(parameterIndex, x, cal);
    } catch (SQLException e) {
      throw failed(e, "setDate");
    }
  }

  @Override
  public void setTime(int parameterIndex, java.sql.Time x, Calendar cal) throws SQLException {
    try {
      prepared.setTime(parameterIndex, x, cal);
    } catch (SQLException e) {
      throw failed(e, "setTime");
    }
  }

  @Override
  public void setTimestamp(int parameterIndex, java.sql.Timestamp x, Calendar cal) throws SQLException {
    try {
      prepared.setTimestamp(parameterIndex, x, cal);
    } catch (SQLException e) {
      throw failed(e, "setTimestamp");
    }
  }

  @Override
  public void setNull(int parameterIndex, int sqlType, String typeName) throws SQLException {
    try {
      prepared.setNull(parameterIndex, sqlType, typeName);
    } catch (SQLException e) {
      throw failed(e, "setNull");
    }
  }

  @Override
  public void setURL(int parameterIndex, java.net.URL x) throws SQLException {
    try {
      prepared.setURL(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setURL");
    }
  }

  @Override
  public ParameterMetaData getParameterMetaData() throws SQLException {
    try {
      return prepared.getParameterMetaData();
    } catch (SQLException e) {
      throw failed(e, "getParameterMetaData");
    }
  }

  @Override
  public void setRowId(int parameterIndex, RowId x) throws SQLException {
    try {
      prepared.setRowId(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setRowId");
    }
  }

  @Override
  public void setNString(int parameterIndex, String value) throws SQLException {
    try {
      prepared.setNString(parameterIndex, value);
    } catch (SQLException e) {
      throw failed(e, "setNString");
    }
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value, long length) throws SQLException {
    try {
      prepared.setNCharacterStream(parameterIndex, value, length);
    } catch (SQLException e) {
      throw failed(e, "setNCharacterStream");
    }
  }

  @Override
  public void setNClob(int parameterIndex, NClob value) throws SQLException {
    try {
      prepared.setNClob(parameterIndex, value);
    } catch (SQLException e) {
      throw failed(e, "setNClob");
    }
  }

  @Override
  public void setClob(int parameterIndex, Reader reader, long length) throws SQLException {
    try {
      prepared.setClob(parameterIndex, reader, length);
    } catch (SQLException e) {
      throw failed(e, "setClob");
    }
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream, long length) throws SQLException {
    try {
      prepared.setBlob(parameterIndex, inputStream, length);
    } catch (SQLException e) {
      throw failed(e, "setBlob");
    }
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader, long length) throws SQLException {
    try {
      prepared.setNClob(parameterIndex, reader, length);
    } catch (SQLException e) {
      throw failed(e, "setNClob");
    }
  }

  @Override
  public void setSQLXML(int parameterIndex, SQLXML xmlObject) throws SQLException {
    try {
      prepared.setSQLXML(parameterIndex, xmlObject);
    } catch (SQLException e) {
      throw failed(e, "setSQLXML");
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, int targetSqlType, int scaleOrLength) throws SQLException {
    try {
      prepared.setObject(parameterIndex, x, targetSqlType, scaleOrLength);
    } catch (SQLException e) {
      throw failed(e, "setObject");
    }
  }

  @Override
  public void setAsciiStream(int parameterIndex, java.io.InputStream x, long length) throws SQLException {
    try {
      prepared.setAsciiStream(parameterIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "setAsciiStream");
    }
  }

  @Override
  public void setBinaryStream(int parameterIndex, java.io.InputStream x, long length) throws SQLException {
    try {
      prepared.setBinaryStream(parameterIndex, x, length);
    } catch (SQLException e) {
      throw failed(e, "setBinaryStream");
    }
  }

  @Override
  public void setCharacterStream(int parameterIndex, java.io.Reader reader, long length) throws SQLException {
    try {
      prepared.setCharacterStream(parameterIndex, reader, length);
    } catch (SQLException e) {
      throw failed(e, "setCharacterStream");
    }
  }

  @Override
  public void setAsciiStream(int parameterIndex, java.io.InputStream x) throws SQLException {
    try {
      prepared.setAsciiStream(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setAsciiStream");
    }
  }

  @Override
  public void setBinaryStream(int parameterIndex, java.io.InputStream x) throws SQLException {
    try {
      prepared.setBinaryStream(parameterIndex, x);
    } catch (SQLException e) {
      throw failed(e, "setBinaryStream");
    }
  }

  @Override
  public void setCharacterStream(int parameterIndex, java.io.Reader reader) throws SQLException {
    try {
      prepared.setCharacterStream(parameterIndex, reader);
    } catch (SQLException e) {
      throw failed(e, "setCharacterStream");
    }
  }

  @Override
  public void setNCharacterStream(int parameterIndex, Reader value) throws SQLException {
    try {
      prepared.setNCharacterStream(parameterIndex, value);
    } catch (SQLException e) {
      throw failed(e, "setNCharacterStream");
    }
  }

  @Override
  public void setClob(int parameterIndex, Reader reader) throws SQLException {
    try {
      prepared.setClob(parameterIndex, reader);
    } catch (SQLException e) {
      throw failed(e, "setClob");
    }
  }

  @Override
  public void setBlob(int parameterIndex, InputStream inputStream) throws SQLException {
    try {
      prepared.setBlob(parameterIndex, inputStream);
    } catch (SQLException e) {
      throw failed(e, "setBlob");
    }
  }

  @Override
  public void setNClob(int parameterIndex, Reader reader) throws SQLException {
    try {
      prepared.setNClob(parameterIndex, reader);
    } catch (SQLException e) {
      throw failed(e, "setNClob");
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType, int scaleOrLength) throws SQLException {
    try {
      prepared.setObject(parameterIndex, x, targetSqlType, scaleOrLength);
    } catch (SQLException e) {
      throw failed(e, "setObject");
    }
  }

  @Override
  public void setObject(int parameterIndex, Object x, SQLType targetSqlType) throws SQLException {
    try {
      prepared.setObject(parameterIndex, x, targetSqlType);
    } catch (SQLException e) {
      throw failed(e, "setObject");
    }
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    try {
      return prepared.executeLargeUpdate();
    } catch (SQLException e) {
      throw failed(e, "executeLargeUpdate");
    }
  }
}
