package io.csvws.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kept folder listings: reused while the folder is unchanged, read again as soon as an entry is
 * added, removed or renamed, and never reused when the listing could have missed a change (a
 * folder changed within the last seconds, or one holding symbolic links).
 */
class FolderListingsTest {
  @TempDir
  Path root;
  Workspace ws;

  @BeforeEach
  void open() throws IOException {
    Files.writeString(root.resolve("a.csv"), "x\n1\n");
    Files.writeString(root.resolve("b.csv"), "x\n2\n");
    settle(root);
    ws = Workspace.open(root, new FolderListings(1_000));
  }

  /** Dates the folder back, as if its last change were long ago. */
  private static void settle(Path folder) throws IOException {
    Files.setLastModifiedTime(folder, FileTime.from(Instant.now().minusSeconds(60)));
  }

  @Test
  void anUnchangedFolderIsListedOnce() {
    FolderListing first = ws.list(List.of());

    assertThat(ws.list(List.of())).isSameAs(first);
    assertThat(first.tables()).containsOnlyKeys("a", "b");
  }

  @Test
  void anAddedFileIsSeenByTheNextListing() throws IOException {
    FolderListing before = ws.list(List.of());
    Files.writeString(root.resolve("c.csv"), "x\n3\n");

    assertThat(ws.list(List.of()).tables()).containsOnlyKeys("a", "b", "c");
    assertThat(before.tables()).containsOnlyKeys("a", "b");
  }

  @Test
  void aRemovedOrRenamedFileIsSeenByTheNextListing() throws IOException {
    ws.list(List.of());
    Files.delete(root.resolve("a.csv"));
    assertThat(ws.list(List.of()).tables()).containsOnlyKeys("b");

    settle(root);
    ws.list(List.of());
    Files.move(root.resolve("b.csv"), root.resolve("renamed.csv"));
    assertThat(ws.list(List.of()).tables()).containsOnlyKeys("renamed");
  }

  @Test
  void aFolderChangedJustNowIsListedAgainEachTime() throws IOException {
    Files.writeString(root.resolve("c.csv"), "x\n3\n");
    FolderListing first = ws.list(List.of());

    // A coarse clock could hide a second change within the same tick: no reuse yet.
    assertThat(ws.list(List.of())).isNotSameAs(first).isEqualTo(first);
  }

  @Test
  void aFolderWithALinkIsListedAgainEachTime() throws IOException {
    Files.createSymbolicLink(root.resolve("link.csv"), Path.of("a.csv"));
    settle(root);
    FolderListing first = ws.list(List.of());

    assertThat(first.tables()).containsKey("link");
    assertThat(ws.list(List.of())).isNotSameAs(first);
  }

  @Test
  void aFileRewrittenInPlaceKeepsTheListingButNotItsFingerprint() throws IOException {
    FolderListing listing = ws.list(List.of());
    FileFingerprint before = ws.table(listing, "a.csv", "a").fingerprint();
    Files.writeString(root.resolve("a.csv"), "x\n1\n2\n3\n");

    assertThat(ws.list(List.of())).isSameAs(listing);
    assertThat(ws.table(listing, "a.csv", "a").fingerprint()).isNotEqualTo(before);
  }

