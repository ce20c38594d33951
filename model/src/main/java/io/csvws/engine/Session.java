package io.csvws.engine;

import io.csvws.config.ConnectionConfig;
import io.csvws.direct.AggregateQuery;
import io.csvws.direct.DirectQuery;
import io.csvws.direct.NamedTables;
import io.csvws.metadata.ColumnInfo;
import io.csvws.scan.ScanWorkers;
import io.csvws.schema.Catalog;
import io.csvws.schema.CsvwsTable;
import io.csvws.schema.FolderSchema;
import io.csvws.schema.MetadataPrefetch;
import io.csvws.schema.TableListing;
import io.csvws.schema.WorkspaceFiles;
import io.csvws.schema.WorkspaceSchema;
import io.csvws.sql.RowSeek;
import io.csvws.workspace.FolderListing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Predicate;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.Named;

/**
 * One session of an {@link Engine} on a workspace: the JDBC connection its queries run on, with
 * what the engine can tell of the workspace without a query (its tables, a page of its files)
 * and the statements it answers without that connection ({@link #answerDirectly}). The
 * connection is Calcite's, with csvws's schema, rules and SQL dialect, made on first use; the
 * JDBC driver wraps it to refuse writes, translate errors and report warnings, so clients use the
 * driver, not this. Thread-safe.
 */
public final class Session implements AutoCloseable {
  /** Makes the session's Calcite connection. */
  @FunctionalInterface
  interface Connector {
    Connection connect() throws SQLException;
  }

  private final Engine engine;
  private final Catalog catalog;
  private final Connector connector;
  /** Calcite's connection, once made; guarded by {@code this}. */
  private Connection connection;
  private boolean closed;

  Session(Engine engine, Catalog catalog, Connector connector) {
    this.engine = engine;
    this.catalog = catalog;
    this.connector = connector;
  }

  /** The engine this session runs on. */
  public Engine engine() {
    return engine;
  }

  /**
   * The connection this session's queries run on, made on the first call: in a fresh JVM,
   * making it (Calcite's driver, type factory and protocol classes) costs more than answering a
   * count from the metadata cache.
   *
   * @throws SQLException if the session is closed, or the connection cannot be made
   */
  public synchronized Connection connection() throws SQLException {
    if (connection == null) {
      if (closed) {
        throw new SQLException("The session is closed.", "08003");
      }
      connection = connector.connect();
    }
    return connection;
  }

  /** Whether the session's connection has been made (and so may hold state, such as a schema). */
  public synchronized boolean connected() {
    return connection != null;
  }

  /**
   * The rows of {@code sql} when it is a statement the engine answers without Calcite's
   * connection ({@link DirectQuery}: a whole table's {@code COUNT(*)}, or all or some columns of
   * the rows at some {@code _row} positions or of the first rows; {@link AggregateQuery}: counts,
   * sums, least and greatest values of columns, grouped by columns) and its table is in the
   * default schema; else null, and the statement goes to the connection, which also reports
   * every error. The answer is the one the planner-free path gives the same statement: the row
   * count known for the file's current version (from the persistent metadata cache too), else
   * counted by a scan; the rows read by a scan that starts near the first of them when the
   * file's row index knows where it is; the groups the same scan and grouping give.
   *
   * @param schema the connection's current schema, or null for the default
   */
  public DirectAnswer answerDirectly(String sql, String schema) {
    if (schema != null && !schema.equals(WorkspaceSchema.DEFAULT_SCHEMA)) {
      return null;
    }
    DirectQuery query = DirectQuery.read(sql);
    AggregateQuery aggregate = query == null ? AggregateQuery.read(sql) : null;
    if (query == null && aggregate == null) {
      return null;
    }
    String name = query != null ? query.table() : aggregate.table();
    // The lookup Calcite makes of a name in the default schema, as the connection is
    // case-insensitive: the same table, or none and the parser's path names the error.
    FolderSchema root = new FolderSchema(catalog, List.of());
    Named<Table> found = root.tables().getIgnoreCase(name);
    if (found == null || !(found.entity() instanceof CsvwsTable table)
        || table.failure() != null) {
      return null;
    }
    // No data context: the execution the caller runs this in holds the cancel and time limit.
    if (query != null && query.count()) {
      return new DirectAnswer.Count(table.countRows(null));
    }
    List<ColumnInfo> columns = table.metadata().columns();
    if (columns.isEmpty() || shadowedByFolder(name) || !distinctNames(columns)) {
      return null;
    }
    if (aggregate != null) {
      return DirectAggregates.answer(aggregate, table, WorkspaceSchema.DEFAULT_SCHEMA,
          found.name(), columns);
    }
    int[] ordinals = DirectColumns.ordinals(columns, query.columns());
    if (ordinals == null) {
      return null;
    }
    List<ColumnInfo> read = new ArrayList<>(ordinals.length);
    for (int c : ordinals) {
      read.add(columns.get(c));
    }
    return DirectColumns.rows(WorkspaceSchema.DEFAULT_SCHEMA, found.name(), read,
        query.limit() > 0 ? RowSeek.first(table, ordinals, query.limit())
            : RowSeek.rows(table, ordinals, query.firstRow(), query.lastRow()));
  }

