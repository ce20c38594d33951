package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.LenientRead;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.Predicate1;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A file read by several workers, in chunks cut at guessed record starts or at the row index,
 * must give exactly what one thread reading it in order gives: the same rows in the same order,
 * the same warnings, the same error at the same row, and a row index whose every offset starts the
 * row it names. Chunks here are a few KB, so a file of a few hundred KB has dozens of them, and
 * values spanning lines (some holding text that looks like records) make many guesses wrong.
 */
class ParallelRowsTest {
  /** Metadata in memory only: each new cache of a test starts knowing no row index. */
  private static final ConnectionConfig LENIENT =
      ConnectionConfig.parse(Map.of("onTypeError", "null", "onRaggedRow", "pad",
          "sampleRows", "200", "metadataCache", "memory"));

  @TempDir
  Path dir;

  private final ScanWorkers one = new ScanWorkers(1);
  private final List<ScanWorkers> opened = new ArrayList<>();

  @AfterEach
  void closeWorkers() {
    one.close();
    opened.forEach(ScanWorkers::close);
  }

  private ScanWorkers parallel(int chunkBytes) {
    ScanWorkers w = new ScanWorkers(3, 0, chunkBytes);
    opened.add(w);
    return w;
  }

  /**
   * Rows {@code id,name,amount,note}: one in seven notes spans lines, some of them holding lines
   * that look like whole records; some amounts do not fit; some rows miss a field.
   */
  private static String generate(long seed, int rows, String lineEnd, boolean messy) {
    Random r = new Random(seed);
    StringBuilder s = new StringBuilder("id,name,amount,note").append(lineEnd);
    for (int i = 1; i <= rows; i++) {
      String name = r.nextInt(10) == 0 ? "\"Name, with \"\"quotes\"\" " + i + "\"" : "name" + i;
      String amount = messy && i > 300 && r.nextInt(40) == 0 ? "n/a"
          : (r.nextInt(100000) / 100.0) + "";
      String note;
      switch (r.nextInt(7)) {
        case 0 -> note = "\"spans" + lineEnd + (i + 1) + ",fake," + i + ".5,\"\"looks like a row"
            + lineEnd + "\"";
        case 1 -> note = "\"" + lineEnd + lineEnd + "x\"";
        case 2 -> note = "";
        default -> note = "note " + "x".repeat(r.nextInt(60));
      }
      s.append(i).append(',').append(name).append(',').append(amount);
      if (!(messy && i > 300 && r.nextInt(50) == 0)) {
        s.append(',').append(note);
      }
      s.append(lineEnd);
      if (r.nextInt(200) == 0) {
        s.append(lineEnd);
      }
    }
    return s.toString();
  }

  private TableFile write(String name, String text) throws IOException {
    Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    return Workspace.open(dir).table(List.of(), name, "t");
  }

  /** What a scan produced: its rows and what it reported. */
  private record Result(List<List<Object>> rows, long nulled, long ragged, String firstNulled,
      String firstRagged) {
  }

  private static Result scan(FileScan scan, Predicate1<Object[]> condition) {
    QueryDiagnostics diagnostics = new QueryDiagnostics();
    List<List<Object>> rows = diagnostics.collect(() -> {
      List<List<Object>> out = new ArrayList<>();
      try (Enumerator<Object> e = scan.enumerable(null, condition).enumerator()) {
        while (e.moveNext()) {
          Object row = e.current();
          out.add(row instanceof Object[] a ? Arrays.asList(a.clone())
              : row instanceof List<?> l ? List.copyOf(l) : Arrays.asList(row));
        }
      }
      return out;
    });
    return new Result(rows, diagnostics.count(LenientRead.TYPE_ERROR_NULLED),
        diagnostics.count(LenientRead.RAGGED_ROW),
        diagnostics.first(LenientRead.TYPE_ERROR_NULLED),
        diagnostics.first(LenientRead.RAGGED_ROW));
  }

  private static FileScan fileScan(TableFile file, MetadataCache cache, ConnectionConfig config,
      ScanWorkers workers, int[] columns, int[] filterColumns) {
    TableMetadata m = cache.get(file, config);
    return new FileScan(new ScanPlan(file, m, columns, filterColumns, 1, Long.MAX_VALUE), config,
        cache, workers);
  }

