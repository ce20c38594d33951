package io.csvws.driver;

import io.csvws.engine.DirectAnswer;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.Calendar;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.apache.calcite.avatica.AvaticaSite;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.avatica.util.Cursor;

/**
 * The rows of a statement the engine answered directly, read through Avatica's own accessors
 * over the engine's cursor, with the calendar Avatica's result set uses (the JVM's time zone), so
 * that every getter gives what the same statement's rows from Calcite's connection give.
 * Forward-only and read-only; not thread-safe. {@link CsvwsResultSet} wraps it as it wraps
 * Calcite's rows.
 */
final class DirectResultSet extends UnsupportedResultSet {
  private final Statement statement;
  private final List<ColumnMetaData> columns;
  private final ResultSetMetaData metaData;
  private final Calendar calendar;
  private final Cursor cursor;
  private final List<Cursor.Accessor> accessors;
  private int row;
  private boolean afterLast;
  private boolean closed;

  DirectResultSet(Statement statement, DirectAnswer.Rows answer) {
    this.statement = statement;
    this.columns = answer.columns();
    this.metaData = new DirectMetaData(columns);
    // A calendar only for temporal columns: making one loads the locale's calendar data, which
    // a fresh JVM's count from the metadata cache would otherwise spend milliseconds on.
    this.calendar = hasTemporal(columns)
        ? Calendar.getInstance(TimeZone.getDefault(), Locale.ROOT) : null;
    this.cursor = answer.cursor();
    this.accessors = cursor.createAccessors(columns, calendar, null);
  }

