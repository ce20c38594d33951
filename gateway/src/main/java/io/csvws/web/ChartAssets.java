package io.csvws.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
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
  private static final String WEBJAR = "META-INF/resources/webjars/echarts/";
  /** The ECharts bundle with the bar, line and scatter charts and both renderers. */
  private static final String BUNDLE = "echarts.common.min.js";
  private static final String VERSION = webJarVersion();
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
    String resource = target.equals(LIBRARY_URL) ? WEBJAR + VERSION + "/" + BUNDLE
        : "io/csvws/web/" + target.substring("/web/".length());
    byte[] bytes = read(resource);
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
  private static byte[] read(String resource) throws IOException {
    try (InputStream in = ChartAssets.class.getClassLoader().getResourceAsStream(resource)) {
      return in == null ? null : in.readAllBytes();
    }
  }

  /**
   * The version of the ECharts WebJar on the class path, from its Maven properties, or
   * {@code missing} when the WebJar is not there (a jar built without it).
   */
  private static String webJarVersion() {
    String props = "META-INF/maven/org.webjars/echarts/pom.properties";
    try (InputStream in = ChartAssets.class.getClassLoader().getResourceAsStream(props)) {
      if (in == null) {
        // The rest of the console works without it; the library's URL then answers 404.
        return "missing";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
