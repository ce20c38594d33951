package io.csvws.driver;

import io.csvws.engine.Execution;
import io.csvws.engine.JdbcTypes;
import io.csvws.error.LenientRead;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.function.Predicate;

/**
 * Rows of a csvws query: long text cut to {@code maxCellChars} as it is read, engine errors
 * raised as {@link SQLException}s with csvws's SQLState, and warnings that say how many cells
 * were cut and what the scans had to report.
 */
final class CsvwsResultSet extends DelegatingResultSet {
  /** Returned by {@link #typed} for a class the column's value cannot be converted to. */
  private static final Object UNCONVERTIBLE = new Object();
  private final Statement statement;
  private final Execution diagnostics;
  private final CellTruncator truncator;
  private final Predicate<ResultSet> rowFilter;
  private final long maxRows;
  private long delivered;
  private static final byte TEXT = 1;
  private static final byte TEMPORAL = 2;
  private static final byte EXACT_NUMBER = 3;
  /** Per column (1-based), {@link #TEXT}, {@link #TEMPORAL} or 0; computed on first use. */
  private byte[] columnKinds;
  private long cutCellsCleared;
  /** Counts of each kind of lenient read already reported and cleared. */
  private final long[] cleared = new long[LenientRead.values().length];
  private int notesCleared;

  /**
   * @param statement the statement that produced the rows, or null for metadata
   * @param rowFilter rows to keep, or null for all
   */
  CsvwsResultSet(Statement statement, ResultSet delegate, Execution diagnostics,
      CellTruncator truncator, Predicate<ResultSet> rowFilter) {
    super(delegate);
    this.statement = statement;
    this.diagnostics = diagnostics;
    this.truncator = truncator;
    this.rowFilter = rowFilter;
    this.maxRows = maxRowsOf(statement);
  }

  @Override
  SQLException failed(Exception e, String method) {
    return SqlStates.complete(asSql(e), method, null);
  }

  @Override
  SQLException failed(Exception e, String method, int columnIndex) {
    return SqlStates.complete(asSql(e), method, describe(columnIndex));
  }

  @Override
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
          + JdbcTypes.typeName(md.getColumnType(columnIndex), md.getColumnTypeName(columnIndex))
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

  /**
   * The statement's maxRows, which the rows stop at: Calcite honours it for a Statement but
   * not for a PreparedStatement, whose rows would otherwise all arrive.
   */
  private static long maxRowsOf(Statement statement) {
    try {
      return statement == null ? 0 : statement.getLargeMaxRows();
    } catch (SQLException e) {
      return 0;
    }
  }

  /** The next row; once the statement is cancelled, SQLState {@code 57014} instead. */
  @Override
  public boolean next() throws SQLException {
    if (diagnostics != null && diagnostics.cancelled()) {
      diagnostics.ended();
      throw SqlErrors.translate(SqlErrors.cancelled(null), diagnostics);
    }
    truncator.nextRow();
    try {
      while ((maxRows <= 0 || delivered < maxRows) && delegate.next()) {
        if (rowFilter == null || rowFilter.test(delegate)) {
          delivered++;
          return true;
        }
      }
      if (diagnostics != null) {
        diagnostics.ended();
      }
      return false;
    } catch (SQLException | RuntimeException | ExceptionInInitializerError | AssertionError
        | StackOverflowError e) {
      if (diagnostics != null) {
        diagnostics.ended();
      }
      throw SqlErrors.translate(e, diagnostics);
    }
  }

  @Override
  public void close() throws SQLException {
    if (diagnostics != null) {
      diagnostics.ended();
    }
    delegate.close();
  }

  /** Cuts a text column's value; values of other types are never cut, even read as strings. */
  private String cut(String value, int columnIndex) throws SQLException {
    if (!truncator.active() || value == null || value.length() <= truncator.max()) {
      return value;
    }
    return kind(columnIndex) == TEXT ? truncator.apply(value, columnIndex) : value;
  }

  /** {@link #TEXT}, {@link #TEMPORAL}, {@link #EXACT_NUMBER} or 0 for column {@code columnIndex}. */
  private byte kind(int columnIndex) throws SQLException {
    if (columnKinds == null) {
      ResultSetMetaData md = delegate.getMetaData();
      columnKinds = new byte[md.getColumnCount() + 1];
      for (int i = 1; i < columnKinds.length; i++) {
        columnKinds[i] = kindOf(md.getColumnType(i));
      }
    }
    return columnIndex > 0 && columnIndex < columnKinds.length ? columnKinds[columnIndex] : 0;
  }

