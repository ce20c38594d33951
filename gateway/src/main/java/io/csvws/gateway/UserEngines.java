package io.csvws.gateway;

import io.csvws.agent.Incidents;
import io.csvws.driver.CsvwsDriver;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.apache.calcite.avatica.remote.Driver.Serialization;

/** One Avatica handler and engine per user, made on the user's first request. */
final class UserEngines {
  /** A user's engine and the Avatica handler that speaks the wire format to it. */
  record Engine(GatewayMeta meta, AvaticaEdge edge) {
  }

  private final Serialization serialization;
  private final Limits limits;
  private final GatewayMetrics metrics;
  private final Function<Path, Incidents> incidents;
  private final Map<String, Engine> engines = new ConcurrentHashMap<>();
  private final java.util.function.ToLongFunction<String> webConnections;
  private final CsvwsDriver driver;

  /**
   * @param incidents the server log's incidents, hiding a given workspace's absolute name
   * @param webConnections the connections a user's web console holds now
   * @param driver the gateway's driver, whose engine runs every user's queries
   */
  UserEngines(Serialization serialization, Limits limits, GatewayMetrics metrics,
      Function<Path, Incidents> incidents,
      java.util.function.ToLongFunction<String> webConnections, CsvwsDriver driver) {
    this.webConnections = webConnections;
    this.driver = driver;
    this.serialization = serialization;
    this.limits = limits;
    this.metrics = metrics;
    this.incidents = incidents;
  }

  Engine forUser(String user, Path workspace) throws SQLException {
    Engine e = engines.get(user);
    if (e != null) {
      return e;
    }
    synchronized (this) {
      e = engines.get(user);
      if (e == null) {
        Incidents log = incidents.apply(workspace);
        GatewayMeta meta = GatewayMeta.create(user, workspace, limits,
            metrics::queryCancelledByHeapGuard, log, () -> webConnections.applyAsLong(user), driver);
        e = new Engine(meta, new AvaticaEdge(serialization, new OwnedService(meta), log));
        engines.put(user, e);
      }
      return e;
    }
  }

  /** Open remote JDBC connections of {@code user}. */
  long openConnections(String user) {
    Engine e = engines.get(user);
    return e == null ? 0 : e.meta().openConnections();
  }

  /** Open connections of every user. */
  long openConnections() {
    return engines.values().stream().mapToLong(e -> e.meta().openConnections()).sum();
  }

  int users() {
    return engines.size();
  }

  /** Closes every user's open connections (and so their statements and running queries). */
  void closeAll() {
    for (Engine e : engines.values()) {
      e.meta().closeAllConnections();
    }
  }
}
