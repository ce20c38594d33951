package io.csvws.gateway;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.avatica.remote.Driver.Serialization;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.AbstractAvaticaHandler;
import org.apache.calcite.avatica.server.AvaticaJsonHandler;
import org.apache.calcite.avatica.server.AvaticaProtobufHandler;

/** One Avatica handler and engine per user, made on the user's first request. */
final class UserEngines {
  /** A user's engine and the Avatica handler that speaks the wire format to it. */
  record Engine(GatewayMeta meta, AbstractAvaticaHandler handler) {
  }

  private final Serialization serialization;
  private final Limits limits;
  private final GatewayMetrics metrics;
  private final Map<String, Engine> engines = new ConcurrentHashMap<>();

  UserEngines(Serialization serialization, Limits limits, GatewayMetrics metrics) {
    this.serialization = serialization;
    this.limits = limits;
    this.metrics = metrics;
  }

  Engine forUser(String user, Path workspace) throws SQLException {
    Engine e = engines.get(user);
    if (e != null) {
      return e;
    }
    synchronized (this) {
      e = engines.get(user);
      if (e == null) {
        GatewayMeta meta = GatewayMeta.create(user, workspace, limits,
            metrics::queryCancelledByHeapGuard);
        LocalService service = new LocalService(meta);
        AbstractAvaticaHandler handler = serialization == Serialization.PROTOBUF
            ? new AvaticaProtobufHandler(service) : new AvaticaJsonHandler(service);
        e = new Engine(meta, handler);
        engines.put(user, e);
      }
      return e;
    }
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
