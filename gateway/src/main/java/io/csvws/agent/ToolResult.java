package io.csvws.agent;

import io.csvws.error.ErrorCode;
import java.util.Map;

/**
 * What one tool call returns: a JSON object, either the tool's response or
 * {@code {"error": {"code": ..., "message": ...}}}.
 *
 * @param tool  the tool called
 * @param error the error's code, or null on success
 * @param body  the JSON object, as maps, lists and plain values
 */
public record ToolResult(String tool, ErrorCode error, Map<String, Object> body) {

  public boolean isError() {
    return error != null;
  }

  /** The body as compact JSON: what a transport sends. */
  public String json() {
    return Json.write(body);
  }

  /**
   * An HTTP status for transports that want one: 200 on success; 400 for arguments and SQL that
   * cannot run, 403 for sandbox and read-only refusals, 404 for unreadable or missing files, 504
   * for timeouts.
   */
  public int httpStatus() {
    if (error == null) {
      return 200;
    }
    switch (error) {
      case SANDBOX_VIOLATION:
      case READ_ONLY:
        return 403;
      case FILE_READ_FAILED:
        return 404;
      case TIMEOUT:
      case CANCELLED:
        return 504;
      default:
        return 400;
    }
  }
}
