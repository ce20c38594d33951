package io.csvws.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.csvws.agent.AgentTools;
import io.csvws.agent.ToolResult;
import io.csvws.driver.CsvwsDriver;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * The web console: the page at {@code /} (static files under {@code /web/}) and its JSON API
 * under {@code /web/api/}. The gateway authenticates the request and names the user and their
 * workspace before calling {@link #handle}; this class keeps each user's console apart.
 *
 * <p>Every API call but {@code GET /web/api/session} must carry the user's same-origin token in
 * the {@code X-Csvws-Token} header. A page of another site cannot read the token (the session
 * answer has no CORS header) and cannot send a custom header without a CORS preflight that is
 * never granted, so a cross-site form or script cannot act as the user even though the browser
 * would send their credentials.
 */
public final class WebConsole implements AutoCloseable {
  /** Finds the agent tools of a user (the gateway keeps one set per user). */
  @FunctionalInterface
  public interface AgentsOfUser {
    /** The agent tools of {@code user} over {@code workspace}. */
    AgentTools forUser(String user, Path workspace) throws IOException;
  }

  /** The header every API call carries the user's token in. */
  public static final String TOKEN_HEADER = "X-Csvws-Token";

  private static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; "
      + "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
      + "frame-ancestors 'none'";
  private static final Map<String, String> ASSETS = Map.ofEntries(
      Map.entry("/", "index.html"),
      Map.entry("/web/app.js", "app.js"),
      Map.entry("/web/app.css", "app.css"),
      Map.entry("/web/editor.js", "editor.js"),
      Map.entry("/web/history.js", "history.js"),
      Map.entry("/web/keep.js", "keep.js"),
      Map.entry("/web/keep.css", "keep.css"),
      Map.entry("/web/progress.js", "progress.js"),
      Map.entry("/web/upload.js", "upload.js"),
      Map.entry("/web/run.css", "run.css"));
  private static final int MAX_SQL_CHARS = 1_000_000;

  private final CsvwsDriver driver;
  private final ObjectMapper json = new ObjectMapper();
  private final int queryTimeoutSeconds;
  private final int idleSeconds;
  private final AgentsOfUser agents;
  private final Map<String, UserConsole> consoles = new ConcurrentHashMap<>();
  private final WebJarFiles editorFiles = new WebJarFiles();
  private final WebKeep keep;
  private final WebLimits limits;
  private final java.util.function.ToLongFunction<String> elsewhere;
  private final RunRoutes runRoutes;

  /**
   * @param queryTimeoutSeconds the timeout of every statement the console runs, 0 for none
   * @param idleSeconds how long a kept result nobody reads stays open
   * @param agents the agent tools of each user, whose column_stats the console shows
   */
  public WebConsole(int queryTimeoutSeconds, int idleSeconds, AgentsOfUser agents) {
    this(queryTimeoutSeconds, idleSeconds, agents, WebLimits.DEFAULTS, user -> 0,
        new CsvwsDriver());
  }

  /**
   * @param limits uploads, the spool budget and the connection limit of each user
   * @param elsewhere the connections a user holds through remote JDBC now, counted with the
   *     console's in the per-user limit
   * @param driver the driver whose engine runs the console's queries
   */
  public WebConsole(int queryTimeoutSeconds, int idleSeconds, AgentsOfUser agents,
      WebLimits limits, java.util.function.ToLongFunction<String> elsewhere,
      CsvwsDriver driver) {
    this.driver = driver;
    this.limits = limits;
    this.elsewhere = elsewhere;
    this.runRoutes = new RunRoutes(limits);
    this.agents = agents;
    this.keep = new WebKeep(agents, driver);
    this.queryTimeoutSeconds = queryTimeoutSeconds;
    this.idleSeconds = idleSeconds;
  }

  /** Whether {@code target} is the upload call, whose body has its own size limit. */
  public static boolean isUpload(String target) {
    return target.equals("/web/api/upload");
  }

  /** Connections {@code user}'s web console holds now (open results, running queries). */
  public int connections(String user) {
    UserConsole c = consoles.get(user);
    return c == null ? 0 : c.connections();
  }

  /** Whether a request for {@code target} is the console's (the page, its files or its API). */
  public static boolean serves(String target, String method) {
    return (target.equals("/") && method.equals("GET")) || target.startsWith("/web/");
  }

  /**
   * Answers one request of an authenticated {@code user} over {@code workspace}.
   *
   * @return a short kind of what was done, for the access log
   */
  public String handle(String target, HttpServletRequest request, HttpServletResponse response,
      String user, Path workspace) throws IOException {
    response.setHeader("Content-Security-Policy", CSP);
    response.setHeader("X-Content-Type-Options", "nosniff");
    response.setHeader("Referrer-Policy", "no-referrer");
    response.setHeader("X-Frame-Options", "DENY");
    String method = request.getMethod();
    if (WebJarFiles.serves(target)) {
      return editorFiles.handle(target, request, response);
    }
    if (ChartAssets.serves(target)) {
      return ChartAssets.serve(target, method, response);
    }
    String asset = ASSETS.get(target);
    if (asset != null) {
      if (!method.equals("GET")) {
        WebJson.error(response, 405, "METHOD", target + " is only read with GET.");
        return "WEB";
      }
      asset(response, asset);
      return "WEB";
    }
    if (!target.startsWith("/web/api/")) {
      WebJson.error(response, 404, "NOT_FOUND",
          "There is no page " + target + "; the console is at /.");
      return "WEB";
    }
    response.setHeader("Cache-Control", "no-store");
    UserConsole console = consoles.computeIfAbsent(user,
        u -> new UserConsole(u, workspace, queryTimeoutSeconds, idleSeconds, limits,
            () -> elsewhere.applyAsLong(u), driver));
    String route = target.substring("/web/api/".length());
    if (route.equals("session") && method.equals("GET")) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("user", user);
      m.put("token", console.token());
      m.put("pageRows", KeptResult.PAGE_ROWS);
      m.put("uploadMaxBytes", limits.allowUpload() ? limits.maxUploadBytes() : null);
      WebJson.send(response, 200, m);
      return "WEB SESSION";
    }
    if (WebKeep.fetchesDownload(route, method)) {
      return keep.download(route, response, user, workspace);
    }
    String origin = request.getHeader("Origin");
    if (!method.equals("GET") && origin != null && !sameOrigin(origin, request)) {
      WebJson.error(response, 403, "FORBIDDEN", "This request comes from the page of another site ("
          + origin + "), so it is refused: the console acts only on requests of its own page.");
      return "WEB REFUSED";
    }
    if (!console.tokenMatches(request.getHeader(TOKEN_HEADER))) {
      WebJson.error(response, 403, "FORBIDDEN",
          "This request lacks the console's same-origin token ("
          + TOKEN_HEADER + " header): it was not sent by the csvws page of this server, so it "
          + "is refused. Open the console at / and act from there.");
      return "WEB REFUSED";
    }
    try {
      if (RunRoutes.serves(route)) {
        return runRoutes.handle(route, request, response, console, workspace);
      }
      if (route.equals("stats") && method.equals("GET")) {
        return stats(request, response, user, workspace);
      }
      if (WebKeep.serves(route)) {
        return keep.handle(route, method, request, response, user, workspace);
      }
      return api(route, method, request, response, console, user, workspace);
    } catch (SQLException e) {
      Map<String, Object> err = new LinkedHashMap<>();
      err.put("sqlState", e.getSQLState());
      err.put("message", e.getMessage());
      WebJson.send(response, 400, Map.of("error", err));
      return "WEB SQL ERROR";
    } catch (IllegalArgumentException | IllegalStateException e) {
      WebJson.error(response, 400, "BAD_REQUEST", e.getMessage());
      return "WEB BAD REQUEST";
    }
  }

  private String api(String route, String method, HttpServletRequest request,
      HttpServletResponse response, UserConsole console, String user, Path workspace)
      throws IOException, SQLException {
    if (route.equals("workspace") && method.equals("GET")) {
      WebJson.send(response, 200, Map.of("tables", console.workspace()));
      return "WEB WORKSPACE";
    }
    if (route.equals("query") && method.equals("POST")) {
      JsonNode body = body(request);
      String sql = body.path("sql").asText("");
      if (sql.isBlank()) {
        throw new IllegalArgumentException("Write a SQL query to run.");
      }
      if (sql.length() > MAX_SQL_CHARS) {
        throw new IllegalArgumentException("The query has " + sql.length()
            + " characters; the console runs at most " + MAX_SQL_CHARS + ".");
      }
      KeptResult r = keep.run(console, user, workspace, sql);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", r.id());
      List<Map<String, Object>> cols = new ArrayList<>();
      for (KeptResult.Column c : r.columns()) {
        cols.add(Map.of("name", c.name(), "type", c.type()));
      }
      m.put("columns", cols);
      m.put("page", page(r.page(0)));
      WebJson.send(response, 200, m);
      return "WEB QUERY";
    }
    if (route.equals("cancel") && method.equals("POST")) {
      WebJson.send(response, 200, Map.of("cancelled", console.cancelRunning()));
      return "WEB CANCEL";
    }
    if (route.startsWith("results/")) {
      String[] parts = route.substring("results/".length()).split("/", -1);
      KeptResult r = console.result(parts[0]);
      if (r == null) {
        WebJson.error(response, 404, "NO_RESULT",
            "There is no open result " + parts[0] + " (it was "
            + "closed, or replaced by newer results: a user keeps at most "
            + UserConsole.MAX_KEPT_RESULTS + "). Run the query again.");
        return "WEB RESULT";
      }
      if (parts.length == 1 && method.equals("GET")) {
        WebJson.send(response, 200, page(r.page("last".equals(request.getParameter("page"))
            ? r.lastPage() : intParam(request, "page", 0))));
        return "WEB PAGE";
      }
      if (parts.length == 2 && parts[1].equals("cell") && method.equals("GET")) {
        String v = r.cell(intParam(request, "row", -1), intParam(request, "column", -1));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("value", v);
        WebJson.send(response, 200, m);
        return "WEB CELL";
      }
      if (parts.length == 2 && parts[1].equals("chart") && method.equals("GET")) {
        WebJson.send(response, 200,
            ChartData.firstRows(r, intParam(request, "rows", ChartData.MAX_ROWS)));
        return "WEB CHART";
      }
      if (parts.length == 2 && parts[1].equals("close") && method.equals("POST")) {
        console.close(parts[0]);
        WebJson.send(response, 200, Map.of("closed", parts[0]));
        return "WEB CLOSE";
      }
    }
    WebJson.error(response, 404, "NOT_FOUND",
        method + " /web/api/" + route + " is not a console call.");
    return "WEB";
  }

  /** Whether {@code origin} (scheme://host[:port]) names the host this request was sent to. */
  private static boolean sameOrigin(String origin, HttpServletRequest request) {
    String host = request.getHeader("Host");
    int scheme = origin.indexOf("://");
    return host != null && scheme > 0 && origin.substring(scheme + 3).equalsIgnoreCase(host);
  }

  /** A column's statistics: the agent tools' column_stats, answered as that tool answers. */
  private String stats(HttpServletRequest request, HttpServletResponse response, String user,
      Path workspace) throws IOException {
    String table = request.getParameter("table");
    String column = request.getParameter("column");
    if (table == null || column == null) {
      throw new IllegalArgumentException("Give the parameters 'table' (schema.table) and "
          + "'column'.");
    }
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("table", table);
    args.put("columns", List.of(column));
    ToolResult r = agents.forUser(user, workspace).callJson("column_stats",
        json.writeValueAsString(args));
    response.setStatus(r.httpStatus());
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    response.getOutputStream().write(r.json().getBytes(StandardCharsets.UTF_8));
    return "WEB STATS";
  }

  private Map<String, Object> page(KeptResult.Page p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("page", p.page());
    m.put("firstRow", p.firstRow());
    m.put("totalRows", p.totalRows() < 0 ? null : p.totalRows());
    m.put("rowsSoFar", p.rowsSoFar());
    m.put("cut", p.cut());
    List<List<Object>> rows = new ArrayList<>();
    for (KeptResult.Cell[] row : p.rows()) {
      List<Object> out = new ArrayList<>(row.length);
      for (KeptResult.Cell c : row) {
        if (c == null) {
          out.add(null);
        } else if (c.cut()) {
          out.add(Map.of("cut", c.text(), "length", c.fullLength()));
        } else {
          out.add(c.text());
        }
      }
      rows.add(out);
    }
    m.put("rows", rows);
    return m;
  }

  private JsonNode body(HttpServletRequest request) throws IOException {
    String type = request.getContentType();
    if (type == null || !type.startsWith("application/json")) {
      throw new IllegalArgumentException("Send the request as application/json.");
    }
    byte[] bytes = request.getInputStream().readAllBytes();
    try {
      return json.readTree(bytes);
    } catch (IOException e) {
      throw new IllegalArgumentException("The request body is not JSON: " + e.getMessage());
    }
  }

  /** A whole number from 0 given as parameter {@code name}, or {@code absent} (-1: required). */
  private static int intParam(HttpServletRequest request, String name, int absent) {
    String v = request.getParameter(name);
    if (v == null) {
      if (absent < 0) {
        throw new IllegalArgumentException("Give the parameter '" + name + "'.");
      }
      return absent;
    }
    try {
      int n = Integer.parseInt(v);
      if (n < 0) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("The parameter '" + name + "' must be a whole number "
          + "from 0, not '" + v + "'.");
    }
  }

  private void asset(HttpServletResponse response, String name) throws IOException {
    try (InputStream in = WebConsole.class.getResourceAsStream(name)) {
      if (in == null) {
        WebJson.error(response, 500, "MISSING",
            "The console file " + name + " is missing from the jar.");
        return;
      }
      byte[] bytes = in.readAllBytes();
      response.setStatus(200);
      response.setContentType(name.endsWith(".js") ? "text/javascript"
          : name.endsWith(".css") ? "text/css" : "text/html");
      response.setCharacterEncoding("UTF-8");
      response.setHeader("Cache-Control", "no-cache");
      response.getOutputStream().write(bytes);
    }
  }

  /** Closes every user's kept results and connections. */
  @Override
  public void close() {
    consoles.values().forEach(UserConsole::close);
  }
}
