package io.csvws.schema;

import static io.csvws.schema.SchemaFixtures.catalog;
import static io.csvws.schema.SchemaFixtures.folder;
import static io.csvws.schema.SchemaFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One workspace folder as a schema, on a temp folder: tables by name (exact or ignoring case)
 * and by relative path, sub-folders as schemas, and a change to the folder seen by the next
 * lookup but not within one.
 */
class FolderSchemaTest {
  @TempDir
  Path dir;
  private FolderSchema root;

  @BeforeEach
  void files() {
    write(dir, "Orders.csv", "id,qty\n1,2\n");
    write(dir, "v1.2.csv", "a\n1\n");
    write(dir, "notes.json", "{}");
    write(dir, "sales/q1.csv", "k\nx\n");
    write(dir, "sales/eu/de.tsv", "k\tv\na\t1\n");
    write(dir, ".hidden/h.csv", "k\nx\n");
    root = new FolderSchema(catalog(dir), List.of());
  }

  private static String path(Table t) {
    return ((CsvwsTable) t).file().relativePath();
  }

  @Test
  void aTableIsFoundByItsExactName() {
    Lookup<Table> tables = root.tables();
    assertThat(path(tables.get("Orders"))).isEqualTo("Orders.csv");
    assertThat(((CsvwsTable) tables.get("Orders")).file().tableName()).isEqualTo("Orders");
    assertThat(tables.get("orders")).isNull();
    assertThat(tables.get("sales")).as("a folder is a schema, not a table").isNull();
    assertThat(tables.get("notes")).as("a JSON file is no table").isNull();
    assertThat(tables.get("q1")).as("tables of sub-folders are not here").isNull();
  }

  @Test
  void aTableIsFoundIgnoringCaseUnderItsOwnName() {
    Named<Table> found = root.tables().getIgnoreCase("ORDERS");
    assertThat(found.name()).isEqualTo("Orders");
    assertThat(path(found.entity())).isEqualTo("Orders.csv");
    assertThat(root.tables().getIgnoreCase("ordrs")).isNull();
  }

  @Test
  void aTableIsFoundByItsPathRelativeToTheFolder() {
    Lookup<Table> tables = root.tables();
    assertThat(path(tables.get("sales/q1.csv"))).isEqualTo("sales/q1.csv");
    assertThat(path(tables.get("sales\\eu\\de.tsv"))).isEqualTo("sales/eu/de.tsv");
    assertThat(path(tables.get("Orders.csv"))).isEqualTo("Orders.csv");
    Named<Table> named = tables.getIgnoreCase("sales/q1.csv");
    assertThat(named.name()).as("named as written").isEqualTo("sales/q1.csv");
    assertThat(path(named.entity())).isEqualTo("sales/q1.csv");
    assertThat(tables.get("sales/q2.csv")).isNull();
    assertThat(tables.getIgnoreCase("sales/q2.csv")).isNull();
    assertThat(tables.get("missing.csv")).isNull();
    FolderSchema sales = new FolderSchema(catalog(dir), List.of("sales"));
    assertThat(path(sales.tables().get("eu/de.tsv"))).isEqualTo("sales/eu/de.tsv");
    assertThat(path(sales.tables().get("q1.csv"))).isEqualTo("sales/q1.csv");
  }

  @Test
  void aPathThatLeavesTheWorkspaceIsRefused() {
    assertThatThrownBy(() -> root.tables().get("../x.csv")).isInstanceOf(CsvwsException.class)
        .satisfies(e -> assertThat(((CsvwsException) e).code())
            .isEqualTo(ErrorCode.SANDBOX_VIOLATION))
        .hasMessageContaining("'..'");
    assertThatThrownBy(() -> root.tables().get("..")).isInstanceOf(CsvwsException.class);
  }

  @Test
  void aTableNamedWithDotsIsFoundByNameNotTakenForAPath() {
    Lookup<Table> tables = root.tables();
    assertThat(path(tables.get("v1.2"))).isEqualTo("v1.2.csv");
    assertThat(tables.getIgnoreCase("V1.2").name()).isEqualTo("v1.2");
  }

