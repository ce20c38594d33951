package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.scan.PartialAggregation.Kind;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.schema.SchemaPlus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a parallel scan cuts a file and hands its rows over, seen on small files of fixed-width
 * records, so that where each chunk and each batch ends is known to the byte: when a scan runs in
 * parallel at all, the chunks (nominal or at indexed rows), the batches (short first, then by
 * rows, by values and every 1,024 records), the row index left behind, progress per chunk, and
 * cancels, interrupts and failures. Every file here is read in well under a second.
 *
 * <p>The files hold a header {@code id_no,v} and rows {@code 10000,a} to {@code 29999,a}: eight
 * bytes a line, so row {@code i} starts at byte {@code 8 * i} and has id {@code 9999 + i}.
 */
class ParallelRowsChunksTest {
  private static final int LINE = 8;

  @TempDir
  Path dir;

  private final List<ScanWorkers> opened = new ArrayList<>();

  @AfterEach
  void closeWorkers() {
    opened.forEach(ScanWorkers::close);
  }

  private ScanWorkers workers(int parallelism, long minBytes, int chunkBytes) {
    ScanWorkers w = new ScanWorkers(parallelism, minBytes, chunkBytes);
    opened.add(w);
    return w;
  }

  private ScanWorkers chunksOf(int chunkBytes) {
    return workers(2, 0, chunkBytes);
  }

  private static ConnectionConfig config(String... more) {
    Map<String, String> p = new HashMap<>(Map.of("metadataCache", "memory", "header", "present",
        "sampleRows", "100"));
    for (int i = 0; i < more.length; i += 2) {
      p.put(more[i], more[i + 1]);
    }
    return ConnectionConfig.parse(p);
  }

  private static final ConnectionConfig PLAIN = config();

  /** The header and {@code rows} rows of eight bytes; {@code change} replaces some lines. */
  private static String fixed(int rows, Map<Integer, String> change) {
    StringBuilder s = new StringBuilder(LINE * (rows + 1)).append("id_no,v\n");
    for (int i = 1; i <= rows; i++) {
      String line = change.getOrDefault(i, (9999 + i) + ",a");
      assertThat(line).hasSize(LINE - 1);
      s.append(line).append('\n');
    }
    return s.toString();
  }

  private TableFile write(String name, byte[] bytes) throws IOException {
    Files.write(dir.resolve(name), bytes);
    return Workspace.open(dir).table(List.of(), name, "t");
  }

  private TableFile write(String text) throws IOException {
    return write("t.csv", text.getBytes(StandardCharsets.US_ASCII));
  }

  private static FileScan scan(TableFile file, TableMetadata m, MetadataCache cache,
      ConnectionConfig config, ScanWorkers workers, int... columns) {
    return new FileScan(new ScanPlan(file, m, columns, new int[0], 1, Long.MAX_VALUE), config,
        cache, workers);
  }

  /** What a scan gave and, at each row, how many rows its finished chunks had counted. */
  private record Read(List<Object> rows, List<Long> progress, List<Long> bytesProgress,
      long rowsRead, long bytesRead) {
  }

  private static Read read(Function<FileScan, Enumerable<Object>> how,
      FileScan scan) {
    QueryDiagnostics d = new QueryDiagnostics();
    List<Long> progress = new ArrayList<>();
    List<Long> bytes = new ArrayList<>();
    List<Object> rows = d.collect(() -> {
      List<Object> out = new ArrayList<>();
      try (Enumerator<Object> e = how.apply(scan).enumerator()) {
        while (e.moveNext()) {
          Object row = e.current();
          out.add(row instanceof Object[] a ? Arrays.asList(a.clone()) : row);
          if (progress.isEmpty() || progress.get(progress.size() - 1) != d.rowsRead()) {
            progress.add(d.rowsRead());
            bytes.add(d.bytesRead());
          }
        }
      }
      return out;
    });
    return new Read(rows, progress, bytes, d.rowsRead(), d.bytesRead());
  }

  private static Read rows(FileScan scan) {
    return read(s -> s.enumerable(null), scan);
  }

  /** A count of rows per batch: each batch reduced to the one number of its rows. */
  private static List<Object> batchSizes(FileScan scan, int width) {
    PartialAggregation count = new PartialAggregation(width, new int[0],
        new Kind[] {Kind.COUNT_ROWS}, new int[] {-1}, new boolean[1]);
    return read(s -> s.partialAggregates(null, count), scan).rows();
  }