  private static byte kindOf(int jdbcType) {
    switch (jdbcType) {
      case Types.CHAR:
      case Types.VARCHAR:
      case Types.LONGVARCHAR:
      case Types.NCHAR:
      case Types.NVARCHAR:
      case Types.LONGNVARCHAR:
      case Types.CLOB:
      case Types.NCLOB:
        return TEXT;
      case Types.TIME:
      case Types.TIMESTAMP:
      case Types.TIME_WITH_TIMEZONE:
      case Types.TIMESTAMP_WITH_TIMEZONE:
        return TEMPORAL;
      case Types.DECIMAL:
      case Types.NUMERIC:
        return EXACT_NUMBER;
      default:
        return 0;
    }
  }

  /**
   * A time or timestamp as PostgreSQL and DuckDB write it: the engine writes every value with
   * its column's three decimals ({@code 10:30:00.000}, {@code 10:30:00.500}); trailing zeros of
   * the fraction go, and the point with them when nothing is left ({@code 10:30:00},
   * {@code 10:30:00.5}).
   */
  static String withoutZeroFraction(String value) {
    int point = value.lastIndexOf('.');
    if (point < 0 || point < value.lastIndexOf(':')) {
      return value;
    }
    int end = value.length();
    while (end > point + 1 && value.charAt(end - 1) == '0') {
      end--;
    }
    for (int i = point + 1; i < end; i++) {
      if (value.charAt(i) < '0' || value.charAt(i) > '9') {
        return value;
      }
    }
    return value.substring(0, end == point + 1 ? point : end);
  }

  /**
   * The value as text; text cut to {@code maxCellChars}, times and timestamps without a zero
   * fraction ({@link #withoutZeroFraction}), decimals written out in full ({@code
   * 0.000000000000000000001}, as PostgreSQL writes a numeric, not {@code 1E-21}).
   */
  @Override
  public String getString(int columnIndex) throws SQLException {
    String v;
    try {
      v = delegate.getString(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getString", columnIndex);
    }
    if (v == null) {
      return null;
    }
    switch (kind(columnIndex)) {
      case TEMPORAL:
        return withoutZeroFraction(v);
      case EXACT_NUMBER:
        return v.indexOf('E') >= 0 ? new java.math.BigDecimal(v).toPlainString() : v;
      default:
        return cut(v, columnIndex);
    }
  }

  @Override
  public String getString(String columnLabel) throws SQLException {
    return getString(findColumn(columnLabel));
  }

  /** The same as {@link #getString(int)}: every csvws string is a national string. */
  @Override
  public String getNString(int columnIndex) throws SQLException {
    return getString(columnIndex);
  }

  @Override
  public String getNString(String columnLabel) throws SQLException {
    return getNString(findColumn(columnLabel));
  }

  /**
   * The value; text cut to {@code maxCellChars}; a TIME or TIMESTAMP whose {@code toString} is
   * what {@link #getString(int)} gives (see {@link PrintedTemporals}).
   */
  @Override
  public Object getObject(int columnIndex) throws SQLException {
    Object o;
    try {
      o = delegate.getObject(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, "getObject", columnIndex);
    }
    if (o instanceof String) {
      return cut((String) o, columnIndex);
    }
    return o instanceof java.util.Date ? PrintedTemporals.of(o) : o;
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    return getObject(findColumn(columnLabel));
  }

  /**
   * JDBC 4.1's typed read, which Avatica's rows do not offer: the column's value converted to the
   * boxed primitives, {@code BigDecimal}, {@code String}, {@code byte[]}, the {@code java.sql}
   * date and time classes and their {@code java.time} counterparts; text is cut as by
   * {@link #getString(int)}. NULL is null whatever the class.
   */
  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    if (type == null) {
      throw new SQLException("getObject needs the class to convert column " + columnIndex
          + " to.", "HY009");
    }
    if (getObject(columnIndex) == null) {
      return null;
    }
    Object value;
    try {
      value = typed(columnIndex, type);
    } catch (SQLException e) {
      // A number out of the class's range says so itself, with the value.
      throw "22003".equals(e.getSQLState()) ? e : cannotRead(columnIndex, type, e);
    } catch (RuntimeException e) {
      throw cannotRead(columnIndex, type, e);
    }
    if (value == UNCONVERTIBLE) {
      throw cannotRead(columnIndex, type, null);
    }
    return value == null || delegate.wasNull() ? null : type.cast(value);
  }