  @Test
  void namesThatLookLikePaths() {
    assertThat(FolderSchema.looksLikePath("a/b")).isTrue();
    assertThat(FolderSchema.looksLikePath("a\\b")).isTrue();
    assertThat(FolderSchema.looksLikePath("/x")).isTrue();
    assertThat(FolderSchema.looksLikePath("\\x")).isTrue();
    assertThat(FolderSchema.looksLikePath("..x")).isTrue();
    assertThat(FolderSchema.looksLikePath("a.csv")).isTrue();
    assertThat(FolderSchema.looksLikePath("A.TSV.GZ")).isTrue();
    assertThat(FolderSchema.looksLikePath("x.tab")).isTrue();
    assertThat(FolderSchema.looksLikePath("x.psv")).isTrue();
    assertThat(FolderSchema.looksLikePath("x.txt")).isTrue();
    assertThat(FolderSchema.looksLikePath(".a.csv")).as("a hidden file's name").isFalse();
    assertThat(FolderSchema.looksLikePath(".csv")).isFalse();
    assertThat(FolderSchema.looksLikePath("a.json")).isFalse();
    assertThat(FolderSchema.looksLikePath("v1.2")).isFalse();
    assertThat(FolderSchema.looksLikePath("orders")).isFalse();
    assertThat(FolderSchema.looksLikePath("a.csv.bak")).isFalse();
  }

  @Test
  void namesListTheFolderstablesNotPaths() {
    assertThat(root.tables().getNames(LikePattern.any())).containsExactly("Orders", "v1.2");
    assertThat(root.tables().getNames(new LikePattern("O%"))).containsExactly("Orders");
  }

  @Test
  void subFoldersAreSchemasWithTheirFolderNames() {
    Lookup<? extends Schema> subs = root.subSchemas();
    FolderSchema sales = (FolderSchema) subs.get("sales");
    assertThat(sales.folderNames()).containsExactly("sales");
    FolderSchema eu = (FolderSchema) sales.subSchemas().get("eu");
    assertThat(eu.folderNames()).containsExactly("sales", "eu");
    assertThat(path(eu.tables().get("de"))).isEqualTo("sales/eu/de.tsv");
    assertThat(subs.get("SALES")).isNull();
    Named<? extends Schema> named = subs.getIgnoreCase("SALES");
    assertThat(named.name()).isEqualTo("sales");
    assertThat(((FolderSchema) named.entity()).folderNames()).containsExactly("sales");
    assertThat(subs.get(".hidden")).as("hidden folders are not schemas").isNull();
    assertThat(subs.getNames(LikePattern.any())).containsExactly("sales");
    assertThat(root.folderNames()).isEmpty();
  }

  @Test
  void theFolderNamesAreCopied() {
    List<String> names = new java.util.ArrayList<>(List.of("sales"));
    FolderSchema sales = new FolderSchema(catalog(dir), names);
    names.add("eu");
    assertThat(sales.folderNames()).containsExactly("sales");
    assertThat(sales.child("eu").folderNames()).containsExactly("sales", "eu");
    assertThat(sales.folderNames()).containsExactly("sales");
  }

  @Test
  void theNextLookupSeesFilesAddedAndRemovedButOneLookupReadsTheFolderOnce() throws IOException {
    Lookup<Table> before = root.tables();
    assertThat(before.getNames(LikePattern.any())).containsExactly("Orders", "v1.2");
    write(dir, "added.csv", "a\n1\n");
    Files.delete(dir.resolve("Orders.csv"));
    assertThat(before.getNames(LikePattern.any())).containsExactly("Orders", "v1.2");
    Lookup<Table> after = root.tables();
    assertThat(after.getNames(LikePattern.any())).containsExactly("added", "v1.2");
    assertThat(path(after.get("added"))).isEqualTo("added.csv");
    assertThat(after.get("Orders")).isNull();
    assertThat(before.get("Orders")).as("listed, but the file is gone").isNull();
  }

  @Test
  void aFolderRemovedHasNoTables() throws IOException {
    FolderSchema gone = new FolderSchema(catalog(dir), List.of("old"));
    folder(dir, "old");
    write(dir, "old/t.csv", "a\n1\n");
    assertThat(gone.tables().getNames(LikePattern.any())).containsExactly("t");
    Files.delete(dir.resolve("old/t.csv"));
    Files.delete(dir.resolve("old"));
    assertThat(gone.listing()).isNull();
    assertThat(gone.tables().get("t")).isNull();
    assertThat(gone.tables().getNames(LikePattern.any())).isEmpty();
    assertThat(gone.subSchemas().getNames(LikePattern.any())).isEmpty();
  }
}