  private static boolean hasTemporal(List<ColumnMetaData> columns) {
    for (ColumnMetaData c : columns) {
      int t = c.type.id;
      if (t == Types.DATE || t == Types.TIME || t == Types.TIMESTAMP) {
        return true;
      }
    }
    return false;
  }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw SqlErrors.closed("Result set");
    }
  }

  private Cursor.Accessor at(int columnIndex) throws SQLException {
    checkOpen();
    if (columnIndex < 1 || columnIndex > accessors.size()) {
      throw new SQLException("Column " + columnIndex + " does not exist; there are "
          + accessors.size() + ".", "07009");
    }
    return accessors.get(columnIndex - 1);
  }

  @Override
  public boolean next() throws SQLException {
    checkOpen();
    if (!afterLast && cursor.next()) {
      row++;
      return true;
    }
    row = 0;
    afterLast = true;
    return false;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      cursor.close();
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public boolean wasNull() throws SQLException {
    checkOpen();
    return cursor.wasNull();
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    return metaData;
  }

  @Override
  public int findColumn(String columnLabel) throws SQLException {
    checkOpen();
    for (int k = 0; k < columns.size(); k++) {
      if (columns.get(k).label.equalsIgnoreCase(columnLabel)) {
        return k + 1;
      }
    }
    throw new SQLException("There is no column '" + columnLabel + "'.", "42S22");
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    Cursor.Accessor accessor = at(columnIndex);
    ColumnMetaData c = columns.get(columnIndex - 1);
    return AvaticaSite.get(accessor, c.type.id, c.signed, calendar);
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    return getObject(findColumn(columnLabel));
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    return at(columnIndex).getString();
  }

  @Override
  public String getString(String columnLabel) throws SQLException {
    return getString(findColumn(columnLabel));
  }

  @Override
  public String getNString(int columnIndex) throws SQLException {
    return getString(columnIndex);
  }

  @Override
  public String getNString(String columnLabel) throws SQLException {
    return getString(findColumn(columnLabel));
  }

  @Override
  public Reader getCharacterStream(int columnIndex) throws SQLException {
    return at(columnIndex).getCharacterStream();
  }

  @Override
  public Reader getCharacterStream(String columnLabel) throws SQLException {
    return getCharacterStream(findColumn(columnLabel));
  }

  @Override
  public boolean getBoolean(int columnIndex) throws SQLException {
    return at(columnIndex).getBoolean();
  }

  @Override
  public boolean getBoolean(String columnLabel) throws SQLException {
    return getBoolean(findColumn(columnLabel));
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    return at(columnIndex).getByte();
  }

  @Override
  public byte getByte(String columnLabel) throws SQLException {
    return getByte(findColumn(columnLabel));
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    return at(columnIndex).getShort();
  }

  @Override
  public short getShort(String columnLabel) throws SQLException {
    return getShort(findColumn(columnLabel));
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    return at(columnIndex).getInt();
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    return getInt(findColumn(columnLabel));
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    return at(columnIndex).getLong();
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    return getLong(findColumn(columnLabel));
  }

  @Override
  public float getFloat(int columnIndex) throws SQLException {
    return at(columnIndex).getFloat();
  }

  @Override
  public float getFloat(String columnLabel) throws SQLException {
    return getFloat(findColumn(columnLabel));
  }

  @Override
  public double getDouble(int columnIndex) throws SQLException {
    return at(columnIndex).getDouble();
  }

  @Override
  public double getDouble(String columnLabel) throws SQLException {
    return getDouble(findColumn(columnLabel));
  }

  @Override
  public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
    return at(columnIndex).getBigDecimal();
  }

  @Override
  public BigDecimal getBigDecimal(String columnLabel) throws SQLException {
    return getBigDecimal(findColumn(columnLabel));
  }

  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
    return at(columnIndex).getBigDecimal(scale);
  }

  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(String columnLabel, int scale) throws SQLException {
    return getBigDecimal(findColumn(columnLabel), scale);
  }

  @Override
  public java.io.InputStream getAsciiStream(int columnIndex) throws SQLException {
    return at(columnIndex).getAsciiStream();
  }

  @Override
  public java.io.InputStream getAsciiStream(String columnLabel) throws SQLException {
    return getAsciiStream(findColumn(columnLabel));
  }

  @Override
  public java.io.InputStream getBinaryStream(int columnIndex) throws SQLException {
    return at(columnIndex).getBinaryStream();
  }

  @Override
  public java.io.InputStream getBinaryStream(String columnLabel) throws SQLException {
    return getBinaryStream(findColumn(columnLabel));
  }

  @Override
  public byte[] getBytes(int columnIndex) throws SQLException {
    return at(columnIndex).getBytes();
  }

  @Override
  public byte[] getBytes(String columnLabel) throws SQLException {
    return getBytes(findColumn(columnLabel));
  }

  @Override
  public Date getDate(int columnIndex) throws SQLException {
    return at(columnIndex).getDate(calendar);
  }

  @Override
  public Date getDate(String columnLabel) throws SQLException {
    return getDate(findColumn(columnLabel));
  }

  @Override
  public Date getDate(int columnIndex, Calendar cal) throws SQLException {
    return at(columnIndex).getDate(cal);
  }

  @Override
  public Date getDate(String columnLabel, Calendar cal) throws SQLException {
    return getDate(findColumn(columnLabel), cal);
  }

  @Override
  public Time getTime(int columnIndex) throws SQLException {
    return at(columnIndex).getTime(calendar);
  }

  @Override
  public Time getTime(String columnLabel) throws SQLException {
    return getTime(findColumn(columnLabel));
  }

  @Override
  public Time getTime(int columnIndex, Calendar cal) throws SQLException {
    return at(columnIndex).getTime(cal);
  }

  @Override
  public Time getTime(String columnLabel, Calendar cal) throws SQLException {
    return getTime(findColumn(columnLabel), cal);
  }

  @Override
  public Timestamp getTimestamp(int columnIndex) throws SQLException {
    return at(columnIndex).getTimestamp(calendar);
  }

  @Override
  public Timestamp getTimestamp(String columnLabel) throws SQLException {
    return getTimestamp(findColumn(columnLabel));
  }

  @Override
  public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
    return at(columnIndex).getTimestamp(cal);
  }

  @Override
  public Timestamp getTimestamp(String columnLabel, Calendar cal) throws SQLException {
    return getTimestamp(findColumn(columnLabel), cal);
  }

  @Override
  public int getRow() throws SQLException {
    checkOpen();
    return row;
  }

  @Override
  public boolean isBeforeFirst() throws SQLException {
    checkOpen();
    return row == 0 && !afterLast;
  }

  @Override
  public boolean isAfterLast() throws SQLException {
    checkOpen();
    return afterLast;
  }

  @Override
  public boolean isFirst() throws SQLException {
    checkOpen();
    return row == 1;
  }

  @Override
  public int getType() throws SQLException {
    checkOpen();
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public int getConcurrency() throws SQLException {
    checkOpen();
    return ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public int getHoldability() throws SQLException {
    checkOpen();
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public int getFetchDirection() throws SQLException {
    checkOpen();
    return ResultSet.FETCH_FORWARD;
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    checkOpen();
    if (direction != ResultSet.FETCH_FORWARD) {
      throw new SQLException("csvws reads rows forward only.", "HY106");
    }
  }

  @Override
  public int getFetchSize() throws SQLException {
    checkOpen();
    return 0;
  }

  @Override
  public void setFetchSize(int rows) throws SQLException {
    checkOpen();
    if (rows < 0) {
      throw new SQLException("The fetch size must not be negative: " + rows + ".", "HY024");
    }
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    checkOpen();
    return null;
  }

  @Override
  public void clearWarnings() throws SQLException {
    checkOpen();
  }

  @Override
  public Statement getStatement() throws SQLException {
    checkOpen();
    return statement;
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("A csvws result set does not wrap " + iface.getName() + ".",
        "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
