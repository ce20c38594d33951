package io.csvws.web;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * The files of the SQL editor (CodeMirror 5, from its WebJar on the class path) that the page
 * loads, under {@code /web/lib/codemirror/}. Only the files the page uses are served (a fixed
 * list, no path from the request reaches the class loader), each as its type, cached by the
 * browser for a day and revalidated by the WebJar's version (ETag). The CodeMirror files are plain
 * scripts and style sheets; they run under the console's CSP (no inline script) because they set
 * styles through the DOM, which the CSP allows, and never evaluate text.
 *
 * <p>Thread-safe: immutable after construction.
 */
final class WebJarFiles {
  /** Where the page asks for the editor's files. */
  static final String PREFIX = "/web/lib/codemirror/";

  private static final Map<String, String> FILES = Map.of(
      "codemirror.js", "lib/codemirror.js",
      "codemirror.css", "lib/codemirror.css",
      "sql.js", "mode/sql/sql.js",
      "show-hint.js", "addon/hint/show-hint.js",
      "show-hint.css", "addon/hint/show-hint.css",
      "matchbrackets.js", "addon/edit/matchbrackets.js");

  private final String version = editor();

  /** The CodeMirror version the WebJar on the class path carries. */
  private static String editor() {
    WebJar jar = WebJar.find("org.webjars.npm", "codemirror");
    if (!jar.present()) {
      throw new IllegalStateException("The CodeMirror WebJar is missing from the class path; the "
          + "web console's editor cannot be served. Rebuild csvws.");
    }
    return jar.version();
  }

  /** Whether {@code target} names one of the editor's files. */
  static boolean serves(String target) {
    return target.startsWith(PREFIX);
  }

  /** Answers a GET of one of the editor's files. */
  String handle(String target, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String file = FILES.get(target.substring(PREFIX.length()));
    if (file == null || !request.getMethod().equals("GET")) {
      response.setStatus(404);
      response.setContentType("text/plain");
      response.getOutputStream().write(("There is no editor file " + target + ".\n")
          .getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return "WEB";
    }
    String etag = "\"codemirror-" + version + "\"";
    response.setHeader("Cache-Control", "private, max-age=86400");
    response.setHeader("ETag", etag);
    if (etag.equals(request.getHeader("If-None-Match"))) {
      response.setStatus(304);
      return "WEB";
    }
    try (InputStream in = new WebJar("org.webjars.npm", "codemirror", version).open(file)) {
      if (in == null) {
        throw new IllegalStateException("The CodeMirror WebJar lacks " + file + "; rebuild csvws.");
      }
      response.setStatus(200);
      response.setContentType(file.endsWith(".js") ? "text/javascript" : "text/css");
      response.setCharacterEncoding("UTF-8");
      in.transferTo(response.getOutputStream());
    }
    return "WEB";
  }
}
