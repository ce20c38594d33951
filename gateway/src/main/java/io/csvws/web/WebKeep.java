package io.csvws.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.csvws.agent.AgentTools;
import io.csvws.agent.SavedResultsExpansion;
import io.csvws.agent.ToolResult;
import io.csvws.driver.CsvwsDriver;
import io.csvws.driver.CsvwsUrl;
import io.csvws.error.CsvwsException;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * What the web console keeps of a user's work: the history of their queries
 * ({@link QueryHistory}), their saved results and the downloads of a result.
 *
 * <p>Saved results are the agent tools' named results (save_result, list_results, drop_result of
 * the user's {@link AgentTools}): the console calls those tools, and a query run from the page
 * has them expanded as the agent's query tool does, so a result saved from the page is the same
 * thing, with the same rules, as one an agent of that user saved. Downloads are written by the
 * agent tools' export code ({@link AgentTools#exportTo}) straight into the response.
 *
 * <p>A download is two requests: a POST carrying the same-origin token names the SQL and the
 * format and gets a one-time address; the page then lets the browser fetch that address, so the
 * file streams to disk as the server writes it instead of through the page's memory. The address
 * is random, works once, for the user who asked, within {@link #DOWNLOAD_SECONDS}; so that GET
 * needs no token (a link cannot send a header) and another site cannot start a download.
 *
 * <p>Thread-safe. Nothing is shared between users.
 */
final class WebKeep {
  /** How long a download address works after the page asked for it. */
  static final long DOWNLOAD_SECONDS = 120;
  /** Download addresses a user may hold unused at once; asking for more drops the oldest. */
  static final int MAX_PENDING_DOWNLOADS = 8;

  private static final String XLSX_TYPE =
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

  /** A download asked for and not yet fetched. */
  private record Pending(String user, String sql, String format, String fileName,
      long expiresNanos) {
  }

  private final ObjectMapper json = new ObjectMapper();
  private final CsvwsDriver driver;
  private final WebConsole.AgentsOfUser agents;
  private final Map<String, QueryHistory> histories = new ConcurrentHashMap<>();
  /** Insertion-ordered per user by the time they were asked for; keyed by the random id. */
  private final Map<String, Pending> downloads = new ConcurrentHashMap<>();
  /** The engine's functions, read once: the catalogue is the same for every workspace. */
  private volatile List<Map<String, Object>> functions;

  WebKeep(WebConsole.AgentsOfUser agents, CsvwsDriver driver) {
    this.driver = driver;
    this.agents = agents;
  }

  /**
   * Runs {@code sql} for the page with the user's saved results expanded, records it in the
   * user's history, and gives errors their positions in the text the person wrote.
   */
  KeptResult run(UserConsole console, String user, Path workspace, String sql)
      throws SQLException, IOException {
    SavedResultsExpansion x = agents.forUser(user, workspace).expandSavedResults(sql);
    long started = System.nanoTime();
    Instant at = Instant.now();
    try {
      KeptResult r = console.run(x.sql());
      history(user).add(new QueryHistory.Entry(sql, at, millisSince(started), null));
      return r;
    } catch (SQLException e) {
      SQLException shown = SavedResultPositions.toOriginal(e, x, sql);
      history(user).add(new QueryHistory.Entry(sql, at, millisSince(started),
          shown.getMessage() == null ? "failed" : shown.getMessage()));
      throw shown;
    }
  }

  private static long millisSince(long nanos) {
    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
  }

  private QueryHistory history(String user) {
    return histories.computeIfAbsent(user, u -> new QueryHistory());
  }

  /** Whether {@code route} (after {@code /web/api/}) is one of this class's calls. */
  static boolean serves(String route) {
    return route.equals("history") || route.equals("saved") || route.startsWith("saved/")
        || route.equals("downloads") || route.equals("functions");
  }

  /** Whether the request fetches a download address, which needs no token (see class doc). */
  static boolean fetchesDownload(String route, String method) {
    return route.startsWith("downloads/") && method.equals("GET");
  }

  /** Answers one of the calls {@link #serves} names; the token was checked. */
  String handle(String route, String method, HttpServletRequest request,
      HttpServletResponse response, String user, Path workspace)
      throws IOException, SQLException {
    if (route.equals("history") && method.equals("GET")) {
      List<Map<String, Object>> out = new ArrayList<>();
      for (QueryHistory.Entry e : history(user).newestFirst()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sql", e.sql());
        m.put("ranAt", e.ranAt().toString());
        m.put("elapsedMs", e.elapsedMs());
        m.put("error", e.error());
        out.add(m);
      }
      WebJson.send(response, 200, Map.of("queries", out));
      return "WEB HISTORY";
    }
    if (route.equals("functions") && method.equals("GET")) {
      WebJson.send(response, 200, Map.of("functions", functions(workspace)));
      return "WEB FUNCTIONS";
    }
    if (route.equals("saved") && method.equals("GET")) {
      return tool(response, agents.forUser(user, workspace).call("list_results", Map.of()),
          "WEB SAVED");
    }
    if (route.equals("saved") && method.equals("POST")) {
      JsonNode body = body(request);
      Map<String, Object> args = new LinkedHashMap<>();
      args.put("name", body.path("name").asText(""));
      args.put("sql", body.path("sql").asText(""));
      return tool(response, agents.forUser(user, workspace).call("save_result", args),
          "WEB SAVE");
    }
    if (route.startsWith("saved/") && route.endsWith("/drop") && method.equals("POST")) {
      String name = route.substring("saved/".length(), route.length() - "/drop".length());
      return tool(response, agents.forUser(user, workspace).call("drop_result",
          Map.of("name", name)), "WEB DROP");
    }
    if (route.equals("downloads") && method.equals("POST")) {
      JsonNode body = body(request);
      String sql = body.path("sql").asText("");
      String format = body.path("format").asText("").toLowerCase(Locale.ROOT);
      if (sql.isBlank()) {
        throw new IllegalArgumentException("Give the SQL of the result to download.");
      }
      if (!format.equals("csv") && !format.equals("xlsx")) {
        throw new IllegalArgumentException("A result downloads as csv or xlsx, not '" + format
            + "'.");
      }
      String id = UserConsole.randomId();
      String file = fileName(body.path("name").asText("")) + "." + format;
      dropStaleDownloads(user);
      downloads.put(id, new Pending(user, sql, format, file, System.nanoTime()
          + TimeUnit.SECONDS.toNanos(DOWNLOAD_SECONDS)));
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("url", "/web/api/downloads/" + id);
      m.put("fileName", file);
      WebJson.send(response, 200, m);
      return "WEB DOWNLOAD ASKED";
    }
    WebJson.error(response, 404, "NOT_FOUND",
        method + " /web/api/" + route + " is not a console call.");
    return "WEB";
  }

  /**
   * Streams a download asked for before. An error found before the first bytes leave (the SQL
   * no longer valid, a file gone) is answered as JSON; an error after that cuts the connection,
   * so that the browser reports a failed download instead of keeping a file that looks whole
   * and is not (the response is chunked: only a complete one ends with its last chunk).
   */
  String download(String route, HttpServletResponse response, String user, Path workspace)
      throws IOException {
    String id = route.substring("downloads/".length());
    Pending p = downloads.get(id);
    if (p == null || !p.user().equals(user) || System.nanoTime() > p.expiresNanos()
        || !downloads.remove(id, p)) {
      WebJson.error(response, 404, "NO_DOWNLOAD",
          "This download address is unknown, was used already "
          + "or is older than " + DOWNLOAD_SECONDS + " seconds. Download again from the page.");
      return "WEB DOWNLOAD";
    }
    response.setHeader("Cache-Control", "no-store");
    response.setContentType(p.format().equals("csv") ? "text/csv; charset=UTF-8" : XLSX_TYPE);
    response.setHeader("Content-Disposition", "attachment; filename=\"" + p.fileName()
        + "\"; filename*=UTF-8''" + URLEncoder.encode(p.fileName(), StandardCharsets.UTF_8));
    OutputStream body = new FilterOutputStream(response.getOutputStream()) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        // The writers close their stream when done; the response is completed by the server.
        flush();
      }
    };
    try {
      agents.forUser(user, workspace).exportTo(p.sql(), p.format(), body);
      return "WEB DOWNLOAD";
    } catch (SQLException | RuntimeException e) {
      if (response.isCommitted()) {
        // Thrown on to the server, which then cuts the connection (see the method's doc).
        throw new IOException("The download " + p.fileName() + " failed after its first bytes "
            + "were sent, so its connection is cut: " + e.getMessage(), e);
      }
      response.reset();
      response.setHeader("X-Content-Type-Options", "nosniff");
      response.setHeader("Cache-Control", "no-store");
      if (e instanceof RuntimeException r && !(e instanceof CsvwsException)) {
        throw r;
      }
      Map<String, Object> err = new LinkedHashMap<>();
      err.put("sqlState", e instanceof SQLException s ? s.getSQLState()
          : ((CsvwsException) e).code().sqlState());
      err.put("message", e.getMessage());
      WebJson.send(response, 400, Map.of("error", err));
      return "WEB DOWNLOAD FAILED";
    }
  }

  /** Forgets this user's expired addresses and, beyond the most they may hold, the oldest. */
  private void dropStaleDownloads(String user) {
    long now = System.nanoTime();
    downloads.values().removeIf(p -> now > p.expiresNanos());
    List<Map.Entry<String, Pending>> mine = new ArrayList<>();
    for (Map.Entry<String, Pending> e : downloads.entrySet()) {
      if (e.getValue().user().equals(user)) {
        mine.add(e);
      }
    }
    mine.sort((a, b) -> Long.compare(a.getValue().expiresNanos(), b.getValue().expiresNanos()));
    for (Iterator<Map.Entry<String, Pending>> it = mine.iterator();
        it.hasNext() && mine.size() >= MAX_PENDING_DOWNLOADS; ) {
      downloads.remove(it.next().getKey());
      it.remove();
    }
  }

  /**
   * A file name (without extension) from what the page proposes: letters, digits, '-' and '_'
   * only, so that no browser or file system reads a path, a hidden name or an extension in it.
   */
  static String fileName(String proposed) {
    String s = proposed.replaceAll("[^A-Za-z0-9_-]+", "_").replaceAll("_+", "_")
        .replaceAll("^_|_$", "");
    if (s.length() > 60) {
      s = s.substring(0, 60);
    }
    return s.isEmpty() ? "csvws-result" : s;
  }

  /**
   * The engine's functions for completion in the editor: one entry per name (its first
   * signature), from {@code csvws.functions}, the catalogue the validator itself uses.
   */
  private List<Map<String, Object>> functions(Path workspace) throws SQLException {
    List<Map<String, Object>> f = functions;
    if (f != null) {
      return f;
    }
    Map<String, Map<String, Object>> byName = new LinkedHashMap<>();
    try (Connection c = driver.connect(CsvwsUrl.of(workspace.toAbsolutePath()), new Properties());
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name, kind, signature, description "
            + "FROM csvws.functions WHERE kind IN ('scalar', 'aggregate', 'window') "
            + "ORDER BY name, signature")) {
      while (rs.next()) {
        String name = rs.getString(1);
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*") || byName.containsKey(name)) {
          continue;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("kind", rs.getString(2));
        m.put("signature", rs.getString(3));
        m.put("description", rs.getString(4));
        byName.put(name, m);
      }
    }
    f = List.copyOf(byName.values());
    functions = f;
    return f;
  }

  private String tool(HttpServletResponse response, ToolResult r, String kind)
      throws IOException {
    response.setStatus(r.httpStatus());
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    response.getOutputStream().write(r.json().getBytes(StandardCharsets.UTF_8));
    return r.isError() ? kind + " REFUSED" : kind;
  }

  private JsonNode body(HttpServletRequest request) throws IOException {
    String type = request.getContentType();
    if (type == null || !type.startsWith("application/json")) {
      throw new IllegalArgumentException("Send the request as application/json.");
    }
    try {
      return json.readTree(request.getInputStream().readAllBytes());
    } catch (IOException e) {
      throw new IllegalArgumentException("The request body is not JSON: " + e.getMessage());
    }
  }
}
