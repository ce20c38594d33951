package io.csvws.schema;

import static io.csvws.schema.SchemaFixtures.catalog;
import static io.csvws.schema.SchemaFixtures.folder;
import static io.csvws.schema.SchemaFixtures.write;
import static io.csvws.schema.SchemaFixtures.changeBehindTheListing;
import static io.csvws.schema.SchemaFixtures.settle;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The root of the schemas on a temp folder: {@code main}, {@code csvws}, every folder by its
 * dotted path (folder names with dots of their own included), in any case when asked so.
 */
class WorkspaceSchemaTest {
  @TempDir
  Path dir;
  private Catalog catalog;
  private WorkspaceSchema workspace;

  @BeforeEach
  void files() {
    write(dir, "top.csv", "a\n1\n");
    write(dir, "Sales/eu/de.csv", "a\n1\n");
    write(dir, "Sales/us.csv", "a\n1\n");
    folder(dir, "v1.2/x");
    folder(dir, "a/b.c");
    folder(dir, "p/q");
    folder(dir, "p.q/r");
    folder(dir, "main/inner");
    folder(dir, "CSVWS");
    catalog = catalog(dir);
    workspace = new WorkspaceSchema(catalog);
  }

  private List<String> folders(Schema s) {
    return ((FolderSchema) s).folderNames();
  }

  @Test
  void mainIsTheRootFolderAndCsvwsTheSystemSchema() {
    Lookup<? extends Schema> subs = workspace.subSchemas();
    assertThat(folders(subs.get("main"))).isEmpty();
    assertThat(subs.get("csvws")).isInstanceOf(SystemSchema.class);
    assertThat(subs.get("MAIN")).as("exact names only").isNull();
    Named<? extends Schema> main = subs.getIgnoreCase("MAIN");
    assertThat(main.name()).isEqualTo("MAIN");
    assertThat(folders(main.entity())).isEmpty();
    assertThat(subs.getIgnoreCase("CsvWs").entity()).isInstanceOf(SystemSchema.class);
    assertThat(workspace.catalog()).isSameAs(catalog);
    assertThat(WorkspaceSchema.DEFAULT_SCHEMA).isEqualTo("main");
  }

  @Test
  void folderNamedAsTheFixedSchemasAreReachedBelowMain() {
    Lookup<? extends Schema> subs = workspace.subSchemas();
    FolderSchema root = (FolderSchema) subs.get("main");
    assertThat(folders(root.subSchemas().get("main"))).as("main.main in SQL")
        .containsExactly("main");
    assertThat(folders(subs.get("main.inner"))).as("below the folder main")
        .containsExactly("main", "inner");
    assertThat(folders(subs.get("CSVWS"))).as("only csvws in its case is the system schema")
        .containsExactly("CSVWS");
  }

  @Test
  void aDottedPathReachesNestedFolders() {
    Lookup<? extends Schema> subs = workspace.subSchemas();
    assertThat(folders(subs.get("Sales"))).containsExactly("Sales");
    assertThat(folders(subs.get("Sales.eu"))).containsExactly("Sales", "eu");
    assertThat(subs.get("sales.eu")).isNull();
    assertThat(subs.get("Sales.asia")).isNull();
    assertThat(subs.get("Sales.eu.de")).as("a table is no schema").isNull();
    assertThat(subs.get("nowhere")).isNull();
    assertThat(subs.get("nowhere.eu")).isNull();
    Named<? extends Schema> eu = subs.getIgnoreCase("SALES.EU");
    assertThat(eu.name()).isEqualTo("SALES.EU");
    assertThat(folders(eu.entity())).as("the folders' own names").containsExactly("Sales", "eu");
    assertThat(subs.getIgnoreCase("sales.asia")).isNull();
  }

  @Test
  void folderNamesWithDotsAreTriedShortestFirstThenLonger() {
    Lookup<? extends Schema> subs = workspace.subSchemas();
    assertThat(folders(subs.get("v1.2"))).containsExactly("v1.2");
    assertThat(folders(subs.get("v1.2.x"))).containsExactly("v1.2", "x");
    assertThat(folders(subs.get("a.b.c"))).containsExactly("a", "b.c");
    assertThat(folders(subs.get("p.q"))).as("the folder p, then q in it").containsExactly("p", "q");
    assertThat(folders(subs.get("p.q.r"))).as("p has no q.r: the folder p.q, then r")
        .containsExactly("p.q", "r");
    assertThat(folders(subs.getIgnoreCase("P.Q.R").entity())).containsExactly("p.q", "r");
    assertThat(subs.get("v1")).isNull();
    assertThat(subs.get("a.b")).isNull();
  }

  @Test
  void namesAreMainCsvwsAndEveryFolderByItsDottedPathSorted() {
    // The folders main and CSVWS are not listed under the names of the fixed schemas (a tool
    // that ignores case would take them for those); p/q and p.q share one name.
    assertThat(workspace.subSchemas().getNames(LikePattern.any())).containsExactly(
        "Sales", "Sales.eu", "a", "a.b.c", "csvws", "main", "main.inner", "p", "p.q", "p.q.r",
        "v1.2", "v1.2.x");
    assertThat(workspace.schemaNames()).containsExactly(
        "Sales", "Sales.eu", "a", "a.b.c", "csvws", "main", "main.inner", "p", "p.q", "p.q.r",
        "v1.2", "v1.2.x");
  }

  @Test
  void namesMatchAPattern() {
    assertThat(workspace.subSchemas().getNames(new LikePattern("Sales%")))
        .containsExactly("Sales", "Sales.eu");
    assertThat(workspace.subSchemas().getNames(new LikePattern("main"))).containsExactly("main");
    assertThat(workspace.subSchemas().getNames(new LikePattern("c%"))).containsExactly("csvws");
  }

  @Test
  void theRootHasNoTablesOfItsOwn() {
    assertThat(workspace.tables().get("top")).isNull();
    assertThat(workspace.tables().getNames(LikePattern.any())).isEmpty();
    assertThat(((FolderSchema) workspace.subSchemas().get("main")).tables().get("top"))
        .isNotNull();
  }

  @Test
  void aFolderGoneSinceTheRootWasListedHasNoFoldersBelow() {
    folder(dir, "gone/x");
    settle(dir);
    WorkspaceSchema fresh = new WorkspaceSchema(catalog(dir));
    assertThat(folders(fresh.subSchemas().get("gone.x"))).containsExactly("gone", "x");
    changeBehindTheListing(dir, () -> {
      java.nio.file.Files.delete(dir.resolve("gone/x"));
      java.nio.file.Files.delete(dir.resolve("gone"));
    });
    assertThat(fresh.subSchemas().get("gone.x")).isNull();
    assertThat(fresh.subSchemas().getIgnoreCase("GONE.X")).isNull();
  }
}
