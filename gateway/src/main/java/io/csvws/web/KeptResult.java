package io.csvws.web;

import io.csvws.engine.QueryProgress;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * One query result kept on the server while the page reads it a page at a time.
 *
 * <p>Why a cursor and a spool, not re-execution with LIMIT/OFFSET: re-running the statement for
 * each page would re-scan the files up to the offset every time (page 10,000 of a big result
 * costs as much as the whole query) and could give a different answer if a file changed in
 * between. Instead the statement stays open and its rows are read forward only as far as the
 * pages asked for; rows already read are appended to a temporary spool file with the offset of
 * each page's first row, so going back a page is a seek, not a re-run, and the heap holds one
 * page, never the result. The total row count is known once the cursor reached the end.
 */
final class KeptResult implements AutoCloseable {
  /** Rows in one page. */
  static final int PAGE_ROWS = 100;
  /** Characters of a cell sent in a page; longer cells are cut and fetched whole on demand. */
  static final int CELL_CHARS = 200;

  /** A column of the result: its name and SQL type as the engine states them. */
  record Column(String name, String type) {
  }

  /** A cell of a page: null for SQL NULL, otherwise its text, cut when longer than a page shows. */
  record Cell(String text, int fullLength) {
    boolean cut() {
      return fullLength > text.length();
    }
  }

  /**
   * A page of rows.
   *
   * @param page the page number from 0
   * @param firstRow the 0-based number of the page's first row
   * @param rows the rows; a null cell is SQL NULL
   * @param totalRows the number of rows of the whole result, or -1 while not yet known
   * @param rowsSoFar rows read from the engine so far
   * @param cut null, or why the result ends early (the user's spool limit): then
   *     {@code totalRows} counts only the rows kept
   */
  record Page(int page, long firstRow, List<Cell[]> rows, long totalRows, long rowsSoFar,
      String cut) {
  }

  private final String id;
  private final Connection connection;
  private final Statement statement;
  private final ResultSet rows;
  private final List<Column> columns;
  private final Path spoolPath;
  private final FileChannel spool;
  /** Spool offset of row {@code k * PAGE_ROWS}, for each page begun. */
  private final List<Long> pageStarts = new ArrayList<>();
  private long rowsSpooled;
  private boolean exhausted;
  /** The user's budget of spooled bytes, shared by their results, and this result's share. */
  private SpoolBudget budget;
  private long budgetTaken;
  /** Why the result was cut short, or null. */
  private String cut;
  private boolean closed;
  /** True while a page is being read from the engine, when a cancel must reach the statement. */
  private volatile boolean reading;
  private volatile long lastUsedNanos = System.nanoTime();

  private KeptResult(String id, Connection connection, Statement statement, ResultSet rows,
      List<Column> columns, Path spoolPath, FileChannel spool) {
    this.id = id;
    this.connection = connection;
    this.statement = statement;
    this.rows = rows;
    this.columns = columns;
    this.spoolPath = spoolPath;
    this.spool = spool;
  }

