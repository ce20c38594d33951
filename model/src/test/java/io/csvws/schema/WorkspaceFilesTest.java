package io.csvws.schema;

import static io.csvws.schema.SchemaFixtures.catalog;
import static io.csvws.schema.SchemaFixtures.folder;
import static io.csvws.schema.SchemaFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.scan.ScanWorkers;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table files of a temp-folder workspace as pages: sorted by path, pages cut at the ends,
 * each row as {@code csvws.files} has it, files removed since the listing left out.
 */
class WorkspaceFilesTest {
  @TempDir
  Path dir;

  @BeforeEach
  void files() {
    write(dir, "b.csv", "x\n1\n");
    write(dir, "a.csv", "x,y\n1,2\n");
    write(dir, "z/c.tsv", "k\tv\na\t1\n");
    write(dir, "m/d.csv", "x\n1\n2\n");
    write(dir, "m/readme.md", "no table");
  }

  private static List<Object> paths(List<Object[]> rows) {
    return rows.stream().map(r -> r[2]).toList();
  }

  @Test
  void filesAreListedByPath() {
    WorkspaceFiles files = WorkspaceFiles.list(catalog(dir));
    assertThat(files.size()).isEqualTo(4);
    assertThat(files.folderErrors()).isEmpty();
    assertThat(paths(files.rows(0, 10))).containsExactly("a.csv", "b.csv", "m/d.csv",
        "z/c.tsv");
  }

  @Test
  void filesOfFoldersSortAmongTheRootsByPath() {
    write(dir, "B/x.csv", "x\n1\n");
    WorkspaceFiles files = WorkspaceFiles.list(catalog(dir));
    assertThat(paths(files.rows(0, 10))).containsExactly("B/x.csv", "a.csv", "b.csv",
        "m/d.csv", "z/c.tsv");
  }

  @Test
  void aPageIsCutAtTheEndsOfTheList() {
    WorkspaceFiles files = WorkspaceFiles.list(catalog(dir));
    assertThat(paths(files.rows(1, 2))).containsExactly("b.csv", "m/d.csv");
    assertThat(paths(files.rows(3, 5))).containsExactly("z/c.tsv");
    assertThat(paths(files.rows(4, 1))).isEmpty();
    assertThat(paths(files.rows(9, 1))).isEmpty();
    assertThat(paths(files.rows(-3, 1))).containsExactly("a.csv");
    assertThat(paths(files.rows(0, 0))).isEmpty();
    assertThat(paths(files.rows(1, -1))).isEmpty();
    assertThat(paths(files.rows(0, 1))).containsExactly("a.csv");
    assertThat(paths(files.rows(1, Integer.MAX_VALUE))).as("all from the second")
        .containsExactly("b.csv", "m/d.csv", "z/c.tsv");
    assertThat(paths(files.rows(Integer.MAX_VALUE, Integer.MAX_VALUE))).isEmpty();
  }

  @Test
  void eachRowIsTheFilesRowOfTheSystemTable() {
    Catalog catalog = catalog(dir);
    Object[] row = WorkspaceFiles.list(catalog).rows(2, 1).get(0);
    TableFile d = catalog.workspace().table(List.of("m"), "d.csv", "d");
    assertThat(row).containsExactly(SystemSchema.fileRow(d, catalog.metadata(d)));
    assertThat(row[0]).isEqualTo("m");
    assertThat(row[1]).isEqualTo("d");
    assertThat(row[20]).as("row_count").isEqualTo(2L);
  }

  @Test
  void pagesAreReadOnTheScanThreadsToo() {
    try (ScanWorkers workers = new ScanWorkers(2)) {
      WorkspaceFiles files = WorkspaceFiles.list(catalog(dir, Map.of(), workers));
      List<Object[]> rows = files.rows(0, 4);
      assertThat(paths(rows)).containsExactly("a.csv", "b.csv", "m/d.csv", "z/c.tsv");
      assertThat(rows).extracting(r -> r[19]).containsExactly(2, 1, 1, 2);
    }
  }

  @Test
  void aFileRemovedSinceTheListingIsLeftOut() throws IOException {
    WorkspaceFiles files = WorkspaceFiles.list(catalog(dir));
    Files.delete(dir.resolve("b.csv"));
    assertThat(files.size()).isEqualTo(4);
    assertThat(paths(files.rows(0, 3))).containsExactly("a.csv", "m/d.csv");
  }

  @Test
  void aRootThatIsGoneIsAFolderError() throws IOException {
    Path root = folder(dir, "w");
    Catalog catalog = catalog(root);
    Files.delete(root);
    WorkspaceFiles files = WorkspaceFiles.list(catalog);
    assertThat(files.size()).isZero();
    assertThat(files.folderErrors()).singleElement().asString()
        .startsWith(": Workspace folder ").contains("no longer exists");
    assertThat(files.rows(0, 10)).isEmpty();
  }
}
