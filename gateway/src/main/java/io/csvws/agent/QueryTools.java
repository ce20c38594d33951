package io.csvws.agent;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** query and the named results: windows of a query's rows, and queries saved under a name. */
final class QueryTools {
  private QueryTools() {
  }

  /** A window of one executed query, as a response body builder. */
  private static final class Run {
    List<String> columns;
    List<String> types;
    ColumnWindow window;
    RowWindow rows;
    long elapsedMs;
  }

  private static Run run(AgentTools t, Connection c, String sql, long offset, int windowRows,
      Shape shape, Cells cells) throws SQLException {
    Run run = new Run();
    long started = System.nanoTime();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(t.timeout());
      try (ResultSet rs = s.executeQuery(sql)) {
        ResultSetMetaData md = rs.getMetaData();
        run.window = ColumnWindow.of(md.getColumnCount(), shape.columnOffset(),
            shape.maxColumns());
        run.columns = new ArrayList<>();
        run.types = new ArrayList<>();
        int[] idx = new int[run.window.shown()];
        for (int i = 0; i < idx.length; i++) {
          idx[i] = run.window.offset() + i + 1;
          run.columns.add(Tables.shorten(md.getColumnLabel(idx[i])));
          run.types.add(md.getColumnTypeName(idx[i]));
        }
        run.rows = RowWindow.read(rs, new int[0], idx, offset, windowRows, cells,
            shape.responseBytes(), true);
      }
    }
    run.elapsedMs = (System.nanoTime() - started) / 1_000_000;
    return run;
  }

  private static Map<String, Object> windowBody(AgentTools t, Run run, long offset,
      int windowRows, Shape shape, Cells cells, Map<String, Object> head) {
    AgentLimits l = t.limits();
    return Bounded.fit(run.rows.rows, n -> {
      Map<String, Object> r = new LinkedHashMap<>(head);
      r.put("columns", run.columns);
      r.put("column_types", run.types);
      r.put("rows", run.rows.rows.subList(0, n));
      r.put("row_count", n);
      r.put("total_row_count", run.rows.total);
      r.put("window_rows", windowRows);
      r.put("window_offset", offset);
      r.put("has_more", offset + n < run.rows.total);
      r.put("query_elapsed_ms", run.elapsedMs);
      Notes notes = new Notes().columns(run.window).cells(run.rows.cutsIn(n), cells.limit(), l);
      long wanted = Math.min(windowRows, Math.max(0, run.rows.total - offset));
      if (n < wanted) {
        notes.add("only " + n + " of the " + wanted + " rows of this window fit in "
            + shape.responseBytes() + " bytes", "window_offset=" + (offset + n)
            + " continues; fewer columns or shorter cells (max_cell_chars) fit more rows");
      } else if (offset + n < run.rows.total && windowRows > 0) {
        notes.add("rows " + (offset + 1) + "-" + (offset + n) + " of " + run.rows.total,
            "window_offset=" + (offset + n) + " reads the next rows");
      } else if (offset + n < run.rows.total) {
        notes.add("no rows requested (window_rows=0); the result has " + run.rows.total,
            "window_rows=N reads them");
      }
      notes.put(r);
      return r;
    }, shape.responseBytes());
  }

  static Map<String, Object> query(AgentTools t, Connection c, Args a) throws SQLException {
    AgentLimits l = t.limits();
    Shape shape = Shape.of(a, l);
    String sql = a.requiredString("sql");
    int windowRows = a.bounded("window_rows", l.defaultRows(), l.maxRows());
    long offset = a.integer("window_offset", 0);
    Cells cells = new Cells(shape.cellChars());
    Run run = run(t, c, t.results().expand(sql), offset, windowRows, shape, cells);
    return windowBody(t, run, offset, windowRows, shape, cells, Map.of());
  }

  static Map<String, Object> saveResult(AgentTools t, Connection c, Args a) throws SQLException {
    AgentLimits l = t.limits();
    String name = NamedResults.checkName(a.requiredString("name"));
    String sql = a.requiredString("sql").trim();
    while (sql.endsWith(";")) {
      sql = sql.substring(0, sql.length() - 1).trim();
    }
    for (TableInfo ti : Tables.all(c, t.timeout())) {
      if (ti.schema().equals("main") && ti.name().equalsIgnoreCase(name)) {
        throw Args.invalid("'" + name + "' is already a table of the workspace (" + ti.path()
            + "); a saved result of that name would hide it. Choose another name.");
      }
    }
    String expanded = t.results().expand(sql);
    // The name must work as a table name in SQL: try it on an empty relation first.
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(t.timeout());
      s.executeQuery("WITH " + name + " AS (SELECT 1 AS x) SELECT x FROM " + name).close();
    } catch (SQLException e) {
      throw Args.invalid("'" + name + "' cannot be used as a table name in SQL (it may be a "
          + "reserved word); choose another name.");
    }
    Shape shape = new Shape(0, l.defaultColumns(),
        a.has("max_cell_chars") ? a.bounded("max_cell_chars", l.defaultCellChars(),
            l.maxCellChars()) : l.defaultCellChars(), l.defaultResponseBytes());
    Cells cells = new Cells(shape.cellChars());
    int preview = Math.min(5, l.maxRows());
    Run run = run(t, c, expanded, 0, preview, shape, cells);
    List<String> allColumns = new ArrayList<>(run.columns);
    t.results().put(new NamedResults.Saved(name, sql, expanded, allColumns, run.rows.total,
        Instant.now()));
    Map<String, Object> head = new LinkedHashMap<>();
    head.put("type", "result");
    head.put("name", name);
    head.put("usage", "Use " + name + " as a table in query (SELECT ... FROM " + name
        + "), read it with read_result, write it with export (result=\"" + name + "\").");
    return windowBody(t, run, 0, preview, shape, cells, head);
  }

  static Map<String, Object> readResult(AgentTools t, Connection c, Args a) throws SQLException {
    AgentLimits l = t.limits();
    Shape shape = Shape.of(a, l);
    NamedResults.Saved saved = t.results().get(a.requiredString("name"));
    int windowRows = a.bounded("window_rows", l.defaultRows(), l.maxRows());
    long offset = a.integer("window_offset", 0);
    Cells cells = new Cells(shape.cellChars());
    Run run = run(t, c, saved.expanded(), offset, windowRows, shape, cells);
    Map<String, Object> head = new LinkedHashMap<>();
    head.put("name", saved.name());
    return windowBody(t, run, offset, windowRows, shape, cells, head);
  }

  static Map<String, Object> listResults(AgentTools t) {
    AgentLimits l = t.limits();
    Cells cells = new Cells(l.defaultCellChars());
    List<List<Object>> rows = new ArrayList<>();
    for (NamedResults.Saved s : t.results().all()) {
      List<Object> row = new ArrayList<>();
      row.add(s.name());
      row.add(cells.text(s.sql()));
      row.add(s.rowCount());
      row.add(s.columns().size());
      List<String> cols = s.columns().subList(0, Math.min(20, s.columns().size()));
      row.add(cells.text(String.join(", ", cols)
          + (s.columns().size() > cols.size() ? ", ..." : "")));
      row.add(s.savedAt().toString());
      rows.add(row);
    }
    return Bounded.fit(rows, n -> {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("result_count", rows.size());
      r.put("columns", List.of("name", "sql", "row_count_when_saved", "column_count",
          "first_columns", "saved_at"));
      r.put("results", rows.subList(0, n));
      Notes notes = new Notes();
      if (n < rows.size()) {
        notes.add("showing " + n + " of " + rows.size() + " results", "drop_result removes "
            + "results no longer needed");
      }
      notes.cells(cells, l).put(r);
      return r;
    }, l.defaultResponseBytes());
  }

  static Map<String, Object> dropResult(AgentTools t, Args a) {
    String name = a.requiredString("name");
    t.results().get(name);
    t.results().remove(name);
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("dropped", name);
    r.put("truncated", false);
    return r;
  }
}
