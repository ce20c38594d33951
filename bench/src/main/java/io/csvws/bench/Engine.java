package io.csvws.bench;

import io.csvws.driver.CsvwsUrl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * An engine the benchmark runs: csvws (without and with its metadata cache), the peers, and the
 * floors (reading the bytes, parsing with FastCSV), which are not SQL engines and answer only
 * the queries a plain loop can.
 */
public enum Engine {
  /** csvws, every run a first query on the file: the file's modification time is moved first. */
  CSVWS("csvws", "csvws"),
  /** csvws with the file's metadata, row count and row index known from an earlier scan. */
  CSVWS_CACHED("csvws-cached", "csvws cached"),
  CALCITE("calcite", "calcite-file"),
  CSVJDBC("csvjdbc", "CsvJdbc"),
  DUCKDB("duckdb", "DuckDB"),
  H2("h2", "H2"),
  BYTES("bytes", "floor: read bytes"),
  FASTCSV("fastcsv", "floor: FastCSV");

  /** CsvJdbc reads every column as text unless told the types. */
  static final String CSVJDBC_TALL_TYPES =
      "Int,String,String,String,Double,Int,Date,Timestamp,Boolean,String,Double,String";

  private final String id;
  private final String label;

  Engine(String id, String label) {
    this.id = id;
    this.label = label;
  }

  /** The name on the command line. */
  public String id() {
    return id;
  }

  /** The name in reports. */
  public String label() {
    return label;
  }

  public static Engine byId(String id) {
    for (Engine e : values()) {
      if (e.id.equalsIgnoreCase(id)) {
        return e;
      }
    }
    throw new IllegalArgumentException("unknown engine " + id + "; known: " + ids());
  }

  static String ids() {
    StringBuilder sb = new StringBuilder();
    for (Engine e : values()) {
      sb.append(sb.length() == 0 ? "" : ",").append(e.id);
    }
    return sb.toString();
  }

  public boolean isFloor() {
    return this == BYTES || this == FASTCSV;
  }

  public boolean isCsvws() {
    return this == CSVWS || this == CSVWS_CACHED;
  }

  /** Whether the engine reads the files' columns as text, so numbers need a CAST. */
  private boolean readsText() {
    return this == CALCITE || this == H2;
  }

  /**
   * The SQL of {@code q} for this engine, or null where the engine has no equivalent: the floors,
   * which run {@link Floors} instead, answer Q1, Q4 and Q7 only.
   */
  public String sql(Query q, Workload w) {
    if (isFloor()) {
      return null;
    }
    String amount = readsText() ? "CAST(amount AS DECIMAL(12,2))" : "amount";
    String qty = readsText() ? "CAST(qty AS INTEGER)" : "qty";
    boolean standardFetch = this == CALCITE || this == H2;
    long first = w.q6FirstRow();
    long n = w.q6LastRow() - first + 1;
    return switch (q) {
      case Q1 -> "SELECT COUNT(*) FROM tall";
      case Q2 -> "SELECT status, COUNT(*), SUM(" + amount + ") FROM tall GROUP BY status";
      case Q3 -> "SELECT id, email FROM tall WHERE country = 'DE' AND " + qty + " > 50";
      case Q4 -> "SELECT chr, pos, sample_00017 FROM wide";
      case Q5 -> standardFetch ? "SELECT * FROM tall FETCH FIRST 20 ROWS ONLY"
          : "SELECT * FROM tall LIMIT 20";
      case Q6 -> isCsvws()
          ? "SELECT * FROM tall WHERE _row BETWEEN " + first + " AND " + w.q6LastRow()
          : standardFetch
              ? "SELECT * FROM tall OFFSET " + (first - 1) + " ROWS FETCH NEXT " + n + " ROWS ONLY"
              : "SELECT * FROM tall LIMIT " + n + " OFFSET " + (first - 1);
      case Q7 -> "SELECT * FROM tall";
    };
  }

  /** Whether the engine has something to run for {@code q}. */
  public boolean answers(Query q, Workload w) {
    if (isFloor()) {
      return q == Query.Q1 || q == Query.Q4 || q == Query.Q7;
    }
    return sql(q, w) != null;
  }

  /**
   * Opens a connection whose tables tall and wide are the files of {@code folder}; csvws keeps
   * what it learns about files in memory only, so that runs of this JVM and of others start from
   * nothing unless a run says otherwise.
   */
  public Connection connect(Path folder) throws SQLException, IOException {
    return connect(folder, "memory");
  }

  /**
   * As {@link #connect(Path)}, csvws keeping file metadata in {@code metadataCache} (a folder, or
   * {@code memory}); other engines ignore it.
   */
  public Connection connect(Path folder, String metadataCache) throws SQLException, IOException {
    Path dir = folder.toAbsolutePath().normalize();
    switch (this) {
      case CSVWS, CSVWS_CACHED:
        return DriverManager.getConnection(
            CsvwsUrl.of(dir, Map.of("metadataCache", metadataCache)));
      case CALCITE: {
        Path model = Files.createTempFile("csvws-bench-calcite-model", ".json");
        model.toFile().deleteOnExit();
        String json = "{\"version\": \"1.0\", \"defaultSchema\": \"BENCH\", \"schemas\": [{"
            + "\"name\": \"BENCH\", \"type\": \"custom\","
            + " \"factory\": \"org.apache.calcite.adapter.file.FileSchemaFactory\","
            + " \"operand\": {\"directory\": \"" + jsonEscape(dir.toString()) + "\"}}]}";
        Files.writeString(model, json, StandardCharsets.UTF_8);
        Properties p = new Properties();
        p.setProperty("model", model.toString());
        // The files' names and headers are lower case; unquoted SQL names are upper-cased.
        p.setProperty("caseSensitive", "false");
        return DriverManager.getConnection("jdbc:calcite:", p);
      }
      case CSVJDBC: {
        Properties p = new Properties();
        p.setProperty("columnTypes.tall", CSVJDBC_TALL_TYPES);
        p.setProperty("timestampFormat", "yyyy-MM-dd HH:mm:ss");
        p.setProperty("useDateTimeFormatter", "true");
        return DriverManager.getConnection("jdbc:relique:csv:" + dir, p);
      }
      case DUCKDB:
        return DriverManager.getConnection("jdbc:duckdb:");
      case H2:
        // CSVREAD upper-cases the header names, as H2 does unquoted names.
        return DriverManager.getConnection("jdbc:h2:mem:bench");
      default:
        throw new IllegalStateException(label + " is not a JDBC engine");
    }
  }

  /**
   * Makes {@code table} (a file of {@code folder}) queryable by name, for engines that read a
   * file through a table function: a view, so every query reads the file anew.
   */
  public void prepareTable(Connection c, Path folder, String table) throws SQLException {
    String file = sqlString(folder.toAbsolutePath().normalize().resolve(table + ".csv").toString());
    String sql = switch (this) {
      case DUCKDB -> "CREATE VIEW " + table + " AS SELECT * FROM read_csv_auto(" + file + ")";
      case H2 -> "CREATE VIEW " + table + " AS SELECT * FROM CSVREAD(" + file
          + ", NULL, 'charset=UTF-8')";
      default -> null;
    };
    if (sql != null) {
      try (Statement st = c.createStatement()) {
        st.execute(sql);
      }
    }
  }

  private static String sqlString(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  private static String jsonEscape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  @Override
  public String toString() {
    return id.toLowerCase(Locale.ROOT);
  }
}
