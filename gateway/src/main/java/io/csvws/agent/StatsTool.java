package io.csvws.agent;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * column_stats: one aggregate query per batch of columns (numbers: min, max, mean, sum, stddev;
 * text: lengths; dates and times: range; booleans: true and false counts), and one grouped query
 * per text column for its most common values. Aggregates see whole values: only what is shown is
 * cut.
 */
final class StatsTool {
  /** Columns per aggregate query: keeps the generated code of one query small. */
  private static final int BATCH = 20;

  private StatsTool() {
  }

  static Map<String, Object> stats(AgentTools t, Connection c, Args a) throws SQLException {
    AgentLimits l = t.limits();
    Shape shape = Shape.of(a, l);
    TableInfo ti = Tables.resolve(c, a.requiredString("table"), t.timeout());
    List<ColumnMeta> all = Tables.columns(c, ti, t.timeout());
    List<String> names = a.strings("columns");
    List<ColumnMeta> chosen = names == null || names.isEmpty() ? all
        : Tables.pick(ti, all, names);
    ColumnWindow w = ColumnWindow.of(chosen.size(), shape.columnOffset(), shape.maxColumns());
    List<ColumnMeta> cols = chosen.subList(w.offset(), w.end());
    int top = a.bounded("top", 5, 50);
    Cells cells = new Cells(shape.cellChars());
    long started = System.nanoTime();
    long rowCount = 0;
    List<Map<String, Object>> maps = new ArrayList<>();
    List<Integer> cutsThrough = new ArrayList<>();
    for (int from = 0; from < cols.size() || from == 0; from += BATCH) {
      List<ColumnMeta> batch = cols.subList(from, Math.min(cols.size(), from + BATCH));
      rowCount = aggregate(t, c, ti, batch, cells, maps, cutsThrough);
      if (cols.isEmpty()) {
        break;
      }
    }
    for (int i = 0; i < cols.size(); i++) {
      if (cols.get(i).kind() == ColumnMeta.Kind.TEXT) {
        maps.get(i).put("most_common", mostCommon(t, c, ti, cols.get(i), top, cells));
        cutsThrough.set(i, cells.truncated());
      }
    }
    for (int i = 1; i < cutsThrough.size(); i++) {
      cutsThrough.set(i, Math.max(cutsThrough.get(i), cutsThrough.get(i - 1)));
    }
    List<List<Object>> stats = new ArrayList<>();
    for (Map<String, Object> m : maps) {
      stats.add(List.of(m));
    }
    long elapsed = (System.nanoTime() - started) / 1_000_000;
    long rows = rowCount;
    return Bounded.fit(stats, n -> {
      List<Object> shown = new ArrayList<>();
      for (List<Object> s : stats.subList(0, n)) {
        shown.add(s.get(0));
      }
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("table", ti.sqlName());
      r.put("row_count", rows);
      r.put("columns", shown);
      r.put("query_elapsed_ms", elapsed);
      Notes notes = new Notes().columns(new ColumnWindow(w.offset(), n, w.total()))
          .cells(n == 0 ? 0 : cutsThrough.get(n - 1), cells.limit(), l);
      notes.put(r);
      return r;
    }, shape.responseBytes());
  }

  /** Adds one stats object per column of {@code batch}; returns the table's row count. */
  private static long aggregate(AgentTools t, Connection c, TableInfo ti, List<ColumnMeta> batch,
      Cells cells, List<Map<String, Object>> out, List<Integer> cutsThrough) throws SQLException {
    StringBuilder sql = new StringBuilder("SELECT COUNT(*)");
    for (ColumnMeta m : batch) {
      String col = m.ref();
      sql.append(", COUNT(").append(col).append(')');
      switch (m.kind()) {
        case INTEGER:
        case NUMBER:
          String sum = m.kind() == ColumnMeta.Kind.INTEGER
              ? "SUM(CAST(" + col + " AS DECIMAL(38, 0)))" : "SUM(" + col + ")";
          sql.append(", MIN(").append(col).append("), MAX(").append(col).append("), AVG(CAST(")
              .append(col).append(" AS DOUBLE)), ").append(sum).append(", STDDEV_SAMP(CAST(")
              .append(col).append(" AS DOUBLE))");
          break;
        case BOOLEAN:
          sql.append(", COUNT(CASE WHEN ").append(col).append(" THEN 1 END), COUNT(CASE WHEN NOT ")
              .append(col).append(" THEN 1 END)");
          break;
        case DATE:
        case TIME:
        case TIMESTAMP:
          sql.append(", MIN(").append(col).append("), MAX(").append(col).append(')');
          break;
        default:
          sql.append(", MIN(CHAR_LENGTH(").append(col).append(")), MAX(CHAR_LENGTH(")
              .append(col).append("))");
          break;
      }
    }
    sql.append(" FROM ").append(ti.ref());
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(t.timeout());
      try (ResultSet rs = s.executeQuery(sql.toString())) {
        rs.next();
        long rows = rs.getLong(1);
        int i = 2;
        for (ColumnMeta m : batch) {
          Map<String, Object> st = new LinkedHashMap<>();
          st.put("name", Tables.shorten(m.name()));
          st.put("type", m.type());
          long nonNull = rs.getLong(i++);
          st.put("non_null_count", nonNull);
          st.put("null_count", rows - nonNull);
          switch (m.kind()) {
            case INTEGER:
            case NUMBER:
              st.put("min", cells.read(rs, i++));
              st.put("max", cells.read(rs, i++));
              st.put("mean", cells.read(rs, i++));
              st.put("sum", cells.read(rs, i++));
              st.put("stddev", cells.read(rs, i++));
              break;
            case BOOLEAN:
              st.put("true_count", rs.getLong(i++));
              st.put("false_count", rs.getLong(i++));
              break;
            case DATE:
            case TIME:
            case TIMESTAMP:
              st.put("min", cells.read(rs, i++));
              st.put("max", cells.read(rs, i++));
              break;
            default:
              st.put("min_length", cells.read(rs, i++));
              st.put("max_length", cells.read(rs, i++));
              break;
          }
          out.add(st);
          cutsThrough.add(cells.truncated());
        }
        return rows;
      }
    }
  }

  private static List<Map<String, Object>> mostCommon(AgentTools t, Connection c, TableInfo ti,
      ColumnMeta m, int top, Cells cells) throws SQLException {
    String col = m.ref();
    String sql = "SELECT " + col + ", COUNT(*) AS n FROM " + ti.ref() + " WHERE " + col
        + " IS NOT NULL GROUP BY " + col + " ORDER BY n DESC, " + col + " LIMIT " + top;
    List<Map<String, Object>> out = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(t.timeout());
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          Map<String, Object> v = new LinkedHashMap<>();
          v.put("value", cells.read(rs, 1));
          v.put("count", rs.getLong(2));
          out.add(v);
        }
      }
    }
    return out;
  }
}
