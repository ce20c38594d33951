package io.csvws.schema;

import static io.csvws.schema.SchemaFixtures.catalog;
import static io.csvws.schema.SchemaFixtures.changeBehindTheListing;
import static io.csvws.schema.SchemaFixtures.settle;
import static io.csvws.schema.SchemaFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.TableMetadata;
import io.csvws.scan.ScanWorkers;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Learning many files' metadata at once, on a temp folder: in order, on the scan threads or the
 * calling one; a prefetch leaves each matching file's metadata in the cache (seen by rewriting a
 * file behind the cache's back: same size, same time), and only when more than one matches.
 */
class MetadataPrefetchTest {
  @TempDir
  Path dir;
  private ScanWorkers workers;

  @BeforeEach
  void files() {
    write(dir, "a.csv", "a,b\n1,2\n");
    write(dir, "b.csv", "c\n3\n");
    write(dir, "sub/c.csv", "d\n4\n");
    workers = new ScanWorkers(2);
  }

  @AfterEach
  void close() {
    workers.close();
  }

  private static List<String> columns(TableMetadata m) {
    return m.columns().stream().map(ColumnInfo::name).toList();
  }

  /** Rewrites a file with other column names of the same length, keeping its size and time. */
  private void rewriteUnseen(String relative, String text) throws IOException {
    Path p = dir.resolve(relative);
    FileTime time = Files.getLastModifiedTime(p);
    Files.writeString(p, text);
    Files.setLastModifiedTime(p, time);
  }

  private static TableFile file(Catalog catalog, List<String> folders, String name) {
    return catalog.workspace().table(folders, name, name.substring(0, name.indexOf('.')));
  }

  @Test
  void metadataOfEachFileInOrderOnEitherThreads() {
    for (Catalog catalog : List.of(catalog(dir), catalog(dir, Map.of(), workers))) {
      List<TableFile> files = List.of(file(catalog, List.of(), "b.csv"),
          file(catalog, List.of("sub"), "c.csv"), file(catalog, List.of(), "a.csv"));
      List<TableMetadata> m = MetadataPrefetch.metadata(catalog, files);
      assertThat(m).extracting(MetadataPrefetchTest::columns).containsExactly(List.of("c"),
          List.of("d"), List.of("a", "b"));
      assertThat(MetadataPrefetch.metadata(catalog, List.of())).isEmpty();
    }
  }

  @Test
  void aPrefetchLeavesTheMetadataOfEveryMatchingFileInTheCache() throws IOException {
    Catalog catalog = catalog(dir, Map.of(), workers);
    assertThat(MetadataPrefetch.tables(catalog, s -> true, t -> true)).isEqualTo(3);
    rewriteUnseen("a.csv", "x,y\n1,2\n");
    rewriteUnseen("sub/c.csv", "e\n4\n");
    assertThat(columns(catalog.metadata(file(catalog, List.of(), "a.csv"))))
        .as("inspected before the rewrite").containsExactly("a", "b");
    assertThat(columns(catalog.metadata(file(catalog, List.of("sub"), "c.csv"))))
        .containsExactly("d");
    assertThat(columns(catalog(dir).metadata(file(catalog, List.of(), "a.csv"))))
        .as("a fresh cache reads the file").containsExactly("x", "y");
  }

  @Test
  void onlyMatchingSchemasAndTablesAreFetched() throws IOException {
    Catalog catalog = catalog(dir, Map.of(), workers);
    assertThat(MetadataPrefetch.tables(catalog, s -> s.equals("main"), t -> true)).isEqualTo(2);
    assertThat(MetadataPrefetch.tables(catalog, s -> s.equals("sub"), t -> true)).isEqualTo(1);
    assertThat(MetadataPrefetch.tables(catalog, s -> true, t -> t.equals("a"))).isEqualTo(1);
    assertThat(MetadataPrefetch.tables(catalog, s -> false, t -> true)).isZero();
    rewriteUnseen("sub/c.csv", "e\n4\n");
    assertThat(columns(catalog.metadata(file(catalog, List.of("sub"), "c.csv"))))
        .as("sub was not fetched").containsExactly("e");
  }

  @Test
  void oneMatchingFileIsLeftForTheWalkThatFollows() throws IOException {
    Catalog catalog = catalog(dir, Map.of(), workers);
    assertThat(MetadataPrefetch.tables(catalog, s -> true, t -> t.equals("a"))).isEqualTo(1);
    rewriteUnseen("a.csv", "x,y\n1,2\n");
    assertThat(columns(catalog.metadata(file(catalog, List.of(), "a.csv"))))
        .containsExactly("x", "y");
  }

  @Test
  void withoutScanThreadsNothingIsFetchedAhead() throws IOException {
    Catalog catalog = catalog(dir);
    assertThat(MetadataPrefetch.tables(catalog, s -> true, t -> true)).isEqualTo(3);
    rewriteUnseen("a.csv", "x,y\n1,2\n");
    assertThat(columns(catalog.metadata(file(catalog, List.of(), "a.csv"))))
        .containsExactly("x", "y");
  }

  @Test
  void aFileGoneSinceTheListingIsNotCounted() throws IOException {
    settle(dir);
    Catalog catalog = catalog(dir, Map.of(), workers);
    assertThat(MetadataPrefetch.tables(catalog, s -> true, t -> true)).isEqualTo(3);
    changeBehindTheListing(dir, () -> Files.delete(dir.resolve("b.csv")));
    assertThat(catalog.workspace().list(List.of()).tables()).as("the kept listing")
        .containsKey("b");
    assertThat(MetadataPrefetch.tables(catalog, s -> true, t -> true)).isEqualTo(2);
  }

  @Test
  void aFolderThatCannotBeListedIsSkipped() throws IOException {
    Path root = dir.resolve("sub");
    Catalog catalog = catalog(root, Map.of(), workers);
    Files.delete(root.resolve("c.csv"));
    Files.delete(root);
    assertThat(MetadataPrefetch.tables(catalog, s -> true, t -> true)).isZero();
  }
}
