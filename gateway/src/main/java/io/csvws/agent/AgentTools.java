package io.csvws.agent;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.csvws.driver.CsvwsDataSource;
import io.csvws.driver.CsvwsDriver;
import io.csvws.driver.CsvwsUrl;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The agent tools over one workspace, independent of any transport: the MCP server, the gateway's
 * HTTP endpoint and tests all call {@link #call(String, Map)} or {@link #callJson(String, String)}.
 *
 * <p>Every tool works through SQL on connections from a {@link DataSource} of {@code jdbc:csvws:}
 * connections, so the engine's sandbox and read-only guarantee hold for the tools too. Every
 * response is bounded by {@link AgentLimits} and says what it left out; every failure is a
 * {@link ToolResult} with a code (see {@link ErrorCode}) and a message that says what to do next,
 * never an exception.
 *
 * <p>Thread-safe: calls may run concurrently, each on its own pooled connection. Saved results
 * (save_result) belong to this instance: one instance is one agent session.
 */
public final class AgentTools implements AutoCloseable {
  private final DataSource dataSource;
  private final AutoCloseable ownedPool;
  private final AgentLimits limits;
  private final Path exportRoot;
  private final NamedResults results;
  private final List<ToolSpec> specs;
  private final Incidents incidents;

  /**
   * Tools over connections from {@code dataSource}, which must give {@code jdbc:csvws:}
   * connections to one workspace (e.g. a HikariCP pool per user).
   *
   * @param exportFolder folder export writes into, or null to disable export; must exist
   */
  public AgentTools(DataSource dataSource, AgentLimits limits, Path exportFolder) {
    this(dataSource, null, limits, exportFolder, Incidents.toStandardError(exportFolder));
  }

  private AgentTools(DataSource dataSource, AutoCloseable ownedPool, AgentLimits limits,
      Path exportFolder, Incidents incidents) {
    this.dataSource = dataSource;
    this.incidents = incidents;
    this.ownedPool = ownedPool;
    this.limits = limits;
    this.exportRoot = exportFolder == null ? null : exportRoot(exportFolder);
    this.results = new NamedResults(limits.maxNamedResults());
    this.specs = ToolCatalog.all(limits);
  }

  private static Path exportRoot(Path folder) {
    try {
      if (!Files.isDirectory(folder)) {
        throw new IllegalArgumentException("The export folder " + folder
            + " does not exist or is not a folder");
      }
      // Not followed if it is itself a link: export then refuses to write through it (the
      // gateway's per-user folders). An operator's own link is resolved by the caller.
      return folder.toRealPath(java.nio.file.LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      throw new IllegalArgumentException("The export folder " + folder + " cannot be used: "
          + e.getMessage(), e);
    }
  }

  /**
   * Tools over the workspace folder {@code workspace}, on a HikariCP pool of
   * {@code jdbc:csvws:} connections that {@link #close()} shuts down.
   *
   * @param exportFolder folder export writes into, or null to disable export; must exist
   */
  public static AgentTools open(Path workspace, Path exportFolder, AgentLimits limits) {
    return open(workspace, exportFolder, limits,
        Incidents.toStandardError(workspace, exportFolder));
  }

  /**
   * As {@link #open(Path, Path, AgentLimits)}, with failures whose details are the server's
   * business (stack traces, absolute paths) logged to {@code incidents}.
   */
  public static AgentTools open(Path workspace, Path exportFolder, AgentLimits limits,
      Incidents incidents) {
    return open(workspace, exportFolder, limits, incidents, new CsvwsDriver());
  }

  /**
   * As {@link #open(Path, Path, AgentLimits, Incidents)}, on connections of {@code driver}: the
   * gateway's, so its engine knows (and its heap guard can stop) the tools' queries.
   */
  public static AgentTools open(Path workspace, Path exportFolder, AgentLimits limits,
      Incidents incidents, CsvwsDriver driver) {
    HikariConfig config = new HikariConfig();
    config.setDataSource(new CsvwsDataSource(driver, CsvwsUrl.of(workspace.toAbsolutePath())));
    config.setPoolName("csvws-agent");
    config.setMaximumPoolSize(4);
    config.setMinimumIdle(0);
    config.setAutoCommit(true);
    config.setReadOnly(true);
    config.setInitializationFailTimeout(-1);
    HikariDataSource pool = new HikariDataSource(config);
    try {
      return new AgentTools(pool, pool, limits, exportFolder, incidents);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
  }

  /** The tools, their descriptions and arguments. */
  public List<ToolSpec> tools() {
    return specs;
  }

  public AgentLimits limits() {
    return limits;
  }

  /** Calls a tool with arguments given as JSON text (an object; blank for none). */
  public ToolResult callJson(String tool, String argumentsJson) {
    Map<String, Object> args;
    try {
      args = Json.parseObject(argumentsJson);
    } catch (CsvwsException e) {
      return failure(tool, e);
    }
    return call(tool, args);
  }

  /** Calls a tool. Never throws for anything the call did wrong or the engine refused. */
  public ToolResult call(String tool, Map<String, Object> arguments) {
    ToolSpec spec = spec(tool);
    if (spec == null) {
      List<String> names = new ArrayList<>();
      specs.forEach(s -> names.add(s.name()));
      return failure(tool, Args.invalid("Unknown tool '" + Tables.shorten(String.valueOf(tool))
          + "'. Tools: " + String.join(", ", names) + "."));
    }
    try {
      Args args = new Args(spec, arguments);
      Map<String, Object> body = dispatch(spec.name(), args);
      return new ToolResult(spec.name(), null, body);
    } catch (CsvwsException e) {
      return failure(spec.name(), e);
    } catch (SQLException e) {
      CsvwsException c = Failures.of(e, limits.queryTimeoutSeconds());
      return failure(spec.name(), new CsvwsException(c.code(),
          incidents.forClient("tool " + spec.name(), c.getMessage(), e), e));
    } catch (IOException e) {
      // Its message names absolute server paths and temporary files: those go to the log.
      String reference = incidents.record("tool " + spec.name(), e);
      return failure(spec.name(), new CsvwsException(ErrorCode.QUERY_FAILED,
          "Writing failed on the server; nothing was written. The operator finds the details "
              + "in the server's log under reference " + reference + "."));
    } catch (RuntimeException | AssertionError | StackOverflowError e) {
      CsvwsException c = CsvwsException.find(e);
      if (c != null) {
        return failure(spec.name(), new CsvwsException(c.code(),
            incidents.forClient("tool " + spec.name(), c.getMessage(), e), e));
      }
      return failure(spec.name(), new CsvwsException(ErrorCode.QUERY_FAILED,
          Incidents.internal(incidents.record("tool " + spec.name(), e))));
    }
  }

  /**
   * {@code sql} with the saved results (save_result) it names defined in front of it, as query
   * runs it; the answer says where the definitions went in, so that positions in the engine's
   * messages can be taken back to {@code sql}.
   */
  public SavedResultsExpansion expandSavedResults(String sql) {
    return results.expansion(sql);
  }

  /**
   * Writes the rows of {@code sql} (saved results expanded, as query does) to {@code out} as
   * {@code format}, "csv" or "xlsx": the writing code of export, to a stream instead of a file in
   * the export folder (the web console's downloads). Runs on this instance's connections with its
   * query timeout; {@code out} is closed when the rows are written.
   *
   * @return the rows written, the header not counted
   * @throws SQLException what the engine refused or failed at, as it says it
   * @throws CsvwsException VALIDATION_FAILED for a format other than csv or xlsx, or a result an
   *     XLSX sheet cannot hold
   */
  public long exportTo(String sql, String format, OutputStream out)
      throws SQLException, IOException {
    if (!format.equals("csv") && !format.equals("xlsx")) {
      throw Args.invalid("The format must be csv or xlsx, not '" + Tables.shorten(format) + "'.");
    }
    try (Connection c = connection(); Statement s = c.createStatement()) {
      s.setQueryTimeout(timeout());
      try (ResultSet rs = s.executeQuery(results.expand(sql))) {
        return ExportTool.write(rs, format, "Sheet1", out).rows();
      }
    }
  }

  private ToolSpec spec(String tool) {
    Tool t = Tool.named(tool);
    return t == null ? null : specs.get(t.ordinal());
  }

  private Map<String, Object> dispatch(String tool, Args a) throws SQLException, IOException {
    Tool t = Tool.named(tool);
    if (!t.usesConnection()) {
      return t.run(this, null, a);
    }
    try (Connection c = connection()) {
      return t.run(this, c, a);
    }
  }

  private Connection connection() throws SQLException {
    try {
      return dataSource.getConnection();
    } catch (SQLException e) {
      throw new CsvwsException(Failures.codeOf(e) == ErrorCode.QUERY_FAILED
          ? ErrorCode.FILE_READ_FAILED : Failures.codeOf(e),
          "The workspace cannot be opened: " + Failures.bound(String.valueOf(e.getMessage())), e);
    }
  }

  private static ToolResult failure(String tool, CsvwsException e) {
    Map<String, Object> error = new LinkedHashMap<>();
    ErrorCode code = e.code() == ErrorCode.TYPE_MISMATCH ? ErrorCode.QUERY_FAILED
        : e.code() == ErrorCode.CANCELLED ? ErrorCode.TIMEOUT : e.code();
    error.put("code", code.name());
    error.put("message", Failures.bound(String.valueOf(e.getMessage())));
    error.put("tool", tool);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("error", error);
    return new ToolResult(tool, code, body);
  }

  int timeout() {
    return limits.queryTimeoutSeconds();
  }

  NamedResults results() {
    return results;
  }

  Path exportRoot() {
    return exportRoot;
  }

  /** Shuts the pool down when this instance opened it; a given DataSource is left alone. */
  @Override
  public void close() {
    if (ownedPool != null) {
      try {
        ownedPool.close();
      } catch (Exception e) {
        throw new IllegalStateException("The connection pool did not close cleanly", e);
      }
    }
  }
}
