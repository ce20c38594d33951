package io.csvws.planner;

import static io.csvws.testing.ModelConnection.plan;
import static io.csvws.testing.ModelConnection.rows;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.testing.ModelConnection;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scan nodes, through a connection model puts together itself: the planner rules push
 * projections, filters, counts and aggregates into the scan, as the plans show, and the answers
 * stay what they were row by row.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ScanPlanningTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    StringBuilder orders = new StringBuilder("id,name,country,qty,note\n");
    String[] countries = {"NO", "IT", "FR"};
    for (int i = 1; i <= 30; i++) {
      orders.append(i).append(",n").append(i).append(',').append(countries[i % 3]).append(',')
          .append(i % 7 == 0 ? "" : Integer.toString(i * 2)).append(",note ").append(i)
          .append('\n');
    }
    Files.writeString(dir.resolve("Orders.csv"), orders, StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void aProjectionAndAFilterArePushedIntoOneScan() throws SQLException {
    String sql = "SELECT name FROM orders WHERE country = 'IT' AND qty > 40";

    assertThat(plan(connection, sql)).contains("CsvwsTableScan").contains("fields=[[name")
        .contains("filter=").doesNotContain("EnumerableFilter");
    assertThat(rows(connection, sql + " ORDER BY id")).containsExactly(List.of("n22"),
        List.of("n25"));
  }

  @Test
  void aCountWithoutConditionsIsACountScan() throws SQLException {
    assertThat(plan(connection, "SELECT COUNT(*) FROM orders")).contains("CountScan");
    assertThat(plan(connection, "SELECT COUNT(*) FROM orders WHERE qty > 10"))
        .doesNotContain("CountScan").contains("filter=");
    assertThat(rows(connection, "SELECT COUNT(*) FROM orders WHERE qty > 10"))
        .containsExactly(List.of("21"));
  }

  @Test
  void emptyCellsOfATypedColumnAreNull() throws SQLException {
    assertThat(rows(connection, "SELECT id FROM orders WHERE qty IS NULL ORDER BY id"))
        .containsExactly(List.of("7"), List.of("14"), List.of("21"), List.of("28"));
    assertThat(rows(connection, "SELECT COUNT(qty), SUM(qty) FROM orders"))
        .containsExactly(List.of("26", "790"));
  }

  @Test
  void groupedAggregatesGiveTheSameAnswerAsTheyDidRowByRow() throws SQLException {
    String sql = "SELECT country, COUNT(*), SUM(qty), MIN(name), MAX(id) FROM orders "
        + "GROUP BY country ORDER BY country";

    assertThat(rows(connection, sql)).containsExactly(
        List.of("FR", "10", "282", "n11", "29"),
        List.of("IT", "10", "220", "n1", "28"),
        List.of("NO", "10", "288", "n12", "30"));
  }

  @Test
  void limitAndOffsetPage() throws SQLException {
    assertThat(rows(connection, "SELECT id FROM orders ORDER BY id LIMIT 2 OFFSET 3"))
        .containsExactly(List.of("4"), List.of("5"));
  }
}
