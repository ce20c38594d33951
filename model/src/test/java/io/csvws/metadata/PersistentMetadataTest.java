package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The metadata cache's folder: what one process learns about a file, another finds, and a
 * damaged, truncated, foreign or stale entry is never used. Each test has its own cache folder;
 * a new {@link MetadataCache} stands for a new process (it shares nothing in memory).
 */
class PersistentMetadataTest {
  @TempDir
  Path dir;
  @TempDir
  Path cacheDir;

  private ConnectionConfig config;

  @BeforeEach
  void pointTheCacheAtATempFolder() {
    config = ConnectionConfig.parse(Map.of("metadataCache", cacheDir.toString()));
  }

  private TableFile table(String name) {
    return Workspace.open(dir).table(List.of(), name, "t");
  }

  private List<Path> entries() throws IOException {
    try (Stream<Path> s = Files.list(cacheDir)) {
      return s.sorted().toList();
    }
  }

  /** A file whose columns exercise every part of the stored metadata. */
  private void writeRich(String name) throws IOException {
    StringBuilder sb = new StringBuilder("\uFEFFid;price;day;ratio;flag;note;stamp\r\n");
    for (int i = 1; i <= 50; i++) {
      sb.append(i).append(';').append(i).append(",50;").append(String.format("%02d/03/2024", i % 28 + 1))
          .append(';').append(i).append("e3;").append(i % 2 == 0).append(';')
          .append(i == 7 ? "NA" : "n" + i).append(";2024-01-02 03:04:05\r\n");
    }
    Files.writeString(dir.resolve(name), sb, StandardCharsets.UTF_8);
  }

  @Test
  void aNewProcessFindsWhatAnEarlierOneLearnt() throws IOException {
    writeRich("a.csv");
    TableMetadata first = new MetadataCache(10).get(table("a.csv"), config);
    assertThat(first.failure()).isNull();
    assertThat(entries()).hasSize(1);

    MetadataStore store = new MetadataStore(cacheDir, MetadataCache.MAX_FOLDER_BYTES);
    TableMetadata stored = store.metadata(storedKey("a.csv"), table("a.csv"));
    TableMetadata again = new MetadataCache(10).get(table("a.csv"), config);

    assertThat(stored).as("decoded from the folder").isEqualTo(first);
    assertThat(again).isEqualTo(first);
    assertThat(InspectorFixtures.columns(again)).containsExactly("id:INTEGER",
        "price:DECIMAL", "day:DATE", "ratio:DOUBLE", "flag:BOOLEAN", "note:VARCHAR",
        "stamp:TIMESTAMP");
  }

  /** The stored key of {@code name} as the cache computes it, found from the one entry. */
  private String storedKey(String name) throws IOException {
    MetadataCache probe = new MetadataCache(10);
    probe.get(table(name), config);
    return keyOf(table(name), config);
  }

  private static String keyOf(TableFile file, ConnectionConfig config) {
    // The same text MetadataCache.Key.stored() builds: path, reading key, no sidecar, code.
    return "path=" + file.path() + "\nreading=" + config.readingKey().values() + "\nsidecar=\n"
        + "code=" + CodeStamp.current() + "\n";
  }

  @Test
  void aRowIndexOutlivesItsProcess() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n2\n3\n");
    TableFile file = table("a.csv");
    RowIndex.Builder b = new RowIndex.Builder();
    b.add(1, 2);
    b.add(3, 6);
    RowIndex index = b.build(file.fingerprint(), 3);
    new MetadataCache(10).putRowIndex(file, config, index);

