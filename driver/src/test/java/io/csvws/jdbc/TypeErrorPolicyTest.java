package io.csvws.jdbc;

import static io.csvws.jdbc.Queries.column;
import static io.csvws.jdbc.Queries.failure;
import static io.csvws.jdbc.Queries.rows;
import static io.csvws.jdbc.Queries.value;
import static io.csvws.jdbc.Queries.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Types;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A value beyond the sample that does not fit its column's inferred type never gives a silently
 * wrong answer: by default the query fails naming the file, row, column and value; with
 * {@code onTypeError=null} it reads as NULL and a warning counts such values; with
 * {@code inferTypes=false} every column is text.
 */
class TypeErrorPolicyTest {
  private static final int ROWS = 40;
  /** The sample is the first 10 data rows; the misfits come after it. */
  private static final String SAMPLE = "sampleRows=10";

  @TempDir
  Path dir;

  /**
   * Rows 1..40: id = row, qty = 2 * row, day in January, flag alternating. Row 5's note spans two
   * lines, so record and line numbers differ after it. Row 25's qty is 12.5, row 31's is "n/a",
   * row 33's day is 2024-13-45 and row 35's flag is "maybe" (yes and no are booleans).
   */
  @BeforeEach
  void writeFile() {
    StringBuilder text = new StringBuilder("id,qty,day,flag,note\n");
    for (int r = 1; r <= ROWS; r++) {
      String qty = r == 25 ? "12.5" : r == 31 ? "n/a" : String.valueOf(2 * r);
      String day = r == 33 ? "2024-13-45" : String.format("2024-01-%02d", r % 28 + 1);
      String flag = r == 35 ? "maybe" : String.valueOf(r % 2 == 0);
      String note = r == 5 ? "\"two\nlines\"" : "n" + r;
      text.append(r).append(',').append(qty).append(',').append(day).append(',').append(flag)
          .append(',').append(note).append('\n');
    }
    write(dir, "orders.csv", text.toString());
  }

  @Test
  void aMisfitFailsTheQueryNamingFileRowColumnValueAndTheFix() throws Exception {
    try (Connection c = Queries.open(dir, SAMPLE)) {
      SQLException e = failure(c, "SELECT SUM(qty) FROM orders");
      assertThat((Throwable) e).isInstanceOf(SQLDataException.class);
      assertThat(e.getSQLState()).isEqualTo("22018");
      assertThat(e.getMessage()).contains("orders.csv", "row 25", "\"qty\"", "\"12.5\"",
          "BIGINT", "onTypeError=null", "inferTypes=false");

      assertThat(failure(c, "SELECT id FROM orders WHERE qty > 1000").getMessage())
          .as("a filter reads the column too").contains("row 25", "12.5");
      assertThat(failure(c, "SELECT qty FROM orders WHERE id > 30").getMessage())
          .as("rows the condition rejects are not converted further").contains("row 31", "\"n/a\"");
      SQLException date = failure(c, "SELECT MAX(\"day\") FROM orders");
      assertThat(date.getSQLState()).isEqualTo("22018");
      assertThat(date.getMessage()).contains("row 33", "\"day\"", "2024-13-45", "DATE");
      SQLException bool = failure(c, "SELECT COUNT(*) FROM orders WHERE flag");
      assertThat(bool.getMessage()).contains("row 35", "\"flag\"", "\"maybe\"", "BOOLEAN");
    }
  }

  @Test
  void theRowInTheMessageIsTheRowNumberOfTheRecord() throws Exception {
    long row;
    try (Connection c = Queries.open(dir, "inferTypes=false")) {
      row = (Long) value(c, "SELECT _row FROM orders WHERE qty = '12.5'");
    }
    assertThat(row).isEqualTo(25L);
    try (Connection c = Queries.open(dir, SAMPLE)) {
      assertThat(failure(c, "SELECT qty FROM orders").getMessage()).contains("row " + row + ",");
    }
  }

