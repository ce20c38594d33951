package io.csvws.agent;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** list_tables, describe_table and headers: what the workspace and a table look like. */
final class WorkspaceTools {
  private WorkspaceTools() {
  }

  static Map<String, Object> listTables(AgentTools t, Connection c, Args a) throws SQLException {
    AgentLimits l = t.limits();
    int window = a.bounded("window_rows", l.defaultRows(), l.maxRows());
    long offset = a.integer("window_offset", 0);
    Tables.Page page = Tables.page(c, offset, window, t.timeout());
    int total = page.total();
    List<String> folderErrors = page.folderErrors();
    List<List<Object>> rows = new ArrayList<>();
    for (TableInfo ti : page.tables()) {
      List<Object> row = new ArrayList<>();
      row.add(Tables.shorten(ti.sqlName()));
      row.add(Tables.shorten(ti.path()));
      row.add(ti.columnCount());
      row.add(ti.rowCount());
      row.add(ti.sizeBytes());
      row.add(ti.error() != null ? "cannot be read: " + Tables.shorten(ti.error())
          : ti.warnings() != null ? Tables.shorten(ti.warnings()) : null);
      rows.add(row);
    }
    return Bounded.fit(rows, n -> {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("table_count", total);
      r.put("columns", List.of("table", "path", "column_count", "row_count", "size_bytes",
          "notes"));
      r.put("tables", rows.subList(0, n));
      r.put("window_offset", offset);
      r.put("has_more", offset + n < total);
      if (!folderErrors.isEmpty()) {
        r.put("unreadable_folders", folderErrors.subList(0, Math.min(20, folderErrors.size())));
      }
      r.put("hint", "row_count is null until the file has been counted: describe_table counts "
          + "it. Use the table name in SQL, or the quoted path.");
      Notes notes = new Notes();
      if (offset + n < total || offset > 0) {
        notes.add("showing tables " + (n == 0 ? "none" : (offset + 1) + "-" + (offset + n))
            + " of " + total, offset + n < total
                ? "window_offset=" + (offset + n) + " shows the next tables" : null);
      }
      notes.put(r);
      return r;
    }, l.defaultResponseBytes());
  }

  static Map<String, Object> describe(AgentTools t, Connection c, Args a) throws SQLException {
    AgentLimits l = t.limits();
    Shape shape = Shape.of(a, l);
    TableInfo ti = Tables.resolve(c, a.requiredString("table"), t.timeout());
    List<ColumnMeta> columns = Tables.columns(c, ti, t.timeout());
    long rowCount = ti.rowCount() != null ? ti.rowCount() : Tables.rowCount(c, ti, t.timeout());
    ColumnWindow w = ColumnWindow.of(columns.size(), shape.columnOffset(), shape.maxColumns());
    Cells names = new Cells(shape.cellChars());
    List<List<Object>> cols = new ArrayList<>();
    List<Integer> cutsThrough = new ArrayList<>();
    for (int i = w.offset(); i < w.end(); i++) {
      ColumnMeta m = columns.get(i);
      cols.add(List.of(m.position(), names.text(m.name()), m.type(),
          String.valueOf(m.decidedBy())));
      cutsThrough.add(names.truncated());
    }
    return Bounded.fit(cols, n -> {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("table", ti.sqlName());
      r.put("path", ti.path());
      r.put("row_count", rowCount);
      r.put("column_count", columns.size());
      r.put("size_bytes", ti.sizeBytes());
      r.put("encoding", ti.encoding());
      r.put("encoding_confidence", ti.encodingConfidence());
      r.put("delimiter", ti.delimiter());
      r.put("quote_char", ti.quote());
      r.put("has_header", ti.header());
      r.put("line_ending", ti.lineEnding());
      r.put("dialect_confidence", ti.dialectConfidence());
      r.put("dialect_decided_by", ti.dialectDecidedBy());
      r.put("warnings", ti.warnings() == null ? List.of()
          : List.of(ti.warnings().split(" \\| ")));
      r.put("column_fields", List.of("position", "name", "type", "type_decided_by"));
      r.put("columns", cols.subList(0, n));
      r.put("sql_name", ti.sqlName() + " or " + ti.ref() + "; the row number is _row");
      Notes notes = new Notes().columns(new ColumnWindow(w.offset(), n, w.total()));
      notes.cells(n == 0 ? 0 : cutsThrough.get(n - 1), names.limit(), l).put(r);
      return r;
    }, shape.responseBytes());
  }

  static Map<String, Object> headers(AgentTools t, Connection c, Args a) throws SQLException {
    AgentLimits l = t.limits();
    Shape shape = Shape.of(a, l);
    TableInfo ti = Tables.resolve(c, a.requiredString("table"), t.timeout());
    List<ColumnMeta> columns = Tables.columns(c, ti, t.timeout());
    ColumnWindow w = ColumnWindow.of(columns.size(), shape.columnOffset(), shape.maxColumns());
    Cells names = new Cells(shape.cellChars());
    List<List<Object>> shown = new ArrayList<>();
    List<Integer> cutsThrough = new ArrayList<>();
    for (int i = w.offset(); i < w.end(); i++) {
      shown.add(List.of(names.text(columns.get(i).name())));
      cutsThrough.add(names.truncated());
    }
    return Bounded.fit(shown, n -> {
      ColumnWindow fitted = new ColumnWindow(w.offset(), n, w.total());
      List<String> list = new ArrayList<>();
      for (List<Object> name : shown.subList(0, n)) {
        list.add((String) name.get(0));
      }
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("table", ti.sqlName());
      r.put("column_count", columns.size());
      String head = fitted.shown() == fitted.total() ? "Columns (" + w.total() + " total): "
          : fitted.offset() == 0 ? "Columns (showing " + n + " of " + w.total() + "): "
          : "Columns (showing " + (w.offset() + 1) + "-" + fitted.end() + " of " + w.total()
              + "): ";
      r.put("summary", head + String.join(", ", list));
      r.put("column_offset", w.offset());
      new Notes().columns(fitted).cells(n == 0 ? 0 : cutsThrough.get(n - 1), names.limit(), l)
          .put(r);
      return r;
    }, shape.responseBytes());
  }
}