  @ParameterizedTest(name = "seed {0}, line end {1}, chunks of {2} bytes")
  @CsvSource({"1, LF, 4096", "2, CRLF, 1500", "3, CR, 700", "4, LF, 97", "5, CRLF, 65536",
      "6, LF, 2000000"})
  void parallelScansGiveTheSequentialRowsWarningsAndIndex(long seed, String end, int chunk)
      throws IOException {
    String lineEnd = switch (end) {
      case "CRLF" -> "\r\n";
      case "CR" -> "\r";
      default -> "\n";
    };
    TableFile file = write("t.csv", generate(seed, 4000, lineEnd, true));
    Predicate1<Object[]> everyThirdId = v -> v[0] != null && ((Number) v[0]).longValue() % 3 == 0;
    int[][] projections = {{0, 1, 2, 3}, {3}, {}, {2, 0}};
    for (int[] columns : projections) {
      for (boolean filtered : new boolean[] {false, true}) {
        int[] filter = filtered ? new int[] {0} : new int[0];
        Predicate1<Object[]> condition = filtered ? everyThirdId : null;
        MetadataCache sequentialCache = new MetadataCache(10);
        Result expected = scan(fileScan(file, sequentialCache, LENIENT, one, columns, filter),
            condition);
        MetadataCache cache = new MetadataCache(10);
        Result actual = scan(fileScan(file, cache, LENIENT, parallel(chunk), columns, filter),
            condition);
        String what = Arrays.toString(columns) + (filtered ? " where id % 3 = 0" : "");
        assertThat(actual).as(what).isEqualTo(expected);
        if (columns.length == 4 && !filtered) {
          assertThat(expected.nulled()).as("values read as NULL").isPositive();
          assertThat(expected.ragged()).as("ragged rows").isPositive();
        }

        TableFile version = file.at(cache.get(file, LENIENT).fingerprint());
        RowIndex index = cache.rowIndex(version, LENIENT);
        assertThat(index).as("the parallel scan left a row index").isNotNull();
        assertThat(index.rowCount()).isEqualTo(4000);
        assertThat(index.row(0)).isEqualTo(1);
        assertEveryOffsetStartsItsRow(file, cache, index);
      }
    }
  }

  /** Reading from each indexed offset, the first record is the row the index names. */
  private void assertEveryOffsetStartsItsRow(TableFile file, MetadataCache cache, RowIndex index) {
    TableMetadata m = cache.get(file, LENIENT);
    int rowOrdinal = m.columns().size();
    for (int k = 0; k < index.size(); k++) {
      long row = index.row(k);
      FileScan at = new FileScan(new ScanPlan(file, m, new int[] {0, rowOrdinal},
          new int[] {rowOrdinal}, row, row), LENIENT, cache, one);
      List<List<Object>> rows = scan(at, v -> (Long) v[0] == row).rows();
      assertThat(rows).as("row %d at offset %d", row, index.offset(k)).hasSize(1);
      assertThat(((Number) rows.get(0).get(0)).longValue()).as("id of row %d", row)
          .isEqualTo(row);
    }
  }

  @Test
  void aScanOfIndexedChunksNumbersRowsAsTheFileDoes() throws IOException {
    TableFile file = write("t.csv", generate(7, 6000, "\n", false));
    MetadataCache cache = new MetadataCache(10);
    ScanWorkers workers = parallel(3000);
    TableMetadata m = cache.get(file, LENIENT);
    int rowOrdinal = m.columns().size();
    // Row numbers are needed: the first scan reads on one thread and builds the index.
    Result first = scan(fileScan(file, cache, LENIENT, workers, new int[] {rowOrdinal, 0, 3},
        new int[0]), null);
    RowIndex index = cache.rowIndex(file.at(m.fingerprint()), LENIENT);
    assertThat(index).isNotNull();
    assertThat(index.size()).isGreaterThan(1);
    Result second = scan(fileScan(file, cache, LENIENT, workers, new int[] {rowOrdinal, 0, 3},
        new int[0]), null);
    assertThat(second).isEqualTo(first);
    assertThat(first.rows()).hasSize(6000);
    for (int i = 0; i < first.rows().size(); i++) {
      List<Object> row = first.rows().get(i);
      assertThat(List.of(((Number) row.get(0)).longValue(), ((Number) row.get(1)).longValue()))
          .isEqualTo(List.of(i + 1L, i + 1L));
    }
  }