  private static List<Object> longs(long... values) {
    return LongStream.of(values).boxed().map(Object.class::cast).toList();
  }

  @Test
  void aScanRunsInParallelOnlyWhenTheFileAndThePlanAllowIt() throws IOException {
    TableFile file = write(fixed(100, Map.of()));
    long size = Files.size(file.path());
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    int rowOrdinal = m.columns().size();
    ScanPlan all = new ScanPlan(file, m, new int[] {0}, new int[0], 1, Long.MAX_VALUE);
    ScanWorkers two = chunksOf(100);

    assertThat(ParallelRows.applies(all, m, null, two)).isTrue();
    assertThat(ParallelRows.applies(all, m, null, null)).as("no workers").isFalse();
    assertThat(ParallelRows.applies(all, m, null, workers(1, 0, 100))).as("one worker")
        .isFalse();
    assertThat(ParallelRows.applies(all, m, null, workers(2, size, 100)))
        .as("a file of exactly the smallest size").isTrue();
    assertThat(ParallelRows.applies(all, m, null, workers(2, size + 1, 100)))
        .as("a file a byte too small").isFalse();
    assertThat(ParallelRows.applies(new ScanPlan(file, m, new int[] {0}, new int[0], 2,
        Long.MAX_VALUE), m, null, two)).as("from row 2").isFalse();
    assertThat(ParallelRows.applies(new ScanPlan(file, m, new int[] {0}, new int[0], 1, 50), m,
        null, two)).as("up to row 50").isFalse();

    ScanPlan numbered = new ScanPlan(file, m, new int[] {0, rowOrdinal}, new int[0], 1,
        Long.MAX_VALUE);
    ScanPlan filteredByNumber = new ScanPlan(file, m, new int[] {0}, new int[] {rowOrdinal}, 1,
        Long.MAX_VALUE);
    RowIndex one = new RowIndex(m.fingerprint(), 100, new long[] {1}, new long[] {8});
    RowIndex twoRows = new RowIndex(m.fingerprint(), 100, new long[] {1, 50},
        new long[] {8, 400});
    assertThat(ParallelRows.applies(numbered, m, null, two))
        .as("row numbers without an index").isFalse();
    assertThat(ParallelRows.applies(filteredByNumber, m, null, two))
        .as("a condition on row numbers without an index").isFalse();
    assertThat(ParallelRows.applies(numbered, m, twoRows, two))
        .as("row numbers with an index of two rows").isTrue();
    assertThat(ParallelRows.applies(all, m, one, two))
        .as("an index of one row cuts nothing").isFalse();
  }

  @Test
  void aCompressedOrUtf16FileIsReadOnOneThread() throws IOException {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(gz)) {
      out.write(fixed(100, Map.of()).getBytes(StandardCharsets.US_ASCII));
    }
    TableFile gzip = write("g.csv.gz", gz.toByteArray());
    ByteArrayOutputStream utf16 = new ByteArrayOutputStream();
    utf16.write(new byte[] {(byte) 0xFF, (byte) 0xFE});
    utf16.write(fixed(100, Map.of()).getBytes(StandardCharsets.UTF_16LE));
    TableFile wide = write("w.csv", utf16.toByteArray());
    MetadataCache cache = new MetadataCache(10);
    ScanWorkers two = chunksOf(100);

