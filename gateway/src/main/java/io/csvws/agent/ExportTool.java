package io.csvws.agent;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * export: a query's rows to a CSV or XLSX file in the operator's export folder, the only place
 * the tools write. The file is written under a hidden temporary name in the target's folder and
 * moved into place when complete, so a failed export leaves nothing behind and a reader never
 * sees half a file; an existing file is replaced only when the call says overwrite.
 */
final class ExportTool {
  private static final Pattern ORDER_BY = Pattern.compile("(?i)\\bORDER\\s+BY\\b");

  private ExportTool() {
  }

  static Map<String, Object> export(AgentTools t, Connection c, Args a)
      throws SQLException, IOException {
    Path root = t.exportRoot();
    if (root == null) {
      throw Args.invalid("Export is not enabled: the operator has not named an export folder "
          + "(the server's --export-dir option). Read the rows with query instead.");
    }
    int sources = (a.has("sql") ? 1 : 0) + (a.has("result") ? 1 : 0) + (a.has("table") ? 1 : 0);
    if (sources != 1) {
      throw Args.invalid("export needs exactly one of sql, result or table; got " + sources
          + ".");
    }
    String target = a.requiredString("target").trim();
    String format = a.string("format");
    String extension = target.toLowerCase(Locale.ROOT).endsWith(".xlsx") ? "xlsx"
        : target.toLowerCase(Locale.ROOT).endsWith(".csv") ? "csv" : null;
    if (format == null) {
      format = extension;
    }
    if (format == null || !(format.equals("csv") || format.equals("xlsx"))) {
      throw Args.invalid("The format must be csv or xlsx, and the target must end in .csv or "
          + ".xlsx; got target '" + Tables.shorten(target) + "'.");
    }
    if (!format.equals(extension)) {
      throw Args.invalid("The target '" + Tables.shorten(target) + "' does not end in ."
          + format + ", the format asked for. Name it '...." + format + "'.");
    }
    String sheet = a.string("sheet") == null ? "Sheet1" : a.string("sheet");
    if (format.equals("xlsx") && !XlsxWriter.validSheetName(sheet)) {
      throw Args.invalid("'" + Tables.shorten(sheet) + "' cannot name a sheet: 1 to 31 "
          + "characters, none of [ ] : * ? / \\.");
    }
    boolean overwrite = a.bool("overwrite", false);
    Path file = resolveTarget(root, target);
    String relative = root.relativize(file).toString().replace('\\', '/');
    boolean existed = Files.exists(file, LinkOption.NOFOLLOW_LINKS);
    if (existed && Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS)) {
      throw Args.invalid("'" + relative + "' is a folder in the export folder; choose a file "
          + "name.");
    }
    if (existed && !overwrite) {
      throw Args.invalid("'" + relative + "' already exists in the export folder. Pass "
          + "overwrite=true to replace it, or choose another target.");
    }

    String sql;
    String source;
    if (a.has("sql")) {
      sql = t.results().expand(a.requiredString("sql"));
      source = "query";
    } else if (a.has("result")) {
      NamedResults.Saved saved = t.results().get(a.requiredString("result"));
      sql = saved.expanded();
      source = "result " + saved.name();
    } else {
      TableInfo ti = Tables.resolve(c, a.requiredString("table"), t.timeout());
      sql = "SELECT * FROM " + ti.ref();
      source = "table " + ti.sqlName();
    }

