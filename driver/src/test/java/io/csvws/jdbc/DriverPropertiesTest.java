package io.csvws.jdbc;

import static io.csvws.jdbc.SqlFailures.sqlFailure;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.CsvwsProperty;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Connection properties as a JDBC client meets them: {@code getPropertyInfo} describes every
 * property, a misspelt key or a malformed value fails to connect with a message that says what
 * would be right, and Calcite's own properties, which could reach other data or change how SQL is
 * read, are refused whether they come in the URL or in {@code Properties}.
 */
class DriverPropertiesTest {
  @TempDir
  Path dir;

  private Driver driver;

  @BeforeEach
  void setUp() throws IOException, SQLException {
    Files.writeString(dir.resolve("t.csv"), "a;b\n1;x\n2;y\n", StandardCharsets.UTF_8);
    driver = DriverManager.getDriver(url());
  }

  private String url() {
    return "jdbc:csvws:" + dir;
  }

  private static Properties props(String key, String value) {
    Properties p = new Properties();
    p.setProperty(key, value);
    return p;
  }

  // ---- getPropertyInfo

  @Test
  void propertyInfoListsEveryPropertyWithDefaultAndDescription() throws SQLException {
    DriverPropertyInfo[] info = driver.getPropertyInfo(url(), new Properties());
    assertThat(info).extracting(i -> i.name).containsExactlyElementsOf(
        Arrays.stream(CsvwsProperty.values()).map(CsvwsProperty::key).toList());
    for (CsvwsProperty p : CsvwsProperty.values()) {
      DriverPropertyInfo i = find(info, p.key());
      assertThat(i.value).as(p.key()).isEqualTo(p.defaultValue());
      assertThat(i.description).as(p.key())
          .contains(p.description())
          .contains("Default: " + p.defaultValue());
      assertThat(i.required).as(p.key()).isFalse();
    }
  }

  @Test
  void propertyInfoOffersChoicesForClosedSets() throws SQLException {
    DriverPropertyInfo[] info = driver.getPropertyInfo(url(), null);
    assertThat(find(info, "inferTypes").choices).containsExactlyInAnyOrder("true", "false");
    assertThat(find(info, "onTypeError").choices).contains("fail", "null");
    assertThat(find(info, "sampleRows").choices).isNull();
  }

  @Test
  void propertyInfoShowsValuesGivenInTheUrlAndInProperties() throws SQLException {
    DriverPropertyInfo[] info = driver.getPropertyInfo(url() + "?maxCellChars=80&HEADER=false",
        props("sampleRows", "50"));
    assertThat(find(info, "maxCellChars").value).isEqualTo("80");
    assertThat(find(info, "header").value).isEqualTo("false");
    assertThat(find(info, "sampleRows").value).isEqualTo("50");
    assertThat(find(info, "inferTypes").value).isEqualTo("true");
  }

  /** A tool asks while the user is still typing: a half-written URL still gets the list. */
  @Test
  void propertyInfoAnswersForAnUnfinishedUrl() throws SQLException {
    assertThat(driver.getPropertyInfo("jdbc:csvws:", null)).hasSize(CsvwsProperty.values().length);
    assertThat(driver.getPropertyInfo(url() + "?maxCellChars", null))
        .hasSize(CsvwsProperty.values().length);
  }

