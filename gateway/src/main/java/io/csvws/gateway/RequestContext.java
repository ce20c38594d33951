package io.csvws.gateway;

/**
 * What the handling of one HTTP request learned, for its access-log line: who made it and what
 * statement it ran. One per request thread, reset at the start of each request.
 */
final class RequestContext {
  private static final ThreadLocal<RequestContext> CURRENT =
      ThreadLocal.withInitial(RequestContext::new);

  String user = "-";
  String statementKind = "-";
  String error;

  static RequestContext current() {
    return CURRENT.get();
  }

  static RequestContext reset() {
    RequestContext c = new RequestContext();
    CURRENT.set(c);
    return c;
  }

  /** The first word of a statement, upper-cased, as a short kind for logs. */
  static String kindOf(String sql) {
    if (sql == null) {
      return "-";
    }
    String s = sql.stripLeading();
    int end = 0;
    while (end < s.length() && end < 20 && Character.isLetter(s.charAt(end))) {
      end++;
    }
    return end == 0 ? "OTHER" : s.substring(0, end).toUpperCase(java.util.Locale.ROOT);
  }
}
