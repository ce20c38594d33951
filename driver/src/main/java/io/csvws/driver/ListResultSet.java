package io.csvws.driver;

import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.List;

/**
 * A forward-only, read-only result set over rows held in memory, for metadata listings csvws
 * orders itself. Values are read as the JDBC getters convert them: numbers between numeric
 * types, anything as a string. Not thread-safe.
 */
final class ListResultSet extends UnsupportedResultSet {
  private final ResultSetMetaData metaData;
  private final List<Object[]> rows;
  private int index = -1;
  private boolean wasNull;
  private boolean closed;

  ListResultSet(ResultSetMetaData metaData, List<Object[]> rows) {
    this.metaData = metaData;
    this.rows = List.copyOf(rows);
  }

  private void checkOpen() throws SQLException {
    if (closed) {
      throw SqlErrors.closed("Result set");
    }
  }

  private Object value(int column) throws SQLException {
    checkOpen();
    if (index < 0 || index >= rows.size()) {
      throw new SQLException("No current row: call next() first, and only while it returns "
          + "true.", "24000");
    }
    Object[] row = rows.get(index);
    if (column < 1 || column > row.length) {
      throw new SQLException("Column " + column + " does not exist; there are " + row.length
          + ".", "07009");
    }
    Object v = row[column - 1];
    wasNull = v == null;
    return v;
  }

  private Number number(int column) throws SQLException {
    Object v = value(column);
    if (v == null) {
      return 0;
    }
    if (v instanceof Number) {
      return (Number) v;
    }
    if (v instanceof Boolean) {
      return (Boolean) v ? 1 : 0;
    }
    try {
      return new BigDecimal(v.toString().trim());
    } catch (NumberFormatException e) {
      throw new SQLException("Column " + column + " holds '" + v + "', not a number.", "22018");
    }
  }

  @Override
  public boolean next() throws SQLException {
    checkOpen();
    if (index < rows.size()) {
      index++;
    }
    return index < rows.size();
  }

