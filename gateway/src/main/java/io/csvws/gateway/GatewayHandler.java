package io.csvws.gateway;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.csvws.agent.AgentTools;
import io.csvws.agent.Incidents;
import io.csvws.agent.ToolResult;
import io.csvws.agent.ToolSpec;
import io.csvws.error.Sentences;
import io.csvws.web.WebConsole;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.AbstractHandler;

/**
 * Routes every request: {@code /health} and {@code /metrics} to the gateway itself, the page at
 * {@code /} and {@code /web/} to the {@link WebConsole}, anything else
 * to the Avatica engine of the authenticated user. Authentication, the body size limit, the access
 * log and the request metrics happen here, around each request.
 */
final class GatewayHandler extends AbstractHandler {
  private final Authenticator authenticator;
  private final Path anonymousWorkspace;
  private final UserEngines engines;
  private final GatewayMetrics metrics;
  private final AccessLog log;
  private final Limits limits;
  private final UserAgents agents;
  private final Incidents incidents;
  private final WebConsole web;
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * @param authenticator checks credentials, or null to serve {@code anonymousWorkspace} to all
   */
  GatewayHandler(Authenticator authenticator, Path anonymousWorkspace, UserEngines engines,
      GatewayMetrics metrics, AccessLog log, Limits limits, UserAgents agents,
      Incidents incidents, WebConsole web) {
    this.authenticator = authenticator;
    this.anonymousWorkspace = anonymousWorkspace;
    this.engines = engines;
    this.metrics = metrics;
    this.log = log;
    this.limits = limits;
    this.agents = agents;
    this.incidents = incidents;
    this.web = web;
  }

  @Override
  public void handle(String target, Request base, HttpServletRequest request,
      HttpServletResponse response) throws IOException {
    long started = System.nanoTime();
    RequestContext context = RequestContext.reset();
    metrics.started();
    long bytesIn = Math.max(0, request.getContentLengthLong());
    try {
      if (target.equals("/health")) {
        plain(response, 200, "application/json", "{\"status\":\"UP\"}\n");
      } else if (target.equals("/metrics")) {
        plain(response, 200, "text/plain; version=0.0.4", metrics.render(engines));
      } else if (target.equals("/agent/tools") || target.startsWith("/agent/tools/")) {
        bytesIn = agent(target, request, response, context);
      } else if (WebConsole.serves(target, request.getMethod())) {
        bytesIn = web(target, request, response, context);
      } else {
        bytesIn = avatica(target, request, response, context);
      }
    } catch (RuntimeException | SQLException e) {
      String reference = incidents.record(request.getMethod() + " " + target, e);
      context.error = "internal error " + reference;
      if (!response.isCommitted()) {
        plain(response, 500, "text/plain", "csvws gateway: " + Incidents.internal(reference)
            + "\n");
      }
    } catch (VirtualMachineError e) {
      // Logged here because Jetty answers it on its own: the access log must still say why.
      context.error = e.toString();
      if (!response.isCommitted()) {
        response.setStatus(500);
      }
      throw e;
    } catch (Error e) {
      // An AssertionError or a LinkageError is a failure of this request, not of the server.
      String reference = incidents.record(request.getMethod() + " " + target, e);
      context.error = "internal error " + reference;
      if (!response.isCommitted()) {
        plain(response, 500, "text/plain", "csvws gateway: " + Incidents.internal(reference)
            + "\n");
      }
    } finally {
      base.setHandled(true);
      long nanos = System.nanoTime() - started;
      int status = response.getStatus();
      metrics.finished(status, nanos);
      log.request(request.getRemoteAddr(), context.user, request.getMethod(), target, status,
          bytesIn, context.statementKind, nanos / 1000, context.error);
    }
  }

  /**
   * The workspace of the request's user, or null after answering 401 (bad credentials) or 413
   * (a body over the limit).
   */
  private Path admit(HttpServletRequest request, HttpServletResponse response,
      RequestContext context) throws IOException {
    Path workspace;
    if (authenticator == null) {
      context.user = "anonymous";
      workspace = anonymousWorkspace;
    } else {
      Optional<UsersFile.User> user =
          authenticator.authenticate(request.getHeader("Authorization"));
      if (user.isEmpty()) {
        if (request.getHeader("Authorization") != null) {
          // Without credentials this is the challenge HTTP clients expect before they send
          // them (Avatica's client does so on every connection), not a failure.
          metrics.authenticationFailed();
          context.error = "wrong credentials";
        } else {
          context.error = "no credentials";
        }
        response.setHeader("WWW-Authenticate", "Basic realm=\"csvws\", charset=\"UTF-8\"");
        plain(response, 401, "text/plain", "csvws gateway: missing or wrong user name or "
            + "password (HTTP BASIC).\n");
        return null;
      }
      context.user = user.get().name();
      workspace = user.get().workspace();
    }
    if (request.getContentLengthLong() > limits.maxRequestBytes()) {
      context.error = "request body too large";
      plain(response, 413, "text/plain", "csvws gateway: the request body has "
          + request.getContentLengthLong() + " bytes; this gateway accepts at most "
          + limits.maxRequestBytes() + " (--max-request-bytes).\n");
      return null;
    }
    return workspace;
  }

