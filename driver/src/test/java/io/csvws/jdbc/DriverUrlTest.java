package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static io.csvws.jdbc.SqlFailures.sqlFailure;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.csvws.driver.CsvwsUrl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How a client reaches the driver and a workspace: ServiceLoader registration, the URL form
 * {@code jdbc:csvws:<folder>?k=v&k2=v2}, properties in the URL and in {@code Properties}, and a
 * folder that cannot serve as a workspace failing to connect with the path named instead of
 * opening an empty schema.
 */
class DriverUrlTest {
  private static final String DRIVER_CLASS = "io.csvws.driver.CsvwsDriver";

  @TempDir
  Path dir;

  @BeforeEach
  void writeWorkspace() throws IOException {
    Files.writeString(dir.resolve("people.csv"),
        "id,name,born\n1,Alexandra,1990-04-01\n2,Bo,1985-12-24\n3,Christopher,2001-01-31\n",
        StandardCharsets.UTF_8);
  }

  private static String url(Path folder) {
    return "jdbc:csvws:" + folder;
  }

  /** Folder names that hold URL syntax, written by {@link CsvwsUrl#of} and read back. */
  @ParameterizedTest
  @ValueSource(strings = {"with space", "what?now", "100%", "a%3Fb", "hash#tag", "semi;colon",
      "amp&eq=", "année été", "東京", "~tilde"})
  void theUrlBuilderReachesAFolderWhateverItsNameHolds(String name) throws Exception {
    Path folder = Files.createDirectories(dir.resolve(name));
    Files.copy(dir.resolve("people.csv"), folder.resolve("people.csv"));
    String url = CsvwsUrl.of(folder, java.util.Map.of("maxCellChars", "3"));

    CsvwsUrl parsed = CsvwsUrl.parse(url);
    assertThat(parsed.folder()).isEqualTo(folder);
    assertThat(parsed.properties()).containsExactly(java.util.Map.entry("maxCellChars", "3"));
    try (Connection c = DriverManager.getConnection(url)) {
      assertThat(names(c)).containsExactly("Ale...[+6 chars]", "Bo", "Chr...[+8 chars]");
    }
  }

  @Test
  void theUrlBuilderKeepsPropertyValuesWhole() {
    java.util.Map<String, String> props = new java.util.LinkedHashMap<>();
    props.put("metadataCache", "/tmp/a&b;c=d%e#f?g");
    props.put("timeZone", "Europe/Paris");
    String url = CsvwsUrl.of(dir, props);

    assertThat(CsvwsUrl.parse(url).properties()).containsExactlyEntriesOf(props);
    assertThat(url).doesNotContain("#").endsWith("&timeZone=Europe/Paris");
  }

