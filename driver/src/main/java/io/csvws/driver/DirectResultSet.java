package io.csvws.driver;

import io.csvws.engine.DirectAnswer;
import java.io.InputStream;
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
import java.util.Iterator;
import java.util.List;
import java.util.TimeZone;

/**
 * The rows of a statement the engine answered directly, read through {@link DirectValues}, which
 * gives what Avatica's accessors give for the same statement's rows on Calcite's connection.
 * Forward-only and read-only; not thread-safe. {@link CsvwsResultSet} wraps it as it wraps
 * Calcite's rows.
 */
final class DirectResultSet extends UnsupportedResultSet {
  private final Statement statement;
  private final List<DirectAnswer.Column> columns;
  private final int[] types;
  private final ResultSetMetaData metaData;
  private final DirectValues values;
  private final Iterator<Object> rows;
  /** The current row's values; a one-column answer's rows are bare values. */
  private Object[] current;
  private final Object[] single = new Object[1];
  private boolean lastWasNull;
  private int row;
  private boolean afterLast;
  private boolean closed;

  DirectResultSet(Statement statement, DirectAnswer answer) {
    this.statement = statement;
    this.columns = answer.columns();
    this.types = new int[columns.size()];
    boolean temporal = false;
    for (int k = 0; k < types.length; k++) {
      types[k] = columns.get(k).jdbcType();
      temporal |= types[k] == Types.DATE || types[k] == Types.TIME || types[k] == Types.TIMESTAMP;
    }
    this.metaData = new DirectMetaData(columns);
    // The zone only for dates and times: reading it loads the time-zone data, which a count
    // never needs. Taken now, as Avatica's result set takes its calendar.
    this.values = new DirectValues(temporal ? TimeZone.getDefault() : null);
    this.rows = answer.rows().iterator();
  }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw SqlErrors.closed("Result set");
    }
  }

  /** The value of column {@code columnIndex} in the current row, remembered for wasNull. */
  private Object at(int columnIndex) throws SQLException {
    checkOpen();
    if (columnIndex < 1 || columnIndex > types.length) {
      throw new SQLException("Column " + columnIndex + " does not exist; there are "
          + types.length + ".", "07009");
    }
    if (current == null) {
      throw new SQLException("There is no current row: call next() first, and read a row only "
          + "while next() returns true.", "24000");
    }
    Object v = current[columnIndex - 1];
    lastWasNull = v == null;
    return v;
  }

  private int type(int columnIndex) {
    return types[columnIndex - 1];
  }

  @Override
  public boolean next() throws SQLException {
    checkOpen();
    if (!afterLast && rows.hasNext()) {
      Object next = rows.next();
      if (types.length == 1) {
        single[0] = next;
        current = single;
      } else {
        current = (Object[]) next;
      }
      row++;
      return true;
    }
    current = null;
    row = 0;
    afterLast = true;
    return false;
  }

  @Override
  public void close() throws SQLException {
    if (!closed) {
      closed = true;
      current = null;
      if (rows instanceof AutoCloseable open) {
        try {
          open.close();
        } catch (Exception e) {
          throw SqlErrors.fetch(e);
        }
      }
    }
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public boolean wasNull() throws SQLException {
    checkOpen();
    return lastWasNull;
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
      if (columns.get(k).label().equalsIgnoreCase(columnLabel)) {
        return k + 1;
      }
    }
    throw new SQLException("There is no column '" + columnLabel + "'.", "42S22");
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return values.object(type(columnIndex), v);
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    return getObject(findColumn(columnLabel));
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.string(type(columnIndex), v);
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
    at(columnIndex);
    throw DirectValues.cannotConvert("Reader");
  }

  @Override
  public Reader getCharacterStream(String columnLabel) throws SQLException {
    return getCharacterStream(findColumn(columnLabel));
  }

  @Override
  public boolean getBoolean(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.booleanValue(type(columnIndex), v);
  }

  @Override
  public boolean getBoolean(String columnLabel) throws SQLException {
    return getBoolean(findColumn(columnLabel));
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.byteValue(type(columnIndex), v);
  }

  @Override
  public byte getByte(String columnLabel) throws SQLException {
    return getByte(findColumn(columnLabel));
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.shortValue(type(columnIndex), v);
  }

  @Override
  public short getShort(String columnLabel) throws SQLException {
    return getShort(findColumn(columnLabel));
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.intValue(type(columnIndex), v);
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    return getInt(findColumn(columnLabel));
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.longValue(type(columnIndex), v);
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    return getLong(findColumn(columnLabel));
  }

  @Override
  public float getFloat(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.floatValue(type(columnIndex), v);
  }

  @Override
  public float getFloat(String columnLabel) throws SQLException {
    return getFloat(findColumn(columnLabel));
  }

  @Override
  public double getDouble(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.doubleValue(type(columnIndex), v);
  }

  @Override
  public double getDouble(String columnLabel) throws SQLException {
    return getDouble(findColumn(columnLabel));
  }

  @Override
  public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.decimal(type(columnIndex), v);
  }

  @Override
  public BigDecimal getBigDecimal(String columnLabel) throws SQLException {
    return getBigDecimal(findColumn(columnLabel));
  }

  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
    Object v = at(columnIndex);
    return DirectValues.decimal(type(columnIndex), v, scale);
  }

  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(String columnLabel, int scale) throws SQLException {
    return getBigDecimal(findColumn(columnLabel), scale);
  }

  @Override
  public InputStream getAsciiStream(int columnIndex) throws SQLException {
    at(columnIndex);
    throw DirectValues.cannotConvert("InputStream (ascii)");
  }

  @Override
  public InputStream getAsciiStream(String columnLabel) throws SQLException {
    return getAsciiStream(findColumn(columnLabel));
  }

  @Override
  public InputStream getBinaryStream(int columnIndex) throws SQLException {
    at(columnIndex);
    throw DirectValues.cannotConvert("InputStream (binary)");
  }

  @Override
  public InputStream getBinaryStream(String columnLabel) throws SQLException {
    return getBinaryStream(findColumn(columnLabel));
  }

  @Override
  public byte[] getBytes(int columnIndex) throws SQLException {
    at(columnIndex);
    throw DirectValues.cannotConvert("byte[]");
  }

  @Override
  public byte[] getBytes(String columnLabel) throws SQLException {
    return getBytes(findColumn(columnLabel));
  }

  @Override
  public Date getDate(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return values.date(type(columnIndex), v, values.local());
  }

  @Override
  public Date getDate(String columnLabel) throws SQLException {
    return getDate(findColumn(columnLabel));
  }

  @Override
  public Date getDate(int columnIndex, Calendar cal) throws SQLException {
    Object v = at(columnIndex);
    return values.date(type(columnIndex), v, DirectValues.zoneOf(cal));
  }

  @Override
  public Date getDate(String columnLabel, Calendar cal) throws SQLException {
    return getDate(findColumn(columnLabel), cal);
  }

  @Override
  public Time getTime(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return values.time(type(columnIndex), v, values.local());
  }

  @Override
  public Time getTime(String columnLabel) throws SQLException {
    return getTime(findColumn(columnLabel));
  }

  @Override
  public Time getTime(int columnIndex, Calendar cal) throws SQLException {
    Object v = at(columnIndex);
    return values.time(type(columnIndex), v, DirectValues.zoneOf(cal));
  }

  @Override
  public Time getTime(String columnLabel, Calendar cal) throws SQLException {
    return getTime(findColumn(columnLabel), cal);
  }

  @Override
  public Timestamp getTimestamp(int columnIndex) throws SQLException {
    Object v = at(columnIndex);
    return values.timestamp(type(columnIndex), v, values.local());
  }

  @Override
  public Timestamp getTimestamp(String columnLabel) throws SQLException {
    return getTimestamp(findColumn(columnLabel));
  }

  @Override
  public Timestamp getTimestamp(int columnIndex, Calendar cal) throws SQLException {
    Object v = at(columnIndex);
    return values.timestamp(type(columnIndex), v, DirectValues.zoneOf(cal));
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