  private static DriverPropertyInfo find(DriverPropertyInfo[] info, String name) {
    return Arrays.stream(info).filter(i -> i.name.equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no property info for " + name));
  }

  // ---- valid properties take effect

  @Test
  void keysMatchRegardlessOfCase() throws SQLException {
    try (Connection c = DriverManager.getConnection(url() + "?DELIMITER=semicolon&inferTYPES=false");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT a, b FROM t ORDER BY b")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getObject(1)).isEqualTo("1");
      assertThat(rs.getString(2)).isEqualTo("x");
    }
  }

  // ---- unknown keys

  @Test
  void anUnknownKeyInTheUrlListsTheValidOnes() {
    SQLException e = sqlFailure(() -> DriverManager.getConnection(url() + "?maxCellChar=200"));
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("Unknown property 'maxCellChar'");
    assertListsEveryKey(e);
  }

  @Test
  void anUnknownKeyInPropertiesListsTheValidOnes() {
    SQLException e = sqlFailure(
        () -> DriverManager.getConnection(url(), props("delimeter", ",")));
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("Unknown property 'delimeter'");
    assertListsEveryKey(e);
  }

  private static void assertListsEveryKey(SQLException e) {
    for (CsvwsProperty p : CsvwsProperty.values()) {
      assertThat(e.getMessage()).contains(p.key());
    }
  }

  // ---- malformed values

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "sampleRows|abc|an integer from 1 to",
      "sampleRows|0|an integer from 1 to",
      "sampleRows|-5|an integer from 1 to",
      "sampleRows|99999999999|an integer from 1 to",
      "maxCellChars|-1|an integer from 0 to",
      "maxCellChars|1.5|an integer from 0 to",
      "maxRecordBytes|10|an integer from 1024 to",
      "delimiter|ab|single",
      "delimiter|''|single",
      "quote|xy|single",
      "inferTypes|maybe|true or false",
      "inferTypes|1|true or false",
      "header|sometimes|one of",
      "onTypeError|ignore|one of",
      "charset|no-such-charset-x|charset"})
  void aMalformedValueSaysWhatIsExpected(String key, String value, String expected) {
    for (SQLException e : List.of(
        sqlFailure(() -> DriverManager.getConnection(url() + "?" + key + "=" + value)),
        sqlFailure(() -> DriverManager.getConnection(url(), props(key, value))))) {
      assertThat(e.getSQLState()).isEqualTo("HY024");
      assertThat(e.getMessage())
          .contains("'" + key + "'")
          .contains("'" + value + "'")
          .contains("expected")
          .contains(expected);
    }
  }

  @Test
  void aDelimiterEqualToTheQuoteIsRefused() {
    SQLException e = sqlFailure(() -> DriverManager.getConnection(url() + "?delimiter=%22"));
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("delimiter", "quote");
  }

  // ---- Calcite's own properties

  /** Every key of Calcite's and Avatica's connection properties, and the model's operands. */
  static Stream<Arguments> engineProperties() {
    List<Arguments> out = new ArrayList<>();
    for (CalciteConnectionProperty p : CalciteConnectionProperty.values()) {
      out.add(Arguments.of(p.camelName(), sampleValue(p.camelName())));
    }
    for (BuiltInConnectionProperty p : BuiltInConnectionProperty.values()) {
      out.add(Arguments.of(p.camelName(), "x"));
    }
    out.add(Arguments.of("schema.directory", "/etc"));
    out.add(Arguments.of("schema.x", "1"));
    out.add(Arguments.of("SCHEMAFACTORY", "org.apache.calcite.adapter.file.FileSchemaFactory"));
    out.add(Arguments.of("Model", "inline:{}"));
    return out.stream();
  }

  private static String sampleValue(String key) {
    switch (key) {
      case "model":
        return "inline:{\"version\":\"1.0\",\"schemas\":[]}";
      case "schemaFactory":
        return "org.apache.calcite.adapter.jdbc.JdbcSchema$Factory";
      case "fun":
        return "oracle";
      case "lex":
        return "MYSQL";
      case "caseSensitive":
        return "true";
      default:
        return "x";
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engineProperties")
  void engineKeysInTheUrlAreRefused(String key, String value) {
    SQLException e = sqlFailure(
        () -> DriverManager.getConnection(url() + "?" + key + "=" + encode(value)));
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("'" + key + "'").contains("Valid properties");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engineProperties")
  void engineKeysInPropertiesAreRefused(String key, String value) {
    SQLException e = sqlFailure(() -> DriverManager.getConnection(url(), props(key, value)));
    assertThat(e.getSQLState()).isEqualTo("HY024");
    assertThat(e.getMessage()).contains("'" + key + "'").contains("Valid properties");
  }

  @Test
  void calciteKeysAreNamedAsSuch() {
    for (String key : List.of("model", "schemaFactory", "schema.directory", "parserFactory",
        "fun", "lex")) {
      SQLException e = sqlFailure(() -> DriverManager.getConnection(url(), props(key, "x")));
      assertThat(e.getMessage()).as(key).contains("Calcite");
    }
  }

  /** A refused key among valid ones still refuses the whole connection. */
  @Test
  void anEngineKeyAmongValidOnesIsRefused() {
    Properties p = props("maxCellChars", "10");
    p.setProperty("fun", "oracle");
    SQLException e = sqlFailure(() -> DriverManager.getConnection(url() + "?inferTypes=false", p));
    assertThat(e.getMessage()).contains("'fun'");
  }

  private static String encode(String value) {
    return value.replace("%", "%25").replace("&", "%26").replace(";", "%3B")
        .replace("=", "%3D").replace("?", "%3F");
  }
}
