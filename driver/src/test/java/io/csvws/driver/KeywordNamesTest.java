package io.csvws.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.direct.DirectQuery;
import io.csvws.engine.Engine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImplConstants;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Columns, labels and tables named by the parser's keywords that the direct path reads as names
 * (Calcite's Babel grammar reserves few: {@code name}, {@code type}, {@code value} and hundreds
 * more are names to it): for every such keyword, the direct answers of a limit, a grouping, a
 * labelled count, a count and a {@code SELECT *} of a table of that name equal Calcite's path's,
 * and none of them makes Calcite's connection.
 */
class KeywordNamesTest {
  @TempDir
  static Path dir;

  private static final Properties MEMORY = new Properties();
  /** The keywords the direct path reads as names, in lower case. */
  private static final List<String> NAMES = new ArrayList<>();

  @BeforeAll
  static void files() throws IOException {
    MEMORY.setProperty("metadataCache", "memory");
    for (String image : SqlBabelParserImplConstants.tokenImage) {
      String word = image.replace("\"", "").toLowerCase(Locale.ROOT);
      if (word.matches("[a-z_][a-z0-9_]*")
          && DirectQuery.read("SELECT COUNT(*) FROM " + word) != null) {
        NAMES.add(word);
      }
    }
    StringBuilder kw = new StringBuilder(String.join(",", NAMES)).append('\n');
    for (int r = 1; r <= 3; r++) {
      for (int c = 0; c < NAMES.size(); c++) {
        kw.append(c == 0 ? "" : ",").append((c + r) % 2 + c);
      }
      kw.append('\n');
    }
    Files.writeString(dir.resolve("kw.csv"), kw);
    for (String name : NAMES) {
      Files.writeString(dir.resolve(name + ".csv"), "v\n1\n2\n");
    }
  }

  @Test
  void keywordsReadAsNamesAnswerAsCalcitesPathAnswers() throws SQLException {
    assertThat(NAMES).as("keywords read as names").hasSizeGreaterThan(500)
        .contains("name", "type", "value", "year", "count", "user_defined_type_name")
        .doesNotContain("select", "true", "user", "current_date", "date", "as");
    CsvwsDriver driver = new CsvwsDriver(Engine.create(false));
    try (CsvwsConnection planned = (CsvwsConnection) driver.connect(CsvwsUrl.of(dir), MEMORY)) {
      for (String w : NAMES) {
        List<String> texts = List.of("SELECT " + w + " FROM kw LIMIT 2",
            "SELECT " + w + ", COUNT(" + w + ") AS n, SUM(" + w + ") FROM kw GROUP BY " + w,
            "SELECT COUNT(*) AS " + w + " FROM kw",
            "SELECT COUNT(*) FROM " + w,
            "SELECT * FROM " + w + " LIMIT 1");
        try (CsvwsConnection direct =
            (CsvwsConnection) driver.connect(CsvwsUrl.of(dir), MEMORY)) {
          for (String sql : texts) {
            List<String> answer;
            try (Statement s = direct.createStatement(); ResultSet rs = s.executeQuery(sql)) {
              answer = dump(rs, s.getWarnings());
            }
            List<String> reference;
            try (PreparedStatement p = planned.prepareStatement(sql);
                ResultSet rs = p.executeQuery()) {
              reference = dump(rs, p.getWarnings());
            }
            assertThat(answer).as(sql).isEqualTo(reference);
          }
          assertThat(direct.session().connected()).as(w + ": answered without Calcite")
              .isFalse();
        }
      }
    }
  }

  /** The columns' descriptions, the rows as objects and text, and the warnings. */
  private static List<String> dump(ResultSet rs, SQLWarning warnings) throws SQLException {
    List<String> out = new ArrayList<>();
    ResultSetMetaData md = rs.getMetaData();
    int n = md.getColumnCount();
    for (int k = 1; k <= n; k++) {
      out.add(md.getColumnLabel(k) + "|" + md.getColumnName(k) + "|" + md.getColumnTypeName(k)
          + "|" + md.getPrecision(k) + "|" + md.getScale(k) + "|" + md.isNullable(k) + "|"
          + md.getTableName(k) + "|" + md.getSchemaName(k));
    }
    while (rs.next()) {
      StringBuilder row = new StringBuilder();
      for (int k = 1; k <= n; k++) {
        Object v = rs.getObject(k);
        row.append(v == null ? "null" : v.getClass().getSimpleName() + ":" + v).append('/')
            .append(rs.getString(k)).append(';');
      }
      out.add(row.toString());
    }
    for (SQLWarning w = warnings; w != null; w = w.getNextWarning()) {
      out.add("warning " + w.getSQLState() + " " + w.getMessage());
    }
    return out;
  }
}
