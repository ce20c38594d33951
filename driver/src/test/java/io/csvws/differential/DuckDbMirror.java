package io.csvws.differential;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes a DuckDB table of each csvws table, read once, over the same file, with the column names and types csvws
 * inferred (read from {@code csvws.files} and {@code csvws.columns}), so that the suite compares the
 * SQL layer and not the sniffing, and keeps working when csvws's inference changes (DOUBLE becoming
 * DECIMAL, say).
 *
 * <p>DuckDB reads every column as text ({@code all_varchar}, only an unquoted empty field NULL; on one
 * thread, as DuckDB pads short rows only then) and converts each typed column with its csvws type, following csvws's documented reading rules
 * where they differ from DuckDB's: {@link Convention#NULL_TOKENS_IN_TYPED_COLUMNS_ONLY},
 * {@link Convention#RAGGED_ROWS_PADDED}, {@link Convention#BOOLEAN_WORDS},
 * {@link Convention#TIMESTAMP_ZONE_CONVERTED} and {@link Convention#DATE_ORDER} (the formats of
 * fixture date columns, as their author wrote them down).
 */
final class DuckDbMirror {
  /** csvws's default {@code nullTokens} (docs/properties.md), plus the empty quoted field. */
  private static final List<String> NULL_TOKENS = List.of("", "NA", "N/A", "NULL", "null");
  private static final String SCRATCH = "csvws_scratch";
  private static final Pattern DECIMAL = Pattern.compile("DECIMAL\\((\\d+), ?(\\d+)\\)");
  private static final Pattern PRECISION = Pattern.compile("(TIMESTAMP|TIME)\\((\\d+)\\)");

  private DuckDbMirror() {
  }

  /**
   * Creates a table in {@code duck} for every table of csvws's default schema.
   *
   * @param root the workspace folder both engines read
   * @param formats strptime formats of date and timestamp columns that are not ISO, keyed
   *     "table.column"
   */
  static void mirror(Connection csvws, Connection duck, Path root, Map<String, String> formats)
      throws SQLException {
    List<String[]> files = new ArrayList<>();
    try (Statement s = csvws.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT table_name, path, delimiter, quote, escape_char, skipped_lines, header, trimmed"
            + " FROM csvws.files WHERE schema_name = 'main' AND error IS NULL")) {
      while (rs.next()) {
        files.add(new String[] {rs.getString(1), rs.getString(2), rs.getString(3),
          rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8)});
      }
    }
    // One query for every table's columns: each csvws query is planned anew.
    Map<String, List<String[]>> columns = new HashMap<>();
    try (Statement s = csvws.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT table_name, column_name, data_type FROM csvws.columns"
            + " WHERE schema_name = 'main' ORDER BY table_name, ordinal_position")) {
      while (rs.next()) {
        columns.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
            .add(new String[] {rs.getString(2), rs.getString(3)});
      }
    }
    for (String[] f : files) {
      try (Statement s = duck.createStatement()) {
        for (String sql : statements(root, f, columns.get(f[0]), formats)) {
          s.execute(sql);
        }
      }
    }
  }

  /**
   * Reads the file as text into a scratch table, turns the null tokens of typed columns into NULL
   * (one UPDATE per column: one CASE per column in a single SELECT takes DuckDB's planner minutes
   * on a file of 300 columns), then converts each column into the table.
   */
  private static List<String> statements(Path root, String[] file, List<String[]> columns,
      Map<String, String> formats) {
    String table = file[0];
    StringBuilder names = new StringBuilder();
    StringBuilder select = new StringBuilder();
    List<String> nulls = new ArrayList<>();
    boolean trimmed = "true".equals(file[7]);
    for (String[] c : columns) {
      if (names.length() > 0) {
        names.append(", ");
        select.append(", ");
      }
      names.append(literal(c[0])).append(": 'VARCHAR'");
      String raw = trimmed ? "trim(" + ident(c[0]) + ")" : ident(c[0]);
      select.append(convert(raw, c[1], formats.get(table + "." + c[0]))).append(" AS ")
          .append(ident(c[0]));
      if (!c[1].equals("VARCHAR")) {
        nulls.add("UPDATE " + SCRATCH + " SET " + ident(c[0]) + " = NULL WHERE " + raw + " IN ("
            + String.join(", ", NULL_TOKENS.stream().map(DuckDbMirror::literal).toList()) + ")");
      }
    }
    String delimiter = "\\t".equals(file[2]) ? "\t" : file[2];
    String quote = file[3] == null ? "" : file[3];
    String escape = file[4] == null ? quote : file[4];
    List<String> out = new ArrayList<>();
    out.add("CREATE OR REPLACE TABLE " + SCRATCH + " AS SELECT * FROM read_csv("
        + literal(root.resolve(file[1]).toString()) + ", auto_detect = false, delim = "
        + literal(delimiter) + ", quote = " + literal(quote) + ", escape = " + literal(escape)
        + ", header = " + file[6] + ", skip = " + file[5] + ", all_varchar = true, nullstr = '',"
        + " allow_quoted_nulls = false, null_padding = true, parallel = false, columns = {"
        + names + "})");
    out.addAll(nulls);
    out.add("CREATE OR REPLACE TABLE " + ident(table) + " AS SELECT " + select + " FROM "
        + SCRATCH);
    out.add("DROP TABLE " + SCRATCH);
    return out;
  }

  /** The DuckDB expression that reads text {@code raw} as csvws reads a value of {@code type}. */
  private static String convert(String raw, String type, String format) {
    if (type.equals("VARCHAR")) {
      return raw;
    }
    String typed;
    Matcher decimal = DECIMAL.matcher(type);
    Matcher precision = PRECISION.matcher(type);
    if (decimal.matches()) {
      typed = "CAST(" + raw + " AS DECIMAL(" + decimal.group(1) + ", " + decimal.group(2) + "))";
    } else if (type.equals("BOOLEAN")) {
      typed = "CASE lower(" + raw + ") WHEN 'yes' THEN true WHEN 'no' THEN false ELSE CAST(" + raw
          + " AS BOOLEAN) END";
    } else if (type.equals("DATE")) {
      typed = format == null ? "CAST(" + raw + " AS DATE)"
          : "CAST(strptime(" + raw + ", " + literal(format) + ") AS DATE)";
    } else if (precision.matches() && precision.group(1).equals("TIMESTAMP")) {
      String ts = format == null ? "CAST(CAST(" + raw + " AS TIMESTAMPTZ) AS TIMESTAMP)"
          : "CAST(strptime(" + raw + ", " + literal(format) + ") AS TIMESTAMP)";
      typed = switch (precision.group(2)) {
        case "0" -> "date_trunc('second', " + ts + ")";
        case "3" -> "date_trunc('millisecond', " + ts + ")";
        default -> ts;
      };
    } else if (precision.matches()) {
      typed = "CAST(" + raw + " AS TIME)";
    } else {
      typed = "CAST(" + raw + " AS " + type + ")";
    }
    return typed;
  }

  static String ident(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }
}