  /**
   * Keeps the result of {@code rows}; closing the result closes {@code statement} and
   * {@code connection} too.
   */
  static KeptResult keep(String id, Connection connection, Statement statement, ResultSet rows,
      SpoolBudget budget) throws SQLException, IOException {
    ResultSetMetaData md = rows.getMetaData();
    List<Column> columns = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      columns.add(new Column(md.getColumnLabel(i), typeOf(md, i)));
    }
    Path path = Files.createTempFile("csvws-web-result-", ".spool");
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ,
        StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
    KeptResult r =
        new KeptResult(id, connection, statement, rows, List.copyOf(columns), path, channel);
    r.budget = budget;
    return r;
  }

  /** How far the statement's execution is, or null when the engine does not say. */
  QueryProgress progress() {
    try {
      return statement.unwrap(io.csvws.driver.QueryProgressSource.class).progress();
    } catch (SQLException e) {
      return null;
    }
  }

  private static String typeOf(ResultSetMetaData md, int i) throws SQLException {
    String name = md.getColumnTypeName(i);
    int type = md.getColumnType(i);
    if (type == java.sql.Types.DECIMAL || type == java.sql.Types.NUMERIC) {
      return name + "(" + md.getPrecision(i) + ", " + md.getScale(i) + ")";
    }
    return name;
  }

  String id() {
    return id;
  }

  List<Column> columns() {
    return columns;
  }

  /** Page {@code page} (from 0), reading the engine's rows forward as far as it needs. */
  synchronized Page page(int page) throws SQLException, IOException {
    checkOpen();
    lastUsedNanos = System.nanoTime();
    long first = (long) page * PAGE_ROWS;
    reading = true;
    try {
      // One row past the page: a page that ends the result then knows the total.
      readUpTo(first + PAGE_ROWS + 1);
    } finally {
      reading = false;
    }
    List<Cell[]> out = new ArrayList<>();
    if (first < rowsSpooled) {
      int count = (int) Math.min(PAGE_ROWS, rowsSpooled - first);
      DataInputStream in = at(pageStarts.get(page));
      for (int r = 0; r < count; r++) {
        Cell[] row = new Cell[columns.size()];
        for (int c = 0; c < row.length; c++) {
          String v = readCell(in);
          row[c] = v == null ? null : new Cell(v.length() > CELL_CHARS
              ? v.substring(0, cutPoint(v)) : v, v.length());
        }
        out.add(row);
      }
    }
    return new Page(page, first, out, exhausted ? rowsSpooled : -1, rowsSpooled, cut);
  }

  /** The number of the result's last page, reading the engine's rows to the end. */
  synchronized int lastPage() throws SQLException, IOException {
    checkOpen();
    lastUsedNanos = System.nanoTime();
    reading = true;
    try {
      readUpTo(Long.MAX_VALUE);
    } finally {
      reading = false;
    }
    return rowsSpooled == 0 ? 0 : (int) ((rowsSpooled - 1) / PAGE_ROWS);
  }

  /** The whole text of one cell of a row already shown, or null for SQL NULL. */
  synchronized String cell(long row, int column) throws IOException {
    checkOpen();
    if (row < 0 || row >= rowsSpooled || column < 0 || column >= columns.size()) {
      throw new IllegalArgumentException("row " + row + ", column " + column
          + " is not a cell of a page already read (rows 0 to " + (rowsSpooled - 1)
          + ", columns 0 to " + (columns.size() - 1) + ")");
    }
    int page = (int) (row / PAGE_ROWS);
    DataInputStream in = at(pageStarts.get(page));
    long skip = (row - (long) page * PAGE_ROWS) * columns.size() + column;
    for (long k = 0; k < skip; k++) {
      readCell(in);
    }
    return readCell(in);
  }

  /** Cancels the statement (from another request's thread). */
  void cancel() throws SQLException {
    statement.cancel();
  }

  /** Whether a page is being read from the engine now. */
  boolean reading() {
    return reading;
  }

  /** Whether the result was last used more than {@code seconds} ago. */
  boolean idleFor(long seconds) {
    return !reading && System.nanoTime() - lastUsedNanos > seconds * 1_000_000_000L;
  }

  private static int cutPoint(String v) {
    // Never cut a surrogate pair in half.
    return Character.isHighSurrogate(v.charAt(CELL_CHARS - 1)) ? CELL_CHARS - 1 : CELL_CHARS;
  }

  private void readUpTo(long wanted) throws SQLException, IOException {
    int n = columns.size();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    ByteArrayOutputStream rowBytes = new ByteArrayOutputStream();
    DataOutputStream row = new DataOutputStream(rowBytes);
    while (!exhausted && rowsSpooled < wanted) {
      if (!rows.next()) {
        exhausted = true;
        break;
      }
      rowBytes.reset();
      for (int c = 1; c <= n; c++) {
        String v = rows.getString(c);
        if (v == null) {
          row.writeByte(0);
        } else {
          byte[] utf8 = v.getBytes(StandardCharsets.UTF_8);
          row.writeByte(1);
          row.writeInt(utf8.length);
          row.write(utf8);
        }
      }
      row.flush();
      if (budget != null && !budget.take(rowBytes.size())) {
        exhausted = true;
        cut = "The result was cut after " + rowsSpooled + " rows: the rows kept on the server "
            + "for your pages reached " + budget.limit() + " bytes, the most this server keeps "
            + "for one user (--max-spool-bytes-per-user). Narrow the query (WHERE, LIMIT, fewer "
            + "columns) or close other results; the rows after the cut are not shown.";
        try {
          statement.cancel();
        } catch (SQLException e) {
          // The rows are cut either way; the engine stops when the result closes.
        }
        break;
      }
      budgetTaken += rowBytes.size();
      if (rowsSpooled % PAGE_ROWS == 0) {
        out.flush();
        append(bytes);
        pageStarts.add(spool.size());
      }
      rowBytes.writeTo(out);
      rowsSpooled++;
    }
    out.flush();
    append(bytes);
  }

  private void append(ByteArrayOutputStream bytes) throws IOException {
    ByteBuffer b = ByteBuffer.wrap(bytes.toByteArray());
    long at = spool.size();
    while (b.hasRemaining()) {
      at += spool.write(b, at);
    }
    bytes.reset();
  }

  private DataInputStream at(long offset) throws IOException {
    spool.position(offset);
    return new DataInputStream(new BufferedInputStream(Channels.newInputStream(spool)));
  }

  private static String readCell(DataInputStream in) throws IOException {
    if (in.readByte() == 0) {
      return null;
    }
    byte[] utf8 = new byte[in.readInt()];
    in.readFully(utf8);
    return new String(utf8, StandardCharsets.UTF_8);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("result " + id + " is closed");
    }
  }

  /** Closes the statement and its connection and deletes the spool file. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (budget != null) {
      budget.release(budgetTaken);
    }
    for (AutoCloseable c : new AutoCloseable[] {rows, statement, connection, spool}) {
      try {
        c.close();
      } catch (Exception e) {
        // Closing after use: nothing the user can do about a failure here.
      }
    }
    try {
      Files.deleteIfExists(spoolPath);
    } catch (IOException e) {
      // DELETE_ON_CLOSE already removed it on most systems.
    }
  }
}
