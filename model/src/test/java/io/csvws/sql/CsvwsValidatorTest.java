package io.csvws.sql;

import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.runtime.CalciteContextException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * csvws's validator on real files: the hidden {@code _row} is left out of stars and NATURAL
 * JOIN, a table is found where a folder has its name, a missing table names the schema it was
 * looked for in, an unreadable file fails with its reason, and DuckDB's {@code GROUP BY ALL} and
 * {@code ORDER BY ALL} mean what they mean there.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CsvwsValidatorTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    write(dir.resolve("t.csv"), "name,note\nann,x\nbob,y\ncid,z\n");
    write(dir.resolve("u.csv"), "name,_row\nann,own\nbob,mine\n");
    write(dir.resolve("p.csv"), "id,colour\n1,red\n2,blue\n");
    write(dir.resolve("q.csv"), "code,size\n7,big\n");
    write(dir.resolve("events.csv"), "type,name,count\nclick,a,2\nview,b,5\nclick,c,3\n");
    write(dir.resolve("archive.csv"), "id,v\n1,table\n");
    write(dir.resolve("archive/old.csv"), "k,v\na,folder\n");
    write(dir.resolve("data/sales/q1.csv"), "k\n1\n");
    write(dir.resolve("packed.csv.gz"), "id\n1\n");
    connection = ModelConnection.open(dir);
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  private List<String> labels(String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      List<String> out = new ArrayList<>();
      for (int k = 1; k <= md.getColumnCount(); k++) {
        out.add(md.getColumnLabel(k));
      }
      return out;
    }
  }

  /** The failure of {@code sql}, as a Throwable (an SQLException is also an Iterable). */
  private Throwable failure(String sql) {
    Throwable e = catchThrowableOfType(SQLException.class, () -> rows(connection, sql));
    assertThat(e).as("%s fails", sql).isNotNull();
    return e;
  }

  private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    throw new AssertionError("no " + type.getSimpleName() + " in " + e, e);
  }

  @Test
  void starsLeaveOutTheRowNumberWhichStaysSelectableByName() throws SQLException {
    assertThat(labels("SELECT * FROM t")).containsExactly("name", "note");
    assertThat(labels("SELECT t.* FROM t")).containsExactly("name", "note");
    assertThat(labels("SELECT t.*, t._row FROM t")).containsExactly("name", "note", "_row");
    assertThat(rows(connection, "SELECT *, _row FROM t WHERE _row > 2"))
        .containsExactly(List.of("cid", "z", "3"));
    assertThat(labels("SELECT * FROM u")).as("a header cell named _row is renamed")
        .containsExactly("name", "_row_2");
    assertThat(rows(connection, "SELECT * FROM t ORDER BY 2 DESC"))
        .as("ordinals count the visible columns").extracting(r -> r.get(1))
        .containsExactly("z", "y", "x");
  }

  @Test
  void aColumnNamedRowOfASubQueryIsAnOrdinaryColumn() throws SQLException {
    assertThat(labels("SELECT * FROM (SELECT name, _row FROM t) AS s"))
        .containsExactly("name", "_row");
    assertThat(labels("SELECT s.* FROM (SELECT _row AS r, t._row FROM t) AS s"))
        .containsExactly("r", "_row");
  }

  @Test
  void joinConditionsAndOrdersAreStillValidated() {
    assertThat(failure("SELECT t.name FROM t JOIN u ON t.nme = u.name"))
        .hasMessageContaining("Column 'nme' not found in table 't'; did you mean 'name'?");
    assertThat(failure("SELECT name FROM t ORDER BY nite"))
        .hasMessageContaining("Column 'nite' not found in any table; did you mean 'note'?");
    assertThat(failure("SELECT * FROM t NATURAL JOIN u ORDER BY nmae"))
        .hasMessageContaining("did you mean 'name'?");
  }

  @Test
  void aUsingJoinInsideParenthesesOnEitherSideKeepsTheRowNumberOut() throws SQLException {
    assertThat(labels("SELECT * FROM p JOIN (t JOIN u USING (name)) ON p.id = 1"))
        .containsExactly("id", "colour", "name", "note", "_row_2");
    assertThat(labels("SELECT * FROM (t NATURAL JOIN u) JOIN p ON p.id = 1"))
        .containsExactly("name", "note", "_row_2", "id", "colour");
  }

  @Test
  void aNaturalJoinMatchesTheVisibleColumnsOnly() throws SQLException {
    assertThat(labels("SELECT * FROM t NATURAL JOIN u")).containsExactly("name", "note",
        "_row_2");
    assertThat(rows(connection, "SELECT * FROM t NATURAL JOIN u ORDER BY name"))
        .containsExactly(List.of("ann", "x", "own"), List.of("bob", "y", "mine"));
    assertThat(rows(connection, "SELECT COUNT(*) FROM p NATURAL JOIN q"))
        .as("no common column: every pair, as PostgreSQL").containsExactly(List.of("2"));
  }

  @Test
  void aStarUnderUsingPutsTheUsingColumnFirstWithoutRowNumbers() throws SQLException {
    assertThat(labels("SELECT * FROM t JOIN u USING (name)"))
        .containsExactly("name", "note", "_row_2");
    assertThat(labels("SELECT t._row, * FROM t JOIN u USING (name)"))
        .containsExactly("_row", "name", "note", "_row_2");
    assertThat(rows(connection, "SELECT t.name, * FROM t JOIN u USING (name) ORDER BY 1"))
        .as("a bare column before the star is not taken for the star's first column")
        .containsExactly(List.of("ann", "ann", "x", "own"), List.of("bob", "bob", "y", "mine"));
    assertThat(labels("SELECT t.* FROM t JOIN u USING (name)")).containsExactly("name", "note");
    assertThat(rows(connection, "SELECT * FROM t JOIN u USING (name) ORDER BY 3"))
        .extracting(r -> r.get(2)).containsExactly("mine", "own");
    assertThat(rows(connection, "SELECT * FROM t JOIN u USING (name) JOIN p ON p.id = 1 "
        + "WHERE note = 'x'")).containsExactly(List.of("ann", "x", "own", "1", "red"));
  }

  @Test
  void excludeOrReplaceOverUsingIsRefusedWithTheWayOut() {
    assertThat(failure("SELECT * EXCLUDE (note) FROM t JOIN u USING (name)"))
        .hasMessageContaining("SELECT * EXCLUDE (...) over a JOIN ... USING or a NATURAL JOIN "
            + "is not supported; list the columns to select, or join with ON (a.k = b.k).");
    assertThat(failure("SELECT * REPLACE (upper(note) AS note) FROM t NATURAL JOIN u"))
        .hasMessageContaining("SELECT * REPLACE (...) over a JOIN");
  }

  @Test
  void excludeOfOneSideOverUsingWorks() throws SQLException {
    assertThat(labels("SELECT t.* EXCLUDE (note) FROM t JOIN u USING (name)"))
        .containsExactly("name");
  }

  @Test
  void aTableAndAFolderOfTheSameNameAreBothReached() throws SQLException {
    assertThat(rows(connection, "SELECT v FROM archive")).containsExactly(List.of("table"));
    assertThat(rows(connection, "SELECT a.v FROM archive AS a")).containsExactly(
        List.of("table"));
    assertThat(rows(connection, "SELECT archive.v FROM archive")).as("named as it was written")
        .containsExactly(List.of("table"));
    assertThat(rows(connection, "SELECT v FROM archive.old")).containsExactly(
        List.of("folder"));
    assertThat(rows(connection, "SELECT a.v, o.v FROM archive a JOIN archive.old o ON TRUE"))
        .containsExactly(List.of("table", "folder"));
    assertThat(rows(connection, "SELECT p.colour, archive.v FROM p JOIN archive ON p.id = "
        + "archive.id")).containsExactly(List.of("red", "table"));
    assertThat(rows(connection, "SELECT v FROM archive JOIN p USING (id)"))
        .containsExactly(List.of("table"));
    assertThat(rows(connection, "SELECT v FROM main.archive")).containsExactly(
        List.of("table"));
    assertThat(rows(connection, "SELECT main.t.name FROM main.t WHERE note = 'x'"))
        .as("a table no folder shadows keeps its qualified name").containsExactly(
            List.of("ann"));
    assertThat(rows(connection, "SELECT * FROM (SELECT v FROM archive) AS s"))
        .containsExactly(List.of("table"));
    assertThat(rows(connection, "WITH archive AS (SELECT 'with' AS v) SELECT v FROM archive"))
        .as("a WITH item comes before a table").containsExactly(List.of("with"));
  }

  @Test
  void aMissingTableNamesTheSchemaItWasLookedFor() {
    Throwable e = failure("SELECT * FROM data.sales.q2");
    assertThat(e).hasMessageContaining("Table 'q2' not found in schema 'data.sales'");
    CalciteContextException at = cause(e, CalciteContextException.class);
    assertThat(at.getPosColumn()).isEqualTo(15);
    assertThat(at.getEndPosColumn()).isEqualTo(27);
    assertThat(at.getMessage()).startsWith("From line 1, column 15 to line 1, column 27");
    assertThat(failure("SELECT * FROM archive.q2"))
        .hasMessageContaining("Table 'q2' not found in schema 'archive'");
    assertThat(failure("SELECT * FROM main.data.q2"))
        .hasMessageContaining("Table 'q2' not found in schema 'data'");
    assertThat(failure("SELECT * FROM nowhere.q2")).as("no such schema: Calcite's own message")
        .hasMessageContaining("'nowhere'").hasMessageNotContaining("in schema");
  }

  @Test
  void anUnreadableFileFailsWithItsReason() {
    Throwable e = failure("SELECT * FROM packed");
    CsvwsException reason = cause(e, CsvwsException.class);
    assertThat(reason.getMessage()).startsWith("packed.csv.gz cannot be read: ")
        .endsWith("(is it really gzip-compressed?).");
    assertThat(reason.code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    assertThat(failure("SELECT COUNT(*) FROM packed")).as("the count short cut too")
        .hasMessageContaining("packed.csv.gz cannot be read");
  }

  @Test
  void groupByAllGroupsByTheItemsWithoutAggregates() throws SQLException {
    assertThat(rows(connection, "SELECT type, SUM(count) AS n FROM events GROUP BY ALL "
        + "ORDER BY type")).containsExactly(List.of("click", "5"), List.of("view", "5"));
    assertThat(rows(connection, "SELECT COUNT(*), 'k' FROM events GROUP BY ALL"))
        .as("only aggregates and constants: one group").containsExactly(List.of("3", "k"));
    assertThat(rows(connection, "SELECT upper(type) AS t, MAX(count) + 1, "
        + "(SELECT COUNT(*) FROM p) AS c FROM events GROUP BY ALL ORDER BY ALL"))
        .as("a sub-query's aggregate does not make the item an aggregate")
        .containsExactly(List.of("CLICK", "4", "2"), List.of("VIEW", "6", "2"));
    assertThat(rows(connection, "SELECT type, ROW_NUMBER() OVER (ORDER BY type) FROM events "
        + "GROUP BY ALL ORDER BY ALL")).as("a window call is no grouping key")
        .containsExactly(List.of("click", "1"), List.of("view", "2"));
    assertThat(rows(connection, "SELECT type, median(count) FROM events GROUP BY ALL "
        + "ORDER BY ALL")).as("csvws's own aggregates too")
        .containsExactly(List.of("click", "2.5"), List.of("view", "5.0"));
  }

  @Test
  void groupByAllOverAStarSaysToListTheColumns() {
    Throwable e = failure("SELECT *, COUNT(*) FROM events GROUP BY ALL");
    assertThat(e).hasMessageContaining("GROUP BY ALL cannot group by the columns of * (at line "
        + "1, column 8); list the columns in the SELECT clause, or write SELECT DISTINCT * "
        + "instead.");
  }

  @Test
  void orderByAllOrdersByEveryColumnLeftToRight() throws SQLException {
    assertThat(rows(connection, "SELECT type, name FROM events ORDER BY ALL"))
        .containsExactly(List.of("click", "a"), List.of("click", "c"), List.of("view", "b"));
    assertThat(rows(connection, "SELECT type, name FROM events ORDER BY ALL DESC"))
        .containsExactly(List.of("view", "b"), List.of("click", "c"), List.of("click", "a"));
    assertThat(rows(connection, "SELECT * FROM events ORDER BY ALL DESC NULLS LAST"))
        .extracting(r -> r.get(1)).containsExactly("b", "c", "a");
    assertThat(rows(connection, "SELECT \"all\" FROM (SELECT 2 AS \"all\" UNION ALL "
        + "SELECT 1) ORDER BY \"all\"")).as("a quoted all is a column")
        .containsExactly(List.of("1"), List.of("2"));
  }

  @Test
  void postgresCastsAndTypeNamesAreTheStandardTypes() throws SQLException {
    assertThat(rows(connection, "SELECT count::text || '!', CAST(count AS int8) * 3, "
        + "count::int2, CAST('1.5' AS float8), '0.5'::float4, 'true'::bool, CAST(count AS "
        + "STRING) FROM events WHERE name = 'b'"))
        .containsExactly(List.of("5!", "15", "5", "1.5", "0.5", "true", "5"));
    assertThat(rows(connection, "SELECT text FROM (SELECT 'x' AS text) AS s"))
        .as("a column called text stays a column").containsExactly(List.of("x"));
    assertThat(rows(connection, "SELECT CAST('7' AS INT4) + 1")).containsExactly(List.of("8"));
  }
}
