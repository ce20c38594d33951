package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.TableMetadata;
import io.csvws.scan.PartialAggregation.Kind;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.QueryProvider;
import org.apache.calcite.schema.SchemaPlus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scan on one thread, as a query runs it: the shape of its rows, its checks that the file is
 * still the one planned, its progress, its cancel, and its partial aggregates.
 */
class CsvEnumeratorTest {
  private static final ConnectionConfig MEMORY =
      ConnectionConfig.parse(Map.of("metadataCache", "memory"));

  @TempDir
  Path dir;

  /** A data context holding only Calcite's variables {@code values}. */
  private record Variables(Map<String, Object> values) implements DataContext {
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
      return values.get(name);
    }
  }

  private TableFile write(String text) throws IOException {
    Files.writeString(dir.resolve("t.csv"), text, StandardCharsets.UTF_8);
    return Workspace.open(dir).table(List.of(), "t.csv", "t");
  }

  private static String numbered(int rows) {
    StringBuilder s = new StringBuilder("id,name\n");
    for (int i = 1; i <= rows; i++) {
      s.append(i).append(",n").append(i % 7).append('\n');
    }
    return s.toString();
  }

  private static FileScan scan(TableFile file, TableMetadata m, MetadataCache cache,
      int... columns) {
    return new FileScan(new ScanPlan(file, m, columns, new int[0], 1, Long.MAX_VALUE), MEMORY,
        cache, null);
  }

  private static List<Object> rows(Enumerable<Object> rows) {
    List<Object> out = new ArrayList<>();
    try (Enumerator<Object> e = rows.enumerator()) {
      while (e.moveNext()) {
        Object row = e.current();
        out.add(row instanceof Object[] a ? List.of(a) : row);
      }
      assertThat(e.moveNext()).as("stays at its end").isFalse();
    }
    return out;
  }

  @Test
  void rowsAreShapedByTheirWidth() throws IOException {
    TableFile file = write("id,name\n1,a\n2,b\n");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    assertThat(rows(scan(file, m, cache, 0, 1).enumerable(null)))
        .containsExactly(List.of(1, "a"), List.of(2, "b"));
    assertThat(rows(scan(file, m, cache, 1).enumerable(null))).containsExactly("a", "b");
    assertThat(rows(scan(file, m, cache, 2, 1).enumerable(null)))
        .as("the row number").containsExactly(List.of(1L, "a"), List.of(2L, "b"));
    assertThat(rows(scan(file, m, cache).enumerable(null))).hasSize(2);
  }

  @Test
  void resetReadsFromTheStartAgain() throws IOException {
    TableFile file = write("id\n1\n2\n3\n");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    try (Enumerator<Object> e = scan(file, m, cache, 0).enumerable(null).enumerator()) {
      assertThat(e.moveNext()).isTrue();
      assertThat(e.moveNext()).isTrue();
      assertThat(e.current()).isEqualTo(2);
      e.reset();
      List<Object> again = new ArrayList<>();
      while (e.moveNext()) {
        again.add(e.current());
      }
      assertThat(again).containsExactly(1, 2, 3);
    }
  }

  @Test
  void aFileRemovedAfterPlanningFailsNamingIt() throws IOException {
    TableFile file = write("id\n1\n");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    Files.delete(dir.resolve("t.csv"));
    assertThatThrownBy(() -> rows(scan(file, m, cache, 0).enumerable(null)))
        .isInstanceOfSatisfying(CsvwsException.class, e -> {
          assertThat(e.code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
          assertThat(e.getMessage()).isEqualTo(
              "t.csv was removed after the statement was planned; prepare the statement again.");
        });
  }

  @Test
  void aFileWhoseColumnsChangedAfterPlanningFailsAndOneWithNewRowsIsReadAsItIsNow()
      throws IOException {
    TableFile file = write("id,name\n1,a\n");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    FileScan planned = scan(file, m, cache, 0);

    write("id,name\n1,a\n2,bb\n3,c\n");
    assertThat(rows(planned.enumerable(null))).containsExactly(1, 2, 3);

    write("id,other,more\n1,a,b\n");
    assertThatThrownBy(() -> rows(planned.enumerable(null)))
        .isInstanceOfSatisfying(CsvwsException.class, e -> {
          assertThat(e.code()).isEqualTo(ErrorCode.QUERY_FAILED);
          assertThat(e.getMessage()).isEqualTo("t.csv changed after the statement was planned "
              + "and its columns are different now; prepare the statement again.");
        });
  }

  @Test
  void progressCountsTheFileOncePerReadAndItsRows() throws IOException {
    TableFile file = write(numbered(3000));
    long size = Files.size(dir.resolve("t.csv"));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    QueryDiagnostics d = new QueryDiagnostics();
    Enumerable<Object> rows = d.collect(() -> scan(file, m, cache, 1).enumerable(null));
    assertThat(d.bytesTotal()).as("known before reading").isEqualTo(size);
    assertThat(d.bytesRead()).isZero();
    assertThat(rows(rows)).hasSize(3000);
    assertThat(d.bytesTotal()).as("the first read counted once").isEqualTo(size);
    assertThat(d.bytesRead()).isEqualTo(size);
    assertThat(d.rowsRead()).isEqualTo(3000);
    assertThat(rows(rows)).hasSize(3000);
    assertThat(d.bytesTotal()).as("a second read counts again").isEqualTo(2 * size);
    assertThat(d.bytesRead()).isEqualTo(2 * size);
    assertThat(d.rowsRead()).isEqualTo(6000);
  }

  @Test
  void aCancelStopsTheScanAtItsNextCheckNamingTheFileAndRow() throws IOException {
    TableFile file = write(numbered(3000));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    AtomicBoolean cancel = new AtomicBoolean();
    DataContext root = new Variables(Map.of(DataContext.Variable.CANCEL_FLAG.camelName, cancel,
        DataContext.Variable.TIMEOUT.camelName, 3_600_000L));
    List<Object> seen = new ArrayList<>();
    assertThatThrownBy(() -> {
      try (Enumerator<Object> e = scan(file, m, cache, 0).enumerable(root).enumerator()) {
        while (e.moveNext()) {
          seen.add(e.current());
          cancel.set(true);
        }
      }
    }).isInstanceOfSatisfying(CsvwsException.class, e -> {
      assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED);
      assertThat(e.getMessage()).isEqualTo("Statement cancelled while reading t.csv at row 1024.");
    });
    assertThat(seen).hasSize(1023);

    cancel.set(false);
    assertThat(rows(scan(file, m, cache, 0).enumerable(root))).hasSize(3000);
  }

  @Test
  void theScanChecksTheCancelOfTheExecutionItWasMadeIn() throws IOException {
    TableFile file = write(numbered(3000));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    QueryDiagnostics d = new QueryDiagnostics();
    d.timeoutAfter(3600);
    Enumerable<Object> rows = d.collect(() -> scan(file, m, cache, 0).enumerable(null));
    assertThat(rows(rows)).hasSize(3000);
    d.cancel();
    assertThatThrownBy(() -> rows(rows)).as("read later, outside the execution's call")
        .hasMessage("Statement cancelled while reading t.csv at row 1024.");
  }

  @Test
  void partialAggregatesReduceTheRowsOfAOneThreadScan() throws IOException {
    TableFile file = write(numbered(3000));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    FileScan names = scan(file, m, cache, 1);
    PartialAggregation countByName = new PartialAggregation(1, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS}, new int[] {-1}, new boolean[1]);
    List<Object> partials = rows(names.partialAggregates(null, countByName));
    long total = 0;
    for (Object p : partials) {
      total += ((Number) ((List<?>) p).get(1)).longValue();
    }
    assertThat(total).isEqualTo(3000);
    assertThat(partials.size()).as("7 names per batch of 1024 rows, 3 batches")
        .isEqualTo(21);
    assertThatThrownBy(() -> names.partialAggregates(null, null))
        .isInstanceOf(NullPointerException.class);
  }

  @Test
  void aScanClosedOrResetEarlyOrFailingCountsItsWholeFileAsRead() throws IOException {
    TableFile file = write(numbered(3000));
    long size = Files.size(dir.resolve("t.csv"));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    QueryDiagnostics d = new QueryDiagnostics();
    Enumerable<Object> rows = d.collect(() -> scan(file, m, cache, 0).enumerable(null));
    try (Enumerator<Object> e = rows.enumerator()) {
      assertThat(e.moveNext()).isTrue();
      assertThat(d.bytesRead()).isLessThan(size);
    }
    assertThat(d.bytesRead()).as("closed").isEqualTo(size);
    assertThat(d.rowsRead()).isEqualTo(1);

    Enumerator<Object> e = rows.enumerator();
    assertThat(e.moveNext()).isTrue();
    e.reset();
    assertThat(d.bytesRead()).as("reset").isEqualTo(2 * size);

    PartialAggregation count = new PartialAggregation(1, new int[0],
        new Kind[] {Kind.COUNT_ROWS}, new int[] {-1}, new boolean[1]);
    Enumerable<Object> partials = d.collect(() -> scan(file, m, cache, 0)
        .partialAggregates(null, count));
    try (Enumerator<Object> p = partials.enumerator()) {
      assertThat(p.moveNext()).isTrue();
    }
    assertThat(d.bytesRead()).as("partial aggregates closed").isEqualTo(3 * size);
  }

  /** A scan on one thread leaves its file closed: read to its end, closed early or reduced. */
  @Test
  void aScanOnOneThreadClosesItsFile() throws IOException {
    TableFile file = write(numbered(3000));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    Enumerator<Object> whole = scan(file, m, cache, 0).enumerable(null).enumerator();
    assertThat(whole.moveNext()).isTrue();
    assertThat(ParallelRowsChunksTest.openHandles(file)).as("open while read").isEqualTo(1);
    while (whole.moveNext()) {
      assertThat(whole.current()).isNotNull();
    }
    assertThat(ParallelRowsChunksTest.openHandles(file)).as("read to its end").isZero();

    Enumerator<Object> early = scan(file, m, cache, 0).enumerable(null).enumerator();
    assertThat(early.moveNext()).isTrue();
    early.close();
    assertThat(ParallelRowsChunksTest.openHandles(file)).as("closed early").isZero();

    PartialAggregation count = new PartialAggregation(1, new int[0],
        new Kind[] {Kind.COUNT_ROWS}, new int[] {-1}, new boolean[1]);
    Enumerator<Object> reduced = scan(file, m, cache, 0).partialAggregates(null, count)
        .enumerator();
    assertThat(reduced.moveNext()).isTrue();
    reduced.close();
    assertThat(ParallelRowsChunksTest.openHandles(file)).as("reduced, closed early").isZero();

    FileScan lastRows = new FileScan(new ScanPlan(file, m, new int[] {0}, new int[0], 1, 10),
        MEMORY, cache, null);
    try (Enumerator<Object> ten = lastRows.enumerable(null).enumerator()) {
      int n = 0;
      while (ten.moveNext()) {
        n++;
      }
      assertThat(n).isEqualTo(10);
      assertThat(ParallelRowsChunksTest.openHandles(file)).as("past its last row").isZero();
    }
  }

  @Test
  void aFailedScanCountsItsWholeFileAsRead() throws IOException {
    StringBuilder text = new StringBuilder(numbered(3000));
    text.insert(text.indexOf("\n") + 1, "1\n");
    TableFile file = write(text.toString());
    long size = Files.size(dir.resolve("t.csv"));
    ConnectionConfig fail = ConnectionConfig.parse(Map.of("metadataCache", "memory",
        "onRaggedRow", "fail"));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, fail);
    QueryDiagnostics d = new QueryDiagnostics();
    FileScan s = new FileScan(new ScanPlan(file, m, new int[] {0}, new int[0], 1,
        Long.MAX_VALUE), fail, cache, null);
    Enumerable<Object> rows = d.collect(() -> s.enumerable(null));
    assertThatThrownBy(() -> rows(rows)).isInstanceOf(CsvwsException.class);
    assertThat(d.bytesRead()).isEqualTo(size);
  }

  @Test
  void notesSayHowTheFileWasRead() throws IOException {
    TableFile file = write("a,b,\n1,2,\n3,4,\n");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    QueryDiagnostics d = new QueryDiagnostics();
    assertThat(d.collect(() -> rows(scan(file, m, cache, 1).enumerable(null))))
        .containsExactly(2, 4);
    assertThat(d.notes()).singleElement().asString().startsWith("t.csv: Every line ends with");
  }

  @Test
  void aCountKnownFromTheSampleOrARowIndexReadsNothing() throws IOException {
    TableFile file = write(numbered(10));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    QueryDiagnostics d = new QueryDiagnostics();
    assertThat(d.collect(() -> scan(file, m, cache).count(null))).isEqualTo(10);
    assertThat(d.bytesTotal()).as("known from the sample").isZero();

    TableFile empty = write("id,name\n");
    TableMetadata none = cache.get(empty, MEMORY);
    assertThat(d.collect(() -> scan(empty, none, cache).count(null))).isZero();
    assertThat(d.bytesTotal()).as("an empty table is known too").isZero();

    ConnectionConfig sampled = ConnectionConfig.parse(Map.of("metadataCache", "memory",
        "sampleRows", "100"));
    TableFile big = write(numbered(3000));
    TableMetadata partly = cache.get(big, sampled);
    FileScan counted = new FileScan(new ScanPlan(big, partly, new int[0], new int[0], 1,
        Long.MAX_VALUE), sampled, cache, null);
    assertThat(d.collect(() -> counted.count(null))).isEqualTo(3000);
    long read = d.bytesTotal();
    assertThat(read).as("the first count reads the file").isEqualTo(Files.size(dir.resolve("t.csv")));
    assertThat(d.collect(() -> counted.count(null))).isEqualTo(3000);
    assertThat(d.bytesTotal()).as("the second uses its row index").isEqualTo(read);
  }

  @Test
  void calcitesTimeoutOfZeroIsNoneAndAnExecutionsTimeoutWinsOverCalcites() throws IOException {
    // Enough rows that reading them surely takes longer than Calcite's one millisecond below,
    // however fast the machine: 3000 rows could be read before it is over.
    TableFile file = write(numbered(100_000));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    DataContext zero = new Variables(Map.of(DataContext.Variable.TIMEOUT.camelName, 0L));
    assertThat(rows(scan(file, m, cache, 0).enumerable(zero))).hasSize(100_000);
    DataContext oneMilli = new Variables(Map.of(DataContext.Variable.TIMEOUT.camelName, 1L));
    QueryDiagnostics d = new QueryDiagnostics();
    d.timeoutAfter(3600);
    Enumerable<Object> rows = d.collect(() -> scan(file, m, cache, 0).enumerable(oneMilli));
    assertThat(rows(rows)).hasSize(100_000);
  }

  @Test
  void aScanReportsProgressAtItsChecksAndIsOverWhenItsLastRowIsPassed() throws IOException {
    TableFile file = write(numbered(3000));
    long size = Files.size(dir.resolve("t.csv"));
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, MEMORY);
    QueryDiagnostics d = new QueryDiagnostics();
    Enumerable<Object> rows = d.collect(() -> scan(file, m, cache, 0).enumerable(null));
    try (Enumerator<Object> e = rows.enumerator()) {
      for (int i = 0; i < 1500; i++) {
        assertThat(e.moveNext()).isTrue();
      }
      assertThat(d.rowsRead()).as("reported at row 1024").isEqualTo(1024);
      assertThat(d.bytesRead()).isPositive().isLessThanOrEqualTo(size);
      while (e.moveNext()) {
        assertThat(e.current()).isNotNull();
      }
      assertThat(d.bytesRead()).as("at the end, before closing").isEqualTo(size);
      assertThat(d.rowsRead()).isEqualTo(3000);
    }

    QueryDiagnostics first10 = new QueryDiagnostics();
    Enumerable<Object> ten = first10.collect(() -> new FileScan(new ScanPlan(file, m,
        new int[] {0}, new int[0], 1, 10), MEMORY, cache, null).enumerable(null));
    try (Enumerator<Object> e = ten.enumerator()) {
      int n = 0;
      while (e.moveNext()) {
        n++;
      }
      assertThat(n).isEqualTo(10);
      assertThat(first10.bytesRead()).as("past the last row, before closing").isEqualTo(size);
    }
  }

  @Test
  void linesBeforeTheHeaderAreSkipped() throws IOException {
    ConnectionConfig skip2 = ConnectionConfig.parse(Map.of("metadataCache", "memory",
        "skipLines", "2"));
    TableFile file = write("exported by a tool\non a day\nid,name\n1,a\n2,b\n");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, skip2);
    assertThat(rows(new FileScan(new ScanPlan(file, m, new int[] {0, 1}, new int[0], 1,
        Long.MAX_VALUE), skip2, cache, null).enumerable(null)))
        .containsExactly(List.of(1, "a"), List.of(2, "b"));
  }
}