  /**
   * The agent tools as JSON: {@code GET /agent/tools} lists them with their argument schemas,
   * {@code POST /agent/tools/NAME} calls one with a JSON object of arguments.
   */
  private long agent(String target, HttpServletRequest request, HttpServletResponse response,
      RequestContext context) throws IOException {
    Path workspace = admit(request, response, context);
    if (workspace == null) {
      return Math.max(0, request.getContentLengthLong());
    }
    AgentTools tools = agents.forUser(context.user, workspace);
    metrics.userRequest("agent", context.user);
    if (target.equals("/agent/tools") && request.getMethod().equals("GET")) {
      context.statementKind = "TOOLS";
      List<Map<String, Object>> list = new ArrayList<>();
      for (ToolSpec t : tools.tools()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", t.name());
        m.put("description", t.description());
        m.put("parameters", t.parametersSchema());
        list.add(m);
      }
      plain(response, 200, "application/json", JSON.writeValueAsString(Map.of("tools", list)));
      return 0;
    }
    if (!request.getMethod().equals("POST") || target.length() <= "/agent/tools/".length()) {
      plain(response, 405, "application/json", "{\"error\":{\"code\":\"VALIDATION_FAILED\","
          + "\"message\":\"GET /agent/tools lists the tools; POST /agent/tools/NAME with a JSON "
          + "object of arguments calls one.\"}}");
      return 0;
    }
    String name = target.substring("/agent/tools/".length());
    context.statementKind = "TOOL " + name;
    BoundedRequest bounded = new BoundedRequest(request, limits.maxRequestBytes());
    String body;
    try {
      body = new String(bounded.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    } catch (BoundedRequest.TooLarge e) {
      context.error = "request body too large";
      plain(response, 413, "application/json", JSON.writeValueAsString(Map.of("error",
          Map.of("code", "VALIDATION_FAILED", "message", Sentences.ending(e.getMessage())))));
      return bounded.bytesRead();
    } catch (IOException e) {
      context.error = "request body ended early";
      plain(response, 400, "application/json", "{\"error\":{\"code\":\"VALIDATION_FAILED\","
          + "\"message\":\"The request body ended before its Content-Length; send the whole "
          + "request.\"}}");
      return bounded.bytesRead();
    }
    ToolResult result = tools.callJson(name, body.isBlank() ? "{}" : body);
    if (result.isError()) {
      context.error = String.valueOf(result.error());
    }
    plain(response, result.httpStatus(), "application/json", result.json());
    return bounded.bytesRead();
  }

  /** The web console: the page at {@code /} and its API, for the authenticated user. */
  private long web(String target, HttpServletRequest request, HttpServletResponse response,
      RequestContext context) throws IOException {
    Path workspace = admit(request, response, context);
    if (workspace == null) {
      return Math.max(0, request.getContentLengthLong());
    }
    metrics.userRequest("web", context.user);
    if (WebConsole.isUpload(target)) {
      // An upload's body has its own limit (--max-upload-bytes), enforced as it is streamed.
      context.statementKind = web.handle(target, request, response, context.user, workspace);
      return Math.max(0, request.getContentLengthLong());
    }
    BoundedRequest bounded = new BoundedRequest(request, limits.maxRequestBytes());
    context.statementKind = web.handle(target, bounded, response, context.user, workspace);
    return bounded.bytesRead();
  }

  private long avatica(String target, HttpServletRequest request, HttpServletResponse response,
      RequestContext context) throws IOException, SQLException {
    if (!target.equals("/")) {
      context.error = "unknown path";
      plain(response, 404, "text/plain", "csvws gateway: nothing at " + shorten(target)
          + ". Avatica clients POST to /; GET /health, GET /metrics, GET /agent/tools and "
          + "POST /agent/tools/NAME are the other paths.\n");
      return Math.max(0, request.getContentLengthLong());
    }
    Path workspace = admit(request, response, context);
    if (workspace == null) {
      return Math.max(0, request.getContentLengthLong());
    }
    UserEngines.Engine engine = engines.forUser(context.user, workspace);
    metrics.userRequest("avatica", context.user);
    BoundedRequest bounded = new BoundedRequest(request, limits.maxRequestBytes());
    byte[] body;
    try {
      body = bounded.getInputStream().readAllBytes();
    } catch (BoundedRequest.TooLarge e) {
      context.error = "request body too large";
      plain(response, 413, "text/plain",
          "csvws gateway: " + Sentences.ending(e.getMessage()) + "\n");
      return bounded.bytesRead();
    } catch (IOException e) {
      // The client sent less than its Content-Length said, or went away.
      engine.edge().refuse(response, 400, context, "The request body ended before its "
          + "Content-Length; send the whole request.");
      return bounded.bytesRead();
    }
    engine.edge().handle(request, response, body, context);
    return bounded.bytesRead();
  }

  private static String shorten(String s) {
    return s.length() <= 80 ? s : s.substring(0, 80) + "...";
  }

  private static void plain(HttpServletResponse response, int status, String type, String body)
      throws IOException {
    response.setStatus(status);
    response.setContentType(type);
    response.setCharacterEncoding("UTF-8");
    response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
  }
}