  @Override
  public byte getByte(int columnIndex) throws SQLException {
    checkRange(columnIndex, Byte.MIN_VALUE, Byte.MAX_VALUE, "getByte");
    return super.getByte(columnIndex);
  }

  @Override
  public byte getByte(String columnLabel) throws SQLException {
    return getByte(findColumn(columnLabel));
  }

  @Override
  public short getShort(int columnIndex) throws SQLException {
    checkRange(columnIndex, Short.MIN_VALUE, Short.MAX_VALUE, "getShort");
    return super.getShort(columnIndex);
  }

  @Override
  public short getShort(String columnLabel) throws SQLException {
    return getShort(findColumn(columnLabel));
  }

  @Override
  public int getInt(int columnIndex) throws SQLException {
    checkRange(columnIndex, Integer.MIN_VALUE, Integer.MAX_VALUE, "getInt");
    return super.getInt(columnIndex);
  }

  @Override
  public int getInt(String columnLabel) throws SQLException {
    return getInt(findColumn(columnLabel));
  }

  @Override
  public long getLong(int columnIndex) throws SQLException {
    checkRange(columnIndex, Long.MIN_VALUE, Long.MAX_VALUE, "getLong");
    return super.getLong(columnIndex);
  }

  @Override
  public long getLong(String columnLabel) throws SQLException {
    return getLong(findColumn(columnLabel));
  }

