package io.csvws.differential;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * The two engines of the differential suite over one workspace folder: the generated tables
 * ({@link GeneratedTables}) and the fixtures shipped under {@code src/test/resources/differential/},
 * opened through {@code jdbc:csvws:} and through DuckDB, whose views mirror csvws's tables
 * ({@link DuckDbMirror}). Not thread-safe: one test class uses one oracle at a time.
 */
final class Oracle implements AutoCloseable {
  /** The fixture files, copied next to the generated tables. */
  static final List<String> FIXTURES = List.of("stations.csv", "us_sales.csv", "ragged.csv",
      "big_numbers.csv", "notes.csv", "wide.csv", "semicolons.csv", "month_names.csv",
      "micro_times.csv");

  /** Formats of the fixtures' non-ISO date columns, as their author wrote them. */
  static final Map<String, String> FORMATS = Map.of(
      "stations.date", "%d/%m/%Y",
      "us_sales.sold_on", "%m/%d/%Y",
      "semicolons.day", "%d.%m.%Y",
      "month_names.released", "%b %d %Y",
      "month_names.opened", "%d %B %Y");

  private final Connection csvws;
  private final Connection duck;

  private Oracle(Connection csvws, Connection duck) {
    this.csvws = csvws;
    this.duck = duck;
  }

  /** Writes the workspace into {@code dir} and opens both engines on it. */
  static Oracle open(Path dir) throws IOException, SQLException {
    GeneratedTables.write(dir);
    for (String name : FIXTURES) {
      try (InputStream in = Oracle.class.getResourceAsStream("/differential/" + name)) {
        if (in == null) {
          throw new IOException("fixture missing from the test resources: differential/" + name);
        }
        Files.copy(in, dir.resolve(name));
      }
    }
    Connection csvws = DriverManager.getConnection("jdbc:csvws:" + dir);
    Connection duck = DriverManager.getConnection("jdbc:duckdb:");
    try (Statement s = duck.createStatement()) {
      // Convention.NULL_ORDER and Convention.TIMESTAMP_ZONE_CONVERTED.
      s.execute("SET default_null_order = 'nulls_last_on_asc_first_on_desc'");
      s.execute("SET TimeZone = 'UTC'");
      s.execute("SET threads = 2");
    }
    DuckDbMirror.mirror(csvws, duck, dir, FORMATS);
    return new Oracle(csvws, duck);
  }

  Connection csvws() {
    return csvws;
  }

  Connection duck() {
    return duck;
  }

  @Override
  public void close() throws SQLException {
    try {
      csvws.close();
    } finally {
      duck.close();
    }
  }
}
