package io.csvws.planner;

import static io.csvws.testing.ModelConnection.plan;
import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A planned scan whose condition bounds the row number stops after the last row it can accept:
 * row 12 of the file is ragged, which fails a query that reads it ({@code onRaggedRow=fail};
 * the type sample reads only the first five rows), so a query bounded before it shows that the
 * scan never read it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RowBoundsScanTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    StringBuilder t = new StringBuilder("id,name\n");
    for (int i = 1; i <= 14; i++) {
      t.append(i).append(",n").append(i).append(i == 12 ? ",extra\n" : "\n");
    }
    Files.writeString(dir.resolve("t.csv"), t, StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir,
        Map.of("metadataCache", "memory", "onRaggedRow", "fail", "sampleRows", "5"));
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void aScanStopsAfterTheLastRowItsConditionAccepts() throws SQLException {
    String sql = "SELECT name FROM t WHERE _row <= 11 AND id > 8 ORDER BY name";
    assertThat(plan(connection, sql)).isEqualTo("EnumerableSort(sort0=[$0], dir0=[ASC])\n"
        + "  CsvwsTableScan(table=[[main, t]], fields=[[name]], "
        + "filter=[AND(<=($2, 11), >($0, 8))])\n");
    assertThat(rows(connection, sql)).containsExactly(List.of("n10"), List.of("n11"),
        List.of("n9"));
    assertThat(rows(connection, "SELECT name FROM t WHERE _row BETWEEN 9 AND 11 AND id > 0 "
        + "ORDER BY name")).containsExactly(List.of("n10"), List.of("n11"), List.of("n9"));
    assertThat(rows(connection, "SELECT name FROM t WHERE 12 > _row AND id > 10 ORDER BY name"))
        .containsExactly(List.of("n11"));
  }

  @Test
  void aScanThatReadsTheRaggedRowFails() {
    assertThatThrownBy(() -> rows(connection,
        "SELECT name FROM t WHERE _row <= 12 AND id > 8 ORDER BY name"))
        .hasMessageContaining("row 12");
    assertThatThrownBy(() -> rows(connection, "SELECT name FROM t WHERE id > 8 ORDER BY name"))
        .hasMessageContaining("row 12");
  }
}
