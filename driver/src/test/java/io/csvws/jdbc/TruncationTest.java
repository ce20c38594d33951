package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.value;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code maxCellChars=N} cuts long text as it is delivered: the cut value ends with a marker
 * saying how much was cut, the result set's warnings count the cut cells, and nothing else
 * changes: filters, lengths, grouping and sorting see whole values, and numbers are never cut.
 */
class TruncationTest {
  private static final String NEEDLE = "abcdefghij-tail-needle";
  private static final String ACCENTS = "ñññññññññññ😀😀"; // 13 code points, 15 chars

  @TempDir
  Path dir;

  @BeforeEach
  void writeFile() {
    write(dir, "t.csv", String.join("\n",
        "id,txt,other,num,big,stamp",
        "1,short,x,3.141592653589793,1234567890123456789,2024-01-31 10:11:12.345",
        "2,abcdefghij,y,2.5,2,2024-01-31 10:11:12",
        "3,abcdefghijK,\"a rather long value, with a comma\",1.0,3,2024-01-31 10:11:12",
        "4," + NEEDLE + ",z,1.0,4,2024-01-31 10:11:12",
        "5,abcdefghij-other,z,1.0,5,2024-01-31 10:11:12",
        "6," + ACCENTS + ",z,1.0,6,2024-01-31 10:11:12",
        "7,,z,1.0,7,2024-01-31 10:11:12",
        ""));
  }

  @Test
  void cutValuesEndWithAMarkerAndTheWarningCountsCutCells() throws Exception {
    try (Connection c = Queries.open(dir, "maxCellChars=10"); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, txt, other FROM t ORDER BY id")) {
      assertThat((Throwable) rs.getWarnings()).as("nothing cut yet").isNull();
      List<List<Object>> expected = List.of(
          List.of(1, "short", "x"),
          List.of(2, "abcdefghij", "y"),
          List.of(3, "abcdefghij...[+1 chars]", "a rather l...[+23 chars]"),
          List.of(4, "abcdefghij...[+12 chars]", "z"),
          List.of(5, "abcdefghij...[+6 chars]", "z"),
          List.of(6, "ññññññññññ...[+3 chars]", "z"),
          Arrays.asList(7, null, "z"));
      int row = 0;
      while (rs.next()) {
        List<Object> want = expected.get(row++);
        assertThat(rs.getInt(1)).isEqualTo(want.get(0));
        assertThat(rs.getString(2)).isEqualTo(want.get(1));
        assertThat(rs.getObject(2)).as("read twice, counted once").isEqualTo(want.get(1));
        assertThat(rs.getString("other")).isEqualTo(want.get(2));
        if (row == 3) {
          SQLWarning w = rs.getWarnings();
          assertThat(w.getSQLState()).isEqualTo("01004");
          assertThat(w.getMessage()).contains("maxCellChars=10", "cut 2 cells");
        }
      }
      assertThat(row).isEqualTo(expected.size());
      SQLWarning w = rs.getWarnings();
      assertThat(w.getSQLState()).isEqualTo("01004");
      assertThat(w.getMessage()).contains("cut 5 cells", "...[+N chars]");
      rs.clearWarnings();
      assertThat((Throwable) rs.getWarnings()).isNull();
    }
  }

  @Test
  void everyWayOfReadingTextIsCut() throws Exception {
    try (Connection c = Queries.open(dir, "maxCellChars=10");
        PreparedStatement ps = c.prepareStatement("SELECT txt FROM t WHERE id = ?")) {
      ps.setInt(1, 4);
      try (ResultSet rs = ps.executeQuery()) {
        assertThat(rs.next()).isTrue();
        String cut = "abcdefghij...[+12 chars]";
        assertThat(rs.getString(1)).isEqualTo(cut);
        assertThat(rs.getNString(1)).isEqualTo(cut);
        assertThat(rs.getObject(1)).isEqualTo(cut);
        assertThat(rs.getObject(1, String.class)).isEqualTo(cut);
        assertThat(rs.getString("txt")).isEqualTo(cut);
        StringWriter read = new StringWriter();
        try (Reader r = rs.getCharacterStream(1)) {
          r.transferTo(read);
        }
        assertThat(read.toString()).isEqualTo(cut);
        assertThat(rs.getWarnings().getMessage()).contains("cut 1 cell ");
      }
    }
  }

  @Test
  void filtersLengthsGroupsAndSortsSeeWholeValues() throws Exception {
    try (Connection c = Queries.open(dir, "maxCellChars=10")) {
      assertThat(column(c, "SELECT id FROM t WHERE txt LIKE '%needle'")).containsExactly(4);
      assertThat(column(c, "SELECT id FROM t WHERE txt = '" + NEEDLE + "'")).containsExactly(4);
      assertThat(column(c, "SELECT id FROM t WHERE txt = 'abcdefghij...[+12 chars]'"))
          .as("the marker is not in the data").isEmpty();
      assertThat(value(c, "SELECT LENGTH(txt) FROM t WHERE id = 4")).isEqualTo(NEEDLE.length());
      assertThat(value(c, "SELECT MAX(LENGTH(other)) FROM t")).isEqualTo(33);
      assertThat(value(c, "SELECT SUBSTRING(txt, 11, 10) FROM t WHERE id = 4"))
          .isEqualTo("-tail-need");
      assertThat(value(c, "SELECT COUNT(DISTINCT txt) FROM t WHERE txt LIKE 'abcdefghij%'"))
          .as("values that agree on the first 10 characters are still distinct").isEqualTo(4L);
      assertThat(rows(c, "SELECT COUNT(*), MIN(id) FROM t WHERE id BETWEEN 3 AND 5 GROUP BY txt "
          + "ORDER BY 2")).containsExactly(List.of(1L, 3), List.of(1L, 4), List.of(1L, 5));
      assertThat(column(c, "SELECT id FROM t WHERE id BETWEEN 2 AND 5 ORDER BY txt"))
          .as("'-' sorts before 'K' after the tenth character").containsExactly(2, 5, 4, 3);
      assertThat(column(c, "SELECT MAX(txt) FROM t WHERE id BETWEEN 2 AND 5"))
          .as("an aggregate works on whole values; the delivered text is cut")
          .containsExactly("abcdefghij...[+1 chars]");
      assertThat(column(c, "SELECT id FROM t WHERE txt > 'abcdefghij-p' AND id < 6"))
          .containsExactlyInAnyOrder(1, 3, 4);
    }
  }

  @Test
  void numbersAndTemporalValuesAreNeverCut() throws Exception {
    try (Connection c = Queries.open(dir, "maxCellChars=3"); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT num, big, stamp, id FROM t WHERE id = 1")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getString(1)).isEqualTo("3.141592653589793");
      assertThat(rs.getObject(1)).isEqualTo(new java.math.BigDecimal("3.141592653589793"));
      assertThat(rs.getString(2)).isEqualTo("1234567890123456789");
      assertThat(rs.getLong(2)).isEqualTo(1234567890123456789L);
      assertThat(rs.getString(3)).startsWith("2024-01-31 10:11:12");
      assertThat(rs.getString(4)).isEqualTo("1");
      assertThat((Throwable) rs.getWarnings()).isNull();
    }
  }

  @Test
  void withoutMaxCellCharsValuesAreWhole() throws Exception {
    try (Connection c = Queries.open(dir); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT txt FROM t WHERE id IN (4, 6) ORDER BY id")) {
      assertThat(Queries.rows(rs)).containsExactly(List.of(NEEDLE), List.of(ACCENTS));
      assertThat((Throwable) rs.getWarnings()).isNull();
    }
  }
}