  /**
   * With the row index known, chunks are read at once on several workers, and a later chunk's
   * worker may meet its ragged rows before the first chunk's worker reaches its own: the warning
   * must still name the first ragged row in file order (a later chunk's row was named once: row
   * 1041 where the first ragged row was 518). Chunks start at indexed rows (every 1,024th); the
   * first ragged row is near the end of chunk 0 and every row after it is ragged, so the later
   * chunks' workers nearly always report first.
   */
  @Test
  void theFirstRaggedRowReportedIsTheFirstInTheFileWhicheverWorkerMeetsItFirst()
      throws IOException {
    StringBuilder s = new StringBuilder("id,name,amount,note\n");
    int firstRagged = 1000;
    for (int i = 1; i <= 5000; i++) {
      s.append(i).append(",n,1.5");
      s.append(i < firstRagged ? ",x\n" : "\n");
    }
    TableFile file = write("t.csv", s.toString());
    MetadataCache cache = new MetadataCache(10);
    ScanWorkers workers = parallel(4000);
    TableMetadata m = cache.get(file, LENIENT);
    int rowOrdinal = m.columns().size();
    // A scan that numbers rows reads on one thread and leaves the index behind.
    Result sequential = scan(fileScan(file, cache, LENIENT, workers, new int[] {rowOrdinal, 0, 3},
        new int[0]), null);
    RowIndex index = cache.rowIndex(file.at(m.fingerprint()), LENIENT);
    assertThat(index).isNotNull();
    assertThat(sequential.firstRagged()).contains("row " + firstRagged + " ");
    for (int attempt = 0; attempt < 200; attempt++) {
      Result parallel = scan(fileScan(file, cache, LENIENT, workers, new int[] {0, 3}, new int[0]),
          null);
      assertThat(parallel.ragged()).isEqualTo(5000 - firstRagged + 1);
      assertThat(parallel.firstRagged()).as("attempt %d", attempt)
          .isEqualTo(sequential.firstRagged());
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "a value that does not fit|onTypeError=fail|2999,name,oops,x",
      "a ragged row|onRaggedRow=fail|2999,name,1.5",
      "an unclosed quote|onTypeError=null|2999,name,1.5,\"never closed"})
  void aFailureIsTheSequentialOneAtTheSameRow(String what, String setting, String badRecord)
      throws IOException {
    String[] kv = setting.split("=");
    ConnectionConfig config = ConnectionConfig.parse(Map.of(kv[0], kv[1], "sampleRows", "500",
        "metadataCache", "memory"));
    String good = generate(8, 3000, "\n", false);
    // The bad record replaces row 2999, deep in the file, past the inspector's sample; an
    // unclosed quote ends the file.
    int at = recordStart(good, 2999);
    String rest = badRecord.contains("never") ? "" : good.substring(recordStart(good, 3000) - 1);
    TableFile file = write("t.csv", good.substring(0, at) + badRecord + rest);
    MetadataCache sequentialCache = new MetadataCache(10);
    Throwable expected = catchFailure(fileScan(file, sequentialCache, config, one,
        new int[] {0, 1, 2, 3}, new int[0]));
    assertThat(expected).as(what).isNotNull();
    assertThat(expected.getMessage()).as(what).containsAnyOf("row 2999", "record 3000");
    MetadataCache cache = new MetadataCache(10);
    assertThatThrownBy(() -> scan(fileScan(file, cache, config, parallel(1024),
        new int[] {0, 1, 2, 3}, new int[0]), null))
        .isInstanceOf(expected.getClass())
        .hasMessage(expected.getMessage());
    assertThat(cache.rowIndex(file.at(cache.get(file, config).fingerprint()), config))
        .as("a failed scan leaves no index").isNull();
  }

  /** Where the record of row {@code id} starts, skipping look-alike lines inside quoted notes. */
  private static int recordStart(String text, int id) {
    int from = 0;
    while (true) {
      int at = text.indexOf("\n" + id + ",", from);
      if (!text.startsWith("fake", at + 2 + String.valueOf(id).length())) {
        return at + 1;
      }
      from = at + 1;
    }
  }

  private static Throwable catchFailure(FileScan plan) {
    try {
      scan(plan, null);
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }

  @Test
  void aScanStoppedEarlyStopsItsWorkersAndLeavesNoIndex() throws IOException {
    TableFile file = write("t.csv", generate(9, 20000, "\n", false));
    MetadataCache cache = new MetadataCache(10);
    FileScan plan = fileScan(file, cache, LENIENT, parallel(2048), new int[] {0}, new int[0]);
    List<Object> firstTen = new ArrayList<>();
    try (Enumerator<Object> e = plan.enumerable(null).enumerator()) {
      while (firstTen.size() < 10 && e.moveNext()) {
        firstTen.add(e.current());
      }
    }
    assertThat(firstTen.stream().map(v -> ((Number) v).longValue()))
        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
    assertThat(cache.rowIndex(file.at(cache.get(file, LENIENT).fingerprint()), LENIENT))
        .isNull();
  }
}