  @Override
  public void close() {
    closed = true;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public boolean wasNull() {
    return wasNull;
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    checkOpen();
    return metaData;
  }

  @Override
  public int findColumn(String columnLabel) throws SQLException {
    for (int i = 1; i <= metaData.getColumnCount(); i++) {
      if (metaData.getColumnLabel(i).equalsIgnoreCase(columnLabel)) {
        return i;
      }
    }
    throw new SQLException("There is no column '" + columnLabel + "'.", "42S22");
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    return value(columnIndex);
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    return getObject(findColumn(columnLabel));
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    Object v = value(columnIndex);
    if (v == null || type.isInstance(v)) {
      return type.cast(v);
    }
    if (type == String.class) {
      return type.cast(v.toString());
    }
    if (type == Integer.class) {
      return type.cast(number(columnIndex).intValue());
    }
    if (type == Long.class) {
      return type.cast(number(columnIndex).longValue());
    }
    if (type == Short.class) {
      return type.cast(number(columnIndex).shortValue());
    }
    throw new SQLException("Column " + columnIndex + " cannot be read as " + type.getName()
        + ".", "22018");
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    return getObject(findColumn(columnLabel), type);
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? null : v.toString();
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
    return getString(columnLabel);
  }

  @Override
  public Reader getCharacterStream(int columnIndex) throws SQLException {
    String s = as(columnIndex, String.class);
    return s == null ? null : new StringReader(s);
  }

  @Override
  public Reader getCharacterStream(String columnLabel) throws SQLException {
    return getCharacterStream(findColumn(columnLabel));
  }

  @Override
  public boolean getBoolean(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    if (v instanceof Boolean) {
      return (Boolean) v;
    }
    return v != null && (v instanceof Number ? ((Number) v).intValue() != 0
        : Boolean.parseBoolean(v.toString()));
  }

  @Override
  public boolean getBoolean(String columnLabel) throws SQLException {
    return getBoolean(findColumn(columnLabel));
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    return number(columnIndex).byteValue();
  }

  @Override
  public byte getByte(String columnLabel) throws SQLException {
    return getByte(findColumn(columnLabel));
  }

  @Override
  public float getFloat(int columnIndex) throws SQLException {
    return number(columnIndex).floatValue();
  }

  @Override
  public float getFloat(String columnLabel) throws SQLException {
    return getFloat(findColumn(columnLabel));
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    return number(columnIndex).shortValue();
  }

  @Override
  public short getShort(String columnLabel) throws SQLException {
    return getShort(findColumn(columnLabel));
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    return number(columnIndex).intValue();
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    return getInt(findColumn(columnLabel));
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    return number(columnIndex).longValue();
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    return getLong(findColumn(columnLabel));
  }

  @Override
  public double getDouble(int columnIndex) throws SQLException {
    return number(columnIndex).doubleValue();
  }

  @Override
  public double getDouble(String columnLabel) throws SQLException {
    return getDouble(findColumn(columnLabel));
  }

  @Override
  public BigDecimal getBigDecimal(int columnIndex) throws SQLException {
    Object v = value(columnIndex);
    return v == null ? null : new BigDecimal(number(columnIndex).toString());
  }

  @Override
  public BigDecimal getBigDecimal(String columnLabel) throws SQLException {
    return getBigDecimal(findColumn(columnLabel));
  }

  @Override
  public Date getDate(int columnIndex) throws SQLException {
    return as(columnIndex, Date.class);
  }

  @Override
  public Time getTime(int columnIndex) throws SQLException {
    return as(columnIndex, Time.class);
  }

  @Override
  public Timestamp getTimestamp(int columnIndex) throws SQLException {
    return as(columnIndex, Timestamp.class);
  }

  /** Scaled as Avatica scales: the digits beyond {@code scale} dropped. */
  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(int columnIndex, int scale) throws SQLException {
    BigDecimal d = getBigDecimal(columnIndex);
    return d == null ? null : d.setScale(scale, java.math.RoundingMode.DOWN);
  }

  @Override
  public byte[] getBytes(int columnIndex) throws SQLException {
    return as(columnIndex, byte[].class);
  }

  @Override
  public java.io.InputStream getAsciiStream(int columnIndex) throws SQLException {
    return as(columnIndex, java.io.InputStream.class);
  }

  @Override
  public java.io.InputStream getBinaryStream(int columnIndex) throws SQLException {
    return as(columnIndex, java.io.InputStream.class);
  }

  @Override
  public Date getDate(int columnIndex, java.util.Calendar calendar) throws SQLException {
    return getDate(columnIndex);
  }

  @Override
  public Time getTime(int columnIndex, java.util.Calendar calendar) throws SQLException {
    return getTime(columnIndex);
  }

  @Override
  public Timestamp getTimestamp(int columnIndex, java.util.Calendar calendar)
      throws SQLException {
    return getTimestamp(columnIndex);
  }

  /**
   * The value as {@code type}, which only a value of that class is; any other fails as Avatica's
   * getters fail (the message {@link SqlStates} recognises), so the caller sees the same error
   * from either.
   */
  private <T> T as(int columnIndex, Class<T> type) throws SQLException {
    Object v = value(columnIndex);
    if (v == null || type.isInstance(v)) {
      return type.cast(v);
    }
    throw new SQLException("cannot convert to " + type.getSimpleName() + " (" + v + ")");
  }

  @Override
  public int getRow() {
    return index >= 0 && index < rows.size() ? index + 1 : 0;
  }

  @Override
  public boolean isBeforeFirst() {
    return index < 0 && !rows.isEmpty();
  }

  @Override
  public boolean isAfterLast() {
    return index >= rows.size() && !rows.isEmpty();
  }

  @Override
  public boolean isFirst() {
    return index == 0 && !rows.isEmpty();
  }

  @Override
  public boolean isLast() {
    return index == rows.size() - 1 && !rows.isEmpty();
  }

  @Override
  public int getType() {
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public int getConcurrency() {
    return ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public int getHoldability() {
    return ResultSet.HOLD_CURSORS_OVER_COMMIT;
  }

  @Override
  public int getFetchDirection() {
    return ResultSet.FETCH_FORWARD;
  }

  @Override
  public void setFetchDirection(int direction) throws SQLException {
    if (direction != ResultSet.FETCH_FORWARD) {
      throw unsupported("setFetchDirection");
    }
  }

  @Override
  public int getFetchSize() {
    return rows.size();
  }

  @Override
  public void setFetchSize(int rows) {
    // Every row is in memory already; the hint changes nothing.
  }

  @Override
  public SQLWarning getWarnings() {
    return null;
  }

  @Override
  public void clearWarnings() {
    // No warnings are ever raised.
  }

  @Override
  public Statement getStatement() {
    return null;
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("Metadata rows do not wrap " + iface.getName() + ".", "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}
