package io.csvws.gateway;

import io.csvws.error.Sentences;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;

/** {@code serve}: runs the gateway until SIGTERM (or Ctrl-C), then drains and stops. */
final class ServeCommand {
  private ServeCommand() {
  }

  static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      out.print(ServeOption.help());
      return 0;
    }
    ServeOptions options;
    try {
      options = ServeOptions.parse(args, env);
    } catch (ServeOptions.BadOption e) {
      err.println("csvws-gateway serve: " + Sentences.ending(e.getMessage()));
      return 2;
    }
    GatewayServer server;
    try {
      server = GatewayServer.start(options);
    } catch (ServeOptions.BadOption e) {
      err.println("csvws-gateway serve: " + Sentences.ending(e.getMessage()));
      return 2;
    } catch (Exception e) {
      err.println("csvws-gateway serve: cannot start on " + options.host() + ":"
          + options.port() + ": " + e.getMessage());
      return 1;
    }
    Thread stopper = new Thread(() -> {
      try {
        server.close();
      } catch (Exception e) {
        err.println("csvws-gateway: stopping failed: " + e);
      }
    }, "csvws-gateway-stop");
    Runtime.getRuntime().addShutdownHook(stopper);
    out.println("csvws gateway listening on " + server.url() + " ("
        + options.serialization().name().toLowerCase(java.util.Locale.ROOT)
        + (options.users() == null ? ", workspace " + options.workspace() + ", no authentication"
            : ", users from " + options.users()) + ")");
    out.println("web console: open " + server.url() + "/ in a browser");
    out.flush();
    try {
      server.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 0;
  }
}
