package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cache folder itself: where entries go, that an entry is used only for the file version it
 * describes, the bound on the folder's size, and what is left over from stopped processes.
 */
class MetadataStoreTest {
  private static final String KEY = "path=a\nreading=[]\nsidecar=\ncode=test\n";
  private static final long HOUR = TimeUnit.HOURS.toMillis(1);

  @TempDir
  Path dir;
  @TempDir
  Path cacheRoot;
  private Path folder;
  private TableFile file;

  @BeforeEach
  void aFile() throws IOException {
    folder = cacheRoot.resolve("deep/csvws");
    Files.writeString(dir.resolve("a.csv"), "n\n1\n2\n");
    file = table();
  }

  private TableFile table() {
    return Workspace.open(dir).table(List.of(), "a.csv", "a");
  }

  private TableMetadata inspected() {
    return TableInspector.inspect(file, ConnectionConfig.defaults());
  }

  private RowIndex index(FileFingerprint fp) {
    return new RowIndex(fp, 2, new long[] {1}, new long[] {2});
  }

  private List<Path> entries() throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.sorted().toList();
    }
  }

  @Test
  void theFolderIsCreatedForItsOwnerOnly() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    assertThat(store.folder()).isEqualTo(folder);

    store.open();
    store.open();

    assertThat(folder).isDirectory();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(folder)))
        .isEqualTo("rwx------");
  }

  @Test
  void aFileStandingWhereTheFolderGoesIsAnError() throws IOException {
    Files.createDirectories(folder.getParent());
    Files.writeString(folder, "not a folder");

    assertThatThrownBy(() -> new MetadataStore(folder, 1 << 20).open())
        .isInstanceOf(FileAlreadyExistsException.class);
  }

  @Test
  void entriesAreNamedByAHashOfTheirKeyAndKind() {
    MetadataStore store = new MetadataStore(folder, 1 << 20);

    Path m = store.entryPath(EntryCodec.Kind.METADATA, KEY);
    Path r = store.entryPath(EntryCodec.Kind.ROW_INDEX, KEY);

    assertThat(m.getParent()).isEqualTo(folder);
    assertThat(m.getFileName().toString()).matches("[0-9a-f]{24}\\.m\\.entry");
    assertThat(r.getFileName().toString()).matches("[0-9a-f]{24}\\.r\\.entry");
    assertThat(m.getFileName().toString().substring(0, 24))
        .isEqualTo(r.getFileName().toString().substring(0, 24));
    assertThat(store.entryPath(EntryCodec.Kind.METADATA, KEY + "x")).isNotEqualTo(m);
  }

  @Test
  void whatIsStoredIsFoundForTheSameVersionOnly() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    TableMetadata m = inspected();
    store.putMetadata(KEY, m);
    store.putRowIndex(KEY, index(file.fingerprint()));

    MetadataStore other = new MetadataStore(folder, 1 << 20);
    assertThat(other.metadata(KEY, file)).isEqualTo(m);
    assertThat(other.rowIndex(KEY, file.fingerprint())).isEqualTo(index(file.fingerprint()));
    assertThat(other.metadata("another key", file)).isNull();
    assertThat(other.rowIndex("another key", file.fingerprint())).isNull();
    assertThat(entries()).hasSize(2);
  }

  /**
   * Entry names are a 96-bit hash, not a digest: two keys of one name must cost each other their
   * entry, never give one the other's. An entry moved under another key's name is that collision.
   */
  @Test
  void anEntryUnderAnotherKeysNameIsNeverUsed() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    store.putMetadata(KEY, inspected());
    store.putRowIndex(KEY, index(file.fingerprint()));
    String other = KEY + "/other";
    Files.move(store.entryPath(EntryCodec.Kind.METADATA, KEY),
        store.entryPath(EntryCodec.Kind.METADATA, other));
    Files.move(store.entryPath(EntryCodec.Kind.ROW_INDEX, KEY),
        store.entryPath(EntryCodec.Kind.ROW_INDEX, other));

    MetadataStore reader = new MetadataStore(folder, 1 << 20);
    assertThat(reader.metadata(other, file)).isNull();
    assertThat(reader.rowIndex(other, file.fingerprint())).isNull();
    assertThat(reader.metadata(KEY, file)).isNull();
    assertThat(entries()).as("the colliding entries are dropped, to be written anew").isEmpty();
    assertThat(MetadataStore.hash(KEY)).isEqualTo(MetadataStore.hash(KEY))
        .isNotEqualTo(MetadataStore.hash(other)).matches("[0-9a-f]{24}");
  }

  /**
   * The race a check read after the reading would lose: the file is rewritten in place while it is
   * inspected or scanned, to the same size and with its modification time set back, so its
   * fingerprint is unchanged. What was learnt is stored only with the check taken before the
   * reading, and only while the file still matches it.
   */
  @Test
  void whatWasLearntBeforeAnInPlaceRewriteIsNeverStoredForTheNewContent() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    store.open();
    Path csv = dir.resolve("a.csv");
    TableMetadata learnt = inspected();
    ContentCheck before = MetadataStore.checkNow(file.fingerprint());
    FileTime mtime = Files.getLastModifiedTime(csv);
    Files.writeString(csv, "n\n7\n8\n");
    Files.setLastModifiedTime(csv, mtime);
    assertThat(table().fingerprint()).as("the rewrite kept the fingerprint")
        .isEqualTo(file.fingerprint());

    store.putMetadata(KEY, learnt, before);
    store.putRowIndex(KEY, index(file.fingerprint()), before);

    assertThat(entries()).as("nothing stored for content that was not read").isEmpty();
    assertThat(store.metadata(KEY, table())).isNull();
    assertThat(store.rowIndex(KEY, file.fingerprint())).isNull();

    // Unchanged since its check, a file's entries are stored and answered.
    TableMetadata now = TableInspector.inspect(table(), ConnectionConfig.defaults());
    ContentCheck again = MetadataStore.checkNow(table().fingerprint());
    store.putMetadata(KEY, now, again);
    assertThat(store.metadata(KEY, table())).isEqualTo(now);
  }

  /** The stored fingerprint still matches, but the file on disk is no longer that version. */
  @Test
  void aFileChangedSinceItsVersionWasTakenIsNotAnswered() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    store.putMetadata(KEY, inspected());
    store.putRowIndex(KEY, index(file.fingerprint()));
    Files.writeString(dir.resolve("a.csv"), "n\n1\n2\n3\n");

    assertThat(store.metadata(KEY, file)).as("asked for the old version").isNull();
    assertThat(store.rowIndex(KEY, file.fingerprint())).isNull();
    assertThat(store.metadata(KEY, table())).as("asked for the new version").isNull();
  }

  @Test
  void aFileGoneIsNotAnswered() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    store.putMetadata(KEY, inspected());
    Files.delete(dir.resolve("a.csv"));

    assertThat(store.metadata(KEY, file)).isNull();
    assertThat(entries()).hasSize(1);
  }

  /** Metadata read from a version the file has already left behind is not kept. */
  @Test
  void metadataOfAnOlderVersionIsNotStored() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    TableMetadata old = inspected();
    Files.writeString(dir.resolve("a.csv"), "n\nx\n2\n3\n");

    store.putMetadata(KEY, old);
    store.putRowIndex(KEY, index(file.fingerprint()));

    assertThat(folder).doesNotExist();
  }

  @Test
  void anEntryLargerThanTheWholeBoundIsDeletedUnread() throws IOException {
    new MetadataStore(folder, 1 << 20).putMetadata(KEY, inspected());
    Path entry = entries().get(0);
    long size = Files.size(entry);

    assertThat(new MetadataStore(folder, size).metadata(KEY, file)).isNotNull();
    assertThat(new MetadataStore(folder, size - 1).metadata(KEY, file)).isNull();
    assertThat(entry).doesNotExist();
  }

  @Test
  void anEntryUnreadForAnHourIsMarkedUsedWhenRead() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    store.putMetadata(KEY, inspected());
    Path entry = entries().get(0);
    long now = System.currentTimeMillis();
    FileTime recent = FileTime.fromMillis(now - HOUR + 60_000);
    Files.setLastModifiedTime(entry, recent);

    assertThat(store.metadata(KEY, file)).isNotNull();
    assertThat(Files.getLastModifiedTime(entry)).as("read within the hour: left").isEqualTo(recent);

    Files.setLastModifiedTime(entry, FileTime.fromMillis(now - HOUR - 60_000));
    assertThat(store.metadata(KEY, file)).isNotNull();
    assertThat(Files.getLastModifiedTime(entry).toMillis()).isGreaterThanOrEqualTo(now);
  }

  @Test
  void anEntryOfAnotherVersionIsNotMarkedUsed() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    store.putMetadata(KEY, inspected());
    Path entry = entries().get(0);
    FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 3 * HOUR);
    Files.setLastModifiedTime(entry, old);
    Files.writeString(dir.resolve("a.csv"), "n\n1\n2\n3\n");

    assertThat(store.metadata(KEY, table())).isNull();
    assertThat(Files.getLastModifiedTime(entry)).isEqualTo(old);
  }

  /** Past the bound, the least recently used entries go, down to three quarters of it. */
  @Test
  void aSweepDeletesTheLeastRecentlyUsedDownToThreeQuarters() throws IOException {
    Files.createDirectories(folder);
    long now = System.currentTimeMillis();
    for (int i = 0; i < 10; i++) {
      Path e = Files.write(folder.resolve("e" + i + ".m.entry"), new byte[100]);
      Files.setLastModifiedTime(e, FileTime.fromMillis(now - (10 - i) * 60_000L));
    }
    Files.write(folder.resolve("notes.txt"), new byte[5_000]);

    new MetadataStore(folder, 1_000).sweep();
    assertThat(entries()).extracting(p -> p.getFileName().toString())
        .as("exactly at the bound, and other files do not count")
        .hasSize(11);

    new MetadataStore(folder, 999).sweep();
    // 999 / 4 * 3 = 747: the three oldest go, leaving 700.
    assertThat(entries()).extracting(p -> p.getFileName().toString())
        .containsExactly("e3.m.entry", "e4.m.entry", "e5.m.entry", "e6.m.entry", "e7.m.entry",
            "e8.m.entry", "e9.m.entry", "notes.txt");
  }

  @Test
  void aSweepStopsExactlyAtThreeQuarters() throws IOException {
    Files.createDirectories(folder);
    long now = System.currentTimeMillis();
    for (int i = 0; i < 9; i++) {
      Path e = Files.write(folder.resolve("e" + i + ".r.entry"), new byte[100]);
      Files.setLastModifiedTime(e, FileTime.fromMillis(now - (10 - i) * 60_000L));
    }

    new MetadataStore(folder, 801).sweep();

    // 801 / 4 * 3 = 600: down from 900 to exactly 600, and no further.
    assertThat(entries()).extracting(p -> p.getFileName().toString())
        .containsExactly("e3.r.entry", "e4.r.entry", "e5.r.entry", "e6.r.entry", "e7.r.entry",
            "e8.r.entry");

    Files.write(folder.resolve("e9.r.entry"), new byte[100]);
    new MetadataStore(folder, 801).sweep();
    assertThat(entries()).as("700 is under the bound").hasSize(7);
  }

  @Test
  void aTemporaryFileLeftOverAnHourIsDeleted() throws IOException {
    Files.createDirectories(folder);
    long now = System.currentTimeMillis();
    Path abandoned = Files.write(folder.resolve(".tmp-1.entry"), new byte[10]);
    Files.setLastModifiedTime(abandoned, FileTime.fromMillis(now - HOUR - 60_000));
    Path writing = Files.write(folder.resolve(".tmp-2.entry"), new byte[10]);
    Files.setLastModifiedTime(writing, FileTime.fromMillis(now - HOUR + 60_000));

    new MetadataStore(folder, 1 << 20).sweep();

    assertThat(abandoned).doesNotExist();
    assertThat(writing).exists();
  }

  /** The first write of a store sums the folder: a folder grown past its bound shrinks. */
  @Test
  void theFirstWriteSweepsAndLaterOnesAfterAnEighthOfTheBound() throws IOException {
    Files.createDirectories(folder);
    long old = System.currentTimeMillis() - 10 * HOUR;
    for (int i = 0; i < 20; i++) {
      Path e = Files.write(folder.resolve("old" + i + ".m.entry"), new byte[1_000]);
      Files.setLastModifiedTime(e, FileTime.fromMillis(old + i));
    }
    MetadataStore store = new MetadataStore(folder, 16_000);

    store.putRowIndex(KEY, index(file.fingerprint()));

    long total = 0;
    for (Path e : entries()) {
      total += Files.size(e);
    }
    assertThat(total).isLessThanOrEqualTo(12_000);
    assertThat(store.rowIndex(KEY, file.fingerprint())).as("the newest entry stays").isNotNull();

    // Under an eighth of the bound written since: no sweep, though the folder is over it.
    for (int i = 0; i < 10; i++) {
      Files.write(folder.resolve("more" + i + ".m.entry"), new byte[1_000]);
    }
    store.putRowIndex(KEY + "2", index(file.fingerprint()));
    assertThat(entries()).hasSizeGreaterThan(20);
  }

  /** Writing exactly an eighth of the bound since the last sum is enough to sum again. */
  @Test
  void exactlyAnEighthOfTheBoundWrittenSweeps() throws IOException {
    MetadataStore probe = new MetadataStore(cacheRoot.resolve("probe"), 1L << 30);
    probe.putRowIndex(KEY + "a", index(file.fingerprint()));
    long entry = Files.size(probe.entryPath(EntryCodec.Kind.ROW_INDEX, KEY + "a"));
    MetadataStore store = new MetadataStore(folder, 8 * entry);
    store.putRowIndex(KEY + "a", index(file.fingerprint()));
    long old = System.currentTimeMillis() - 10 * HOUR;
    for (int i = 0; i < 9; i++) {
      Path e = Files.write(folder.resolve("old" + i + ".m.entry"), new byte[(int) entry]);
      Files.setLastModifiedTime(e, FileTime.fromMillis(old + i));
    }

    store.putRowIndex(KEY + "b", index(file.fingerprint()));

    long total = 0;
    for (Path e : entries()) {
      total += Files.size(e);
    }
    assertThat(total).isLessThanOrEqualTo(6 * entry);
    assertThat(store.rowIndex(KEY + "b", file.fingerprint())).isNotNull();
  }

  @Test
  void aCacheFolderThatCannotBeWrittenLeavesTheQueryAlone() throws IOException {
    Files.createDirectories(folder.getParent());
    Files.writeString(folder, "not a folder");
    MetadataStore store = new MetadataStore(folder, 1 << 20);

    store.putMetadata(KEY, inspected());
    store.putRowIndex(KEY, index(file.fingerprint()));

    assertThat(store.metadata(KEY, file)).isNull();
    assertThat(store.rowIndex(KEY, file.fingerprint())).isNull();
  }

  /** A write that cannot take its place leaves no temporary file behind. */
  @Test
  void aWriteThatCannotBeRenamedLeavesNoTemporaryFile() throws IOException {
    MetadataStore store = new MetadataStore(folder, 1 << 20);
    store.open();
    Path blocked = store.entryPath(EntryCodec.Kind.METADATA, KEY);
    Files.createDirectories(blocked.resolve("in the way"));

    store.putMetadata(KEY, inspected());

    try (Stream<Path> s = Files.list(folder)) {
      assertThat(s.map(p -> p.getFileName().toString()).toList())
          .containsExactly(blocked.getFileName().toString());
    }
    assertThat(store.metadata(KEY, file)).isNull();
  }
}
