package io.csvws.wide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.collect.ImmutableList;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.schema.CsvwsTable;
import io.csvws.sql.LexicalPolicy;
import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.prepare.RelOptTableImpl;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which statements {@link WideStarQuery} takes (a plain {@code SELECT *} of one table, with
 * WHERE, ORDER BY on expressions, LIMIT), which tables it plans over (readable, at least 500
 * columns), and which other stars it refuses (over a readable table of 4096 columns or more,
 * wherever the table appears in FROM).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WideStarQueryTest {
  private Connection connection;
  private SchemaPlus main;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    WideQueriesTest.write(dir.resolve("wide.csv"), WideStarQuery.MIN_COLUMNS, 1);
    WideQueriesTest.write(dir.resolve("narrow.csv"), WideStarQuery.MIN_COLUMNS - 1, 1);
    WideQueriesTest.write(dir.resolve("huge.csv"), WideStarQuery.MAX_PLAIN_STAR_COLUMNS, 1);
    WideQueriesTest.write(dir.resolve("almost.csv"), WideStarQuery.MAX_PLAIN_STAR_COLUMNS - 1, 1);
    // Not gzip: a table whose file cannot be read.
    Files.writeString(dir.resolve("broken.csv.gz"), "a,b\n1,2\n", StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
    main = connection.unwrap(CalciteConnection.class).getRootSchema().subSchemas().get("main");
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  private static SqlNode parse(String sql) throws SqlParseException {
    return SqlParser.create(sql, LexicalPolicy.parserConfig()).parseQuery();
  }

  private static WideStarQuery match(String sql) throws SqlParseException {
    return WideStarQuery.match(parse(sql));
  }

  /** The planner's view of table {@code name} of the workspace root, or null if there is none. */
  private RelOptTable table(String name) {
    Table t = main.tables().get(name);
    return t == null ? null : RelOptTableImpl.create(null,
        t.getRowType(new JavaTypeFactoryImpl()), t, ImmutableList.of("main", name));
  }

  private RelOptTable resolve(List<String> names) {
    return table(names.get(names.size() - 1));
  }

  @Test
  void aPlainStarOfOneTableIsTaken() throws SqlParseException {
    for (String sql : List.of("SELECT * FROM wide", "SELECT * FROM wide WHERE c1 > 2",
        "SELECT w.* FROM wide AS w", "SELECT * FROM wide ORDER BY c1 DESC NULLS LAST, c2",
        "SELECT * FROM wide ORDER BY c1 LIMIT 3", "SELECT * FROM wide LIMIT 3 OFFSET 1")) {
      assertThat(match(sql)).as(sql).isNotNull();
    }
    assertThat(match("SELECT * FROM wide WHERE c1 > 2").tableNames()).containsExactly("wide");
    assertThat(match("SELECT x.* FROM main.Wide AS x ORDER BY c0").tableNames())
        .containsExactly("main", "Wide");
  }

  @Test
  void everyOtherShapeTakesThePlainPath() throws SqlParseException {
    for (String sql : List.of("SELECT c1 FROM wide", "SELECT *, c1 FROM wide",
        "SELECT c1 + 1 FROM wide", "SELECT DISTINCT * FROM wide", "SELECT * FROM wide GROUP BY c1",
        "SELECT * FROM wide HAVING COUNT(*) > 0",
        "SELECT * FROM wide WINDOW win AS (ORDER BY c1)",
        "SELECT * FROM wide QUALIFY ROW_NUMBER() OVER (ORDER BY c1) = 1",
        "SELECT /*+ some_hint */ * FROM wide", "SELECT * FROM wide ORDER BY 2",
        "SELECT * FROM wide ORDER BY c1, 2 DESC", "SELECT * FROM wide ORDER BY 1 NULLS FIRST",
        "SELECT * FROM wide ORDER BY c1 DESC, 2 DESC NULLS LAST", "SELECT *",
        "SELECT * FROM (SELECT * FROM wide) AS x",
        "SELECT * FROM (SELECT * FROM wide)", "SELECT * FROM wide, narrow",
        "SELECT * FROM wide JOIN narrow ON wide.c0 = narrow.c0", "SELECT * FROM wide AS w (a)",
        "SELECT main.wide.* FROM main.wide", "VALUES (1)",
        "SELECT * FROM wide UNION ALL SELECT * FROM wide",
        "(SELECT * FROM wide UNION ALL SELECT * FROM wide) ORDER BY c1")) {
      assertThat(match(sql)).as(sql).isNull();
    }
  }

  @Test
  void onlyAReadableTableOfFiveHundredColumnsOrMoreIsPlanned() {
    assertThat(WideStarQuery.mayPlan(table("wide"))).isTrue();
    assertThat(WideStarQuery.mayPlan(table("huge"))).isTrue();
    assertThat(WideStarQuery.mayPlan(table("narrow"))).isFalse();
    assertThat(WideStarQuery.mayPlan(table("broken"))).isFalse();
    assertThat(((CsvwsTable) main.tables().get("broken")).failure()).isNotNull();
    assertThat(WideStarQuery.mayPlan(null)).isFalse();
    assertThat(WideStarQuery.mayPlan(RelOptTableImpl.create(null,
        new JavaTypeFactoryImpl().builder().build(), ImmutableList.of("x"), null))).isFalse();
  }

  @Test
  void anotherStarOverAHugeTableIsRefusedWhereverTheTableIs() {
    for (String sql : List.of("SELECT *, 1 FROM huge", "SELECT * FROM huge AS h, narrow",
        "SELECT * FROM narrow, huge", "SELECT n.* FROM narrow AS n JOIN huge AS h ON n.c0 = h.c0",
        "SELECT * FROM narrow AS n JOIN (narrow AS m JOIN huge ON m.c0 = huge.c0) ON TRUE",
        "SELECT c0 FROM narrow WHERE c0 IN (SELECT c0 FROM (SELECT *, 2 FROM huge))")) {
      assertThatThrownBy(() -> WideStarQuery.refuseOtherWideStars(parse(sql), this::resolve))
          .as(sql).isInstanceOfSatisfying(CsvwsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.VALIDATION_FAILED);
            assertThat(e.getMessage()).isEqualTo("SELECT * over huge.csv (4096 columns) runs "
                + "only as SELECT * FROM table [WHERE ...] [ORDER BY columns] [LIMIT ...]; in "
                + "joins, sub-queries or beside other expressions, name the columns you need "
                + "instead (SELECT a, b, ... FROM ...).");
          });
    }
  }

  @Test
  void otherStarsAndNamedColumnsAreLeftAlone() {
    for (String sql : List.of("SELECT *, 1 FROM almost", "SELECT * FROM almost, wide",
        "SELECT c0, c1 FROM huge", "SELECT * FROM broken, missing",
        "SELECT * FROM (VALUES (1)) AS v (x)", "SELECT * FROM UNNEST(ARRAY[1])",
        "SELECT h.c0 FROM huge AS h JOIN almost AS a ON h.c0 = a.c0")) {
      assertThatCode(() -> WideStarQuery.refuseOtherWideStars(parse(sql), this::resolve))
          .as(sql).doesNotThrowAnyException();
    }
  }
}
