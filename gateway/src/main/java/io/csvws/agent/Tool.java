package io.csvws.agent;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * The agent tools: the one list of their names and what runs each. {@link ToolCatalog} describes
 * every constant for the model (the compiler makes sure each has a description), and
 * {@link AgentTools} dispatches through {@link #run}, so a tool cannot be listed without a
 * handler, nor handled without being listed.
 */
enum Tool {
  LIST_TABLES("list_tables", WorkspaceTools::listTables),
  DESCRIBE_TABLE("describe_table", WorkspaceTools::describe),
  HEADERS("headers", WorkspaceTools::headers),
  COLUMN_STATS("column_stats", StatsTool::stats),
  READ_ROWS("read_rows", RowTools::readRows),
  FIND_ROWS("find_rows", RowTools::findRows),
  QUERY("query", QueryTools::query),
  EXPORT("export", ExportTool::export),
  SAVE_RESULT("save_result", QueryTools::saveResult),
  LIST_RESULTS("list_results", (tools, c, args) -> QueryTools.listResults(tools), false),
  READ_RESULT("read_result", QueryTools::readResult),
  DROP_RESULT("drop_result", (tools, c, args) -> QueryTools.dropResult(tools, args), false),
  SQL_HELP("sql_help", SqlHelpTool::help);

  /** What a tool does with its arguments, on a pooled connection when it needs one. */
  @FunctionalInterface
  interface Handler {
    Map<String, Object> run(AgentTools tools, Connection connection, Args args)
        throws SQLException, IOException;
  }

  private final String toolName;
  private final Handler handler;
  private final boolean usesConnection;

  Tool(String toolName, Handler handler) {
    this(toolName, handler, true);
  }

  Tool(String toolName, Handler handler, boolean usesConnection) {
    this.toolName = toolName;
    this.handler = handler;
    this.usesConnection = usesConnection;
  }

  /** The name agents call it by (snake_case). */
  String toolName() {
    return toolName;
  }

  /** Whether it runs SQL, and so needs a connection from the pool. */
  boolean usesConnection() {
    return usesConnection;
  }

  /** Whether it writes a file (only export does: into the export folder). */
  boolean writes() {
    return this == EXPORT;
  }

  Map<String, Object> run(AgentTools tools, Connection connection, Args args)
      throws SQLException, IOException {
    return handler.run(tools, connection, args);
  }

  /** The tool called {@code name}, or null. */
  static Tool named(String name) {
    for (Tool t : values()) {
      if (t.toolName.equals(name)) {
        return t;
      }
    }
    return null;
  }
}
