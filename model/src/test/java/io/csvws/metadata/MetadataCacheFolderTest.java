package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.columns;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metadata cache between memory and its folder: what the folder gives is kept in memory, a
 * failure is kept nowhere, a metadata file beside a table is part of the key, memory is bounded,
 * and a folder named by the user that cannot be used is an error.
 */
class MetadataCacheFolderTest {
  @TempDir
  Path dir;
  @TempDir
  Path cacheDir;
  private ConnectionConfig config;
  private ConnectionConfig memory;

  @BeforeEach
  void configs() {
    config = ConnectionConfig.parse(Map.of("metadataCache", cacheDir.toString()));
    memory = ConnectionConfig.parse(Map.of("metadataCache", "memory"));
  }

  private TableFile table(String name) {
    return Workspace.open(dir).table(List.of(), name, "t");
  }

  private long entries() throws IOException {
    try (Stream<Path> s = Files.list(cacheDir)) {
      return s.count();
    }
  }

  @Test
  void whatTheFolderGivesIsThenKeptInMemory() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n");
    new MetadataCache(10).get(table("a.csv"), config);
    MetadataCache fresh = new MetadataCache(10);

    TableMetadata fromFolder = fresh.get(table("a.csv"), config);

    assertThat(fresh.get(table("a.csv"), config)).isSameAs(fromFolder);
    assertThat(columns(fromFolder)).containsExactly("n:INTEGER");
  }

  @Test
  void aFailureIsNotStored() throws IOException {
    Files.writeString(dir.resolve("a.csv.gz"), "not gzip");

    TableMetadata failed = new MetadataCache(10).get(table("a.csv.gz"), config);

    assertThat(failed.failure()).isNotNull();
    assertThat(entries()).isZero();
  }

  @Test
  void aRowIndexKeptInMemoryIsForItsFileVersionOnly() throws IOException {
    Path p = Files.writeString(dir.resolve("a.csv"), "n\n1\n2\n");
    MetadataCache cache = new MetadataCache(10);
    TableFile before = table("a.csv");
    RowIndex index = new RowIndex(before.fingerprint(), 2, new long[] {1}, new long[] {2});
    cache.putRowIndex(before, memory, index);
    assertThat(cache.rowIndex(before, memory)).isSameAs(index);

    Files.writeString(p, "n\n1\n2\n3\n");
    Files.setLastModifiedTime(p, FileTime.fromMillis(System.currentTimeMillis() + 5_000));

    assertThat(cache.rowIndex(table("a.csv"), memory)).isNull();
  }

  /** A row index the folder gives is kept in memory: the entry is read once, then remembered. */
  @Test
  void aRowIndexFromTheFolderIsKeptInMemory() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n2\n");
    TableFile file = table("a.csv");
    RowIndex index = new RowIndex(file.fingerprint(), 2, new long[] {1}, new long[] {2});
    new MetadataCache(10).putRowIndex(file, config, index);
    MetadataCache fresh = new MetadataCache(10);

    RowIndex found = fresh.rowIndex(file, config);
    clear(cacheDir);

    assertThat(found).isEqualTo(index);
    assertThat(fresh.rowIndex(file, config)).isSameAs(found);
  }

  /**
   * A version the folder had no row index for is not asked again (a log scanned often, never to
   * its end); a new version is, and a row index put since is answered.
   */
  @Test
  void theFolderIsAskedForARowIndexOncePerFileVersion() throws IOException {
    Path p = Files.writeString(dir.resolve("a.csv"), "n\n1\n2\n");
    TableFile file = table("a.csv");
    MetadataCache asking = new MetadataCache(10);
    assertThat(asking.rowIndex(file, config)).isNull();
    RowIndex index = new RowIndex(file.fingerprint(), 2, new long[] {1}, new long[] {2});
    new MetadataCache(10).putRowIndex(file, config, index);

    assertThat(asking.rowIndex(file, config)).as("not asked again").isNull();
    asking.putRowIndex(file, config, index);
    assertThat(asking.rowIndex(file, config)).isEqualTo(index);

    Files.writeString(p, "n\n1\n2\n3\n");
    Files.setLastModifiedTime(p, FileTime.fromMillis(System.currentTimeMillis() + 5_000));
    TableFile changed = table("a.csv");
    RowIndex newer = new RowIndex(changed.fingerprint(), 3, new long[] {1}, new long[] {2});
    new MetadataCache(10).putRowIndex(changed, config, newer);
    assertThat(asking.rowIndex(changed, config)).as("a new version is asked for")
        .isEqualTo(newer);
  }

  private static void clear(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      for (Path p : s.toList()) {
        Files.delete(p);
      }
    }
  }

  /** A metadata file put beside a table, or changed, is seen by the next look-up. */
  @Test
  void aMetadataFileBesideTheTableIsPartOfTheKey() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n,d\n1,2024-01-02\n2,2024-01-03\n");
    MetadataCache cache = new MetadataCache(10);
    assertThat(columns(cache.get(table("a.csv"), config))).containsExactly("n:INTEGER", "d:DATE");

    Path sidecar = Files.writeString(dir.resolve("a.csv-metadata.json"), "{\"@context\": "
        + "\"http://www.w3.org/ns/csvw\", \"url\": \"a.csv\", \"tableSchema\": {\"columns\": ["
        + "{\"name\": \"id\", \"datatype\": \"string\"}, {\"name\": \"day\"}]}}");
    assertThat(columns(cache.get(table("a.csv"), config))).containsExactly("id:VARCHAR",
        "day:DATE");
    assertThat(columns(new MetadataCache(10).get(table("a.csv"), config)))
        .as("from the folder").containsExactly("id:VARCHAR", "day:DATE");

    Files.writeString(sidecar, "{\"@context\": \"http://www.w3.org/ns/csvw\", \"url\": "
        + "\"a.csv\", \"tableSchema\": {\"columns\": [{\"name\": \"key\"}]}}");
    Files.setLastModifiedTime(sidecar, FileTime.fromMillis(System.currentTimeMillis() + 5_000));
    assertThat(columns(cache.get(table("a.csv"), config))).containsExactly("key:INTEGER",
        "d:DATE");
    assertThat(columns(new MetadataCache(10).get(table("a.csv"), config)))
        .containsExactly("key:INTEGER", "d:DATE");

    Files.delete(sidecar);
    assertThat(columns(new MetadataCache(10).get(table("a.csv"), config)))
        .containsExactly("n:INTEGER", "d:DATE");
  }

  /** Memory holds at most about {@code maxEntries} file versions; the rest come from disk. */
  @Test
  void memoryHoldsABoundedNumberOfFileVersions() throws IOException {
    MetadataCache cache = new MetadataCache(8);
    TableMetadata[] first = new TableMetadata[40];
    for (int i = 0; i < first.length; i++) {
      Files.writeString(dir.resolve("f" + i + ".csv"), "n\n" + i + "\n");
      first[i] = cache.get(table("f" + i + ".csv"), memory);
    }
    int kept = 0;
    // Newest first: a miss inspects again and evicts the least recently used.
    for (int i = first.length - 1; i >= 0; i--) {
      if (cache.get(table("f" + i + ".csv"), memory) == first[i]) {
        kept++;
      }
    }

    assertThat(kept).isBetween(1, 8);
  }

  @Test
  void aRowIndexPutInMemoryIsBoundedToo() throws IOException {
    MetadataCache cache = new MetadataCache(8);
    RowIndex[] put = new RowIndex[40];
    for (int i = 0; i < put.length; i++) {
      Files.writeString(dir.resolve("f" + i + ".csv"), "n\n" + i + "\n");
      TableFile f = table("f" + i + ".csv");
      put[i] = new RowIndex(f.fingerprint(), 1, new long[] {1}, new long[] {2});
      cache.putRowIndex(f, memory, put[i]);
    }
    int kept = 0;
    for (int i = 0; i < put.length; i++) {
      if (cache.rowIndex(table("f" + i + ".csv"), memory) == put[i]) {
        kept++;
      }
    }

    assertThat(kept).isBetween(1, 8);
  }

  @Test
  void aCacheFolderTheUserNamedMustBeUsable() throws IOException {
    Path file = Files.writeString(dir.resolve("taken"), "a file");
    ConnectionConfig bad = ConnectionConfig.parse(Map.of("metadataCache",
        file.resolve("sub").toString()));
    MetadataCache cache = new MetadataCache(10);

    assertThatThrownBy(() -> cache.checkLocation(bad))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.VALIDATION_FAILED))
        .hasMessageStartingWith("Property 'metadataCache' names " + file.resolve("sub")
            + ", which cannot be used as a cache folder (")
        .hasMessageEndingWith("). Give a folder this user can write, or metadataCache=memory.")
        .hasCauseInstanceOf(IOException.class);

    Path fresh = cacheDir.resolve("new/folder");
    cache.checkLocation(ConnectionConfig.parse(Map.of("metadataCache", fresh.toString())));
    assertThat(fresh).isDirectory();
    cache.checkLocation(memory);
    cache.checkLocation(ConnectionConfig.defaults());
  }

  @Test
  void memoryOnlyNeverTouchesAFolder() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n");
    TableFile file = table("a.csv");
    MetadataCache cache = new MetadataCache(10);

    cache.get(file, memory);
    cache.putRowIndex(file, memory,
        new RowIndex(file.fingerprint(), 1, new long[] {1}, new long[] {2}));

    assertThat(entries()).isZero();
    assertThat(new MetadataCache(10).rowIndex(file, memory)).isNull();
  }
}
