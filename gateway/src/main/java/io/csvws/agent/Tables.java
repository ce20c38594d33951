package io.csvws.agent;

import io.csvws.engine.Session;
import io.csvws.engine.WorkspaceListing;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Finds tables and columns through the {@code csvws} system schema, and turns names an agent
 * gives into them, with errors that say what exists.
 */
final class Tables {
  private Tables() {
  }

  static List<TableInfo> all(Connection c, int timeoutSeconds) throws SQLException {
    List<TableInfo> out = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(timeoutSeconds);
      try (ResultSet rs = s.executeQuery("SELECT schema_name, table_name, path, size_bytes, "
          + "encoding, encoding_confidence, delimiter, quote, header, line_ending, "
          + "dialect_confidence, dialect_decided_by, column_count, row_count, warnings, error "
          + "FROM csvws.files")) {
        while (rs.next()) {
          if (rs.getString(2) == null) {
            continue; // a folder that could not be listed: its error is reported by list_tables
          }
          out.add(new TableInfo(rs.getString(1), rs.getString(2), rs.getString(3),
              longOrNull(rs, 4), rs.getString(5), doubleOrNull(rs, 6), rs.getString(7),
              rs.getString(8), boolOrNull(rs, 9), rs.getString(10), doubleOrNull(rs, 11),
              rs.getString(12), intOrNull(rs, 13), longOrNull(rs, 14), rs.getString(15),
              rs.getString(16)));
        }
      }
    }
    out.sort(Comparator.comparing(TableInfo::path));
    return out;
  }

  /**
   * One page of the tables, by path, and how many there are: the workspace is listed without
   * reading any file, and only the files of the page are inspected, so a workspace of ten
   * thousand files answers as fast as a small one.
   */
  static Page page(Connection c, long offset, int count, int timeoutSeconds)
      throws SQLException {
    if (!c.isWrapperFor(Session.class)) {
      List<TableInfo> all = all(c, timeoutSeconds);
      int from = (int) Math.min(offset, all.size());
      return new Page(all.size(), all.subList(from, Math.min(all.size(), from + count)),
          folderErrors(c, timeoutSeconds));
    }
    WorkspaceListing files = c.unwrap(Session.class).files();
    List<TableInfo> rows = new ArrayList<>();
    for (Object[] r : files.rows((int) Math.min(offset, Integer.MAX_VALUE), count)) {
      rows.add(new TableInfo((String) r[0], (String) r[1], (String) r[2], (Long) r[3],
          (String) r[5], (Double) r[6], (String) r[8], (String) r[9], (Boolean) r[15],
          (String) r[16], (Double) r[17], (String) r[18], (Integer) r[19], (Long) r[20],
          (String) r[23], (String) r[24]));
    }
    return new Page(files.size(), rows, files.folderErrors());
  }

  /**
   * Some of the tables.
   *
   * @param total how many tables there are
   * @param tables the tables of the page, by path
   * @param folderErrors folders that could not be listed, as {@code path: why}
   */
  record Page(int total, List<TableInfo> tables, List<String> folderErrors) {
  }

  private static Long longOrNull(ResultSet rs, int i) throws SQLException {
    long v = rs.getLong(i);
    return rs.wasNull() ? null : v;
  }

  private static Integer intOrNull(ResultSet rs, int i) throws SQLException {
    int v = rs.getInt(i);
    return rs.wasNull() ? null : v;
  }

  private static Double doubleOrNull(ResultSet rs, int i) throws SQLException {
    double v = rs.getDouble(i);
    return rs.wasNull() ? null : v;
  }

  private static Boolean boolOrNull(ResultSet rs, int i) throws SQLException {
    boolean v = rs.getBoolean(i);
    return rs.wasNull() ? null : v;
  }

  /** Folders of the workspace that could not be listed, with why. */
  static List<String> folderErrors(Connection c, int timeoutSeconds) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(timeoutSeconds);
      try (ResultSet rs = s.executeQuery(
          "SELECT path, error FROM csvws.files WHERE table_name IS NULL")) {
        while (rs.next()) {
          out.add(rs.getString(1) + ": " + rs.getString(2));
        }
      }
    }
    return out;
  }

  /**
   * The table an agent names: a path relative to the workspace or an SQL name.
   *
   * @throws CsvwsException SANDBOX_VIOLATION for absolute paths and {@code ..}; FILE_READ_FAILED
   *     when no such table exists or its file cannot be read
   */
  static TableInfo resolve(Connection c, String input, int timeoutSeconds) throws SQLException {
    String s = input.trim();
    if (s.length() > 1 && s.startsWith("\"") && s.endsWith("\"")) {
      s = s.substring(1, s.length() - 1).replace("\"\"", "\"");
    }
    if (s.isEmpty()) {
      throw Args.invalid("The table name is empty. list_tables lists the tables.");
    }
    if (s.startsWith("/") || s.startsWith("\\") || s.startsWith("~")
        || s.matches("^[A-Za-z]:.*") || s.toLowerCase(Locale.ROOT).startsWith("file:")) {
      throw new CsvwsException(ErrorCode.SANDBOX_VIOLATION, "'" + shorten(input) + "' is an "
          + "absolute path; only files inside the workspace are tables, named by their path "
          + "relative to it (e.g. \"sales/orders.csv\") as list_tables shows them.");
    }
    String path = s.replace('\\', '/');
    while (path.startsWith("./")) {
      path = path.substring(2);
    }
    for (String segment : path.split("/")) {
      if (segment.equals("..")) {
        throw new CsvwsException(ErrorCode.SANDBOX_VIOLATION, "'" + shorten(input)
            + "' leads out of the workspace through '..'; only files inside it can be read. "
            + "list_tables lists them.");
      }
    }
    List<TableInfo> all = all(c, timeoutSeconds);
    TableInfo found = match(all, path, s);
    if (found == null) {
      probe(c, path, timeoutSeconds);
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, "No table '" + shorten(input)
          + "' in the workspace." + suggest(all.stream().map(TableInfo::sqlName)
              .collect(Collectors.toList()), s, "tables") + " list_tables lists every table.");
    }
    if (found.error() != null) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, "The file '" + found.path()
          + "' cannot be read: " + Failures.bound(found.error()));
    }
    return found;
  }

  private static TableInfo match(List<TableInfo> all, String path, String name) {
    for (TableInfo t : all) {
      if (t.path().equals(path)) {
        return t;
      }
    }
    List<TableInfo> hits = new ArrayList<>();
    for (TableInfo t : all) {
      if (t.path().equalsIgnoreCase(path) || t.sqlName().equalsIgnoreCase(name)
          || (t.schema() + "." + t.name()).equalsIgnoreCase(name)) {
        hits.add(t);
      }
    }
    return hits.size() == 1 ? hits.get(0) : null;
  }

  /**
   * Asks the engine about a name no listing has: a symbolic link that leads out of the workspace
   * is not listed, but the engine refuses it by name with SANDBOX_VIOLATION.
   */
  private static void probe(Connection c, String path, int timeoutSeconds) throws SQLException {
    if (!path.contains("/") && !path.contains(".")) {
      return;
    }
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(timeoutSeconds);
      s.executeQuery("SELECT 1 FROM " + Sql.quote(path) + " WHERE 1 = 0").close();
    } catch (SQLException e) {
      if (Failures.codeOf(e) == ErrorCode.SANDBOX_VIOLATION) {
        throw Failures.of(e, timeoutSeconds);
      }
    }
  }

  static List<ColumnMeta> columns(Connection c, TableInfo t, int timeoutSeconds)
      throws SQLException {
    List<ColumnMeta> out = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement("SELECT ordinal_position, column_name, "
        + "data_type, type_decided_by FROM csvws.columns WHERE path = ?")) {
      s.setQueryTimeout(timeoutSeconds);
      s.setString(1, t.path());
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          out.add(new ColumnMeta(rs.getInt(1), rs.getString(2), rs.getString(3),
              rs.getString(4)));
        }
      }
    }
    out.sort(Comparator.comparingInt(ColumnMeta::position));
    return out;
  }

  /**
   * The named columns, in the order given; names match regardless of case.
   *
   * @throws CsvwsException VALIDATION_FAILED naming the unknown column and the closest names
   */
  static List<ColumnMeta> pick(TableInfo t, List<ColumnMeta> all, List<String> names) {
    Map<String, ColumnMeta> exact = new HashMap<>();
    Map<String, ColumnMeta> folded = new HashMap<>();
    for (ColumnMeta m : all) {
      exact.putIfAbsent(m.name(), m);
      folded.putIfAbsent(m.name().toLowerCase(Locale.ROOT), m);
    }
    List<ColumnMeta> out = new ArrayList<>();
    for (String n : names) {
      ColumnMeta m = exact.get(n);
      if (m == null) {
        m = folded.get(n.trim().toLowerCase(Locale.ROOT));
      }
      if (m == null) {
        throw unknownColumn(t, all, n);
      }
      out.add(m);
    }
    return out;
  }

  static CsvwsException unknownColumn(TableInfo t, List<ColumnMeta> all, String name) {
    List<String> names = all.stream().map(ColumnMeta::name).collect(Collectors.toList());
    String valid = names.size() <= 30 ? " Its columns: " + shortenEach(names) + "."
        : suggest(names, name, "columns") + " The table has " + names.size()
            + " columns; headers lists them.";
    return new CsvwsException(ErrorCode.VALIDATION_FAILED, "No column '" + shorten(name)
        + "' in " + t.sqlName() + "." + valid);
  }

  static long rowCount(Connection c, TableInfo t, int timeoutSeconds) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(timeoutSeconds);
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + t.ref())) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  /** " Did you mean: a, b, c?" with the closest names, or "" when none is close. */
  static String suggest(List<String> candidates, String wanted, String what) {
    String w = cap(wanted).toLowerCase(Locale.ROOT);
    int threshold = Math.max(2, w.length() / 3);
    List<String> close = candidates.stream()
        .map(n -> Map.entry(n, distance(cap(n).toLowerCase(Locale.ROOT), w)))
        .filter(e -> e.getValue() <= threshold
            || e.getKey().toLowerCase(Locale.ROOT).contains(w))
        .sorted(Map.Entry.<String, Integer>comparingByValue()
            .thenComparing(Map.Entry.comparingByKey()))
        .limit(5).map(Map.Entry::getKey).collect(Collectors.toList());
    if (close.isEmpty()) {
      return candidates.isEmpty() ? " There are no " + what + "."
          : " Some " + what + ": " + shortenEach(candidates.subList(0,
              Math.min(5, candidates.size()))) + ".";
    }
    return " Did you mean: " + shortenEach(close) + "?";
  }

  private static String cap(String s) {
    return s.length() > 100 ? s.substring(0, 100) : s;
  }

  /** Edit distance, for suggestions. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  static String shorten(String s) {
    return s.length() <= 200 ? s : s.substring(0, 200) + "...[+" + (s.length() - 200)
        + " chars]";
  }

  private static String shortenEach(List<String> names) {
    return names.stream().map(Tables::shorten).collect(Collectors.joining(", "));
  }
}
