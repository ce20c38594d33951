package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code DatabaseMetaData} as SQLLine, DBeaver and IntelliJ read it: tables of the root folder,
 * of nested folders and of the {@code csvws} system schema; columns with their JDBC types and the
 * hidden {@code _row}; schemas; the quote string; product and driver names; read-only. Where a
 * tool gets the same facts two ways (getColumns and the metadata of a query), they must agree.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DatabaseMetaDataTest {
  private Connection connection;
  private DatabaseMetaData md;
  private String url;

  @BeforeAll
  void open(@TempDir Path dir) throws IOException, SQLException {
    write(dir.resolve("orders.csv"),
        "id,customer,amount,placed,paid,serial,stamp,at,note,huge\n"
            + "1,Ann,12.5,2024-01-02,true,9000000000,2024-01-02 10:11:12,10:11:12,,"
            + "123456789012345678901234\n"
            + "2,Bob,7.25,2024-02-03,false,9000000001,2024-02-03 00:00:00,23:59:59,late,1\n");
    Files.createDirectories(dir.resolve("sales/eu"));
    write(dir.resolve("sales/q1.csv"), "region,total\nnorth,10\nsouth,20\n");
    write(dir.resolve("sales/eu/q2.tsv"), "Country Name\tunits\nFrance\t3\n");
    write(dir.resolve("notes.md"), "not a table\n");
    Files.createDirectories(dir.resolve("logs"));
    write(dir.resolve("logs/run_1.csv"), "step_no,stepXno\n1,2\n");
    write(dir.resolve("logs/runX1.csv"), "a\n1\n");
    url = "jdbc:csvws:" + dir;
    connection = DriverManager.getConnection(url);
    md = connection.getMetaData();
  }

  private static void write(Path p, String text) throws IOException {
    Files.writeString(p, text, StandardCharsets.UTF_8);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  /** Each row of {@code rs} as "col1.col2...", reading the given columns by label. */
  private static List<String> rows(ResultSet rs, String... labels) throws SQLException {
    List<String> out = new ArrayList<>();
    try (rs) {
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (String l : labels) {
          if (b.length() > 0) {
            b.append('|');
          }
          b.append(rs.getString(l));
        }
        out.add(b.toString());
      }
    }
    return out;
  }

  // ---- identity

  @Test
  void productAndDriverNameTheirVersions() throws SQLException {
    Driver driver = DriverManager.getDriver(url);
    assertThat(md.getDatabaseProductName()).isEqualTo("csvws");
    assertThat(md.getDatabaseProductVersion()).startsWith(md.getDriverVersion())
        .contains("Calcite");
    assertThat(md.getDriverName()).contains("csvws");
    assertThat(md.getDriverVersion()).matches("\\d+\\.\\d+.*");
    assertThat(md.getDriverMajorVersion()).isEqualTo(driver.getMajorVersion());
    assertThat(md.getDriverMinorVersion()).isEqualTo(driver.getMinorVersion());
    assertThat(md.getDriverVersion())
        .startsWith(driver.getMajorVersion() + "." + driver.getMinorVersion());
    assertThat(md.getDatabaseMajorVersion()).isEqualTo(driver.getMajorVersion());
    assertThat(md.getJDBCMajorVersion()).isGreaterThanOrEqualTo(4);
    assertThat(md.getURL()).isEqualTo(url);
    assertThat(md.getConnection()).isSameAs(connection);
  }

  @Test
  void readOnlyAndWithoutTransactions() throws SQLException {
    assertThat(md.isReadOnly()).isTrue();
    assertThat(md.supportsTransactions()).isFalse();
    assertThat(md.getDefaultTransactionIsolation()).isEqualTo(Connection.TRANSACTION_NONE);
    assertThat(md.supportsBatchUpdates()).isFalse();
    assertThat(md.supportsSelectForUpdate()).isFalse();
    assertThat(md.supportsGetGeneratedKeys()).isFalse();
  }

  @Test
  void identifiersAreQuotedWithDoubleQuotes() throws SQLException {
    assertThat(md.getIdentifierQuoteString()).isEqualTo("\"");
    // What the quote string promises: a quoted name with a space reaches the column.
    String q = md.getIdentifierQuoteString();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT " + q + "Country Name" + q + " FROM "
            + q + "sales.eu" + q + "." + q + "q2" + q)) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("France");
    }
  }

  // ---- schemas and tables

  @Test
  void schemasListEveryFolderAndTheSystemSchema() throws SQLException {
    assertThat(rows(md.getSchemas(), "TABLE_SCHEM"))
        .containsExactlyInAnyOrder("main", "sales", "sales.eu", "logs", "csvws");
    assertThat(rows(md.getSchemas(null, "sales%"), "TABLE_SCHEM"))
        .containsExactlyInAnyOrder("sales", "sales.eu");
  }

  @Test
  void tablesOfEverySchemaInJdbcOrder() throws SQLException {
    List<String> all = rows(md.getTables(null, null, "%", null),
        "TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE");
    assertThat(all).contains("main|orders|TABLE", "sales|q1|TABLE", "sales.eu|q2|TABLE");
    assertThat(all).anyMatch(r -> r.startsWith("csvws|files|"))
        .anyMatch(r -> r.startsWith("csvws|columns|"));
    assertThat(all).noneMatch(r -> r.contains("notes"));
    // JDBC: ordered by TABLE_TYPE, TABLE_CAT, TABLE_SCHEM, TABLE_NAME.
    List<String[]> fields = new ArrayList<>();
    for (String r : all) {
      fields.add(r.split("\\|"));
    }
    assertThat(fields).isSortedAccordingTo(Comparator.<String[], String>comparing(f -> f[2])
        .thenComparing(f -> f[0]).thenComparing(f -> f[1]));
  }

  @Test
  void tablesFilteredBySchemaNameAndType() throws SQLException {
    assertThat(rows(md.getTables(null, "main", "%", null), "TABLE_NAME"))
        .containsExactly("orders");
    assertThat(rows(md.getTables(null, "sales", "%", null), "TABLE_NAME"))
        .containsExactly("q1");
    assertThat(rows(md.getTables(null, "sales.eu", null, null), "TABLE_NAME"))
        .containsExactly("q2");
    assertThat(rows(md.getTables(null, null, "q_", new String[] {"TABLE"}),
        "TABLE_SCHEM", "TABLE_NAME")).containsExactly("sales|q1", "sales.eu|q2");
    assertThat(rows(md.getTables(null, "csvws", "%", null), "TABLE_NAME"))
        .containsExactlyInAnyOrder("files", "columns", "functions");
    assertThat(rows(md.getTables(null, null, "%", new String[] {"VIEW"}), "TABLE_NAME"))
        .isEmpty();
    assertThat(rows(md.getTables(null, "nope", "%", null), "TABLE_NAME")).isEmpty();
  }

  @Test
  void tableTypesIncludeEveryTypeGetTablesReports() throws SQLException {
    List<String> types = rows(md.getTableTypes(), "TABLE_TYPE");
    assertThat(types).contains("TABLE");
    for (String r : rows(md.getTables(null, null, "%", null), "TABLE_TYPE")) {
      assertThat(types).contains(r);
    }
  }

  /** A file added after connecting is listed by the next call. */
  @Test
  void aNewFileIsListedByTheNextCall(@TempDir Path other) throws IOException, SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + other)) {
      DatabaseMetaData m = c.getMetaData();
      assertThat(rows(m.getTables(null, "main", "%", null), "TABLE_NAME")).isEmpty();
      write(other.resolve("late.csv"), "x\n1\n");
      assertThat(rows(m.getTables(null, "main", "%", null), "TABLE_NAME"))
          .containsExactly("late");
    }
  }

  /** JDBC patterns: {@code _} is any one character, {@code \\} makes the next one literal. */
  @Test
  void underscoreInAPatternIsOneCharacterUnlessEscaped() throws SQLException {
    assertThat(rows(md.getTables(null, "logs", "run_1", null), "TABLE_NAME"))
        .containsExactly("runX1", "run_1");
    assertThat(rows(md.getTables(null, "logs", "run\\_1", null), "TABLE_NAME"))
        .containsExactly("run_1");
    assertThat(rows(md.getTables(null, "log_", "%", null), "TABLE_NAME")).hasSize(2);
    assertThat(rows(md.getTables(null, null, "__X1", null), "TABLE_NAME")).isEmpty();
    assertThat(rows(md.getTables(null, null, "___X1", null), "TABLE_NAME"))
        .containsExactly("runX1");
    assertThat(rows(md.getSchemas(null, "sales_eu"), "TABLE_SCHEM")).containsExactly("sales.eu");
    assertThat(rows(md.getSchemas(null, "sales\\_eu"), "TABLE_SCHEM")).isEmpty();
    assertThat(rows(md.getColumns(null, "logs", "run\\_1", "step_no"), "COLUMN_NAME"))
        .containsExactly("step_no", "stepXno");
    assertThat(rows(md.getColumns(null, "logs", "run\\_1", "step\\_no"), "COLUMN_NAME"))
        .containsExactly("step_no");
    assertThat(rows(md.getColumns(null, "l_gs", "run_1", "a"), "TABLE_NAME", "COLUMN_NAME"))
        .containsExactly("runX1|a");
  }

  // ---- columns

  @Test
  void columnsCarryJdbcTypesInFileOrder() throws SQLException {
    List<String> cols = rows(md.getColumns(null, "main", "orders", "%"),
        "ORDINAL_POSITION", "COLUMN_NAME", "DATA_TYPE", "TYPE_NAME");
    assertThat(cols).containsExactly(
        "1|id|" + Types.INTEGER + "|INTEGER",
        "2|customer|" + Types.VARCHAR + "|VARCHAR",
        "3|amount|" + Types.DECIMAL + "|DECIMAL(38, 2)",
        "4|placed|" + Types.DATE + "|DATE",
        "5|paid|" + Types.BOOLEAN + "|BOOLEAN",
        "6|serial|" + Types.BIGINT + "|BIGINT",
        "7|stamp|" + Types.TIMESTAMP + "|TIMESTAMP(3)",
        "8|at|" + Types.TIME + "|TIME(3)",
        "9|note|" + Types.VARCHAR + "|VARCHAR",
        "10|huge|" + Types.DECIMAL + "|DECIMAL(38, 0)");
  }

  /**
   * Integers beyond BIGINT are DECIMAL(38, 0) in getColumns, in a query's metadata, and in SQL:
   * a literal of more than 19 digits compares with them.
   */
  @Test
  void wideIntegersAreDecimalsOf38Digits() throws SQLException {
    try (ResultSet rs = md.getColumns(null, "main", "orders", "huge")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt("COLUMN_SIZE")).isEqualTo(38);
      assertThat(rs.getInt("DECIMAL_DIGITS")).isZero();
    }
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(
            "SELECT id, huge FROM orders WHERE huge > 100000000000000000000")) {
      assertThat(rs.getMetaData().getPrecision(2)).isEqualTo(38);
      assertThat(rs.next()).isTrue();
      assertThat(rs.getInt(1)).isEqualTo(1);
      assertThat(rs.getBigDecimal(2)).isEqualByComparingTo("123456789012345678901234");
      assertThat(rs.next()).isFalse();
    }
  }

  @Test
  void columnsSayTheyAreNullableAndGiveSizes() throws SQLException {
    try (ResultSet rs = md.getColumns(null, "main", "orders", "%")) {
      while (rs.next()) {
        String name = rs.getString("COLUMN_NAME");
        assertThat(rs.getString("TABLE_SCHEM")).isEqualTo("main");
        assertThat(rs.getString("TABLE_NAME")).isEqualTo("orders");
        assertThat(rs.getInt("NULLABLE")).as(name).isEqualTo(DatabaseMetaData.columnNullable);
        assertThat(rs.getString("IS_NULLABLE")).as(name).isEqualTo("YES");
        assertThat(rs.getInt("COLUMN_SIZE")).as(name).isPositive();
      }
    }
  }

  @Test
  void columnsOfNestedFolderTablesAndNamesWithSpaces() throws SQLException {
    assertThat(rows(md.getColumns(null, "sales.eu", "q2", null), "COLUMN_NAME", "DATA_TYPE"))
        .containsExactly("Country Name|" + Types.VARCHAR, "units|" + Types.INTEGER);
    assertThat(rows(md.getColumns(null, "sales", "%", "tot%"), "TABLE_NAME", "COLUMN_NAME"))
        .containsExactly("q1|total");
  }

  @Test
  void columnsOfTheSystemTables() throws SQLException {
    List<String> files = rows(md.getColumns(null, "csvws", "files", null), "COLUMN_NAME");
    assertThat(files).isNotEmpty();
    // The system table's columns are what a query of it returns.
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM csvws.files")) {
      ResultSetMetaData rmd = rs.getMetaData();
      List<String> queried = new ArrayList<>();
      for (int i = 1; i <= rmd.getColumnCount(); i++) {
        queried.add(rmd.getColumnName(i));
      }
      assertThat(files).isEqualTo(queried);
    }
    assertThat(rows(md.getColumns(null, "csvws", "columns", null), "COLUMN_NAME")).isNotEmpty();
  }

  /** {@code _row} is a pseudo-column: selectable, but not listed as a column. */
  @Test
  void theRowNumberIsHiddenFromColumnsButSelectable() throws SQLException {
    assertThat(rows(md.getColumns(null, null, null, null), "COLUMN_NAME"))
        .doesNotContain("_row");
    assertThat(rows(md.getColumns(null, "main", "orders", "\\_row"), "COLUMN_NAME")).isEmpty();
    assertThat(rows(md.getColumns(null, "main", "orders", "_row"), "COLUMN_NAME")).isEmpty();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT _row, id FROM orders ORDER BY _row")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).isEqualTo(1);
      assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(Types.BIGINT);
    }
  }

  /** {@code _row} is listed where JDBC lists pseudo-columns, once for every file table. */
  @Test
  void theRowNumberIsListedAsAPseudoColumn() throws SQLException {
    assertThat(rows(md.getPseudoColumns(null, null, "%", "%"),
        "TABLE_SCHEM", "TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "COLUMN_USAGE", "IS_NULLABLE"))
        .containsExactly(
            "logs|runX1|_row|" + Types.BIGINT + "|NO_USAGE_RESTRICTIONS|NO",
            "logs|run_1|_row|" + Types.BIGINT + "|NO_USAGE_RESTRICTIONS|NO",
            "main|orders|_row|" + Types.BIGINT + "|NO_USAGE_RESTRICTIONS|NO",
            "sales|q1|_row|" + Types.BIGINT + "|NO_USAGE_RESTRICTIONS|NO",
            "sales.eu|q2|_row|" + Types.BIGINT + "|NO_USAGE_RESTRICTIONS|NO");
    assertThat(rows(md.getPseudoColumns(null, "sales", "q_", "\\_row"), "TABLE_NAME"))
        .containsExactly("q1");
    assertThat(rows(md.getPseudoColumns(null, null, "%", "id"), "TABLE_NAME")).isEmpty();
  }

  /** What getColumns says is what a query returns: the same names, in order, with the same types. */
  @Test
  void columnsAgreeWithTheMetadataOfSelectStar() throws SQLException {
    for (String[] t : new String[][] {{"main", "orders"}, {"sales", "q1"}, {"sales.eu", "q2"}}) {
      Map<String, Integer> listed = new LinkedHashMap<>();
      try (ResultSet rs = md.getColumns(null, t[0], t[1], null)) {
        while (rs.next()) {
          listed.put(rs.getString("COLUMN_NAME"), rs.getInt("DATA_TYPE"));
        }
      }
      Map<String, Integer> queried = new LinkedHashMap<>();
      try (Statement s = connection.createStatement();
          ResultSet rs = s.executeQuery("SELECT * FROM \"" + t[0] + "\".\"" + t[1] + "\"")) {
        ResultSetMetaData rmd = rs.getMetaData();
        for (int i = 1; i <= rmd.getColumnCount(); i++) {
          queried.put(rmd.getColumnName(i), rmd.getColumnType(i));
        }
      }
      assertThat(listed).as(t[0] + "." + t[1]).containsExactlyEntriesOf(queried);
    }
  }

  // ---- calls tools make that have nothing to report

  @Test
  void keysIndexesAndProceduresAreEmptyNotErrors() throws SQLException {
    assertThat(rows(md.getPrimaryKeys(null, "main", "orders"), "COLUMN_NAME")).isEmpty();
    assertThat(rows(md.getImportedKeys(null, "main", "orders"), "PKCOLUMN_NAME")).isEmpty();
    assertThat(rows(md.getExportedKeys(null, "main", "orders"), "FKCOLUMN_NAME")).isEmpty();
    assertThat(rows(md.getIndexInfo(null, "main", "orders", false, true), "INDEX_NAME"))
        .isEmpty();
    assertThat(rows(md.getProcedures(null, null, "%"), "PROCEDURE_NAME")).isEmpty();
    assertThat(rows(md.getCatalogs(), "TABLE_CAT")).hasSizeLessThanOrEqualTo(1);
    assertThat(rows(md.getTypeInfo(), "TYPE_NAME")).contains("VARCHAR", "INTEGER", "DATE");
  }
}
