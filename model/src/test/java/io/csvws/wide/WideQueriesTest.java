package io.csvws.wide;

import static io.csvws.testing.ModelConnection.plan;
import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wide files through SQL: {@code SELECT *} over at least 500 columns is planned without
 * validating each column, with the same answer as the plain path; projections of 256 columns
 * or more copy values by index; a star in another shape over 4096 columns is refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WideQueriesTest {
  private static final int WIDE = WideStarQuery.MIN_COLUMNS;
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    write(dir.resolve("wide.csv"), WIDE, 5);
    write(dir.resolve("narrow.csv"), WIDE - 1, 3);
    write(dir.resolve("huge.csv"), WideStarQuery.MAX_PLAIN_STAR_COLUMNS, 2);
    write(dir.resolve("almost.csv"), WideStarQuery.MAX_PLAIN_STAR_COLUMNS - 1, 2);
    connection = ModelConnection.open(dir);
  }

  /** A file of {@code columns} columns c0, c1, ...; row r's value in column c is r * 1000 + c. */
  static void write(Path file, int columns, int rows) throws IOException {
    StringBuilder b = new StringBuilder();
    for (int c = 0; c < columns; c++) {
      b.append(c == 0 ? "" : ",").append('c').append(c);
    }
    b.append('\n');
    for (int r = 1; r <= rows; r++) {
      for (int c = 0; c < columns; c++) {
        b.append(c == 0 ? "" : ",").append(r * 1000 + c);
      }
      b.append('\n');
    }
    Files.writeString(file, b, StandardCharsets.UTF_8);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  /** Column count, the first row's first, second and last values, and the number of rows. */
  private List<String> shape(String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      List<String> out = new ArrayList<>(List.of(Integer.toString(columns),
          rs.getMetaData().getColumnLabel(1), rs.getMetaData().getColumnLabel(columns)));
      int n = 0;
      while (rs.next()) {
        if (n++ == 0) {
          out.add(rs.getString(1));
          out.add(rs.getString(2));
          out.add(rs.getString(columns));
        }
      }
      out.add(Integer.toString(n));
      return out;
    }
  }

  @Test
  void aWideStarWithWhereOrderAndLimitGivesEveryColumnInFileOrder() throws SQLException {
    assertThat(shape("SELECT * FROM wide")).containsExactly("500", "c0", "c499", "1000", "1001",
        "1499", "5");
    assertThat(shape("SELECT * FROM wide WHERE c1 > 2000 ORDER BY c2 DESC LIMIT 2"))
        .containsExactly("500", "c0", "c499", "5000", "5001", "5499", "2");
    assertThat(shape("SELECT w.* FROM wide AS w WHERE w.c3 < 3000 ORDER BY c0"))
        .containsExactly("500", "c0", "c499", "1000", "1001", "1499", "2");
    assertThat(shape("SELECT * FROM wide ORDER BY c5 DESC NULLS LAST OFFSET 1 ROWS"))
        .containsExactly("500", "c0", "c499", "4000", "4001", "4499", "4");
    assertThat(shape("SELECT * FROM wide WHERE c0 = 3000"))
        .containsExactly("500", "c0", "c499", "3000", "3001", "3499", "1");
  }

  /**
   * Over 4096 columns only the planned shape runs (any other star is refused), so these answers
   * come from {@link WideStarQuery#plan}: sorted, limited and offset as asked.
   */
  @Test
  void aStarOfAHugeFileIsSortedLimitedAndOffsetAsAsked() throws SQLException {
    assertThat(shape("SELECT * FROM huge"))
        .containsExactly("4096", "c0", "c4095", "1000", "1001", "5095", "2");
    assertThat(shape("SELECT * FROM huge ORDER BY c1 DESC"))
        .containsExactly("4096", "c0", "c4095", "2000", "2001", "6095", "2");
    assertThat(shape("SELECT h.* FROM huge AS h WHERE h.c2 > 0 ORDER BY c3 DESC LIMIT 1"))
        .containsExactly("4096", "c0", "c4095", "2000", "2001", "6095", "1");
    assertThat(shape("SELECT * FROM huge OFFSET 1 ROWS"))
        .containsExactly("4096", "c0", "c4095", "2000", "2001", "6095", "1");
    assertThat(shape("SELECT * FROM huge ORDER BY c4095 DESC NULLS FIRST OFFSET 1 ROWS"))
        .containsExactly("4096", "c0", "c4095", "1000", "1001", "5095", "1");
  }

  @Test
  void otherShapesTakeThePlainPathWithTheSameAnswer() throws SQLException {
    assertThat(shape("SELECT * FROM wide ORDER BY 2 DESC"))
        .containsExactly("500", "c0", "c499", "5000", "5001", "5499", "5");
    assertThat(shape("SELECT * FROM wide ORDER BY c1 DESC, 1"))
        .containsExactly("500", "c0", "c499", "5000", "5001", "5499", "5");
    assertThat(shape("SELECT DISTINCT * FROM wide")).startsWith("500").endsWith("5");
    assertThat(shape("SELECT * FROM (SELECT * FROM wide) WHERE c1 = 2001"))
        .containsExactly("500", "c0", "c499", "2000", "2001", "2499", "1");
    assertThat(shape("SELECT *, 1 AS one FROM wide WHERE c0 = 1000"))
        .containsExactly("501", "c0", "one", "1000", "1001", "1", "1");
    assertThat(shape("SELECT * FROM narrow ORDER BY c0 DESC"))
        .containsExactly("499", "c0", "c498", "3000", "3001", "3498", "3");
    assertThat(shape("SELECT * FROM wide WHERE c0 IN (1000, 2000) UNION ALL "
        + "SELECT * FROM wide WHERE c0 = 5000")).startsWith("500").endsWith("3");
  }

  @Test
  void aWideStarIsPlannedWithoutTheRowColumn() throws SQLException {
    String p = plan(connection, "SELECT * FROM wide WHERE c1 > 2000 ORDER BY c2 LIMIT 2");
    assertThat(p).doesNotContain("_row");
    assertThat(rows(connection, "SELECT _row FROM wide WHERE c1 > 2000 ORDER BY c2 LIMIT 1"))
        .containsExactly(List.of("2"));
  }

  @Test
  void aProjectionOfManyPlainColumnsCopiesByIndex() throws SQLException {
    StringBuilder cols = new StringBuilder();
    for (int c = WIDE - 1; c >= WIDE - WideProjectRule.MIN_COLUMNS; c--) {
      cols.append(c == WIDE - 1 ? "" : ", ").append('c').append(c);
    }
    String sql = "SELECT " + cols + ", c0, c0 AS c0b FROM wide ORDER BY c0";
    // Pushed into the scan here, which then reads only the 257 distinct columns asked for.
    assertThat(plan(connection, sql)).contains("fields=[258 of 501]");
    assertThat(shape(sql)).containsExactly("258", "c499", "c0b", "1499", "1498", "1000", "5");
    String few = "SELECT c3, c1 FROM wide";
    assertThat(plan(connection, few)).doesNotContain("WideProject");
    StringBuilder computed = new StringBuilder("c0 + 1");
    for (int c = 1; c < WideProjectRule.MIN_COLUMNS; c++) {
      computed.append(", c").append(c);
    }
    assertThat(plan(connection, "SELECT " + computed + " FROM wide"))
        .doesNotContain("WideProject");
  }

  @Test
  void aStarOfAHugeFileOutsideThePlannedShapeIsRefused() throws SQLException {
    assertThat(shape("SELECT * FROM huge WHERE c0 > 1000"))
        .containsExactly("4096", "c0", "c4095", "2000", "2001", "6095", "1");
    for (String sql : List.of("SELECT *, 1 FROM huge", "SELECT h.* FROM huge h JOIN wide w "
        + "ON h.c0 = w.c0", "SELECT * FROM huge AS h, wide")) {
      assertThatThrownBy(() -> rows(connection, sql)).as(sql).satisfies(e -> {
        CsvwsException ours = CsvwsException.find(e);
        assertThat(ours).isNotNull();
        assertThat(ours.code()).isEqualTo(ErrorCode.VALIDATION_FAILED);
        assertThat(ours.getMessage()).contains("SELECT * over huge.csv (4096 columns) runs only",
            "name the columns you need instead");
      });
    }
    assertThat(shape("SELECT *, 1 AS one FROM almost WHERE c0 = 2000"))
        .containsExactly("4096", "c0", "one", "2000", "2001", "1", "1");
  }
}