  /**
   * Fails with SQLState {@code 22003} when the column's number, its fraction dropped, is outside
   * [{@code min}, {@code max}]: Avatica's narrowing getters cast, so {@code getInt} of a count of
   * three billion would give a negative number. Any other value is left to the getter.
   */
  private void checkRange(int columnIndex, long min, long max, String getter)
      throws SQLException {
    Object v;
    try {
      v = delegate.getObject(columnIndex);
    } catch (SQLException | RuntimeException e) {
      throw failed(e, getter, columnIndex);
    }
    boolean inRange;
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      long l = ((Number) v).longValue();
      inRange = l >= min && l <= max;
    } else if (v instanceof BigDecimal d) {
      inRange = wholeWithin(d, min, max);
    } else if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      inRange = Double.isFinite(d) && wholeWithin(new BigDecimal(d), min, max);
    } else {
      return;
    }
    if (!inRange) {
      throw new SQLException("The value " + v + " of " + describe(columnIndex)
          + " is outside the range of " + getter + " (" + min + " to " + max
          + "); read it with a wider getter such as getLong or getBigDecimal.", "22003");
    }
  }

  /** {@link ResultSet#FETCH_FORWARD}, the one direction csvws reads rows in (Avatica says 0). */
  @Override
  public int getFetchDirection() throws SQLException {
    if (isClosed()) {
      throw SqlErrors.closed("Result set");
    }
    return FETCH_FORWARD;
  }

  private static boolean wholeWithin(BigDecimal d, long min, long max) {
    BigDecimal whole = d.setScale(0, RoundingMode.DOWN);
    return whole.compareTo(BigDecimal.valueOf(min)) >= 0
        && whole.compareTo(BigDecimal.valueOf(max)) <= 0;
  }

  private SQLException cannotRead(int columnIndex, Class<?> type, Exception cause)
      throws SQLException {
    return new SQLException("Column " + columnIndex + " ("
        + getMetaData().getColumnTypeName(columnIndex) + ") cannot be read as "
        + type.getName() + ".", "22018", cause);
  }

  /** The value of a column, converted to {@code type}, or {@link #UNCONVERTIBLE}. */
  private Object typed(int i, Class<?> type) throws SQLException {
    if (type == String.class) {
      return getString(i);
    }
    if (type == Object.class) {
      return getObject(i);
    }
    if (type == Boolean.class) {
      return delegate.getBoolean(i);
    }
    if (type == Integer.class) {
      return getInt(i);
    }
    if (type == Long.class) {
      return getLong(i);
    }
    if (type == Short.class) {
      return getShort(i);
    }
    if (type == Byte.class) {
      return getByte(i);
    }
    if (type == Double.class) {
      return delegate.getDouble(i);
    }
    if (type == Float.class) {
      return delegate.getFloat(i);
    }
    if (type == BigDecimal.class) {
      return delegate.getBigDecimal(i);
    }
    if (type == byte[].class) {
      return delegate.getBytes(i);
    }
    if (type == java.sql.Date.class) {
      return delegate.getDate(i);
    }
    if (type == java.sql.Time.class) {
      return delegate.getTime(i);
    }
    if (type == java.sql.Timestamp.class) {
      return delegate.getTimestamp(i);
    }
    if (type == java.time.LocalDate.class) {
      java.sql.Date d = delegate.getDate(i);
      return d == null ? null : d.toLocalDate();
    }
    if (type == java.time.LocalTime.class) {
      java.sql.Time t = delegate.getTime(i);
      // Time.toLocalTime() drops the milliseconds a TIME(3) value has.
      return t == null ? null
          : t.toLocalTime().withNano((int) Math.floorMod(t.getTime(), 1000L) * 1_000_000);
    }
    if (type == java.time.LocalDateTime.class) {
      java.sql.Timestamp t = delegate.getTimestamp(i);
      return t == null ? null : t.toLocalDateTime();
    }
    Object o = getObject(i);
    return o == null || type.isInstance(o) ? o : UNCONVERTIBLE;
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    return getObject(findColumn(columnLabel), type);
  }

  @Override
  public Reader getCharacterStream(int columnIndex) throws SQLException {
    if (!truncator.active()) {
      try {
        return delegate.getCharacterStream(columnIndex);
      } catch (SQLException | RuntimeException e) {
        throw failed(e, "getCharacterStream", columnIndex);
      }
    }
    String s = getString(columnIndex);
    return s == null ? null : new StringReader(s);
  }

  @Override
  public Reader getCharacterStream(String columnLabel) throws SQLException {
    return getCharacterStream(findColumn(columnLabel));
  }

  @Override
  public Reader getNCharacterStream(int columnIndex) throws SQLException {
    return getCharacterStream(columnIndex);
  }

  @Override
  public Reader getNCharacterStream(String columnLabel) throws SQLException {
    return getCharacterStream(findColumn(columnLabel));
  }

  @Override
  public SQLWarning getWarnings() throws SQLException {
    return chain(ownWarnings(), delegate.getWarnings());
  }

  /**
   * The warnings csvws itself raised for these rows (cut cells, lenient reads, notes about how
   * the files were read) not yet cleared. Unlike {@link #getWarnings} this works after the rows
   * are closed, so that the statement can still report them.
   */
  SQLWarning ownWarnings() {
    SQLWarning first = null;
    long cut = truncator.cutCells() - cutCellsCleared;
    if (cut > 0) {
      first = chain(first, new SQLWarning("maxCellChars=" + truncator.max() + " cut " + cut
          + " cell" + (cut == 1 ? "" : "s") + " of this result so far; each cut value ends with "
          + "...[+N chars]. Select SUBSTRING(column, start, length) "
          + "or raise maxCellChars to read more.", "01004"));
    }
    if (diagnostics != null) {
      for (LenientRead kind : LenientRead.values()) {
        long n = diagnostics.count(kind) - cleared[kind.ordinal()];
        if (n > 0) {
          first = chain(first, new SQLWarning(kind.summary(n) + ". First: "
              + diagnostics.first(kind), "01000"));
        }
      }
      List<String> notes = diagnostics.notes();
      for (int i = notesCleared; i < notes.size(); i++) {
        first = chain(first, new SQLWarning(notes.get(i), "01000"));
      }
    }
    return first;
  }

  private static SQLWarning chain(SQLWarning head, SQLWarning next) {
    if (head == null) {
      return next;
    }
    if (next != null) {
      head.setNextWarning(next);
    }
    return head;
  }

  @Override
  public void clearWarnings() throws SQLException {
    clearOwnWarnings();
    delegate.clearWarnings();
  }

  /** Clears what {@link #ownWarnings} reports so far; works after the rows are closed. */
  void clearOwnWarnings() {
    cutCellsCleared = truncator.cutCells();
    if (diagnostics != null) {
      for (LenientRead kind : LenientRead.values()) {
        cleared[kind.ordinal()] = diagnostics.count(kind);
      }
      notesCleared = diagnostics.notes().size();
    }
  }

  @Override
  public ResultSetMetaData getMetaData() throws SQLException {
    return new CsvwsResultSetMetaData(super.getMetaData());
  }

  @Override
  public Statement getStatement() throws SQLException {
    return statement;
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("A csvws result set does not wrap " + iface.getName() + ".", "HY000");
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) throws SQLException {
    return iface.isInstance(this);
  }
}
