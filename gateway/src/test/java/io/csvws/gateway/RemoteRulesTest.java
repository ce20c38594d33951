package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.calcite.avatica.AvaticaClientRuntimeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Remote clients may change only presentation, and can never write. */
class RemoteRulesTest {
  @TempDir
  static Path root;
  static Path workspace;
  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    workspace = Files.createDirectories(root.resolve("ws"));
    Files.writeString(workspace.resolve("notes.csv"), "id,text\n1,a fairly long note text\n2,b\n");
    gateway = GatewayFixture.anonymous(root, workspace);
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  private static Connection connect(String key, String value) throws SQLException {
    Properties p = new Properties();
    p.setProperty(key, value);
    return DriverManager.getConnection(gateway.jdbcUrl("protobuf"), p);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"model", "schemaFactory", "schema.directory", "parserFactory", "fun",
      "lex", "caseSensitive", "conformance", "typeSystem", "delimiter", "charset", "inferTypes",
      "onTypeError", "sampleRows", "maxRecordBytes", "queryTimeout", "nullTokens", "workspace",
      "cacheFolder"})
  void propertiesThatChangeWhatIsReadAreRefused(String key) {
    assertThatThrownBy(() -> {
      try (Connection c = connect(key, "x")) {
        GatewayFixture.rows(c, "SELECT COUNT(*) FROM notes");
      }
    })
        // Answered when the first statement runs, so Avatica's client reports an SQLException.
        .isInstanceOf(SQLException.class)
        .satisfies(e -> assertThat(sqlState(e)).isEqualTo("42501"))
        .hasMessageContaining("Connection property '" + key + "' cannot be set by a client")
        .hasMessageContaining("Properties a client may set: maxCellChars");
  }

  private static String sqlState(Throwable e) {
    if (e instanceof SQLException) {
      return ((SQLException) e).getSQLState();
    }
    if (e instanceof AvaticaClientRuntimeException) {
      return ((AvaticaClientRuntimeException) e).getSqlState();
    }
    return "not an SQL error: " + e;
  }

  @Test
  void presentationPropertiesApply() throws SQLException {
    try (Connection c = connect("maxCellChars", "6")) {
      assertThat(GatewayFixture.rows(c, "SELECT text FROM notes ORDER BY id"))
          .containsExactly("a fair...[+17 chars]", "b");
      assertThat(GatewayFixture.rows(c,
          "SELECT COUNT(*) FROM notes WHERE text = 'a fairly long note text'"))
          .as("cutting never changes which rows match").containsExactly("1");
    }
  }

  @Test
  void everyRefusedStatementKindIsRefusedRemotelyWith25006() throws Exception {
    String before = checksums();
    List<String> writes = List.of("INSERT INTO notes VALUES (3, 'c')",
        "UPDATE notes SET text = 'x'", "DELETE FROM notes",
        "MERGE INTO notes t USING notes s ON t.id = s.id WHEN MATCHED THEN UPDATE SET text = 'x'",
        "CREATE TABLE t (a INT)", "DROP TABLE notes", "ALTER SESSION SET x = 1",
        "EXPLAIN PLAN FOR INSERT INTO notes VALUES (3, 'c')",
        "SELECT 1; DROP TABLE notes");
    try (Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
      for (String sql : writes) {
        try (Statement s = c.createStatement()) {
          assertThatThrownBy(() -> s.execute(sql)).as(sql).isInstanceOf(SQLException.class)
              .satisfies(e -> assertThat(((SQLException) e).getSQLState()).as(sql)
                  .isEqualTo("25006"));
          assertThatThrownBy(() -> s.executeUpdate(sql)).as(sql)
              .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo("25006"));
        }
        assertThatThrownBy(() -> {
          try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.execute();
          }
        }).as("prepared " + sql).satisfies(e -> assertThat(((SQLException) e).getSQLState())
            .isEqualTo("25006"));
      }
      assertThat(GatewayFixture.rows(c, "SELECT COUNT(*) FROM notes")).containsExactly("2");
    }
    assertThat(checksums()).as("the workspace is byte-identical").isEqualTo(before);
  }

  private static String checksums() throws Exception {
    TreeMap<String, String> sums = new TreeMap<>();
    try (Stream<Path> files = Files.walk(workspace)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        sums.put(workspace.relativize(p).toString(), HexFormat.of().formatHex(
            MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
      }
    }
    return sums.toString();
  }
}