  @Test
  void aFileNameThatLeavesTheFolderIsStillCheckedAgainstTheRoot(@TempDir Path elsewhere)
      throws IOException {
    Files.writeString(elsewhere.resolve("secret.csv"), "x\n1\n");
    String leaving = root.relativize(elsewhere.resolve("secret.csv")).toString();

    assertThatThrownBy(() -> ws.table(List.of(), leaving, "secret"))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_VIOLATION));
  }

  @Test
  void namesAreFoundIgnoringCaseAndByFileName() throws IOException {
    Files.writeString(root.resolve("Sales_2024.CSV"), "x\n1\n");
    FolderListing l = ws.list(List.of());

    assertThat(l.tableNameIgnoringCase("SALES_2024")).isEqualTo("Sales_2024");
    assertThat(l.tableNameIgnoringCase("nope")).isNull();
    assertThat(l.tableOfFile("Sales_2024.CSV")).isEqualTo("Sales_2024");
    assertThat(l.tableOfFile("a.csv")).isEqualTo("a");
  }

  @Test
  void aSubFolderIsKeptApartFromItsParent() throws IOException {
    Files.createDirectories(root.resolve("sub"));
    Files.writeString(root.resolve("sub/deep.csv"), "x\n1\n");
    settle(root.resolve("sub"));
    settle(root);
    FolderListing sub = ws.list(List.of("sub"));

    assertThat(ws.list(List.of("sub"))).isSameAs(sub);
    assertThat(sub.tables()).containsOnlyKeys("deep");
    assertThat(ws.list(List.of()).folders()).containsOnlyKeys("sub");
    assertThat(ws.list(List.of()).folderNameIgnoringCase("SUB")).isEqualTo("sub");
  }
  /**
   * A folder whose time is set back to that of a listing no longer kept (a sync tool restoring
   * times) is listed again: a listing read too soon after a change is dropped, not left behind.
   */
  @Test
  void aListingReadTooSoonReplacesTheOneKeptBefore() throws IOException {
    FileTime old = Files.getLastModifiedTime(root);
    FolderListing first = ws.list(List.of());
    Files.writeString(root.resolve("c.csv"), "x\n3\n");
    assertThat(ws.list(List.of()).tables()).containsOnlyKeys("a", "b", "c");

    Files.setLastModifiedTime(root, old);

    assertThat(ws.list(List.of())).isNotSameAs(first);
    assertThat(ws.list(List.of()).tables()).containsOnlyKeys("a", "b", "c");
  }

  /** A listing weighs one per file and folder in it: one heavier than the bound is not kept. */
  @Test
  void aListingLargerThanTheBoundIsNotKept() throws IOException {
    Path big = Files.createDirectory(root.resolve("big"));
    for (int i = 0; i < 525; i++) {
      Files.writeString(big.resolve("f" + i + ".csv"), "x\n");
      Files.createDirectory(big.resolve("d" + i));
    }
    settle(big);
    Files.createDirectory(root.resolve("small"));
    Files.writeString(root.resolve("small/x.csv"), "x\n");
    settle(root.resolve("small"));
    settle(root);
    FolderListing first = ws.list(List.of("big"));

    assertThat(first.tables()).hasSize(525);
    assertThat(first.folders()).hasSize(525);
    assertThat(ws.list(List.of("big"))).isNotSameAs(first).isEqualTo(first);
    FolderListing small = ws.list(List.of("small"));
    assertThat(ws.list(List.of("small"))).isSameAs(small);
  }

  /**
   * A folder linked from two places is kept once under each path: "Aa" and "BB" hash alike, so
   * only the keys' equality keeps the linked path from being given the other path's listing.
   */
  @Test
  void aFolderLinkedUnderAnotherNameIsListedUnderThatName() throws IOException {
    Files.createDirectory(root.resolve("Aa"));
    Files.writeString(root.resolve("Aa/x.csv"), "x\n1\n");
    Files.createSymbolicLink(root.resolve("BB"), Path.of("Aa"));
    settle(root.resolve("Aa"));
    FolderListing direct = ws.list(List.of("Aa"));
    assertThat(ws.list(List.of("Aa"))).as("kept").isSameAs(direct);

    FolderListing linked = ws.list(List.of("BB"));

    assertThat(linked.schemaPath()).containsExactly("BB");
    assertThat(linked.folder()).isEqualTo(direct.folder());
    assertThat(linked.tables()).containsOnlyKeys("x");
  }

  /** Keys of another folder or another path must hash apart, or the cache is one long bucket. */
  @Test
  void keysAreEqualByFolderAndPathAndHashApartByEither() {
    FolderListings.Key key = new FolderListings.Key(root, List.of("a"));
    FolderListings.Key same = new FolderListings.Key(root, List.of("a"));
    FolderListings.Key otherFolder = new FolderListings.Key(root.resolve("a"), List.of("a"));
    FolderListings.Key otherPath = new FolderListings.Key(root, List.of("b"));

    assertThat(key).isEqualTo(same).hasSameHashCodeAs(same)
        .isNotEqualTo(otherFolder).isNotEqualTo(otherPath).isNotEqualTo(root);
    assertThat(key.hashCode()).isNotEqualTo(otherFolder.hashCode())
        .isNotEqualTo(otherPath.hashCode());
  }

  /** A folder that cannot be looked at is listed by the reader, which says why; nothing is kept. */
  @Test
  void aFolderThatCannotBeStatedIsReadEachTime() {
    FolderListings listings = new FolderListings(1_000);
    Path gone = root.resolve("gone");
    int[] reads = {0};
    FolderListing l = new FolderListing(gone, List.of("gone"), Map.of(), Map.of());

    assertThat(listings.get(gone, List.of("gone"), () -> {
      reads[0]++;
      return l;
    })).isSameAs(l);
    assertThat(listings.get(gone, List.of("gone"), () -> {
      reads[0]++;
      return l;
    })).isSameAs(l);
    assertThat(reads[0]).isEqualTo(2);
  }
}
