package io.csvws.wild;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What was decided about each fixture file, read through the {@code csvws} system schema. */
class MetadataAsSqlTest {
  private static Connection connection;

  @BeforeAll
  static void connect() throws Exception {
    Path dir = WildFilesTest.folder();
    connection = DriverManager.getConnection("jdbc:csvws:" + dir);
  }

  @AfterAll
  static void close() throws SQLException {
    connection.close();
  }

  private static List<String> row(String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.next()).as(sql).isTrue();
      List<String> out = new ArrayList<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        out.add(rs.getString(i));
      }
      assertThat(rs.next()).as("one row for " + sql).isFalse();
      return out;
    }
  }

  private static List<String> file(String path, String columns) throws SQLException {
    return row("SELECT " + columns + " FROM csvws.files WHERE path = '" + path + "'");
  }

  @Test
  void dialectDecisionsAreVisible() throws SQLException {
    assertThat(file("decimal_comma.csv", "delimiter, quote, header, encoding, row_count"))
        .containsExactly(";", "\"", "true", "UTF-8", "2");
    assertThat(file("preamble.csv", "skipped_lines, header, warnings").get(0)).isEqualTo("3");
    assertThat(file("preamble.csv", "warnings").get(0)).contains("Skipped 3 lines");
    assertThat(file("trailing_delimiters.csv", "trailing_delimiter, column_count"))
        .containsExactly("true", "2");
    assertThat(file("spaces_around.csv", "trimmed")).containsExactly("true");
    assertThat(file("backslash_escapes.csv", "escape_char")).containsExactly("\\");
    assertThat(file("single_quotes.csv", "quote")).containsExactly("'");
    assertThat(file("unquoted.tsv", "delimiter")).containsExactly("\\t");
  }

  @Test
  void encodingAndConfidenceAreVisible() throws SQLException {
    List<String> w = file("windows1252.csv", "encoding, encoding_confidence, encoding_decided_by");
    assertThat(w.get(0)).isEqualTo("windows-1252");
    assertThat(Double.parseDouble(w.get(1))).isLessThan(1);
    assertThat(file("utf16le_bom.csv", "encoding, encoding_confidence"))
        .containsExactly("UTF-16LE", "1.0");
    List<String> low = file("low_confidence.csv", "dialect_confidence, dialect_decided_by");
    assertThat(Double.parseDouble(low.get(0))).isLessThan(0.9);
    assertThat(low.get(1)).contains("another delimiter splits the sample as consistently");
  }

  @Test
  void metadataFilesAndFailuresAreVisible() throws SQLException {
    assertThat(file("sidecar_dialect.csv", "metadata_file, skipped_lines, delimiter"))
        .containsExactly("sidecar_dialect.csv-metadata.json", "1", "|");
    List<String> bad = file("sidecar_bad_json.csv", "error, column_count");
    assertThat(bad.get(0)).contains("is not valid JSON");
  }

  @Test
  void howEachTypeWasDecidedIsVisible() throws SQLException {
    assertThat(row("SELECT data_type, type_decided_by FROM csvws.columns "
        + "WHERE path = 'dates_dmy.csv' AND column_name = 'd'"))
        .satisfies(r -> assertThat(r.get(0)).isEqualTo("DATE"))
        .satisfies(r -> assertThat(r.get(1)).contains("written dd/mm/yyyy"));
    assertThat(row("SELECT data_type, type_decided_by FROM csvws.columns "
        + "WHERE path = 'dates_ambiguous.csv'").get(1)).contains("text because");
    assertThat(row("SELECT data_type, type_decided_by FROM csvws.columns "
        + "WHERE path = 'sidecar_dialect.csv' AND column_name = 'when'"))
        .containsExactly("DATE", "given by sidecar_dialect.csv-metadata.json");
  }
}
