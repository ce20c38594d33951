package io.csvws.schema;

import static io.csvws.schema.SchemaFixtures.catalog;
import static io.csvws.schema.SchemaFixtures.folder;
import static io.csvws.schema.SchemaFixtures.write;
import static io.csvws.schema.SchemaFixtures.changeBehindTheListing;
import static io.csvws.schema.SchemaFixtures.settle;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every folder of a workspace on a temp folder, breadth first with its dotted name: folders
 * reached twice through a link, links back to an ancestor, the depth bound, and a workspace
 * whose root is gone.
 */
class FolderWalkTest {
  @TempDir
  Path dir;

  private static List<String> names(List<FolderWalk.Folder> folders) {
    return folders.stream().map(FolderWalk.Folder::schemaName).toList();
  }

  @Test
  void foldersComeBreadthFirstWithTheirDottedNamesAndListings() throws IOException {
    write(dir, "t.csv", "a\n1\n");
    write(dir, "b/y/deep.csv", "a\n1\n");
    folder(dir, "a/x");
    folder(dir, ".hidden/z");
    List<FolderWalk.Folder> walk = FolderWalk.walk(catalog(dir));
    assertThat(names(walk)).containsExactly("main", "a", "b", "a.x", "b.y");
    FolderWalk.Folder root = walk.get(0);
    assertThat(root.folderNames()).isEmpty();
    assertThat(root.listing().tables()).containsOnlyKeys("t");
    assertThat(root.error()).isNull();
    FolderWalk.Folder by = walk.get(4);
    assertThat(by.folderNames()).containsExactly("b", "y");
    assertThat(by.listing().tables()).containsOnlyKeys("deep");
    assertThat(by.listing().folder()).isEqualTo(dir.resolve("b/y").toRealPath());
  }

  @Test
  void aFolderReachedThroughALinkIsListedUnderEachName() throws IOException {
    write(dir, "a/inner/t.csv", "a\n1\n");
    Files.createSymbolicLink(dir.resolve("link"), dir.resolve("a"));
    List<FolderWalk.Folder> walk = FolderWalk.walk(catalog(dir));
    assertThat(names(walk)).containsExactly("main", "a", "link", "a.inner", "link.inner");
    assertThat(walk.get(4).folderNames()).containsExactly("link", "inner");
    assertThat(walk.get(4).listing().tables()).containsOnlyKeys("t");
  }

  @Test
  void aLinkBackToAnAncestorIsNotFollowed() throws IOException {
    folder(dir, "a/b");
    Files.createSymbolicLink(dir.resolve("a/b/up"), dir.resolve("a"));
    Files.createSymbolicLink(dir.resolve("a/root"), dir);
    assertThat(names(FolderWalk.walk(catalog(dir)))).containsExactly("main", "a", "a.b");
  }

  @Test
  void foldersDeeperThanTheBoundAreNotListed() {
    StringBuilder path = new StringBuilder();
    for (int i = 0; i < FolderWalk.MAX_DEPTH + 2; i++) {
      path.append(i == 0 ? "" : "/").append('d');
    }
    folder(dir, path.toString());
    List<FolderWalk.Folder> walk = FolderWalk.walk(catalog(dir));
    assertThat(walk).hasSize(FolderWalk.MAX_DEPTH + 1);
    assertThat(walk.get(FolderWalk.MAX_DEPTH).folderNames()).hasSize(FolderWalk.MAX_DEPTH);
    assertThat(walk.get(FolderWalk.MAX_DEPTH).listing().folders()).as("listed, not walked")
        .containsOnlyKeys("d");
  }

  @Test
  void aRootThatIsGoneIsOneFolderWithItsError() throws IOException {
    Path root = folder(dir, "w");
    Catalog catalog = catalog(root);
    Files.delete(root);
    List<FolderWalk.Folder> walk = FolderWalk.walk(catalog);
    assertThat(walk).hasSize(1);
    FolderWalk.Folder gone = walk.get(0);
    assertThat(gone.schemaName()).isEqualTo("main");
    assertThat(gone.folderNames()).isEmpty();
    assertThat(gone.listing()).isNull();
    assertThat(gone.error()).contains("no longer exists");
  }

  @Test
  void aFolderGoneSinceItsParentWasListedIsLeftOut() {
    folder(dir, "a");
    folder(dir, "b");
    settle(dir);
    Catalog catalog = catalog(dir);
    assertThat(names(FolderWalk.walk(catalog))).containsExactly("main", "a", "b");
    changeBehindTheListing(dir, () -> Files.delete(dir.resolve("b")));
    assertThat(catalog.workspace().list(List.of()).folders()).as("the kept listing")
        .containsKey("b");
    assertThat(names(FolderWalk.walk(catalog))).containsExactly("main", "a");
  }
}
