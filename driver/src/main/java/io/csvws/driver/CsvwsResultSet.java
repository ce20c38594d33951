package io.csvws.driver;

import io.csvws.scan.QueryDiagnostics;
import java.io.Reader;
import java.io.StringReader;
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
  private final Statement statement;
  private final QueryDiagnostics diagnostics;
  private final CellTruncator truncator;
  private final Predicate<ResultSet> rowFilter;
  /** Per column (1-based), whether it holds text; computed on first use. */
  private boolean[] textColumns;
  private long cutCellsCleared;
  /** Counts of each kind of lenient read already reported and cleared. */
  private final long[] cleared = new long[QueryDiagnostics.Kind.values().length];
  private int notesCleared;

  /**
   * @param statement the statement that produced the rows, or null for metadata
   * @param rowFilter rows to keep, or null for all
   */
  CsvwsResultSet(Statement statement, ResultSet delegate, QueryDiagnostics diagnostics,
      CellTruncator truncator, Predicate<ResultSet> rowFilter) {
    super(delegate);
    this.statement = statement;
    this.diagnostics = diagnostics;
    this.truncator = truncator;
    this.rowFilter = rowFilter;
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
      while (delegate.next()) {
        if (rowFilter == null || rowFilter.test(delegate)) {
          return true;
        }
      }
      if (diagnostics != null) {
        diagnostics.ended();
      }
      return false;
    } catch (SQLException | RuntimeException e) {
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
    if (textColumns == null) {
      ResultSetMetaData md = delegate.getMetaData();
      textColumns = new boolean[md.getColumnCount() + 1];
      for (int i = 1; i < textColumns.length; i++) {
        textColumns[i] = isText(md.getColumnType(i));
      }
    }
    boolean text = columnIndex < textColumns.length && textColumns[columnIndex];
    return text ? truncator.apply(value, columnIndex) : value;
  }

  private static boolean isText(int jdbcType) {
    switch (jdbcType) {
      case Types.CHAR:
      case Types.VARCHAR:
      case Types.LONGVARCHAR:
      case Types.NCHAR:
      case Types.NVARCHAR:
      case Types.LONGNVARCHAR:
      case Types.CLOB:
      case Types.NCLOB:
        return true;
      default:
        return false;
    }
  }

  @Override
  public String getString(int columnIndex) throws SQLException {
    return cut(delegate.getString(columnIndex), columnIndex);
  }

  @Override
  public String getString(String columnLabel) throws SQLException {
    return getString(findColumn(columnLabel));
  }

  @Override
  public String getNString(int columnIndex) throws SQLException {
    return cut(delegate.getNString(columnIndex), columnIndex);
  }

  @Override
  public String getNString(String columnLabel) throws SQLException {
    return getNString(findColumn(columnLabel));
  }

  @Override
  public Object getObject(int columnIndex) throws SQLException {
    Object o = delegate.getObject(columnIndex);
    return o instanceof String ? cut((String) o, columnIndex) : o;
  }

  @Override
  public Object getObject(String columnLabel) throws SQLException {
    return getObject(findColumn(columnLabel));
  }

  @Override
  public <T> T getObject(int columnIndex, Class<T> type) throws SQLException {
    T o = delegate.getObject(columnIndex, type);
    return o instanceof String ? type.cast(cut((String) o, columnIndex)) : o;
  }

  @Override
  public <T> T getObject(String columnLabel, Class<T> type) throws SQLException {
    return getObject(findColumn(columnLabel), type);
  }

  @Override
  public Reader getCharacterStream(int columnIndex) throws SQLException {
    if (!truncator.active()) {
      return delegate.getCharacterStream(columnIndex);
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
    SQLWarning first = null;
    long cut = truncator.cutCells() - cutCellsCleared;
    if (cut > 0) {
      first = chain(first, new SQLWarning("maxCellChars=" + truncator.max() + " cut " + cut
          + " cell" + (cut == 1 ? "" : "s") + " of this result so far; each cut value ends with "
          + "...[+N chars]. Select SUBSTRING(column, start, length) "
          + "or raise maxCellChars to read more.", "01004"));
    }
    if (diagnostics != null) {
      for (QueryDiagnostics.Kind kind : QueryDiagnostics.Kind.values()) {
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
    return chain(first, delegate.getWarnings());
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
    cutCellsCleared = truncator.cutCells();
    if (diagnostics != null) {
      for (QueryDiagnostics.Kind kind : QueryDiagnostics.Kind.values()) {
        cleared[kind.ordinal()] = diagnostics.count(kind);
      }
      notesCleared = diagnostics.notes().size();
    }
    delegate.clearWarnings();
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
