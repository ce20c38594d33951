package io.csvws.agent;

import io.csvws.error.Sentences;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code mcp DIR}: the agent tools as an MCP server over stdio, with the official MCP Java SDK.
 *
 * <p>Standard output carries the protocol and nothing else: while the server runs,
 * {@code System.out} is pointed at standard error, so a library that prints cannot corrupt a
 * message. The server stops when its standard input ends (the client closed it).
 */
public final class AgentMcpServer {
  static final String INSTRUCTIONS = "csvws: read-only SQL over a folder of CSV files. Start with "
      + "list_tables, then describe_table. Responses are bounded (50 columns, 500 characters a "
      + "cell, a window of rows) and say what was cut and how to get the rest. Count first "
      + "(query SELECT COUNT(*) ...), then read windows with window_rows and window_offset. "
      + "save_result names a query for later queries; export writes CSV or XLSX files.";

  private AgentMcpServer() {
  }

  static String usage() {
    return "Usage: java -jar csvws-gateway.jar mcp DIR [options]\n"
        + "Serves the agent tools over the workspace folder DIR as an MCP server on "
        + "stdin/stdout.\n\nOptions:\n" + CommandLine.OPTIONS;
  }

  /** Runs the server until {@code in} ends; returns the exit status. */
  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    if (args.length > 0 && (args[0].equals("--help") || args[0].equals("-h"))) {
      out.print(usage());
      return 0;
    }
    CommandLine cli;
    try {
      cli = CommandLine.parse(args);
      if (!cli.rest.isEmpty()) {
        throw new IllegalArgumentException("unexpected argument " + cli.rest.get(0));
      }
    } catch (IllegalArgumentException e) {
      err.println("csvws-gateway mcp: " + Sentences.ending(e.getMessage()));
      err.print(usage());
      return 2;
    }
    PrintStream stdout = System.out;
    System.setOut(err);
    try (AgentTools tools = cli.open()) {
      CountDownLatch ended = new CountDownLatch(1);
      McpJsonMapper mapper = McpJsonDefaults.getMapper();
      StdioServerTransportProvider transport = new StdioServerTransportProvider(mapper,
          new EndSignal(in, ended), out);
      McpSyncServer server = McpServer.sync(transport)
          .serverInfo("csvws", version())
          .instructions(INSTRUCTIONS)
          .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
          .tools(specifications(tools))
          .build();
      err.println("csvws MCP server: workspace " + cli.workspace.toAbsolutePath()
          + (cli.exportDir == null ? ", export off" : ", exports to " + cli.exportDir));
      ended.await();
      server.closeGracefully();
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    } catch (IllegalArgumentException e) {
      err.println("csvws-gateway mcp: " + Sentences.ending(e.getMessage()));
      return 2;
    } finally {
      System.setOut(stdout);
    }
  }

  /** One MCP tool per agent tool; each call goes to {@link AgentTools#call}. */
  static List<McpServerFeatures.SyncToolSpecification> specifications(AgentTools tools) {
    List<McpServerFeatures.SyncToolSpecification> out = new ArrayList<>();
    for (ToolSpec spec : tools.tools()) {
      boolean writes = Tool.named(spec.name()).writes();
      McpSchema.Tool tool = McpSchema.Tool.builder(spec.name(), spec.parametersSchema())
          .description(spec.description())
          .annotations(new McpSchema.ToolAnnotations(spec.name(), !writes, false, !writes, false,
              null))
          .build();
      out.add(McpServerFeatures.SyncToolSpecification.builder()
          .tool(tool)
          .callHandler((exchange, request) -> {
            ToolResult r = tools.call(spec.name(), request.arguments());
            return McpSchema.CallToolResult.builder().addTextContent(r.json())
                .isError(r.isError()).build();
          })
          .build());
    }
    return out;
  }

  static String version() {
    String v = AgentMcpServer.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  /** Counts a latch down when the stream ends or fails. */
  private static final class EndSignal extends FilterInputStream {
    private final CountDownLatch ended;

    EndSignal(InputStream in, CountDownLatch ended) {
      super(in);
      this.ended = ended;
    }

    @Override
    public int read() throws IOException {
      return signal(super.read());
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      return signal(super.read(b, off, len));
    }

    private int signal(int n) throws IOException {
      if (n < 0) {
        ended.countDown();
      }
      return n;
    }

    @Override
    public void close() throws IOException {
      ended.countDown();
      super.close();
    }
  }
}
