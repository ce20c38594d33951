package io.csvws.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * sql_help: the functions of a topic or one function, from {@code csvws.functions} (the same
 * catalogue the validator's operator table gives), with the dialect notes of {@code docs/sql.md}
 * that apply and one worked example, run on the spot so its answer is shown.
 *
 * <p>Notes and examples come from the resource {@code sql_help.tsv}; a test checks that every
 * note is in docs/sql.md word for word and that every example runs.
 */
final class SqlHelpTool {
  /** How many rows of an example's answer are shown. */
  private static final int EXAMPLE_ROWS = 5;

  /** Words an agent may use for a topic of {@code csvws.functions}. */
  private static final Map<String, String> ALIASES = aliases();

  private static final Help HELP = Help.read();

  private SqlHelpTool() {
  }

  /** The notes and examples of the resource, by topic. */
  private record Help(Map<String, List<String>> notes, Map<String, String> examples) {
    static Help read() {
      Map<String, List<String>> notes = new LinkedHashMap<>();
      Map<String, String> examples = new LinkedHashMap<>();
      try (InputStream in = SqlHelpTool.class.getResourceAsStream("sql_help.tsv")) {
        if (in == null) {
          throw new IllegalStateException("sql_help.tsv is missing from the csvws jar");
        }
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          if (line.isBlank() || line.startsWith("#")) {
            continue;
          }
          String[] f = line.split("\t", 3);
          switch (f[0]) {
            case "note" -> notes.computeIfAbsent(f[1], k -> new ArrayList<>()).add(f[2]);
            case "row" -> notes.computeIfAbsent(f[1], k -> new ArrayList<>()).add(row(f[2]));
            case "example" -> examples.put(f[1], f[2]);
            default -> throw new IllegalStateException("sql_help.tsv: unknown kind " + f[0]);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new Help(notes, examples);
    }
  }

  /** A line of the difference table, as a sentence. */
  private static String row(String line) {
    String[] cells = line.split("\\|");
    return "Differs: " + cells[1].trim() + ". csvws: " + cells[2].trim() + "; PostgreSQL: "
        + cells[3].trim() + "; DuckDB: " + cells[4].trim() + ". Other behaviour: "
        + cells[5].trim() + ".";
  }

  /** The notes and example a resource line gives, for {@code SqlHelpTest}. */
  static Map<String, List<String>> quotedNotes() {
    return HELP.notes();
  }

  static Map<String, String> examples() {
    return HELP.examples();
  }

  static Map<String, Object> help(AgentTools t, Connection c, Args a) throws SQLException {
    String asked = a.has("topic") ? a.requiredString("topic").trim() : "";
    int budget = a.has("max_response_bytes") ? a.bounded("max_response_bytes",
        t.limits().defaultResponseBytes(), t.limits().maxResponseBytes())
        : t.limits().defaultResponseBytes();
    Map<String, Long> topics = topics(t, c);
    if (asked.isEmpty()) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("topics", topics);
      r.put("hint", "Call sql_help with a topic (e.g. \"dates\", \"strings\", \"regex\", "
          + "\"aggregates\") or a function name (e.g. \"DATE_TRUNC\"). SELECT * FROM "
          + "csvws.functions lists everything.");
      r.put("notes", HELP.notes().getOrDefault("*", List.of()));
      return r;
    }
    String topic = ALIASES.get(asked.toLowerCase(Locale.ROOT));
    List<List<Object>> functions;
    String function = null;
    if (topic != null && topics.containsKey(topic)) {
      functions = functions(t, c, "topic = ?", topic);
    } else {
      functions = functions(t, c, "UPPER(name) = ?", asked.toUpperCase(Locale.ROOT));
      if (functions.isEmpty()) {
        throw Args.invalid("sql_help knows no topic or function '" + Tables.shorten(asked)
            + "'. Topics: " + String.join(", ", topics.keySet()) + similar(t, c, asked)
            + ". SELECT name FROM csvws.functions WHERE name LIKE '%...%' searches names.");
      }
      function = asked.toUpperCase(Locale.ROOT);
      topic = topicOf(t, c, function);
    }
    List<String> notes = notes(topic, function);
    Map<String, Object> example = example(t, c, topic);
    String answerTopic = topic;
    String answerFunction = function;
    return Bounded.fit(functions, n -> {
      Map<String, Object> r = new LinkedHashMap<>();
      if (answerFunction != null) {
        r.put("function", answerFunction);
      }
      r.put("topic", answerTopic);
      r.put("columns", List.of("name", "kind", "signatures", "return_type", "description"));
      r.put("functions", functions.subList(0, n));
      r.put("notes", notes);
      r.put("example", example);
      Notes cut = new Notes();
      if (n < functions.size()) {
        cut.add("showing " + n + " of " + functions.size() + " functions", "SELECT * FROM "
            + "csvws.functions WHERE topic = '" + answerTopic + "' lists them all, or raise "
            + "max_response_bytes");
      }
      cut.put(r);
      return r;
    }, budget);
  }

  /** Topics of csvws.functions and how many names each has; internal forms are left out. */
  private static Map<String, Long> topics(AgentTools t, Connection c) throws SQLException {
    Map<String, Long> topics = new TreeMap<>();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(t.timeout());
      try (ResultSet rs = s.executeQuery("SELECT topic, COUNT(DISTINCT name) FROM "
          + "csvws.functions WHERE kind <> 'internal' GROUP BY topic")) {
        while (rs.next()) {
          topics.put(rs.getString(1), rs.getLong(2));
        }
      }
    }
    return topics;
  }

  /** One row per name: its signatures joined. */
  private static List<List<Object>> functions(AgentTools t, Connection c, String where,
      String value) throws SQLException {
    Map<String, List<Object>> byName = new LinkedHashMap<>();
    try (PreparedStatement s = c.prepareStatement("SELECT name, kind, signature, return_type, "
        + "description FROM csvws.functions WHERE kind <> 'internal' AND " + where
        + " ORDER BY name")) {
      s.setQueryTimeout(t.timeout());
      s.setString(1, value);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          List<Object> row = byName.get(rs.getString(1));
          if (row == null) {
            row = new ArrayList<>(List.of(rs.getString(1), rs.getString(2), rs.getString(3),
                rs.getString(4), rs.getString(5)));
            byName.put(rs.getString(1), row);
          } else {
            row.set(2, row.get(2) + " | " + rs.getString(3));
          }
        }
      }
    }
    return new ArrayList<>(byName.values());
  }

  private static String topicOf(AgentTools t, Connection c, String function)
      throws SQLException {
    try (PreparedStatement s = c.prepareStatement(
        "SELECT topic FROM csvws.functions WHERE UPPER(name) = ?")) {
      s.setQueryTimeout(t.timeout());
      s.setString(1, function);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  /** Names that contain the word asked, as "did you mean" help. */
  private static String similar(AgentTools t, Connection c, String asked) throws SQLException {
    String word = asked.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9_]", "");
    if (word.length() < 3) {
      return "";
    }
    List<String> names = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement("SELECT DISTINCT name FROM csvws.functions "
        + "WHERE kind <> 'internal' AND name LIKE ? ORDER BY name")) {
      s.setQueryTimeout(t.timeout());
      s.setString(1, "%" + (word.length() > 4 ? word.substring(0, 4) : word) + "%");
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next() && names.size() < 8) {
          names.add(rs.getString(1));
        }
      }
    }
    return names.isEmpty() ? "" : ". Functions with a similar name: " + String.join(", ", names);
  }

  /** The notes of a topic; for a function, those that name it when there are any. */
  private static List<String> notes(String topic, String function) {
    List<String> all = new ArrayList<>(HELP.notes().getOrDefault("*", List.of()));
    List<String> ofTopic = HELP.notes().getOrDefault(topic, List.of());
    if (function != null) {
      List<String> naming = ofTopic.stream()
          .filter(n -> n.toUpperCase(Locale.ROOT).contains(function)).toList();
      all.addAll(naming.isEmpty() ? ofTopic : naming);
    } else {
      all.addAll(ofTopic);
    }
    return all;
  }

  /** The topic's example with the first rows of its answer; null when the topic has none. */
  private static Map<String, Object> example(AgentTools t, Connection c, String topic)
      throws SQLException {
    String sql = HELP.examples().get(topic);
    if (sql == null) {
      return null;
    }
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("sql", sql);
    Cells cells = new Cells(t.limits().defaultCellChars());
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(t.timeout());
      try (ResultSet rs = s.executeQuery(sql)) {
        ResultSetMetaData md = rs.getMetaData();
        List<String> columns = new ArrayList<>();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          columns.add(md.getColumnLabel(i));
        }
        List<List<Object>> rows = new ArrayList<>();
        while (rs.next() && rows.size() < EXAMPLE_ROWS) {
          List<Object> row = new ArrayList<>();
          for (int i = 1; i <= columns.size(); i++) {
            row.add(cells.read(rs, i));
          }
          rows.add(row);
        }
        r.put("columns", columns);
        r.put("rows", rows);
      }
    }
    return r;
  }

  private static Map<String, String> aliases() {
    Map<String, String> m = new LinkedHashMap<>();
    put(m, "date", "date", "dates", "time", "times", "timestamp", "timestamps", "datetime",
        "datetimes", "calendar");
    put(m, "string", "string", "strings", "text", "texts", "varchar", "character");
    put(m, "regex", "regex", "regexp", "regexes", "regular expression", "regular expressions",
        "pattern", "patterns", "like", "pattern matching", "matching");
    put(m, "aggregate", "aggregate", "aggregates", "aggregation", "aggregations", "statistics",
        "stats", "group by", "percentile", "percentiles");
    put(m, "conditional", "conditional", "conditionals", "null", "nulls", "case", "if");
    put(m, "cast", "cast", "casts", "conversion", "conversions", "types", "type");
    put(m, "math", "math", "maths", "numbers", "numeric", "arithmetic", "number");
    put(m, "window", "window", "windows", "window functions", "ranking", "rank");
    put(m, "comparison", "comparison", "comparisons", "compare", "operators");
    put(m, "logic", "logic", "logical", "boolean", "booleans");
    put(m, "grouping", "grouping", "rollup", "cube", "grouping sets");
    put(m, "set", "set", "sets", "union", "set operations");
    put(m, "json", "json");
    put(m, "array", "array", "arrays", "multiset", "multisets", "map", "maps");
    put(m, "bitwise", "bitwise", "bits");
    put(m, "system", "system", "session");
    put(m, "syntax", "syntax");
    put(m, "streaming", "streaming", "stream");
    put(m, "match_recognize", "match_recognize", "match recognize");
    return Map.copyOf(m);
  }

  private static void put(Map<String, String> m, String topic, String... words) {
    for (String w : words) {
      m.put(w, topic);
    }
  }
}