  /**
   * Whether a folder of the root has the name too: the planner's path then reads the table under
   * another name (its relative path), which its columns' descriptions carry.
   */
  private boolean shadowedByFolder(String name) {
    FolderListing listing = catalog.workspace().list(List.of());
    return listing == null || listing.folderNameIgnoringCase(name) != null;
  }

  /** Whether no two columns' names, nor a name and {@code _row}, differ only in case. */
  private static boolean distinctNames(List<ColumnInfo> columns) {
    Set<String> seen = new HashSet<>();
    seen.add(Engine.ROW_COLUMN);
    for (ColumnInfo c : columns) {
      if (!seen.add(c.name().toLowerCase(Locale.ROOT))) {
        return false;
      }
    }
    return true;
  }

  /** The session's settings. */
  public ConnectionConfig config() {
    return catalog.config();
  }

  /** The workspace's folder. */
  public Path root() {
    return catalog.workspace().root();
  }

  /** Whether the workspace's folder is still there. */
  public boolean rootExists() {
    return Files.isDirectory(root());
  }

  /** A new execution of a query on this session's engine, to run the query's calls in. */
  public Execution newExecution() {
    return engine.newExecution();
  }

  /**
   * The tables whose schema name and table name match, in JDBC's order (type, schema, name), read
   * from the folder listings alone: no file is stat'ed or read.
   *
   * @throws io.csvws.error.CsvwsException if the workspace's folder cannot be listed
   */
  public List<TableEntry> tables(Predicate<String> schemaName, Predicate<String> tableName) {
    List<TableEntry> out = new ArrayList<>();
    for (TableListing.Table t : TableListing.tables(catalog, schemaName, tableName)) {
      out.add(new TableEntry(t.schema(), t.name(), t.type().jdbcName));
    }
    return out;
  }

  /**
   * Learns the columns of the matching tables not yet known, reading their files in parallel,
   * so that describing them next (Calcite's {@code getColumns}) reads no file one at a time.
   *
   * @return how many tables matched
   */
  public int prefetchColumns(Predicate<String> schemaName, Predicate<String> tableName) {
    return MetadataPrefetch.tables(catalog, schemaName, tableName);
  }

  /**
   * Starts learning, on the scan threads, the metadata of the tables {@code sql} names after
   * {@code FROM} or {@code JOIN} in the default schema ({@link NamedTables}), when the session's
   * Calcite connection is still to be made: the caller makes it meanwhile, and the statement's
   * lookup then finds the metadata known, or waits for the inspection under way rather than
   * reading the file again. A fresh JVM's first planned statement on a file not seen before
   * spends about as long on each. Does nothing once connected, without scan threads, or for a
   * name that is no table; what cannot be learnt is left to the statement, which reports it.
   */
  public void learnTablesAhead(String sql) {
    ScanWorkers workers = catalog.workers();
    if (workers == null || connected()) {
      return;
    }
    List<String> names = NamedTables.read(sql);
    if (names.isEmpty()) {
      return;
    }
    Runnable learn = () -> {
      FolderSchema root = new FolderSchema(catalog, List.of());
      for (String name : names) {
        try {
          Named<Table> found = root.tables().getIgnoreCase(name);
          if (found != null && found.entity() instanceof CsvwsTable table) {
            table.metadata();
          }
        } catch (RuntimeException e) {
          // The statement looks the name up itself and reports what is wrong.
        }
      }
    };
    try {
      workers.submit(learn);
    } catch (RejectedExecutionException e) {
      // The engine is closing; the statement will say so.
    }
  }

  /** The workspace's table files, listed now, to page through. */
  public WorkspaceListing files() {
    return new WorkspaceListing(WorkspaceFiles.list(catalog));
  }

  /** Closes the session's connection, if it was made. */
  @Override
  public synchronized void close() throws SQLException {
    closed = true;
    if (connection != null) {
      connection.close();
    }
  }
}