    assertThat(new MetadataCache(10).rowIndex(table("a.csv"), config)).isEqualTo(index);
    assertThat(new MetadataCache(10).rowIndex(table("a.csv"),
        config.with(Map.of("inferTypes", "false")))).as("other reading settings").isNull();
    assertThat(new MetadataCache(10).rowIndex(table("a.csv"),
        ConnectionConfig.parse(Map.of("metadataCache", "memory")))).as("memory only").isNull();
  }

  @Test
  void memoryOnlyWritesNothing() throws IOException {
    writeRich("a.csv");
    ConnectionConfig memory = ConnectionConfig.parse(Map.of("metadataCache", "memory"));
    new MetadataCache(10).get(table("a.csv"), memory);

    assertThat(entries()).isEmpty();
  }

  /** Every single byte flipped, anywhere in the entry: the entry is refused and rebuilt. */
  @Test
  void aDamagedEntryIsRebuilt() throws IOException {
    writeRich("a.csv");
    TableMetadata truth = new MetadataCache(10).get(table("a.csv"), config);
    Path entry = entries().get(0);
    byte[] good = Files.readAllBytes(entry);
    String key = keyOf(table("a.csv"), config);
    for (int at = 0; at < good.length; at += Math.max(1, good.length / 97)) {
      byte[] bad = good.clone();
      bad[at] ^= 0x10;
      Files.write(entry, bad);
      MetadataStore store = new MetadataStore(cacheDir, MetadataCache.MAX_FOLDER_BYTES);
      assertThat(store.metadata(key, table("a.csv"))).as("byte %d flipped", at).isNull();
      assertThat(entry).as("a damaged entry is deleted").doesNotExist();
    }
    Files.write(entry, new byte[] {1, 2, 3});
    assertThat(new MetadataCache(10).get(table("a.csv"), config)).isEqualTo(truth);
    assertThat(Files.readAllBytes(entry)).as("rebuilt").isEqualTo(good);
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 7, 8, 12, 13, 40, 100, -5, -4, -1})
  void aTruncatedEntryIsRebuilt(int keep) throws IOException {
    writeRich("a.csv");
    TableMetadata truth = new MetadataCache(10).get(table("a.csv"), config);
    Path entry = entries().get(0);
    byte[] good = Files.readAllBytes(entry);
    int length = keep >= 0 ? keep : good.length + keep;
    try (RandomAccessFile f = new RandomAccessFile(entry.toFile(), "rw")) {
      f.setLength(length);
    }
    String key = keyOf(table("a.csv"), config);

    assertThat(new MetadataStore(cacheDir, MetadataCache.MAX_FOLDER_BYTES)
        .metadata(key, table("a.csv"))).isNull();
    assertThat(new MetadataCache(10).get(table("a.csv"), config)).isEqualTo(truth);
  }

  /** Another file's entry, copied under this file's name: its key does not match. */
  @Test
  void anEntryOfAnotherKeyIsNotUsed() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n");
    Files.writeString(dir.resolve("b.csv"), "n\nx\n");
    new MetadataCache(10).get(table("a.csv"), config);
    MetadataStore store = new MetadataStore(cacheDir, MetadataCache.MAX_FOLDER_BYTES);
    Path aEntry = store.entryPath(EntryCodec.Kind.METADATA, keyOf(table("a.csv"), config));
    Path bEntry = store.entryPath(EntryCodec.Kind.METADATA, keyOf(table("b.csv"), config));
    Files.copy(aEntry, bEntry);

    TableMetadata b = new MetadataCache(10).get(table("b.csv"), config);

    assertThat(InspectorFixtures.columns(b)).containsExactly("n:VARCHAR");
  }

  /**
   * The same size, the same modification time and the same inode, as on a file system that keeps
   * whole seconds: the content check sees the change.
   */
  @Test
  void aFileRewrittenInPlaceWithTheSameSizeAndTimeIsReadAgain() throws IOException {
    Path p = dir.resolve("a.csv");
    Files.writeString(p, "n\n1\n2\n");
    FileTime time = Files.getLastModifiedTime(p);
    TableMetadata before = new MetadataCache(10).get(table("a.csv"), config);
    RowIndex.Builder b = new RowIndex.Builder();
    b.add(1, 2);
    new MetadataCache(10).putRowIndex(table("a.csv"), config,
        b.build(before.fingerprint(), 2));

    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      f.seek(2);
      f.write("x\ny".getBytes(StandardCharsets.US_ASCII));
    }
    Files.setLastModifiedTime(p, time);
    TableFile after = table("a.csv");
    assertThat(after.fingerprint()).as("the fingerprint cannot tell").isEqualTo(before.fingerprint());

    assertThat(InspectorFixtures.columns(before)).containsExactly("n:INTEGER");
    assertThat(InspectorFixtures.columns(new MetadataCache(10).get(after, config)))
        .containsExactly("n:VARCHAR");
    assertThat(new MetadataCache(10).rowIndex(after, config)).isNull();
  }

  /** The check alone, where no inode-change time helps: a change in the last bytes. */
  @Test
  void theContentCheckSeesTheFirstAndLastBytes() throws IOException {
    Path p = dir.resolve("big.csv");
    byte[] bytes = new byte[3 * ContentCheck.SPAN];
    java.util.Arrays.fill(bytes, (byte) 'a');
    Files.write(p, bytes);
    ContentCheck a = ContentCheck.of(p, bytes.length);
    bytes[bytes.length - 1] = 'b';
    Files.write(p, bytes);
    ContentCheck b = ContentCheck.of(p, bytes.length);
    bytes[0] = 'b';
    Files.write(p, bytes);
    ContentCheck c = ContentCheck.of(p, bytes.length);

    assertThat(a.edgesHash()).isNotEqualTo(b.edgesHash());
    assertThat(b.edgesHash()).isNotEqualTo(c.edgesHash());
    assertThat(ContentCheck.of(p, bytes.length)).isEqualTo(c);
  }

  @Test
  void aChangedFileMakesItsEntryStale() throws IOException {
    Path p = dir.resolve("a.csv");
    Files.writeString(p, "n\n1\n");
    new MetadataCache(10).get(table("a.csv"), config);
    Files.writeString(p, "n\n1\n2.5\n");

    assertThat(InspectorFixtures.columns(new MetadataCache(10).get(table("a.csv"), config)))
        .containsExactly("n:DECIMAL");
  }

  /** Many writers and readers of the same entries: every answer is right, no temp file stays. */
  @Test
  void threadsOfSeveralCachesShareTheFolderSafely() throws Exception {
    int files = 8;
    for (int i = 0; i < files; i++) {
      Files.writeString(dir.resolve("f" + i + ".csv"), i % 2 == 0 ? "n\n1\n" : "n\nx\n");
    }
    ExecutorService pool = Executors.newFixedThreadPool(6);
    try {
      List<Future<Boolean>> results = new ArrayList<>();
      for (int t = 0; t < 6; t++) {
        int thread = t;
        results.add(pool.submit((Callable<Boolean>) () -> {
          for (int round = 0; round < 40; round++) {
            // A new cache each round: nothing in memory, so every get goes to the folder.
            MetadataCache cache = new MetadataCache(10);
            int i = (thread + round) % files;
            TableFile f = table("f" + i + ".csv");
            String want = i % 2 == 0 ? "n:INTEGER" : "n:VARCHAR";
            if (!InspectorFixtures.columns(cache.get(f, config)).equals(List.of(want))) {
              return false;
            }
            RowIndex.Builder b = new RowIndex.Builder();
            b.add(1, 2);
            cache.putRowIndex(f, config, b.build(f.fingerprint(), 1));
            RowIndex r = new MetadataCache(10).rowIndex(f, config);
            if (r == null || r.rowCount() != 1) {
              return false;
            }
          }
          return true;
        }));
      }
      for (Future<Boolean> r : results) {
        assertThat(r.get(2, TimeUnit.MINUTES)).isTrue();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(entries()).hasSize(2 * files)
        .allSatisfy(e -> assertThat(e.getFileName().toString()).doesNotStartWith(".tmp-"));
  }

  /** Two JVMs writing and reading the same entries at once, each checking every answer. */
  @Test
  void twoProcessesShareTheFolderSafely() throws Exception {
    for (int i = 0; i < 6; i++) {
      Files.writeString(dir.resolve("f" + i + ".csv"), i % 2 == 0 ? "n\n1\n" : "n\nx\n");
    }
    List<Process> processes = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      processes.add(new ProcessBuilder(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("java.class.path"), CacheWriterProcess.class.getName(),
          dir.toString(), cacheDir.toString(), "6", "60")
          .redirectErrorStream(true).start());
    }
    for (Process p : processes) {
      assertThat(p.waitFor(3, TimeUnit.MINUTES)).isTrue();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(out).isZero();
      assertThat(out).contains("ok");
    }
    for (int i = 0; i < 6; i++) {
      assertThat(InspectorFixtures.columns(new MetadataCache(10).get(table("f" + i + ".csv"),
          config))).containsExactly(i % 2 == 0 ? "n:INTEGER" : "n:VARCHAR");
    }
  }

  /** The folder stays under its bound: the least recently written entries go first. */
  @Test
  void theFolderIsBounded() throws IOException {
    long bound = 64 << 10;
    MetadataCache cache = new MetadataCache(1000, bound);
    for (int i = 0; i < 200; i++) {
      StringBuilder sb = new StringBuilder();
      for (int c = 0; c < 40; c++) {
        sb.append(c == 0 ? "" : ",").append("column_with_a_long_name_").append(c);
      }
      sb.append('\n');
      for (int c = 0; c < 40; c++) {
        sb.append(c == 0 ? "" : ",").append(i);
      }
      Files.writeString(dir.resolve("f" + i + ".csv"), sb.append('\n'));
      cache.get(table("f" + i + ".csv"), config);
    }
    long total = 0;
    for (Path e : entries()) {
      total += Files.size(e);
    }
    assertThat(total).isLessThanOrEqualTo(bound);
    assertThat(entries()).isNotEmpty();
    assertThat(new MetadataStore(cacheDir, bound).metadata(keyOf(table("f199.csv"), config),
        table("f199.csv"))).as("the newest entry is kept").isNotNull();
  }

  @Test
  void aFingerprintMismatchIsNotUsed() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n");
    TableFile file = table("a.csv");
    new MetadataCache(10).get(file, config);
    FileFingerprint other = new FileFingerprint(file.path(), file.fingerprint().size(),
        file.fingerprint().modifiedNanos() + 1, file.fingerprint().fileKey());

    assertThat(new MetadataStore(cacheDir, MetadataCache.MAX_FOLDER_BYTES)
        .metadata(keyOf(file, config), file.at(other))).isNull();
  }
}