    for (TableFile f : List.of(gzip, wide)) {
      TableMetadata m = cache.get(f, PLAIN);
      assertThat(m.failure()).isNull();
      ScanPlan plan = new ScanPlan(f, m, new int[] {0}, new int[0], 1, Long.MAX_VALUE);
      assertThat(ParallelRows.applies(plan, m, null, two)).as(f.relativePath()).isFalse();
    }
    TableFile plainFile = write(fixed(100, Map.of()));
    TableMetadata m = cache.get(plainFile, PLAIN);
    assertThat(ParallelRows.applies(new ScanPlan(plainFile, m, new int[] {0}, new int[0], 1,
        Long.MAX_VALUE), m, null, two)).isTrue();
  }

  /**
   * Chunks of 8,000 bytes hold 1,000 rows (999 after the header in the first); the first batch
   * has 64 rows so the first rows come early; the last chunk holds row 5,000 alone.
   */
  @Test
  void chunksEndAtTheirNominalBytesAndTheFirstBatchIsShort() throws IOException {
    TableFile file = write(fixed(5000, Map.of()));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);

    assertThat(batchSizes(scan(file, m, cache, PLAIN, chunksOf(8000), 0), 1))
        .isEqualTo(longs(64, 935, 1000, 1000, 1000, 1000, 1));
    // A new cache: with the index the first scan left, chunks would start at indexed rows.
    MetadataCache fresh = new MetadataCache(10);
    Read read = rows(scan(file, fresh.get(file, PLAIN), fresh, PLAIN, chunksOf(8000), 0));
    assertThat(read.rows()).isEqualTo(longs(LongStream.rangeClosed(10_000, 14_999).toArray()));
    assertThat(read.progress()).as("rows counted as each chunk ends")
        .containsExactly(0L, 999L, 1999L, 2999L, 3999L, 4999L);
    assertThat(read.bytesProgress()).as("bytes counted as each chunk ends")
        .containsExactly(0L, 8000L, 16_000L, 24_000L, 32_000L, 40_000L);
    assertThat(read.rowsRead()).isEqualTo(5000);
    assertThat(read.bytesRead()).isEqualTo(Files.size(file.path()));
    assertThat(openHandles(file)).as("the file is closed at the end").isZero();
  }

  /**
   * Behind a byte-order mark, chunks, offsets and row numbers count from the first byte after it;
   * progress counts the file's own bytes.
   */
  @Test
  void chunksOfAFileWithAByteOrderMarkCountFromAfterIt() throws IOException {
    byte[] text = fixed(5000, Map.of()).getBytes(StandardCharsets.US_ASCII);
    byte[] bytes = new byte[text.length + 3];
    bytes[0] = (byte) 0xEF;
    bytes[1] = (byte) 0xBB;
    bytes[2] = (byte) 0xBF;
    System.arraycopy(text, 0, bytes, 3, text.length);
    TableFile file = write("bom.csv", bytes);
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    assertThat(m.encoding().bomLength()).isEqualTo(3);

    Read read = rows(scan(file, m, cache, PLAIN, chunksOf(8000), 0));
    assertThat(read.rows()).isEqualTo(longs(LongStream.rangeClosed(10_000, 14_999).toArray()));
    assertThat(read.progress()).containsExactly(0L, 999L, 1999L, 2999L, 3999L, 4999L);
    assertThat(read.bytesProgress())
        .containsExactly(0L, 8003L, 16_003L, 24_003L, 32_003L, 40_003L);
    RowIndex index = cache.rowIndex(file.at(m.fingerprint()), PLAIN);
    assertThat(index.rows()).containsExactly(1, 1000, 2000, 3000, 4000, 5000);
    assertThat(index.offsets()).containsExactly(8, 8000, 16_000, 24_000, 32_000, 40_000);

    int rowOrdinal = m.columns().size();
    Read numbered = rows(scan(file, m, cache, PLAIN, chunksOf(8000), rowOrdinal, 0));
    assertThat(numbered.rows()).isEqualTo(LongStream.rangeClosed(1, 5000)
        .mapToObj(i -> List.of(i, 9999 + i)).toList());
  }

  /**
   * In chunks of 3,000 rows, batches end every 1,024 records of a chunk and at the chunk's end;
   * the index left behind holds each chunk's first row and every 1,024th row after it.
   */
  @Test
  void batchesEndEvery1024RecordsOfAChunkAndTheIndexKeepsEachChunksStart() throws IOException {
    TableFile file = write(fixed(7000, Map.of()));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);

    assertThat(batchSizes(scan(file, m, cache, PLAIN, chunksOf(24_000), 0), 1))
        .isEqualTo(longs(64, 960, 1024, 951, 1024, 1024, 952, 1001));
    RowIndex index = cache.rowIndex(file.at(m.fingerprint()), PLAIN);
    assertThat(index).isNotNull();
    assertThat(index.rowCount()).isEqualTo(7000);
    long[] rows = {1, 1025, 2049, 3000, 4024, 5048, 6000};
    assertThat(index.rows()).containsExactly(rows);
    assertThat(index.offsets()).containsExactly(LongStream.of(rows).map(r -> r * LINE)
        .toArray());
  }

  /** Wide rows make short batches: 65,536 values a batch, so 65 rows of 1,000 values. */
  @Test
  void wideRowsMakeShortBatches() throws IOException {
    TableFile file = write(fixed(300, Map.of()));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    int[] thousand = new int[1000];
    int[] twoThousand = new int[2000];

    assertThat(batchSizes(scan(file, m, cache, PLAIN, chunksOf(1 << 20), thousand), 1000))
        .isEqualTo(longs(64, 65, 65, 65, 41));
    // New caches: a file whose index has one row is read on one thread.
    MetadataCache second = new MetadataCache(10);
    assertThat(batchSizes(scan(file, second.get(file, PLAIN), second, PLAIN, chunksOf(1 << 20),
        twoThousand), 2000))
        .as("the first batch is no longer than the others")
        .isEqualTo(longs(32, 32, 32, 32, 32, 32, 32, 32, 32, 12));
    MetadataCache third = new MetadataCache(10);
    Read read = rows(scan(file, third.get(file, PLAIN), third, PLAIN, chunksOf(1 << 20),
        new int[] {0, 0}));
    assertThat(read.rows()).hasSize(300).startsWith(List.of(10000L, 10000L));
  }

  /**
   * A single chunk of 20,000 rows keeps 20 offsets (more than the 16 it starts with room for);
   * with that index a scan cuts chunks at indexed rows at least a chunk's bytes apart, and numbers
   * rows as the file does.
   */
  @Test
  void withAnIndexChunksStartAtIndexedRowsAChunkApart() throws IOException {
    TableFile file = write(fixed(20_000, Map.of()));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    Read first = rows(scan(file, m, cache, PLAIN, chunksOf(1 << 20), 0));
    assertThat(first.rows()).hasSize(20_000);
    RowIndex index = cache.rowIndex(file.at(m.fingerprint()), PLAIN);
    assertThat(index).isNotNull();
    assertThat(index.rows()).containsExactly(LongStream.range(0, 20).map(k -> 1 + k * 1024)
        .toArray());
    assertThat(index.offsets()).containsExactly(LongStream.range(0, 20)
        .map(k -> (1 + k * 1024) * LINE).toArray());

    int rowOrdinal = m.columns().size();
    // 1,024 rows of 8 bytes: indexed rows are exactly 8,192 bytes apart.
    Read everyIndexedRow = rows(scan(file, m, cache, PLAIN, chunksOf(8192), rowOrdinal, 0));
    assertThat(everyIndexedRow.progress()).containsExactly(LongStream.concat(LongStream.of(0),
        LongStream.range(1, 20).map(k -> k * 1024)).boxed().toArray(Long[]::new));
    Read everyOther = rows(scan(file, m, cache, PLAIN, chunksOf(8193), rowOrdinal, 0));
    assertThat(everyOther.progress()).containsExactly(LongStream.concat(LongStream.of(0),
        LongStream.range(1, 10).map(k -> k * 2048)).boxed().toArray(Long[]::new));
    List<List<Long>> numbered = LongStream.rangeClosed(1, 20_000)
        .mapToObj(i -> List.of(i, 9999 + i)).toList();
    for (Read read : List.of(everyIndexedRow, everyOther)) {
      assertThat(read.rowsRead()).isEqualTo(20_000);
      assertThat(read.rows().equals(numbered)).as("every row numbered as in the file").isTrue();
    }
    assertThat(batchSizes(scan(file, m, cache, PLAIN, chunksOf(8192), 0), 1))
        .as("in chunks of exactly 1,024 rows").startsWith(64L, 960L, 1024L, 1024L);
  }

  @Test
  void linesSkippedAndNoHeaderAreReadAsOnOneThread() throws IOException {
    String body = fixed(3000, Map.of());
    TableFile file = write("Exported\n" + body);
    ConnectionConfig skipOne = config("skipLines", "1");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, skipOne);
    Read read = rows(scan(file, m, cache, skipOne, chunksOf(2000), 0));
    assertThat(read.rows()).hasSize(3000).startsWith(10000L, 10001L).endsWith(12999L);

    TableFile headless = write("h.csv", body.substring(LINE).getBytes(StandardCharsets.US_ASCII));
    ConnectionConfig absent = config("header", "absent");
    TableMetadata h = cache.get(headless, absent);
    Read all = rows(scan(headless, h, cache, absent, chunksOf(2000), 0));
    assertThat(all.rows()).hasSize(3000).startsWith(10000L, 10001L).endsWith(12999L);
  }

  /**
   * A quoted value spanning a chunk's nominal start, holding lines that look like records: the
   * chunk's guess starts inside it and is read again from where the record really starts.
   */
  @Test
  void aGuessInsideAQuotedValueIsReadAgainFromTheRealStart() throws IOException {
    StringBuilder s = new StringBuilder("id,note\n");
    for (int i = 1; i <= 400; i++) {
      s.append(i).append(',');
      if (i % 50 == 0) {
        s.append('"');
        for (int k = 0; k < 20; k++) {
          s.append("\n").append(100_000 + k).append(",fake");
        }
        s.append("\"\n");
      } else {
        s.append("note").append(i).append('\n');
      }
    }
    TableFile file = write(s.toString());
    MetadataCache cache = new MetadataCache(10);
    ConnectionConfig config = ConnectionConfig.parse(Map.of("metadataCache", "memory"));
    TableMetadata m = cache.get(file, config);
    List<Object> sequential = rows(scan(file, m, new MetadataCache(10), config, null, 0, 1))
        .rows();
    assertThat(sequential).hasSize(400);
    for (int chunk : new int[] {101, 257, 640}) {
      MetadataCache fresh = new MetadataCache(10);
      Read read = rows(scan(file, fresh.get(file, config), fresh, config, chunksOf(chunk), 0, 1));
      assertThat(read.rows()).as("chunks of %d bytes", chunk).isEqualTo(sequential);
      RowIndex index = fresh.rowIndex(file.at(m.fingerprint()), config);
      assertThat(index.rowCount()).isEqualTo(400);
    }
  }

  /** Row 2,500 fails in a chunk whose rows are guessed: read again, it names its row. */
  @Test
  void aFailureInAGuessedChunkNamesItsRowAsOnOneThread() throws IOException {
    ConnectionConfig fail = config("onTypeError", "fail", "onRaggedRow", "fail");
    for (String bad : List.of("1249x,a", "12499aa")) {
      TableFile file = write(fixed(5000, Map.of(2500, bad)));
      MetadataCache cache = new MetadataCache(10);
      TableMetadata m = cache.get(file, fail);
      CsvwsException expected = catchFailure(scan(file, m, cache, fail, null, 0, 1));
      assertThat(expected.getMessage()).startsWith("t.csv: row 2500");
      for (int chunk : new int[] {8000, 3001}) {
        MetadataCache fresh = new MetadataCache(10);
        CsvwsException actual = catchFailure(scan(file, fresh.get(file, fail), fresh, fail,
            chunksOf(chunk), 0, 1));
        assertThat(actual.getMessage()).as(bad).isEqualTo(expected.getMessage());
        assertThat(actual.code()).isEqualTo(expected.code());
      }
    }
  }

  /** With the index known, chunks are exact from the start: a failure there is thrown as is. */
  @Test
  void aFailureInAnIndexedChunkNamesItsRow() throws IOException {
    TableFile file = write(fixed(5000, Map.of(2500, "1249x,a")));
    MetadataCache cache = new MetadataCache(10);
    ConnectionConfig lenient = config("onTypeError", "null");
    TableMetadata m = cache.get(file, lenient);
    assertThat(rows(scan(file, m, cache, lenient, chunksOf(8000), 0)).rows()).hasSize(5000);
    RowIndex index = cache.rowIndex(file.at(m.fingerprint()), lenient);
    // Each chunk's first row; for chunk 2, read again from row 2,500 with its row known, that row.
    assertThat(index.rows()).containsExactly(1, 1000, 2500, 3000, 4000, 5000);
    assertThat(index.offsets()).containsExactly(8, 8000, 20_000, 24_000, 32_000, 40_000);

    ConnectionConfig fail = config("onTypeError", "fail");
    List<Object> before = new ArrayList<>();
    assertThatThrownBy(() -> {
      try (Enumerator<Object> e = scan(file, m, cache, fail, chunksOf(8192), 0).enumerable(null)
          .enumerator()) {
        while (e.moveNext()) {
          before.add(e.current());
        }
      }
    }).isInstanceOfSatisfying(CsvwsException.class, e -> {
      assertThat(e.code()).isEqualTo(ErrorCode.TYPE_MISMATCH);
      assertThat(e.getMessage()).startsWith("t.csv: row 2500, column \"id_no\"");
    });
    assertThat(before).as("the rows before the failure come first")
        .isEqualTo(longs(LongStream.rangeClosed(10_000, 12_498).toArray()));
    assertThat(openHandles(file)).isZero();
  }

  /**
   * An unclosed quote at row 4,000 (byte 32,000) is reported as a read on one thread reports it;
   * in chunks of 7,999 bytes it is the first record of the chunk from byte 31,996, which fails
   * before saying where it starts.
   */
  @Test
  void aMalformedRecordIsReportedAsOnOneThread() throws IOException {
    String good = fixed(3999, Map.of());
    TableFile file = write(good + "\"14000,a\n" + fixed(1000, Map.of()).substring(LINE));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    CsvwsException expected = catchFailure(scan(file, m, cache, PLAIN, null, 0, 1));
    for (int chunk : new int[] {8000, 5000, 7999}) {
      MetadataCache fresh = new MetadataCache(10);
      CsvwsException actual = catchFailure(scan(file, fresh.get(file, PLAIN), fresh, PLAIN,
          chunksOf(chunk), 0, 1));
      assertThat(actual.getMessage()).isEqualTo(expected.getMessage());
    }
  }

  /** How many descriptors of this process are open on {@code file} (Linux's /proc). */
  static long openHandles(TableFile file) throws IOException {
    Path fds = Path.of("/proc/self/fd");
    assumeTrue(Files.isDirectory(fds), "no /proc/self/fd here");
    Path target = file.path().toRealPath();
    long n = 0;
    try (Stream<Path> s = Files.list(fds)) {
      for (Path fd : (Iterable<Path>) s::iterator) {
        try {
          if (Files.readSymbolicLink(fd).equals(target)) {
            n++;
          }
        } catch (IOException e) {
          // Closed while listed (the listing's own descriptor among them).
        }
      }
    }
    return n;
  }

  private static CsvwsException catchFailure(FileScan scan) {
    try {
      rows(scan);
    } catch (CsvwsException e) {
      return e;
    }
    throw new AssertionError("the scan did not fail");
  }

  /** Rows the condition rejects make no batch, not even an empty one. */
  @Test
  void aBatchOfOnlyRejectedRowsIsNoBatch() throws IOException {
    TableFile file = write(fixed(7000, Map.of()));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    PartialAggregation count = new PartialAggregation(1, new int[0],
        new Kind[] {Kind.COUNT_ROWS}, new int[] {-1}, new boolean[1]);
    FileScan none = new FileScan(new ScanPlan(file, m, new int[] {0}, new int[] {0}, 1,
        Long.MAX_VALUE), PLAIN, cache, chunksOf(24_000));
    assertThat(read(s -> s.partialAggregates(null, v -> ((Long) v[0]) > 16_000, count), none)
        .rows()).as("ids 16001 to 16999, after two chunks of nothing")
        .isEqualTo(longs(999));
  }

  /**
   * A failure at a chunk's first row comes after the rows before it and nothing else: no batch
   * of no rows.
   */
  @Test
  void aFailureAtAChunksFirstRowFollowsTheEarlierBatchesOnly() throws IOException {
    TableFile file = write(fixed(5000, Map.of(2000, "1199x,a")));
    MetadataCache cache = new MetadataCache(10);
    ConnectionConfig lenient = config("onTypeError", "null");
    TableMetadata m = cache.get(file, lenient);
    assertThat(rows(scan(file, m, cache, lenient, chunksOf(8000), 0)).rows()).hasSize(5000);
    assertThat(cache.rowIndex(file.at(m.fingerprint()), lenient).rows()).contains(2000);
    PartialAggregation count = new PartialAggregation(1, new int[0],
        new Kind[] {Kind.COUNT_ROWS}, new int[] {-1}, new boolean[1]);
    ConnectionConfig fail = config("onTypeError", "fail");
    List<Object> before = new ArrayList<>();
    // In chunks of 8,192 bytes the indexed rows 1 and 2,000 start the first two chunks.
    assertThatThrownBy(() -> {
      try (Enumerator<Object> e = scan(file, m, cache, fail, chunksOf(8192), 0)
          .partialAggregates(null, count).enumerator()) {
        while (e.moveNext()) {
          before.add(e.current());
        }
      }
    }).isInstanceOfSatisfying(CsvwsException.class,
        e -> assertThat(e.getMessage()).startsWith("t.csv: row 2000, column \"id_no\""));
    assertThat(before).isEqualTo(longs(64, 960, 975));
  }

  /** A scan read to its end has closed its file before its enumerator is closed. */
  @Test
  void aScanReadToItsEndClosesItsFileAtOnce() throws IOException {
    TableFile file = write(fixed(3000, Map.of()));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    try (Enumerator<Object> e = scan(file, m, cache, PLAIN, chunksOf(4000), 0).enumerable(null)
        .enumerator()) {
      assertThat(e.moveNext()).isTrue();
      assertThat(openHandles(file)).as("open while read").isEqualTo(1);
      int n = 1;
      while (e.moveNext()) {
        n++;
      }
      assertThat(n).isEqualTo(3000);
      assertThat(openHandles(file)).as("closed at the end").isZero();
    }
  }

  /** A data context holding only Calcite's cancel flag. */
  private record Cancel(AtomicBoolean flag) implements DataContext {
    @Override
    public SchemaPlus getRootSchema() {
      return null;
    }

    @Override
    public JavaTypeFactory getTypeFactory() {
      return null;
    }

    @Override
    public QueryProvider getQueryProvider() {
      return null;
    }

    @Override
    public Object get(String name) {
      return name.equals(DataContext.Variable.CANCEL_FLAG.camelName) ? flag : null;
    }
  }

  /** A cancel is seen when the next batch is taken, even when every row is already read. */
  @Test
  void aCancelStopsTheScanAtTheNextBatch() throws IOException {
    TableFile file = write(fixed(3000, Map.of()));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    AtomicBoolean cancel = new AtomicBoolean();
    List<Object> seen = new ArrayList<>();
    assertThatThrownBy(() -> {
      try (Enumerator<Object> e = scan(file, m, cache, PLAIN, chunksOf(4000), 0)
          .enumerable(new Cancel(cancel)).enumerator()) {
        while (e.moveNext()) {
          seen.add(e.current());
          cancel.set(true);
        }
      }
    }).isInstanceOfSatisfying(CsvwsException.class, e -> {
      assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED);
      // The first chunk's worker checks at its batch of 64 rows only, before the cancel; the
      // consumer sees it as it takes the chunk's next batch, still at the chunk's first row.
      assertThat(e.getMessage()).isEqualTo("Statement cancelled while reading t.csv at row 1.");
    });
    assertThat(seen).as("the first batch").hasSize(64);
    assertThat(cache.rowIndex(file.at(m.fingerprint()), PLAIN)).isNull();
    assertThat(openHandles(file)).isZero();
  }

  @Test
  void anInterruptWhileWaitingForRowsCancelsAndIsKept() throws IOException {
    TableFile file = write(fixed(3000, Map.of()));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    try (Enumerator<Object> e = scan(file, m, cache, PLAIN, chunksOf(4000), 0)
        .enumerable(null).enumerator()) {
      for (int i = 0; i < 64; i++) {
        assertThat(e.moveNext()).isTrue();
      }
      Thread.currentThread().interrupt();
      try {
        assertThatThrownBy(e::moveNext).isInstanceOfSatisfying(CsvwsException.class, x -> {
          assertThat(x.code()).isEqualTo(ErrorCode.CANCELLED);
          assertThat(x.getMessage()).isEqualTo("Reading t.csv was interrupted.");
        });
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
      } finally {
        Thread.interrupted();
      }
      assertThat(e.moveNext()).as("closed").isFalse();
      assertThat(openHandles(file)).isZero();
    }
  }

  /** A scan closed early stops: nothing more is read, the whole file counts as read. */
  @Test
  void aScanClosedEarlyCountsItsRowsAndStops() throws IOException {
    TableFile file = write(fixed(5000, Map.of()));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, PLAIN);
    QueryDiagnostics d = new QueryDiagnostics();
    List<Object> firstTen = d.collect(() -> {
      List<Object> out = new ArrayList<>();
      Enumerator<Object> e = scan(file, m, cache, PLAIN, chunksOf(2000), 0).enumerable(null)
          .enumerator();
      while (out.size() < 10 && e.moveNext()) {
        out.add(e.current());
      }
      e.close();
      assertThat(e.moveNext()).isFalse();
      return out;
    });
    assertThat(firstTen).containsExactly(10000L, 10001L, 10002L, 10003L, 10004L, 10005L, 10006L,
        10007L, 10008L, 10009L);
    assertThat(d.bytesRead()).isEqualTo(Files.size(file.path()));
    assertThat(d.rowsRead()).as("no chunk ended yet").isZero();
    assertThat(cache.rowIndex(file.at(m.fingerprint()), PLAIN)).isNull();
    assertThat(openHandles(file)).as("the file is closed").isZero();
  }
}
