package io.csvws.engine;

import io.csvws.config.ConnectionConfig;
import io.csvws.metadata.ColumnNaming;
import io.csvws.metadata.MetadataCache;
import io.csvws.scan.ScanWorkers;
import io.csvws.schema.Catalog;
import io.csvws.schema.WorkspaceSchema;
import io.csvws.sql.JdbcColumns;
import io.csvws.sql.LexicalPolicy;
import io.csvws.workspace.FileKind;
import io.csvws.workspace.FolderListings;
import io.csvws.workspace.Workspace;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.jdbc.CalciteConnection;

/**
 * The csvws engine: SQL over a folder of CSV files. Its sessions share what it learns about files
 * (the metadata cache), the folder listings and the threads of parallel scans; it knows the
 * queries running on it, so an operator can watch and cancel them. Everything else of csvws
 * (parsing, planning, scanning) is internal and reached only through here.
 *
 * <pre>{@code
 * Engine engine = Engine.create();
 * try (Session s = engine.open("jdbc:csvws:/data", Path.of("/data"), ConnectionConfig.defaults())) {
 *   ... s.connection().createStatement() ...
 * }
 * }</pre>
 *
 * <p>Thread-safe. An engine holds no file open between queries and needs no closing; the JDBC
 * driver makes one per driver instance, the gateway one per server.
 */
public final class Engine {
  /** The column every table has beside its file's columns: a record's 1-based position. */
  public static final String ROW_COLUMN = ColumnNaming.ROW_COLUMN;

  /** Sized above the 10,000-file folders csvws is meant to list, so their metadata stays known. */
  private static final int METADATA_ENTRIES = 50_000;
  private static final int LISTED_FILES = 1_000_000;

  /**
   * Made with the first session that needs Calcite's connection: loading Calcite's driver is a
   * good part of a fresh JVM's first second, which a statement the engine answers directly
   * ({@link Session#answerDirectly}) never spends. Guarded by {@code this}.
   */
  private CalciteBackend backend;
  private final MetadataCache cache;
  /** Folder listings, shared by sessions so a one-table query does not list a big folder. */
  private final FolderListings listings;
  private final ScanWorkers workers;
  private final RunningQueries running = new RunningQueries();
  private final boolean countAllocations;

  private Engine(MetadataCache cache, FolderListings listings, ScanWorkers workers,
      boolean countAllocations) {
    this.cache = cache;
    this.listings = listings;
    this.workers = workers;
    this.countAllocations = countAllocations;
  }

  /**
   * An engine sized for this machine: a scan thread per core, room for 50,000 files' metadata;
   * its executions count the bytes they allocate ({@link Execution#allocatedBytes()}).
   */
  public static Engine create() {
    return create(true);
  }

  /**
   * An engine sized for this machine, whose executions count the bytes they allocate only if
   * {@code countAllocations}: a server picks the query to stop by them, while a program that
   * runs one query need not pay the first count's set-up (the platform's management beans, a
   * tenth of a fresh JVM's count from the metadata cache).
   */
  public static Engine create(boolean countAllocations) {
    return new Engine(new MetadataCache(METADATA_ENTRIES), new FolderListings(LISTED_FILES),
        ScanWorkers.forThisMachine(), countAllocations);
  }

  /**
   * Opens a session on the workspace {@code folder}.
   *
   * @param url the URL the session was asked for, reported by {@code getMetaData().getURL()}
   * @throws io.csvws.error.CsvwsException if the folder is not a readable folder or the
   *     configuration's metadata cache location cannot be used
   */
  public Session open(String url, Path folder, ConnectionConfig config) throws SQLException {
    cache.checkLocation(config);
    Workspace workspace = Workspace.open(folder, listings);
    Catalog catalog = new Catalog(workspace, config, cache, workers);
    return new Session(this, catalog, new Session.Connector() {
      @Override
      public Connection connect() throws SQLException {
        return Engine.this.connect(url, catalog);
      }
    });
  }

  /** Calcite's connection over {@code catalog}: made when a session first needs it. */
  private CalciteConnection connect(String url, Catalog catalog) throws SQLException {
    Properties calciteProperties = LexicalPolicy.calciteProperties();
    calciteProperties.setProperty("metaColumnFactory", JdbcColumns.class.getName());
    return backend().open(url, calciteProperties, new WorkspaceSchema(catalog));
  }

  private synchronized CalciteBackend backend() {
    if (backend == null) {
      ConnectionWarmUp.start(workers);
      backend = new CalciteBackend();
    }
    return backend;
  }

  /** A new execution of a query, to run the query's calls in. */
  Execution newExecution() {
    return new Execution(running, countAllocations);
  }

  /** The executions running on this engine now, oldest first. */
  public List<Execution> runningQueries() {
    return running.snapshot();
  }

  /** The file name endings csvws reads as tables, such as {@code .csv}; each may add {@code .gz}. */
  public static List<String> tableFileExtensions() {
    List<String> out = new ArrayList<>();
    for (FileKind k : FileKind.values()) {
      out.add(k.extension());
    }
    return List.copyOf(out);
  }
}
