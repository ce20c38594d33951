package io.csvws.agent;

import io.csvws.error.CsvwsException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** read_rows and find_rows: rows by number and by value, without writing SQL. */
final class RowTools {
  private RowTools() {
  }

  /** The columns a row tool shows: those named, or the table's, within the column window. */
  private static List<ColumnMeta> shownColumns(TableInfo ti, List<ColumnMeta> all, Args a,
      ColumnWindow w) {
    List<String> names = a.strings("columns");
    List<ColumnMeta> chosen = names == null || names.isEmpty() ? all : Tables.pick(ti, all, names);
    return chosen.subList(w.offset(), w.end());
  }

  private static int chosenCount(TableInfo ti, List<ColumnMeta> all, Args a) {
    List<String> names = a.strings("columns");
    return names == null || names.isEmpty() ? all.size() : Tables.pick(ti, all, names).size();
  }

  private static String selectList(List<ColumnMeta> cols) {
    StringBuilder b = new StringBuilder("_row");
    for (ColumnMeta m : cols) {
      b.append(", ").append(m.ref());
    }
    return b.toString();
  }

  private static List<String> names(List<ColumnMeta> cols) {
    List<String> n = new ArrayList<>();
    n.add("_row");
    for (ColumnMeta m : cols) {
      n.add(Tables.shorten(m.name()));
    }
    return n;
  }

  private static List<String> types(List<ColumnMeta> cols) {
    List<String> n = new ArrayList<>();
    n.add("BIGINT");
    for (ColumnMeta m : cols) {
      n.add(m.type());
    }
    return n;
  }

  private static int[] indexes(int from, int count) {
    int[] idx = new int[count];
    for (int i = 0; i < count; i++) {
      idx[i] = from + i;
    }
    return idx;
  }

  static Map<String, Object> readRows(AgentTools t, Connection c, Args a) throws SQLException {
    AgentLimits l = t.limits();
    Shape shape = Shape.of(a, l);
    TableInfo ti = Tables.resolve(c, a.requiredString("table"), t.timeout());
    List<ColumnMeta> all = Tables.columns(c, ti, t.timeout());
    ColumnWindow w = ColumnWindow.of(chosenCount(ti, all, a), shape.columnOffset(),
        shape.maxColumns());
    List<ColumnMeta> cols = shownColumns(ti, all, a, w);
    long requestedStart = a.integer("row_start", 1);
    if (requestedStart == 0) {
      throw Args.invalid("row_start is 1-based: 1 is the first data row, -1 the last. 0 is not "
          + "a row.");
    }
    int count = a.bounded("row_count", l.defaultRows(), l.maxRows());
    long total = ti.rowCount() != null ? ti.rowCount() : Tables.rowCount(c, ti, t.timeout());
    long start = requestedStart > 0 ? requestedStart : Math.max(1, total + requestedStart + 1);
    Cells cells = new Cells(shape.cellChars());
    RowWindow rw;
    if (count == 0 || start > total) {
      rw = null;
    } else {
      String sql = "SELECT " + selectList(cols) + " FROM " + ti.ref() + " WHERE _row BETWEEN "
          + start + " AND " + (start + count - 1);
      try (PreparedStatement s = c.prepareStatement(sql)) {
        s.setQueryTimeout(t.timeout());
        try (ResultSet rs = s.executeQuery()) {
          rw = RowWindow.read(rs, new int[] {1}, indexes(2, cols.size()), 0, count, cells,
              shape.responseBytes(), false);
        }
      }
    }
    List<List<Object>> rows = rw == null ? List.of() : rw.rows;
    long firstRow = start;
    return Bounded.fit(rows, n -> {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("table", ti.sqlName());
      r.put("columns", names(cols));
      r.put("column_types", types(cols));
      r.put("rows", rows.subList(0, n));
      r.put("row_start", firstRow);
      r.put("row_count", n);
      r.put("total_rows", total);
      r.put("has_more", firstRow + n - 1 < total);
      Notes notes = new Notes().columns(w).cells(rw == null ? 0 : rw.cutsIn(n),
          cells.limit(), l);
      long wanted = Math.min(count, Math.max(0, total - firstRow + 1));
      if (n < wanted) {
        notes.add("only " + n + " of the " + wanted + " requested rows fit in "
            + shape.responseBytes() + " bytes", "row_start=" + (firstRow + n)
            + " continues; fewer columns (columns, max_columns) or shorter cells "
            + "(max_cell_chars) fit more rows");
      }
      if (firstRow > total) {
        r.put("hint", "row_start " + firstRow + " is past the last row (" + total + "); "
            + "a negative row_start counts from the end.");
      }
      notes.put(r);
      return r;
    }, shape.responseBytes());
  }

