package io.csvws.schema;

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
 * The schema tree, through a connection model puts together itself: tables are the folder's
 * files (subfolders are schemas, other files are not tables), the system schema describes them,
 * and a missing table is named with the nearest one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SchemaTreeTest {
  private Connection connection;

  @BeforeAll
  void writeFiles(@TempDir Path dir) throws IOException, SQLException {
    StringBuilder orders = new StringBuilder("id,name,country,qty,note\n");
    for (int i = 1; i <= 30; i++) {
      orders.append(i).append(",n").append(i).append(",NO,").append(i * 2).append(",note ")
          .append(i).append('\n');
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
}
