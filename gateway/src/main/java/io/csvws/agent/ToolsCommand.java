package io.csvws.agent;

import io.csvws.error.Sentences;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tools --schema [--format plain|openai|anthropic]} prints the tools as function-call JSON
 * schemas; {@code tools call DIR TOOL [JSON] [options]} runs one tool and prints its response.
 */
public final class ToolsCommand {
  private ToolsCommand() {
  }

  static String usage() {
    return "Usage: java -jar csvws-gateway.jar tools --schema [--format plain|openai|anthropic]\n"
        + "       java -jar csvws-gateway.jar tools call DIR TOOL ['{JSON arguments}'] "
        + "[options]\n\n"
        + "--schema prints every tool as a JSON function-call schema: plain is\n"
        + "{name, description, parameters}; openai wraps it as {type: function, function: ...};\n"
        + "anthropic uses {name, description, input_schema}.\n"
        + "call runs one tool on the workspace DIR and prints its JSON response (exit status 1\n"
        + "when the tool reports an error).\n\nOptions of call:\n" + CommandLine.OPTIONS;
  }

  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
      (args.length == 0 ? err : out).print(usage());
      return args.length == 0 ? 2 : 0;
    }
    try {
      if (args[0].equals("--schema")) {
        String format = "plain";
        for (int i = 1; i < args.length; i++) {
          if (args[i].equals("--format") && i + 1 < args.length) {
            format = args[++i];
          } else {
            throw new IllegalArgumentException("unexpected argument " + args[i]);
          }
        }
        out.println(Json.pretty(schemas(ToolCatalog.all(AgentLimits.defaults()), format)));
        return 0;
      }
      if (args[0].equals("call")) {
        CommandLine cli = CommandLine.parse(java.util.Arrays.copyOfRange(args, 1, args.length));
        if (cli.rest.isEmpty() || cli.rest.size() > 2) {
          throw new IllegalArgumentException("call needs a tool name and at most one JSON "
              + "argument");
        }
        try (AgentTools tools = cli.open()) {
          ToolResult r = tools.callJson(cli.rest.get(0),
              cli.rest.size() > 1 ? cli.rest.get(1) : "{}");
          out.println(Json.pretty(r.body()));
          return r.isError() ? 1 : 0;
        }
      }
      throw new IllegalArgumentException("unknown tools command " + args[0]);
    } catch (IllegalArgumentException e) {
      err.println("csvws-gateway tools: " + Sentences.ending(e.getMessage()));
      err.print(usage());
      return 2;
    }
  }

  /** The tools as function-call schemas in one of the shapes agent frameworks load. */
  static List<Map<String, Object>> schemas(List<ToolSpec> specs, String format) {
    if (!List.of("plain", "openai", "anthropic").contains(format)) {
      throw new IllegalArgumentException("--format must be plain, openai or anthropic");
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (ToolSpec s : specs) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("name", s.name());
      f.put("description", s.description());
      f.put(format.equals("anthropic") ? "input_schema" : "parameters", s.parametersSchema());
      if (format.equals("openai")) {
        Map<String, Object> wrapped = new LinkedHashMap<>();
        wrapped.put("type", "function");
        wrapped.put("function", f);
        out.add(wrapped);
      } else {
        out.add(f);
      }
    }
    return out;
  }
}
