package io.csvws.planner;

import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checks for a cancel or timeout that plans get around the operators that read no file, as
 * the generated code calls them ({@code InterruptibleRows.of(root, rows, doing, every)}): every
 * 256 rows above a join, VALUES and a recursive union, every row on the outer side of a nested
 * loop unless that side checks already, and nowhere in a plan that only scans.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InterruptibleOperatorsTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    StringBuilder t = new StringBuilder("id,name\n");
    for (int i = 1; i <= 40; i++) {
      t.append(i).append(",n").append(i % 7).append('\n');
    }
    Files.writeString(dir.resolve("t.csv"), t, StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  /** The Java code generated for {@code sql}, after checking its answer. */
  private String code(String sql, List<List<String>> answer) throws SQLException {
    List<String> code = new ArrayList<>();
    Consumer<Object> keep = c -> code.add(c.toString());
    Hook.Closeable hook = Hook.JAVA_PLAN.addThread(keep);
    try {
      assertThat(rows(connection, sql)).isEqualTo(answer);
    } finally {
      hook.close();
    }
    assertThat(code).hasSize(1);
    return code.get(0);
  }

  private static int checks(String code, String doing, int every) {
    String call = "\"" + doing + "\", " + every + ")";
    int n = 0;
    for (int at = code.indexOf(call); at >= 0; at = code.indexOf(call, at + 1)) {
      n++;
    }
    return n;
  }

  @Test
  void aCrossJoinOfValuesChecksTheValuesAndTheJoin() throws SQLException {
    String code = code("SELECT COUNT(*) FROM (VALUES (1), (2)) a (x), (VALUES (1), (2)) b (y)",
        List.of(List.of("4")));

    // Both sides are the same VALUES, checked once; its outer side needs no check of its own.
    assertThat(checks(code, "listing VALUES rows", 256)).isOne();
    assertThat(checks(code, "joining rows", 256)).isOne();
    assertThat(checks(code, "joining rows", 1)).isZero();
    assertThat(code).contains("nestedLoopJoin(");
  }

  @Test
  void theOuterSideOfANestedLoopOverAFileIsCheckedAtEveryRow() throws SQLException {
    String code = code("SELECT a.id, b.id FROM t a JOIN t b ON a.id < b.id - 37 ORDER BY 1, 2",
        List.of(List.of("1", "39"), List.of("1", "40"), List.of("2", "40")));

    assertThat(code).contains("nestedLoopJoin(io.csvws.scan.InterruptibleRows.of(root, "
        + "v1stashed.enumerable(root), \"joining rows\", 1), v2stashed.enumerable(root)");
    assertThat(checks(code, "joining rows", 1)).isOne();
    assertThat(checks(code, "joining rows", 256)).isOne();
  }

  @Test
  void aHashJoinIsCheckedAboveIt() throws SQLException {
    String code = code("SELECT a.id, b.id FROM t a JOIN t b ON a.id = b.id - 39",
        List.of(List.of("1", "40")));

    assertThat(code).contains("hashJoin(");
    assertThat(checks(code, "joining rows", 256)).isOne();
    assertThat(checks(code, "joining rows", 1)).isZero();
  }

  @Test
  void aRecursiveUnionIsChecked() throws SQLException {
    String code = code("WITH RECURSIVE r (n) AS (VALUES (1) UNION ALL SELECT n + 1 FROM r "
        + "WHERE n < 5) SELECT COUNT(*) FROM r", List.of(List.of("5")));

    assertThat(checks(code, "computing a recursive query", 256)).isOne();
    assertThat(checks(code, "listing VALUES rows", 256)).isOne();
  }

  @Test
  void aPlanThatOnlyScansHasNoChecksOfItsOwn() throws SQLException {
    String code = code("SELECT name FROM t WHERE id = 3 ORDER BY name", List.of(List.of("n3")));

    assertThat(code).doesNotContain("InterruptibleRows").contains("v1stashed.enumerable(root");
  }
}
