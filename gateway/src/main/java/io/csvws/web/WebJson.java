package io.csvws.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.servlet.http.HttpServletResponse;

/**
 * The console API's answers: a JSON body with its status, and errors in one shape,
 * {@code {"error": {"code": ..., "message": ...}}}, which the page shows as they are.
 */
final class WebJson {
  /** Configured once and never changed, so safe to share between threads. */
  private static final ObjectMapper JSON = new ObjectMapper();

  private WebJson() {
  }

  /** Answers {@code status} with {@code body} as JSON. */
  static void send(HttpServletResponse response, int status, Object body) throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.setCharacterEncoding("UTF-8");
    response.getOutputStream().write(JSON.writeValueAsString(body)
        .getBytes(StandardCharsets.UTF_8));
  }

  /** Answers {@code status} with an error: a short code for the page and a message for people. */
  static void error(HttpServletResponse response, int status, String code, String message)
      throws IOException {
    Map<String, Object> err = new LinkedHashMap<>();
    err.put("code", code);
    err.put("message", message);
    send(response, status, Map.of("error", err));
  }
}
