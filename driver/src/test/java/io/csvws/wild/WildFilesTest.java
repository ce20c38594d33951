package io.csvws.wild;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files as real tools export them, each in {@code src/test/resources/wild/} beside a
 * {@code <file>.expected} that holds the table a query must return: a header of
 * {@code name:TYPE} cells, then the rows, tab-separated, NULL as {@code \N} and control
 * characters escaped. Lines starting {@code # properties:} give connection properties,
 * {@code # warning:} text the result's warnings must contain, {@code # error:} text the query's
 * error must contain instead of a table.
 */
class WildFilesTest {

  static Stream<String> fixtures() throws IOException, URISyntaxException {
    try (Stream<Path> files = Files.list(folder())) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".expected"))
          .map(n -> n.substring(0, n.length() - ".expected".length())).sorted().toList().stream();
    }
  }

  static Path folder() throws URISyntaxException {
    return Paths.get(WildFilesTest.class.getResource("/wild/utf8_bom.csv").toURI()).getParent();
  }

  /** What a fixture's expected file says. */
  private record Expected(String properties, List<String> warnings, String error,
      List<String> table) {
    static Expected read(Path p) throws IOException {
      String properties = "";
      List<String> warnings = new ArrayList<>();
      String error = null;
      List<String> table = new ArrayList<>();
      for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
        if (line.startsWith("# properties: ")) {
          properties = line.substring("# properties: ".length());
        } else if (line.startsWith("# warning: ")) {
          warnings.add(line.substring("# warning: ".length()));
        } else if (line.startsWith("# error: ")) {
          error = line.substring("# error: ".length());
        } else {
          table.add(line);
        }
      }
      return new Expected(properties, warnings, error, table);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("fixtures")
  void readsAsExpected(String file) throws Exception {
    Path dir = folder();
    Expected expected = Expected.read(dir.resolve(file + ".expected"));
    String url = "jdbc:csvws:" + dir + (expected.properties.isEmpty() ? ""
        : "?" + expected.properties);
    String sql = "SELECT * FROM \"" + file + "\" ORDER BY \"_row\"";
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      if (expected.error != null) {
        assertThatThrownBy(() -> drain(s.executeQuery(sql)))
            .isInstanceOf(SQLException.class).hasMessageContaining(expected.error);
        return;
      }
      try (ResultSet rs = s.executeQuery(sql)) {
        List<String> table = drain(rs);
        assertThat(table).as(file).containsExactlyElementsOf(expected.table);
        String warnings = warnings(rs.getWarnings());
        for (String w : expected.warnings) {
          assertThat(warnings).as("warnings of " + file).contains(w);
        }
      }
    }
  }

  private static List<String> drain(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> out = new ArrayList<>();
    List<String> header = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      header.add(md.getColumnName(i) + ":" + md.getColumnTypeName(i));
    }
    out.add(String.join("\t", header));
    while (rs.next()) {
      List<String> row = new ArrayList<>();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        String v = rs.getString(i);
        row.add(v == null ? "\\N" : v.replace("\r", "\\r").replace("\n", "\\n")
            .replace("\0", "\\0").replace("\t", "\\t"));
      }
      out.add(String.join("\t", row));
    }
    return out;
  }

  private static String warnings(SQLWarning w) {
    StringBuilder b = new StringBuilder();
    for (; w != null; w = w.getNextWarning()) {
      b.append(w.getMessage()).append('\n');
    }
    return b.toString();
  }
}
