package io.csvws.agent;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Options shared by the {@code mcp} and {@code tools call} commands: the workspace folder, the
 * export folder and the limits an operator may change.
 */
final class CommandLine {
  Path workspace;
  Path exportDir;
  final AgentLimits.Builder limits = AgentLimits.builder();
  final java.util.List<String> rest = new java.util.ArrayList<>();

  static final String OPTIONS =
      "  --export-dir DIR          folder export writes into (export is off without it)\n"
      + "  --query-timeout SECONDS   longest a query may run (default 60)\n"
      + "  --max-response-bytes N    largest response, in bytes of JSON (default 60000)\n";

  /** Parses {@code args}; positional arguments after the workspace go to {@link #rest}. */
  static CommandLine parse(String[] args) {
    CommandLine c = new CommandLine();
    int responseBytes = AgentLimits.defaults().defaultResponseBytes();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--export-dir":
          c.exportDir = Path.of(value(args, ++i, a));
          break;
        case "--query-timeout":
          c.limits.queryTimeoutSeconds(number(value(args, ++i, a), a));
          break;
        case "--max-response-bytes":
          responseBytes = number(value(args, ++i, a), a);
          break;
        default:
          if (a.startsWith("--")) {
            throw new IllegalArgumentException("unknown option " + a);
          }
          if (c.workspace == null) {
            c.workspace = Path.of(a);
          } else {
            c.rest.add(a);
          }
      }
    }
    c.limits.responseBytes(responseBytes,
        Math.max(responseBytes, AgentLimits.defaults().maxResponseBytes()));
    if (c.workspace == null) {
      throw new IllegalArgumentException("no workspace folder given");
    }
    if (!Files.isDirectory(c.workspace)) {
      throw new IllegalArgumentException("the workspace " + c.workspace + " is not a folder");
    }
    return c;
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  private static int number(String s, String option) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a whole number, got '" + s + "'");
    }
  }

  AgentTools open() {
    Path export = exportDir;
    if (export != null && Files.isDirectory(export)) {
      try {
        // The operator's own choice of folder, a link or not: resolved once, here.
        export = export.toRealPath();
      } catch (java.io.IOException e) {
        throw new IllegalArgumentException("The export folder " + exportDir + " cannot be used: "
            + e.getMessage(), e);
      }
    }
    return AgentTools.open(workspace, export, limits.build());
  }
}
