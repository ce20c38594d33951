package io.csvws.web;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import javax.servlet.http.HttpServletResponse;

/**
 * The files of the console's charts: {@code /web/chart.js} and {@code /web/chart.css} (ours) and
 * the charting library, Apache ECharts, from its WebJar on the class path.
 *
 * <p>The library is served at a URL that names its version
 * ({@code /web/lib/echarts-5.5.0.min.js}) and may be cached for a year: a gateway with another
 * version serves another URL, so a browser never runs a stale copy. {@code chart.js} learns that
 * URL from this class (its placeholder {@code @ECHARTS_URL@} is replaced when served) and loads
 * the library only when a chart is first drawn, which keeps the first load of the page small.
 * Stateless; safe for concurrent use.
 */
final class ChartAssets {
  /** The ECharts bundle with the bar, line and scatter charts and both renderers. */
  private static final String BUNDLE = "echarts.common.min.js";
  private static final WebJar ECHARTS = WebJar.find("org.webjars", "echarts");
  /** The version on the class path, or {@code missing} (the rest of the console works then). */
  private static final String VERSION = ECHARTS.present() ? ECHARTS.version() : "missing";
  /** Where the page loads the library from. */
  static final String LIBRARY_URL = "/web/lib/echarts-" + VERSION + ".min.js";

  private ChartAssets() {
  }

  /** Whether {@code target} is one of the chart's files. */
  static boolean serves(String target) {
    return target.equals("/web/chart.js") || target.equals("/web/chart.css")
        || target.equals(LIBRARY_URL);
  }

  /**
   * Answers a request for one of the chart's files.
   *
   * @return a short kind of what was done, for the access log
   */
  static String serve(String target, String method, HttpServletResponse response)
      throws IOException {
    if (!method.equals("GET")) {
      response.sendError(405, target + " is only read with GET.");
      return "WEB";
    }
    String resource = target.equals(LIBRARY_URL) ? "the ECharts WebJar's " + BUNDLE
        : "io/csvws/web/" + target.substring("/web/".length());
    byte[] bytes = target.equals(LIBRARY_URL) ? read(ECHARTS.open(BUNDLE))
        : read(ChartAssets.class.getClassLoader().getResourceAsStream(resource));
    if (bytes == null) {
      response.sendError(404, "The console file " + resource + " is missing from the class "
          + "path; rebuild the gateway jar (mvn package).");
      return "WEB";
    }
    if (target.equals(LIBRARY_URL)) {
      response.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    } else {
      if (target.endsWith(".js")) {
        bytes = new String(bytes, StandardCharsets.UTF_8).replace("@ECHARTS_URL@", LIBRARY_URL)
            .getBytes(StandardCharsets.UTF_8);
      }
      response.setHeader("Cache-Control", "no-cache");
    }
    response.setStatus(200);
    response.setContentType(target.endsWith(".js") ? "text/javascript" : "text/css");
    response.setCharacterEncoding("UTF-8");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
    return "WEB";
  }

  /** The bytes of a class-path resource, or null when there is none. */
  private static byte[] read(InputStream resource) throws IOException {
    if (resource == null) {
      return null;
    }
    try (InputStream in = resource) {
      return in.readAllBytes();
    }
  }
}
