package io.csvws.gateway;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** Counters of the gateway, written in the Prometheus text format for {@code /metrics}. */
final class GatewayMetrics {
  /** Upper bounds, in seconds, of the request latency histogram's buckets. */
  private static final double[] BUCKETS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
      10, 30};

  private final Map<Integer, LongAdder> requestsByStatus = new ConcurrentHashMap<>();
  private final LongAdder[] latencyBuckets = new LongAdder[BUCKETS.length];
  private final LongAdder latencyCount = new LongAdder();
  private final AtomicLong latencyNanos = new AtomicLong();
  private final LongAdder cancelledByGuard = new LongAdder();
  private final LongAdder authFailures = new LongAdder();
  private final LongAdder inFlight = new LongAdder();
  private final Map<String, Boolean> users = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> userRequestsByWay = new ConcurrentHashMap<>();

  GatewayMetrics() {
    for (int i = 0; i < BUCKETS.length; i++) {
      latencyBuckets[i] = new LongAdder();
    }
  }

  void started() {
    inFlight.increment();
  }

  void finished(int status, long nanos) {
    inFlight.decrement();
    requestsByStatus.computeIfAbsent(status, s -> new LongAdder()).increment();
    double seconds = nanos / 1e9;
    for (int i = 0; i < BUCKETS.length; i++) {
      if (seconds <= BUCKETS[i]) {
        latencyBuckets[i].increment();
      }
    }
    latencyCount.increment();
    latencyNanos.addAndGet(nanos);
  }

  /**
   * An authenticated request of {@code user} that came in by {@code way} ({@code avatica},
   * {@code agent}, {@code web}): every way in counts the same user once.
   */
  void userRequest(String way, String user) {
    users.putIfAbsent(user, Boolean.TRUE);
    userRequestsByWay.computeIfAbsent(way, w -> new LongAdder()).increment();
  }

  void queryCancelledByHeapGuard() {
    cancelledByGuard.increment();
  }

  void authenticationFailed() {
    authFailures.increment();
  }

  long cancelledByHeapGuard() {
    return cancelledByGuard.sum();
  }

  String render(UserEngines engines) {
    StringBuilder b = new StringBuilder();
    b.append("# HELP csvws_requests_total HTTP requests handled, by status code.\n")
        .append("# TYPE csvws_requests_total counter\n");
    requestsByStatus.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
        b.append("csvws_requests_total{status=\"").append(e.getKey()).append("\"} ")
            .append(e.getValue().sum()).append('\n'));
    b.append("# HELP csvws_request_duration_seconds Time to answer a request.\n")
        .append("# TYPE csvws_request_duration_seconds histogram\n");
    for (int i = 0; i < BUCKETS.length; i++) {
      b.append("csvws_request_duration_seconds_bucket{le=\"").append(format(BUCKETS[i]))
          .append("\"} ").append(latencyBuckets[i].sum()).append('\n');
    }
    b.append("csvws_request_duration_seconds_bucket{le=\"+Inf\"} ").append(latencyCount.sum())
        .append('\n')
        .append("csvws_request_duration_seconds_sum ").append(format(latencyNanos.get() / 1e9))
        .append('\n')
        .append("csvws_request_duration_seconds_count ").append(latencyCount.sum()).append('\n');
    gauge(b, "csvws_requests_in_flight", "Requests being handled now.", inFlight.sum());
    gauge(b, "csvws_open_connections", "Open client connections, all users.",
        engines.openConnections());
    gauge(b, "csvws_active_users", "Users who made an authenticated request since start, by "
        + "Avatica, the agent tools or the web console.", users.size());
    b.append("# HELP csvws_user_requests_total Authenticated requests, by the way they came in.\n")
        .append("# TYPE csvws_user_requests_total counter\n");
    for (String way : new String[] {"avatica", "agent", "web"}) {
      LongAdder n = userRequestsByWay.get(way);
      b.append("csvws_user_requests_total{way=\"").append(way).append("\"} ")
          .append(n == null ? 0 : n.sum()).append('\n');
    }
    counter(b, "csvws_queries_cancelled_total",
        "Queries cancelled by the heap guard to keep the gateway up.", cancelledByGuard.sum());
    counter(b, "csvws_authentication_failures_total", "Requests refused for wrong "
        + "credentials (not those sent without any, which get the challenge clients answer).",
        authFailures.sum());
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    gauge(b, "csvws_heap_used_bytes", "Java heap in use.", heap.getUsed());
    gauge(b, "csvws_heap_max_bytes", "Java heap maximum.", heap.getMax());
    return b.toString();
  }

  private static void gauge(StringBuilder b, String name, String help, long value) {
    b.append("# HELP ").append(name).append(' ').append(help).append('\n')
        .append("# TYPE ").append(name).append(" gauge\n")
        .append(name).append(' ').append(value).append('\n');
  }

  private static void counter(StringBuilder b, String name, String help, long value) {
    b.append("# HELP ").append(name).append(' ').append(help).append('\n')
        .append("# TYPE ").append(name).append(" counter\n")
        .append(name).append(' ').append(value).append('\n');
  }

  private static String format(double d) {
    return String.format(Locale.ROOT, "%s", d);
  }
}