  @Test
  void aMisfitInAColumnTheQueryDoesNotReadStopsNothing() throws Exception {
    try (Connection c = Queries.open(dir, SAMPLE)) {
      assertThat(value(c, "SELECT COUNT(*) FROM orders")).isEqualTo((long) ROWS);
      assertThat(value(c, "SELECT SUM(id) FROM orders")).isEqualTo((long) ROWS * (ROWS + 1) / 2);
      assertThat(column(c, "SELECT note FROM orders WHERE id = 25")).containsExactly("n25");
      assertThat(column(c, "SELECT qty FROM orders WHERE _row BETWEEN 1 AND 3"))
          .as("the rows read hold no misfit").containsExactly(2L, 4L, 6L);
    }
  }

  @Test
  void withOnTypeErrorNullMisfitsReadAsNullAndAWarningCountsThem() throws Exception {
    try (Connection c = Queries.open(dir, SAMPLE, "onTypeError=null");
        Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT id, qty FROM orders WHERE id IN (24, 25, 31) "
          + "ORDER BY id")) {
        assertThat(Queries.rows(rs)).containsExactly(List.of(24L, 48L), Arrays.asList(25L, null),
            Arrays.asList(31L, null));
        SQLWarning w = rs.getWarnings();
        assertThat((Throwable) w).isNotNull();
        assertThat(w.getMessage()).startsWith("2 values did not fit")
            .contains("orders.csv", "row 25", "\"qty\"", "12.5", "NULL");
        assertThat((Throwable) w.getNextWarning()).isNull();
      }
      long expectedSum = 0;
      for (int r = 1; r <= ROWS; r++) {
        expectedSum += r == 25 || r == 31 ? 0 : 2L * r;
      }
      try (ResultSet rs = s.executeQuery("SELECT SUM(qty), COUNT(qty), COUNT(*) FROM orders")) {
        assertThat(Queries.rows(rs)).containsExactly(
            List.of(expectedSum, (long) ROWS - 2, (long) ROWS));
        assertThat((Throwable) rs.getWarnings()).as("an aggregate reports the NULLs it was given")
            .isNotNull();
        assertThat(rs.getWarnings().getMessage()).startsWith("2 values did not fit");
      }
      try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM orders WHERE \"day\" IS NULL OR "
          + "flag IS NULL")) {
        assertThat(Queries.rows(rs)).containsExactly(List.of(2L));
        assertThat(rs.getWarnings().getMessage()).startsWith("2 values did not fit");
      }
      try (ResultSet rs = s.executeQuery("SELECT id FROM orders WHERE id < 10")) {
        assertThat(Queries.rows(rs)).hasSize(9);
        assertThat((Throwable) rs.getWarnings()).as("no misfit read, no warning").isNull();
      }
    }
  }

  @Test
  void withInferTypesFalseEveryColumnIsTextAndNothingFails() throws Exception {
    try (Connection c = Queries.open(dir, SAMPLE, "inferTypes=false");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM orders WHERE id IN ('1', '25') ORDER BY id")) {
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        assertThat(md.getColumnType(i)).as(md.getColumnLabel(i)).isEqualTo(Types.VARCHAR);
      }
      assertThat(Queries.rows(rs)).containsExactly(
          List.of("1", "2", "2024-01-02", "false", "n1"),
          List.of("25", "12.5", "2024-01-26", "false", "n25"));
    }
    try (Connection c = Queries.open(dir, SAMPLE, "inferTypes=false")) {
      assertThat(rows(c, "SELECT COUNT(*), SUM(CAST(id AS INTEGER)) FROM orders"))
          .containsExactly(List.of((long) ROWS, (long) ROWS * (ROWS + 1) / 2));
      assertThat(column(c, "SELECT qty FROM orders WHERE qty NOT SIMILAR TO '[0-9]+' "
          + "ORDER BY 1")).containsExactly("12.5", "n/a");
    }
  }
}
