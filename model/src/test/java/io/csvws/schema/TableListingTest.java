package io.csvws.schema;

import static io.csvws.schema.SchemaFixtures.catalog;
import static io.csvws.schema.SchemaFixtures.folder;
import static io.csvws.schema.SchemaFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.calcite.schema.Schema;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tables JDBC's {@code getTables} lists, from folder listings on a temp folder: system tables
 * first, then by schema and name; filtered by schema and table name.
 */
class TableListingTest {
  @TempDir
  Path dir;

  @BeforeEach
  void files() {
    write(dir, "b.csv", "a\n1\n");
    write(dir, "A.csv", "a\n1\n");
    write(dir, "sales/q1.csv", "a\n1\n");
    write(dir, "sales/eu/de.csv", "a\n1\n");
    write(dir, "main/inner.csv", "a\n1\n");
    folder(dir, "empty");
  }

  private static List<String> names(List<TableListing.Table> tables) {
    return tables.stream().map(t -> t.schema() + "." + t.name() + ":" + t.type().jdbcName)
        .toList();
  }

  @Test
  void everyTableInJdbcOrder() {
    assertThat(names(TableListing.tables(catalog(dir), s -> true, t -> true))).containsExactly(
        "csvws.columns:SYSTEM TABLE", "csvws.files:SYSTEM TABLE", "csvws.functions:SYSTEM TABLE",
        "main.A:TABLE", "main.b:TABLE", "sales.q1:TABLE", "sales.eu.de:TABLE");
  }

  @Test
  void systemTablesComeFirstWhateverTheSchemaNames() {
    write(dir, "a/t.csv", "a\n1\n");
    assertThat(names(TableListing.tables(catalog(dir), s -> true, t -> true))).containsExactly(
        "csvws.columns:SYSTEM TABLE", "csvws.files:SYSTEM TABLE", "csvws.functions:SYSTEM TABLE",
        "a.t:TABLE", "main.A:TABLE", "main.b:TABLE", "sales.q1:TABLE", "sales.eu.de:TABLE");
  }

  @Test
  void schemasAndTablesAreFilteredByName() {
    Catalog catalog = catalog(dir);
    assertThat(names(TableListing.tables(catalog, s -> s.startsWith("sales"), t -> true)))
        .containsExactly("sales.q1:TABLE", "sales.eu.de:TABLE");
    assertThat(names(TableListing.tables(catalog, s -> true, t -> t.startsWith("f"))))
        .containsExactly("csvws.files:SYSTEM TABLE", "csvws.functions:SYSTEM TABLE");
    assertThat(names(TableListing.tables(catalog, s -> s.equals("main"), t -> !t.equals("b"))))
        .containsExactly("main.A:TABLE");
    assertThat(TableListing.tables(catalog, s -> false, t -> true)).isEmpty();
    assertThat(TableListing.tables(catalog, s -> true, t -> false)).isEmpty();
  }

  @Test
  void aTableIsARecordOfItsSchemaNameAndType() {
    TableListing.Table t = TableListing.tables(catalog(dir), s -> s.equals("sales.eu"),
        n -> true).get(0);
    assertThat(t).isEqualTo(new TableListing.Table("sales.eu", "de", Schema.TableType.TABLE));
  }

  @Test
  void aListingSeesFilesAddedSinceTheLast() {
    Catalog catalog = catalog(dir);
    assertThat(TableListing.tables(catalog, s -> s.equals("empty"), t -> true)).isEmpty();
    write(dir, "empty/now.csv", "a\n1\n");
    assertThat(names(TableListing.tables(catalog, s -> s.equals("empty"), t -> true)))
        .containsExactly("empty.now:TABLE");
  }

  @Test
  void aWorkspaceWhoseRootIsGoneCannotBeListed() throws IOException {
    Path root = folder(dir, "w");
    Catalog catalog = catalog(root);
    Files.delete(root);
    assertThatThrownBy(() -> TableListing.tables(catalog, s -> true, t -> true))
        .isInstanceOf(CsvwsException.class).hasMessageContaining("no longer exists");
  }
}
