package io.csvws.web;

import io.csvws.agent.Incidents;
import io.csvws.engine.QueryProgress;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * The console's calls for long work and uploads: {@code GET /web/api/progress} (how far the
 * user's running query is, as the engine counts it) and {@code POST /web/api/upload?name=N}
 * (a file streamed into the user's workspace, when the server allows uploads). The caller has
 * checked the user's same-origin token.
 */
final class RunRoutes {
  private final WebLimits limits;
  private final Uploads uploads;

  RunRoutes(WebLimits limits) {
    this.limits = limits;
    this.uploads = new Uploads(limits.maxUploadBytes());
  }

  /** Whether {@code route} (after /web/api/) is one of these calls. */
  static boolean serves(String route) {
    return route.equals("progress") || route.equals("upload");
  }

  /** Answers the call; returns the kind for the access log. */
  String handle(String route, HttpServletRequest request, HttpServletResponse response,
      UserConsole console, Path workspace) throws IOException {
    String method = request.getMethod();
    if (route.equals("progress") && method.equals("GET")) {
      WebJson.send(response, 200, progress(console.progress()));
      return "WEB PROGRESS";
    }
    if (route.equals("upload") && method.equals("POST")) {
      if (!limits.allowUpload()) {
        WebJson.error(response, 403, "UPLOAD_OFF", "Uploads are off on this server; its operator "
            + "starts it with --allow-upload to allow them.");
        return "WEB UPLOAD REFUSED";
      }
      try {
        Uploads.Stored s = uploads.store(workspace, request.getParameter("name"),
            request.getContentLengthLong(), request.getInputStream());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("path", Uploads.FOLDER + "/" + s.name());
        m.put("bytes", s.bytes());
        WebJson.send(response, 200, m);
        return "WEB UPLOAD";
      } catch (Uploads.Refused e) {
        WebJson.error(response, e.status, e.code, e.getMessage());
        return "WEB UPLOAD REFUSED";
      } catch (IOException e) {
        // The body broke off (nothing was kept), or the disk refused the file.
        if (!response.isCommitted()) {
          // The exception names the server's folders: it goes to the log, not to the page.
          String reference = Incidents.toStandardError(workspace).record("upload", e);
          WebJson.error(response, 500, "UPLOAD_FAILED",
              "The upload could not be written, and nothing was kept (the connection broke off, "
              + "or the server could not store the file). The operator finds the details in "
              + "the server's log under reference " + reference + ".");
        }
        return "WEB UPLOAD FAILED";
      }
    }
    WebJson.error(response, 405, "METHOD",
        "/web/api/" + route + " does not take " + method + ".");
    return "WEB";
  }

  private static Map<String, Object> progress(QueryProgress p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("running", p != null && p.running());
    if (p != null) {
      m.put("bytesRead", p.bytesRead());
      m.put("bytesTotal", p.bytesTotal());
      m.put("rowsRead", p.rowsRead());
      m.put("elapsedMillis", p.elapsedMillis());
    }
    return m;
  }

}
