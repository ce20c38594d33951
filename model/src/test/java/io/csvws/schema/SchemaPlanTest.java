package io.csvws.schema;

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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The schema tree and the scan nodes, through a connection model puts together itself: tables are
 * the folder's files (subfolders are schemas), and the planner rules push projections, filters,
 * counts and aggregates into the scan, as the plans show.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SchemaPlanTest {
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
    Files.createDirectories(dir.resolve("archive"));
    Files.writeString(dir.resolve("archive").resolve("old.tsv"), "k\tv\na\t1\nb\t2\n",
        StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("notes.txt"), "not a table\n", StandardCharsets.UTF_8);
    connection = ModelConnection.open(dir);
  }

  @AfterAll
  void close() throws SQLException {
    connection.close();
  }

  @Test
  void tablesAreFilesNamedWithoutTheirExtensionInAnyCase() throws SQLException {
    assertThat(rows(connection, "SELECT COUNT(*) FROM orders")).containsExactly(List.of("30"));
    assertThat(rows(connection, "SELECT COUNT(*) FROM \"Orders\"")).containsExactly(List.of("30"));
    assertThat(rows(connection, "SELECT k, v FROM archive.old ORDER BY k"))
        .containsExactly(List.of("a", "1"), List.of("b", "2"));
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
  void theSystemSchemaDescribesFilesAndColumns() throws SQLException {
    assertThat(rows(connection, "SELECT table_name, delimiter, header, column_count, row_count "
        + "FROM csvws.files WHERE error IS NULL ORDER BY table_name"))
        .contains(List.of("Orders", ",", "true", "5", "30"));
    assertThat(rows(connection, "SELECT column_name, data_type FROM csvws.columns "
        + "WHERE table_name = 'Orders' ORDER BY ordinal_position")).extracting(r -> r.get(0))
        .containsExactly("id", "name", "country", "qty", "note");
  }

  @Test
  void aMissingTableIsNamedWithTheNearestOne() {
    assertThatThrownBy(() -> rows(connection, "SELECT * FROM ordrs"))
        .hasMessageContaining("ordrs").hasMessageContaining("Orders");
  }

  @Test
  void limitAndOffsetPage() throws SQLException {
    assertThat(rows(connection, "SELECT id FROM orders ORDER BY id LIMIT 2 OFFSET 3"))
        .containsExactly(List.of("4"), List.of("5"));
  }
}
