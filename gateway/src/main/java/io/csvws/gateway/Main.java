package io.csvws.gateway;

import io.csvws.launch.Relaunch;
import java.io.PrintStream;
import java.util.Arrays;

/**
 * Entry point of {@code csvws-gateway.jar}: {@code serve} hosts workspaces over Avatica HTTP,
 * {@code mcp} serves the agent tools over stdio, {@code tools --schema} prints them as
 * function-call schemas.
 *
 * <p>{@code serve} and {@code mcp} started with {@code java -jar} run in a second JVM that maps the
 * jar's class-data archive ({@link Relaunch}, {@link GatewayClassData}): about a second less
 * before the first answer. {@code -Dcsvws.gateway.relaunch=false} keeps them in the first JVM.
 */
public final class Main {
  /** System property: {@code false} runs every command in the JVM {@code java -jar} started. */
  static final String RELAUNCH = "csvws.gateway.relaunch";

  private Main() {
  }

  /** Runs the command {@code args} name and exits with its status. */
  public static void main(String[] args) {
    if (args.length > 0 && (args[0].equals("serve") || args[0].equals("mcp"))) {
      // A server stops on Ctrl-C, so the JVM that waits for it stops with it.
      Integer status = new Relaunch(RELAUNCH, true).relaunch(args, Main.class);
      if (status != null) {
        System.exit(status);
      }
    }
    // The gateway writes its own access log; SLF4J's notice about having no logging backend
    // would only confuse operators and must never reach the MCP protocol stream.
    if (System.getProperty("slf4j.internal.verbosity") == null) {
      System.setProperty("slf4j.internal.verbosity", "ERROR");
    }
    System.exit(run(args, System.out, System.err));
  }

  /** Runs one command; returns the process exit status. */
  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      out.print(usage());
      return args.length == 0 ? 2 : 0;
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    switch (args[0]) {
      case "serve":
        return ServeCommand.run(rest, out, err, System.getenv());
      case "hash-password":
        return HashPasswordCommand.run(out, err);
      case "mcp":
        return io.csvws.agent.AgentMcpServer.run(rest, System.in, out, err);
      case "tools":
        return io.csvws.agent.ToolsCommand.run(rest, out, err);
      default:
        err.println("csvws-gateway: unknown command '" + args[0] + "'.");
        err.print(usage());
        return 2;
    }
  }

  static String usage() {
    return "Usage: java -jar csvws-gateway.jar <command> [options]\n"
        + "\n"
        + "Commands:\n"
        + "  serve --workspace DIR [--port N] ...   host workspaces over Avatica HTTP "
        + "(serve --help for all options)\n"
        + "  hash-password                           read a password, print its hash for the "
        + "users file\n"
        + "  mcp DIR                                 serve the agent tools over stdio (MCP)\n"
        + "  tools --schema                          print the agent tools as function-call "
        + "JSON schemas\n";
  }
}