  static Map<String, Object> findRows(AgentTools t, Connection c, Args a) throws SQLException {
    AgentLimits l = t.limits();
    Shape shape = Shape.of(a, l);
    TableInfo ti = Tables.resolve(c, a.requiredString("table"), t.timeout());
    List<ColumnMeta> all = Tables.columns(c, ti, t.timeout());
    ColumnMeta column = Tables.pick(ti, all, List.of(a.requiredString("column"))).get(0);
    ColumnWindow w = ColumnWindow.of(chosenCount(ti, all, a), shape.columnOffset(),
        shape.maxColumns());
    List<ColumnMeta> cols = shownColumns(ti, all, a, w);
    int limit = a.bounded("limit", Math.min(10, l.maxRows()), l.maxRows());
    long after = a.integer("after_row", 0);
    String value = a.string("value");
    String condition = value == null ? column.ref() + " IS NULL" : condition(ti, column, value);
    String sql = "SELECT " + selectList(cols) + " FROM " + ti.ref() + " WHERE " + condition
        + " AND _row > " + after + " LIMIT " + (limit + 1);
    Cells cells = new Cells(shape.cellChars());
    RowWindow rw;
    try (PreparedStatement s = c.prepareStatement(sql)) {
      s.setQueryTimeout(t.timeout());
      if (value != null && column.kind() == ColumnMeta.Kind.TEXT) {
        s.setString(1, value);
      }
      try (ResultSet rs = s.executeQuery()) {
        rw = RowWindow.read(rs, new int[] {1}, indexes(2, cols.size()), 0, limit, cells,
            shape.responseBytes(), false);
      }
    }
    RowWindow found = rw;
    return Bounded.fit(found.rows, n -> {
      List<Object> rowNumbers = new ArrayList<>();
      for (List<Object> row : found.rows.subList(0, n)) {
        rowNumbers.add(row.get(0));
      }
      boolean more = n < found.rows.size() || found.more;
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("table", ti.sqlName());
      r.put("column", Tables.shorten(column.name()));
      r.put("value", value == null ? null : cells.text(value));
      r.put("match_count", n);
      r.put("row_numbers", rowNumbers);
      r.put("columns", names(cols));
      r.put("column_types", types(cols));
      r.put("rows", found.rows.subList(0, n));
      r.put("has_more", more);
      Notes notes = new Notes().columns(w).cells(found.cutsIn(n), cells.limit(), l);
      if (more) {
        Object last = n == 0 ? after : rowNumbers.get(n - 1);
        notes.add("showing the first " + n + " matches", "after_row=" + last
            + " finds the next matches; query with COUNT(*) counts them all");
      }
      notes.put(r);
      return r;
    }, shape.responseBytes());
  }

  /** {@code column = value} with the value as the column's type; text is a parameter. */
  private static String condition(TableInfo ti, ColumnMeta column, String value) {
    String v = value.trim();
    String col = column.ref();
    try {
      switch (column.kind()) {
        case INTEGER:
        case NUMBER:
          return col + " = " + new BigDecimal(v).toPlainString();
        case BOOLEAN:
          String b = v.toLowerCase(Locale.ROOT);
          if (b.equals("true") || b.equals("false")) {
            return col + " = " + b.toUpperCase(Locale.ROOT);
          }
          throw new IllegalArgumentException();
        case DATE:
          return col + " = DATE '" + LocalDate.parse(v) + "'";
        case TIME:
          return col + " = TIME '" + CsvWriter.TIME.format(LocalTime.parse(v)) + "'";
        case TIMESTAMP:
          return col + " = TIMESTAMP '"
              + CsvWriter.TIMESTAMP.format(LocalDateTime.parse(v.replace(' ', 'T'))) + "'";
        default:
          return col + " = ?";
      }
    } catch (IllegalArgumentException | DateTimeParseException e) {
      throw invalidValue(ti, column, value);
    }
  }

  private static CsvwsException invalidValue(TableInfo ti, ColumnMeta column, String value) {
    String form;
    switch (column.kind()) {
      case INTEGER:
      case NUMBER:
        form = "a number such as 42 or -1.5";
        break;
      case BOOLEAN:
        form = "true or false";
        break;
      case DATE:
        form = "a date as YYYY-MM-DD";
        break;
      case TIME:
        form = "a time as HH:MM:SS";
        break;
      default:
        form = "a timestamp as YYYY-MM-DD HH:MM:SS";
        break;
    }
    return Args.invalid("'" + Tables.shorten(value) + "' cannot equal a value of column "
        + Tables.shorten(column.name()) + " of " + ti.sqlName() + ", which is " + column.type()
        + ": give " + form + ", or use query with CAST(" + column.ref() + " AS VARCHAR).");
  }
}
