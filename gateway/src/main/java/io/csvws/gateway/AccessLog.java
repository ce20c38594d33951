package io.csvws.gateway;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * One JSON object a line per request: time, remote address, user, method, path, status, request
 * bytes, statement kind, duration and any error. Credentials are never written.
 */
final class AccessLog implements AutoCloseable {
  private final PrintStream out;
  private final boolean owned;

  private AccessLog(PrintStream out, boolean owned) {
    this.out = out;
    this.owned = owned;
  }

  /** A log appended to {@code file}, or written to standard error when it is null. */
  static AccessLog open(Path file) throws IOException {
    if (file == null) {
      return new AccessLog(System.err, false);
    }
    OutputStream o = Files.newOutputStream(file, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
    return new AccessLog(new PrintStream(o, true, StandardCharsets.UTF_8), true);
  }

  void request(String remote, String user, String method, String path, int status,
      long bytesIn, String statement, long micros, String error) {
    StringBuilder b = new StringBuilder(200).append('{');
    field(b, "time", Instant.now().toString()).append(',');
    field(b, "remote", remote).append(',');
    field(b, "user", user).append(',');
    field(b, "method", method).append(',');
    field(b, "path", path).append(',');
    b.append("\"status\":").append(status).append(',');
    b.append("\"bytes_in\":").append(bytesIn).append(',');
    field(b, "statement", statement).append(',');
    b.append("\"duration_ms\":").append(micros / 1000.0);
    if (error != null) {
      b.append(',');
      field(b, "error", error);
    }
    b.append('}');
    out.println(b);
  }

  /** A line about the gateway itself (start, stop, heap guard). */
  void event(String message) {
    StringBuilder b = new StringBuilder("{");
    field(b, "time", Instant.now().toString()).append(',');
    field(b, "event", message);
    out.println(b.append('}'));
  }

  private static StringBuilder field(StringBuilder b, String name, String value) {
    b.append('"').append(name).append("\":");
    if (value == null) {
      return b.append("null");
    }
    b.append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"':
          b.append("\\\"");
          break;
        case '\\':
          b.append("\\\\");
          break;
        case '\n':
          b.append("\\n");
          break;
        case '\r':
          b.append("\\r");
          break;
        case '\t':
          b.append("\\t");
          break;
        default:
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
      }
    }
    return b.append('"');
  }

  @Override
  public void close() {
    if (owned) {
      out.close();
    }
  }
}