  private static List<String> names(Connection c) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name FROM people ORDER BY id")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private static int idType(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id FROM people")) {
      return rs.getMetaData().getColumnType(1);
    }
  }

  @Test
  void serviceLoaderListsTheDriver() {
    List<String> found = new ArrayList<>();
    for (Driver d : ServiceLoader.load(Driver.class)) {
      found.add(d.getClass().getName());
    }
    assertThat(found).contains(DRIVER_CLASS);
  }

  /** No Class.forName: DriverManager finds the driver by itself, through the service file. */
  @Test
  void driverManagerFindsTheDriverForTheUrl() throws SQLException {
    Driver d = DriverManager.getDriver(url(dir));
    assertThat(d.getClass().getName()).isEqualTo(DRIVER_CLASS);
    assertThat(d.acceptsURL(url(dir))).isTrue();
    try (Connection c = DriverManager.getConnection(url(dir))) {
      assertThat(names(c)).containsExactly("Alexandra", "Bo", "Christopher");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdbc:calcite:", "jdbc:csv:/tmp", "jdbc:csvws", "jdbc:csvwsx:/tmp",
      "jdbc:avatica:remote:url=http://localhost:8765", "csvws:/tmp", "JDBC:CSVWS:/tmp",
      "jdbc:csvws-internal:/tmp", ""})
  void otherPrefixesAreNotAccepted(String other) throws SQLException {
    Driver d = DriverManager.getDriver(url(dir));
    assertThat(d.acceptsURL(other)).as(other).isFalse();
    assertThat(d.connect(other, new Properties())).as(other).isNull();
  }

  @Test
  void nullUrlIsNotAccepted() throws SQLException {
    Driver d = DriverManager.getDriver(url(dir));
    assertThat(d.acceptsURL(null)).isFalse();
  }

  @Test
  void urlPropertiesSeparatedByAmpersandAllApply() throws SQLException {
    try (Connection c =
        DriverManager.getConnection(url(dir) + "?inferTypes=false&maxCellChars=3")) {
      assertThat(idType(c)).isEqualTo(Types.VARCHAR);
      assertThat(names(c)).containsExactly("Ale...[+6 chars]", "Bo", "Chr...[+8 chars]");
    }
  }

  @Test
  void urlPropertiesSeparatedBySemicolonAllApply() throws SQLException {
    try (Connection c =
        DriverManager.getConnection(url(dir) + "?inferTypes=false;maxCellChars=3")) {
      assertThat(idType(c)).isEqualTo(Types.VARCHAR);
      assertThat(names(c)).containsExactly("Ale...[+6 chars]", "Bo", "Chr...[+8 chars]");
    }
  }

  @Test
  void withoutPropertiesTheDefaultsHold() throws SQLException {
    try (Connection c = DriverManager.getConnection(url(dir))) {
      assertThat(idType(c)).isEqualTo(Types.INTEGER);
      assertThat(names(c)).containsExactly("Alexandra", "Bo", "Christopher");
    }
  }

  @Test
  void propertiesObjectAppliesToo() throws SQLException {
    Properties p = new Properties();
    p.setProperty("inferTypes", "false");
    p.setProperty("maxCellChars", "3");
    try (Connection c = DriverManager.getConnection(url(dir), p)) {
      assertThat(idType(c)).isEqualTo(Types.VARCHAR);
      assertThat(names(c)).containsExactly("Ale...[+6 chars]", "Bo", "Chr...[+8 chars]");
    }
  }

  @Test
  void urlAndPropertiesCombine() throws SQLException {
    Properties p = new Properties();
    p.setProperty("maxCellChars", "3");
    try (Connection c = DriverManager.getConnection(url(dir) + "?inferTypes=false", p)) {
      assertThat(idType(c)).isEqualTo(Types.VARCHAR);
      assertThat(names(c)).containsExactly("Ale...[+6 chars]", "Bo", "Chr...[+8 chars]");
    }
  }

  @Test
  void theSameValueInUrlAndPropertiesIsAccepted() throws SQLException {
    Properties p = new Properties();
    p.setProperty("maxCellChars", "3");
    try (Connection c = DriverManager.getConnection(url(dir) + "?maxCellChars=3", p)) {
      assertThat(names(c)).containsExactly("Ale...[+6 chars]", "Bo", "Chr...[+8 chars]");
    }
  }

  @Test
  void differentValuesInUrlAndPropertiesAreRefused() {
    Properties p = new Properties();
    p.setProperty("maxCellChars", "4");
    SQLException e = sqlFailure(
        () -> DriverManager.getConnection(url(dir) + "?maxCellChars=3", p));
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("maxCellChars", "'3'", "'4'");
  }

  @Test
  void aKeyTwiceInTheUrlIsRefused() {
    SQLException e = sqlFailure(
        () -> DriverManager.getConnection(url(dir) + "?maxCellChars=3&maxCellChars=3"));
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("maxCellChars", "twice");
  }

  @Test
  void userAndPasswordSentByToolsAreIgnored() throws SQLException {
    try (Connection c = DriverManager.getConnection(url(dir), "analyst", "secret")) {
      assertThat(names(c)).hasSize(3);
    }
    try (Connection c = DriverManager.getConnection(url(dir) + "?user=analyst&password=x")) {
      assertThat(names(c)).hasSize(3);
    }
  }

  @Test
  void percentEscapesInTheFolderAreDecoded() throws IOException, SQLException {
    Path spaced = Files.createDirectory(dir.resolve("with space & more"));
    Files.writeString(spaced.resolve("t.csv"), "a\n7\n", StandardCharsets.UTF_8);
    String encoded = spaced.toString().replace("%", "%25").replace(" ", "%20")
        .replace("&", "%26");
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + encoded + "?inferTypes=false");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT a FROM t")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("7");
      assertThat(rs.getMetaData().getColumnType(1)).isEqualTo(Types.VARCHAR);
    }
  }

  @Test
  void aUrlWithoutAFolderIsRefused() {
    SQLException e = sqlFailure(() -> DriverManager.getConnection("jdbc:csvws:"));
    assertThat(e.getMessage()).contains("folder");
    SQLException e2 = sqlFailure(
        () -> DriverManager.getConnection("jdbc:csvws:?maxCellChars=3"));
    assertThat(e2.getMessage()).contains("folder");
  }

  @ParameterizedTest
  @ValueSource(strings = {"?maxCellChars", "?=3", "?maxCellChars=3&novalue", "?a=%zz"})
  void aMalformedQueryPartIsRefused(String query) {
    SQLException e = sqlFailure(() -> DriverManager.getConnection(url(dir) + query));
    assertThat(e.getSQLState()).isEqualTo("HY024");
  }

  @Test
  void aMissingFolderFailsNamingThePath() {
    Path missing = dir.resolve("no-such-folder");
    SQLException e = sqlFailure(() -> DriverManager.getConnection(url(missing)));
    assertThat(e.getMessage()).contains(missing.toString()).contains("does not exist");
    assertThat(e.getSQLState()).isEqualTo("58030");
    assertThat(Files.exists(missing)).isFalse();
  }

  @Test
  void aFileInsteadOfAFolderFailsNamingThePath() {
    Path file = dir.resolve("people.csv");
    SQLException e = sqlFailure(() -> DriverManager.getConnection(url(file)));
    assertThat(e.getMessage()).contains(file.toString()).contains("not a folder");
    assertThat(e.getSQLState()).isEqualTo("58030");
  }

  @Test
  void aMissingFolderGivenThroughPropertiesFailsToo() {
    Properties p = new Properties();
    p.setProperty("maxCellChars", "10");
    Path missing = dir.resolve("gone/deeper");
    SQLException e = sqlFailure(() -> DriverManager.getConnection(url(missing), p));
    assertThat(e.getMessage()).contains(missing.toString());
  }

  /** Root reads every folder whatever its mode, so the case can only be shown as another user. */
  @Test
  void anUnreadableFolderFailsNamingThePath() throws IOException {
    Path locked = Files.createDirectory(dir.resolve("locked"));
    Files.writeString(locked.resolve("t.csv"), "a\n1\n", StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
    try {
      assumeFalse(Files.isReadable(locked), "this user (root?) reads a folder with mode 000");
      SQLException e = sqlFailure(() -> DriverManager.getConnection(url(locked)));
      assertThat(e.getMessage()).contains(locked.toString());
      assertThat(e.getSQLState()).isEqualTo("58030");
    } finally {
      Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
    }
  }

  /** A folder removed while connected: statements fail naming it, never list nothing. */
  @Test
  void aFolderRemovedAfterConnectingIsAnErrorNotAnEmptySchema() throws Exception {
    Path gone = Files.createDirectory(dir.resolve("gone"));
    Files.writeString(gone.resolve("t.csv"), "a\n1\n", StandardCharsets.UTF_8);
    try (Connection c = DriverManager.getConnection(url(gone))) {
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT a FROM t")) {
        assertThat(rs.next()).isTrue();
      }
      Files.delete(gone.resolve("t.csv"));
      Files.delete(gone);
      assertThat(c.isValid(1)).isFalse();
      SQLException e = sqlFailure(() -> {
        try (ResultSet rs = c.getMetaData().getTables(null, null, "%", null)) {
          while (rs.next()) {
            // drain
          }
        }
      });
      assertThat(e.getMessage()).contains(gone.getFileName().toString(), "no longer exists");
      assertThat(e.getSQLState()).isEqualTo("58030");
      SQLException q = sqlFailure(() -> c.createStatement().executeQuery("SELECT a FROM t"));
      assertThat(q.getMessage()).contains(gone.getFileName().toString(), "no longer exists");
    }
  }
}
