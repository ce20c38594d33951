package io.csvws.gateway;

import io.csvws.agent.Incidents;
import io.csvws.driver.CsvwsDriver;
import io.csvws.engine.Engine;
import io.csvws.web.WebConsole;
import java.io.IOException;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.server.handler.StatisticsHandler;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The gateway's HTTP server: Jetty with one connector (HTTP, or HTTPS from a keystore), the
 * {@link GatewayHandler}, and a graceful stop that lets requests in flight finish.
 */
final class GatewayServer implements AutoCloseable {
  /** How long a stop waits for requests in flight. */
  private static final long DRAIN_MILLIS = 30_000;

  private final ServeOptions options;
  private final Server server;
  private final ServerConnector connector;
  private final AccessLog log;
  private final HeapGuard guard;
  private final Engine engine;
  private final GatewayMetrics metrics = new GatewayMetrics();
  private final UserAgents agents;
  private final UserEngines engines;
  private final WebConsole web;

  private GatewayServer(ServeOptions options) throws IOException, ServeOptions.BadOption {
    this.options = options;
    this.log = AccessLog.open(options.accessLog());
    Authenticator authenticator = options.users() == null ? null
        : new Authenticator(UsersFile.read(options.users()));
    QueuedThreadPool threads = new QueuedThreadPool(200, 8);
    threads.setName("csvws-gateway");
    this.server = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.setRequestHeaderSize(options.limits().maxHeaderBytes());
    http.setSendServerVersion(false);
    if (options.keystore() != null) {
      SslContextFactory.Server tls = new SslContextFactory.Server();
      tls.setKeyStorePath(options.keystore().toString());
      tls.setKeyStorePassword(options.keystorePassword());
      http.addCustomizer(new SecureRequestCustomizer());
      connector = new ServerConnector(server, new SslConnectionFactory(tls, "http/1.1"),
          new HttpConnectionFactory(http));
    } else {
      connector = new ServerConnector(server, new HttpConnectionFactory(http));
    }
    connector.setHost(options.host());
    connector.setPort(options.port());
    server.addConnector(connector);
    // The web console's connections and remote JDBC's count together in the per-user limit.
    java.util.concurrent.atomic.AtomicReference<WebConsole> webRef =
        new java.util.concurrent.atomic.AtomicReference<>();
    // One engine runs every query of the gateway, so the heap guard sees them all.
    this.engine = Engine.create();
    CsvwsDriver driver = new CsvwsDriver(engine);
    this.engines = new UserEngines(options.serialization(), options.limits(),
        metrics, workspace -> new Incidents(log::event, workspace, options.exportDir()),
        user -> webRef.get() == null ? 0 : webRef.get().connections(user), driver);
    StatisticsHandler drain = new StatisticsHandler();
    this.agents = new UserAgents(options.exportDir(),
        workspace -> new Incidents(log::event, workspace, options.exportDir()), driver);
    this.web = new WebConsole(options.limits().queryTimeoutSeconds(),
        options.limits().idleTimeoutSeconds(), agents::forUser, options.web(),
        engines::openConnections, driver);
    webRef.set(web);
    drain.setHandler(new GatewayHandler(authenticator, options.workspace(), engines, metrics,
        log, options.limits(), agents,
        new Incidents(log::event, options.workspace(), options.exportDir()), web));
    server.setHandler(drain);
    server.setStopTimeout(DRAIN_MILLIS);
    server.setStopAtShutdown(false);
    this.guard = new HeapGuard(driver.engine(), options.limits().heapGuard(), metrics,
        log::event);
  }

  /** Starts a gateway as {@code options} say. */
  static GatewayServer start(ServeOptions options) throws Exception {
    GatewayServer g = new GatewayServer(options);
    g.server.start();
    g.guard.start();
    g.log.event("listening on " + g.url());
    return g;
  }

  /** The URL clients use, e.g. {@code http://127.0.0.1:8765}. */
  String url() {
    String host = options.host().contains(":") ? "[" + options.host() + "]" : options.host();
    return (options.keystore() != null ? "https" : "http") + "://" + host + ":"
        + connector.getLocalPort();
  }

  /** The engine that runs every query of this gateway. */
  Engine engine() {
    return engine;
  }

  int port() {
    return connector.getLocalPort();
  }

  GatewayMetrics metrics() {
    return metrics;
  }

  void join() throws InterruptedException {
    server.join();
  }

  /** Stops accepting requests, lets those in flight finish (up to 30 s), and stops. */
  @Override
  public void close() throws IOException {
    guard.close();
    try {
      server.stop();
    } catch (Exception e) {
      throw new IOException("stopping the HTTP server failed: " + e.getMessage(), e);
    } finally {
      engines.closeAll();
      agents.close();
      web.close();
      log.event("stopped");
      log.close();
    }
  }
}
