package io.csvws.gateway;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Optional;
import javax.servlet.ServletException;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.AbstractHandler;

/**
 * Routes every request: {@code /health} and {@code /metrics} to the gateway itself, anything else
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

  /**
   * @param authenticator checks credentials, or null to serve {@code anonymousWorkspace} to all
   */
  GatewayHandler(Authenticator authenticator, Path anonymousWorkspace, UserEngines engines,
      GatewayMetrics metrics, AccessLog log, Limits limits) {
    this.authenticator = authenticator;
    this.anonymousWorkspace = anonymousWorkspace;
    this.engines = engines;
    this.metrics = metrics;
    this.log = log;
    this.limits = limits;
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
      } else {
        bytesIn = avatica(target, base, request, response, context);
      }
    } catch (RuntimeException | SQLException | ServletException e) {
      context.error = e.getMessage();
      if (!response.isCommitted()) {
        plain(response, 500, "text/plain", "csvws gateway: " + e.getMessage() + "\n");
      }
    } catch (Error e) {
      // Logged here because Jetty answers it on its own: the access log must still say why.
      context.error = e.toString();
      if (!response.isCommitted()) {
        response.setStatus(500);
      }
      throw e;
    } finally {
      base.setHandled(true);
      long nanos = System.nanoTime() - started;
      int status = response.getStatus();
      metrics.finished(status, nanos);
      log.request(request.getRemoteAddr(), context.user, request.getMethod(), target, status,
          bytesIn, context.statementKind, nanos / 1000, context.error);
    }
  }

  private long avatica(String target, Request base, HttpServletRequest request,
      HttpServletResponse response, RequestContext context)
      throws IOException, SQLException, ServletException {
    Path workspace;
    if (authenticator == null) {
      context.user = "anonymous";
      workspace = anonymousWorkspace;
    } else {
      Optional<UsersFile.User> user =
          authenticator.authenticate(request.getHeader("Authorization"));
      if (user.isEmpty()) {
        metrics.authenticationFailed();
        context.error = "missing or wrong credentials";
        response.setHeader("WWW-Authenticate", "Basic realm=\"csvws\", charset=\"UTF-8\"");
        plain(response, 401, "text/plain", "csvws gateway: missing or wrong user name or "
            + "password (HTTP BASIC).\n");
        return 0;
      }
      context.user = user.get().name();
      workspace = user.get().workspace();
    }
    if (request.getContentLengthLong() > limits.maxRequestBytes()) {
      context.error = "request body too large";
      plain(response, 413, "text/plain", "csvws gateway: the request body has "
          + request.getContentLengthLong() + " bytes; this gateway accepts at most "
          + limits.maxRequestBytes() + " (--max-request-bytes).\n");
      return request.getContentLengthLong();
    }
    UserEngines.Engine engine = engines.forUser(context.user, workspace);
    BoundedRequest bounded = new BoundedRequest(request, limits.maxRequestBytes());
    engine.handler().handle(target, base, bounded, response);
    return bounded.bytesRead();
  }

  private static void plain(HttpServletResponse response, int status, String type, String body)
      throws IOException {
    response.setStatus(status);
    response.setContentType(type);
    response.setCharacterEncoding("UTF-8");
    response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
  }
}