    List<String> warnings = new ArrayList<>();
    if (a.has("sql") && !ORDER_BY.matcher(a.requiredString("sql")).find()) {
      warnings.add("The query has no ORDER BY: rows are in the order the engine produced them "
          + "(file order for plain scans of one table). Add ORDER BY for a guaranteed order.");
    }
    long started = System.nanoTime();
    // Not createTempFile: its owner-only permissions would stay on the exported file.
    String tempName = ".csvws-export-" + java.util.UUID.randomUUID() + ".tmp";
    Path name = file.getFileName();
    int columnCount;
    long rows;
    try (TargetFolder folder = TargetFolder.open(root, root.relativize(file.getParent()),
        target)) {
      try {
        try (Statement s = c.createStatement()) {
          s.setQueryTimeout(t.timeout());
          try (ResultSet rs = s.executeQuery(sql);
              OutputStream out = folder.create(tempName)) {
            Written w = write(rs, format, sheet, out);
            columnCount = w.columns();
            rows = w.rows();
            warnings.addAll(w.notes());
          }
        }
        if (!overwrite && folder.exists(name)) {
          throw Args.invalid("'" + relative + "' appeared in the export folder while the "
              + "export ran. Pass overwrite=true to replace it, or choose another target.");
        }
        folder.moveInto(tempName, name);
      } finally {
        folder.deleteIfExists(tempName);
      }
    }
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("target_path", relative);
    r.put("format", format);
    if (format.equals("xlsx")) {
      r.put("sheet", sheet);
    }
    r.put("source", Tables.shorten(source));
    r.put("row_count", rows);
    r.put("column_count", columnCount);
    r.put("size_bytes", Files.size(file));
    r.put("replaced", existed);
    r.put("warnings", warnings);
    r.put("elapsed_ms", (System.nanoTime() - started) / 1_000_000);
    r.put("truncated", false);
    return r;
  }

  /**
   * What {@link #write} wrote.
   *
   * @param rows data rows (the header not counted)
   * @param columns columns of each row
   * @param notes what the format could not hold as given (XLSX only)
   */
  record Written(long rows, int columns, List<String> notes) {
  }

  /**
   * Writes the header and every row of {@code rs} to {@code out} as {@code format} ("csv" or
   * "xlsx", sheet {@code sheet}), closing {@code out}: the one writing code of export and of the
   * web console's downloads. What an XLSX sheet cannot hold (too many columns or rows) fails
   * with VALIDATION_FAILED.
   */
  static Written write(ResultSet rs, String format, String sheet, OutputStream out)
      throws SQLException, IOException {
    ResultSetMetaData md = rs.getMetaData();
    int columnCount = md.getColumnCount();
    List<Object> header = new ArrayList<>();
    for (int i = 1; i <= columnCount; i++) {
      header.add(md.getColumnLabel(i));
    }
    if (format.equals("csv")) {
      try (CsvWriter w = new CsvWriter(out)) {
        w.row(header);
        while (rs.next()) {
          w.row(values(rs, columnCount));
        }
        return new Written(w.rows() - 1L, columnCount, List.of());
      }
    }
    if (columnCount > XlsxWriter.MAX_COLUMNS) {
      throw Args.invalid("The result has " + columnCount + " columns; an XLSX sheet "
          + "holds at most " + XlsxWriter.MAX_COLUMNS + ". Export to CSV, or name "
          + "fewer columns.");
    }
    try (XlsxWriter w = new XlsxWriter(out, sheet)) {
      w.row(header);
      while (rs.next()) {
        if (w.rows() == XlsxWriter.MAX_ROWS) {
          throw Args.invalid("The result has more than " + (XlsxWriter.MAX_ROWS - 1)
              + " rows, the most an XLSX sheet holds under its header. Export to "
              + "CSV, or narrow the query.");
        }
        w.row(values(rs, columnCount));
      }
      return new Written(w.rows() - 1L, columnCount, w.notes());
    }
  }

  /**
   * The target inside the export folder. Absolute paths and {@code ..} are SANDBOX_VIOLATION;
   * hidden names are refused; the export folder itself and every existing level on the way must
   * be a real folder, not a symbolic link (a link anywhere is SANDBOX_VIOLATION, wherever it
   * leads): checked here without following links, and again as the file is written
   * ({@link TargetFolder}).
   */
  static Path resolveTarget(Path root, String target) throws IOException {
    String t = target.replace('\\', '/');
    if (t.startsWith("/") || t.startsWith("~") || t.matches("^[A-Za-z]:.*")) {
      throw new CsvwsException(ErrorCode.SANDBOX_VIOLATION, "The target '"
          + Tables.shorten(target) + "' is an absolute path; targets are relative to the "
          + "export folder (e.g. \"reports/summary.csv\").");
    }
    if (Files.isSymbolicLink(root) || !Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
      throw TargetFolder.linkedRoot();
    }
    String[] segments = t.split("/");
    Path p = root;
    for (int i = 0; i < segments.length; i++) {
      String s = segments[i];
      if (s.isEmpty() || s.equals(".")) {
        continue;
      }
      if (s.equals("..")) {
        throw new CsvwsException(ErrorCode.SANDBOX_VIOLATION, "The target '"
            + Tables.shorten(target) + "' leads out of the export folder through '..'; "
            + "targets stay inside it.");
      }
      if (s.startsWith(".")) {
        throw Args.invalid("The target '" + Tables.shorten(target) + "' has a hidden name ('"
            + s + "'); choose a name that does not start with a dot.");
      }
      p = p.resolve(s);
      boolean last = i == segments.length - 1;
      if (Files.isSymbolicLink(p)) {
        throw TargetFolder.linked(target);
      } else if (!last && Files.exists(p, LinkOption.NOFOLLOW_LINKS)
          && !Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
        throw Args.invalid("'" + s + "' in the target '" + Tables.shorten(target)
            + "' is a file, not a folder.");
      }
    }
    if (p.equals(root)) {
      throw Args.invalid("The target names no file; give a file name ending in .csv or .xlsx.");
    }
    return p;
  }

  private static List<Object> values(ResultSet rs, int columns) throws SQLException {
    List<Object> row = new ArrayList<>(columns);
    for (int i = 1; i <= columns; i++) {
      Object v = rs.getObject(i);
      if (v instanceof Timestamp) {
        v = ((Timestamp) v).toLocalDateTime();
      } else if (v instanceof Date) {
        v = ((Date) v).toLocalDate();
      } else if (v instanceof Time) {
        v = ((Time) v).toLocalTime();
      } else if (v instanceof Float || v instanceof Double) {
        double d = ((Number) v).doubleValue();
        v = Double.isFinite(d) ? new BigDecimal(String.valueOf(d)).stripTrailingZeros() : v;
      }
      row.add(v);
    }
    return row;
  }
}
