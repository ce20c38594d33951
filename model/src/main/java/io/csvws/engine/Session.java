package io.csvws.engine;

import io.csvws.config.ConnectionConfig;
import io.csvws.schema.Catalog;
import io.csvws.schema.MetadataPrefetch;
import io.csvws.schema.TableListing;
import io.csvws.schema.WorkspaceFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * One session of an {@link Engine} on a workspace: the JDBC connection its queries run on, with
 * what the engine can tell of the workspace without a query (its tables, a page of its files).
 * The connection is Calcite's, with csvws's schema, rules and SQL dialect; the JDBC driver wraps it
 * to refuse writes, translate errors and report warnings, so clients use the driver, not this.
 */
public final class Session implements AutoCloseable {
  private final Engine engine;
  private final Connection connection;
  private final Catalog catalog;

  Session(Engine engine, Connection connection, Catalog catalog) {
    this.engine = engine;
    this.connection = connection;
    this.catalog = catalog;
  }

  /** The engine this session runs on. */
  public Engine engine() {
    return engine;
  }

  /** The connection this session's queries run on. */
  public Connection connection() {
    return connection;
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

  /** The workspace's table files, listed now, to page through. */
  public WorkspaceListing files() {
    return new WorkspaceListing(WorkspaceFiles.list(catalog));
  }

  /** Closes the session's connection. */
  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
