package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.TableMetadata;
import io.csvws.scan.PartialAggregation.Kind;
import io.csvws.types.ColumnType;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.calcite.linq4j.Enumerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sums of a DECIMAL column reduced on the scan threads, where a value of at most 18 digits is
 * added as its unscaled long instead of an object: the partial aggregates of a parallel scan,
 * combined, equal the sums, counts, least and greatest values worked out here with
 * {@link BigDecimal} from the values the file was written with, and those of a read on one
 * thread, which reduces rows it has made. The values cover what the long cannot hold alone: sums
 * past 2^63 (unscaled), values of more than 18 digits, NULLs, values with fewer decimals than
 * the column, sums that come back to zero, and values that do not fit the column.
 */
class DecimalSumScanTest {
  private static final String[] GROUPS = {"big", "small", "long", "none", "zero"};

  @TempDir
  Path dir;

  private final List<ScanWorkers> opened = new ArrayList<>();

  @AfterEach
  void closeWorkers() {
    opened.forEach(ScanWorkers::close);
  }

  private ScanWorkers chunksOf(int chunkBytes) {
    ScanWorkers w = new ScanWorkers(2, 0, chunkBytes);
    opened.add(w);
    return w;
  }

  private static ConnectionConfig config(String onTypeError) {
    return ConnectionConfig.parse(Map.of("metadataCache", "memory", "header", "present",
        "sampleRows", "100", "onTypeError", onTypeError));
  }

  /** What one group should come to, worked out from the written values. */
  private static final class Expected {
    long rows;
    long values;
    BigDecimal sum;
    BigDecimal min;
    BigDecimal max;

    void add(BigDecimal v) {
      rows++;
      if (v == null) {
        return;
      }
      values++;
      sum = sum == null ? v : sum.add(v);
      min = min == null || v.compareTo(min) < 0 ? v : min;
      max = max == null || v.compareTo(max) > 0 ? v : max;
    }

    List<Object> row(String group) {
      List<Object> r = new ArrayList<>();
      r.add(group);
      r.add(rows);
      r.add(values);
      r.add(sum);
      r.add(min);
      r.add(max);
      return r;
    }
  }

  /**
   * {@code rows} rows of a group and a decimal of scale 2; the value at row {@code misfitRow}
   * (after the sample) is {@code x1.5}. Fills {@code expected} (the misfit as NULL).
   */
  private TableFile write(int rows, int misfitRow, Map<String, Expected> expected)
      throws IOException {
    return write(rows, misfitRow, expected, new TreeMap<>());
  }

  /**
   * As {@link #write(int, int, Map)}, with a third column {@code i} of integers (NULL in one row
   * of seven), whose sum, count and greatest value per group go to {@code integers}.
   */
  private TableFile write(int rows, int misfitRow, Map<String, Expected> expected,
      Map<String, List<Long>> integers) throws IOException {
    Random random = new Random(20261128);
    StringBuilder s = new StringBuilder("g,d,i\n");
    for (int i = 1; i <= rows; i++) {
      String g = GROUPS[i % GROUPS.length];
      String text = switch (g) {
        // 18 digits unscaled: twenty of them pass 2^63.
        case "big" -> (random.nextInt(8) == 0 ? "-" : "") + "9999999999999999.9"
            + random.nextInt(10);
        // Fewer decimals than the column, signs, no integer digits.
        case "small" -> List.of("1.5", "-0.25", "3", "+2.10", ".75", "0", "-0.00", "")
            .get(random.nextInt(8));
        // More than 18 digits now and then, read as objects beside the compact ones.
        case "long" -> random.nextInt(3) == 0 ? "1234567890123456789012.3" + random.nextInt(10)
            : (random.nextInt(1000) + "." + random.nextInt(10) + "1");
        case "zero" -> i % 2 == 0 ? "1.25" : "-1.25";
        default -> "";
      };
      if (i == misfitRow) {
        text = "x1.5";
      }
      long integer = random.nextInt(2_000_000_000) - 1_000_000_000L;
      boolean noInteger = i % 7 == 0;
      s.append(g).append(',').append(text).append(',').append(noInteger ? "" : integer)
          .append('\n');
      List<Long> sums = integers.computeIfAbsent(g, k -> new ArrayList<>(List.of(0L, 0L,
          Long.MIN_VALUE)));
      if (!noInteger) {
        sums.set(0, sums.get(0) + integer);
        sums.set(1, sums.get(1) + 1);
        sums.set(2, Math.max(sums.get(2), integer));
      }
      expected.computeIfAbsent(g, k -> new Expected()).add(
          text.isEmpty() || i == misfitRow ? null : new BigDecimal(text).setScale(2));
    }
    // "zero" has as many rows of 1.25 as of -1.25 only for an even count.
    assertThat(expected.get("zero").rows % 2).isZero();
    Files.writeString(dir.resolve("t.csv"), s.toString(), StandardCharsets.US_ASCII);
    return Workspace.open(dir).table(List.of(), "t.csv", "t");
  }

  /** Calls a compact decimal serves: counts and sums. */
  private static final PartialAggregation COUNTED = new PartialAggregation(2, new int[] {0},
      new Kind[] {Kind.COUNT_ROWS, Kind.COUNT, Kind.SUM_DECIMAL}, new int[] {-1, 1, 1},
      new boolean[3]);
  /** The least and greatest need the value itself: the sum is then made of objects. */
  private static final PartialAggregation EXTREMES = new PartialAggregation(2, new int[] {0},
      new Kind[] {Kind.SUM_DECIMAL, Kind.MIN, Kind.MAX}, new int[] {1, 1, 1}, new boolean[3]);

  /**
   * Per group: rows, values, sum, least, greatest, from the partial rows of {@code workers}'
   * two scans (null: one thread), {@link #COUNTED} and {@link #EXTREMES}, combined.
   */
  private static Map<String, List<Object>> sums(TableFile file, TableMetadata m,
      MetadataCache cache, ConnectionConfig config, ScanWorkers workers) {
    Map<String, List<Object>> out = new TreeMap<>();
    for (Object[] p : partialRows(file, m, cache, config, workers, COUNTED)) {
      if (p[3] != null) {
        // Also where a batch's values sum to zero: 0.00, not 0.
        assertThat(((BigDecimal) p[3]).scale()).as("a partial sum's scale").isEqualTo(2);
      }
      List<Object> r = row(out, (String) p[0]);
      r.set(1, (Long) r.get(1) + (Long) p[1]);
      r.set(2, (Long) r.get(2) + (Long) p[2]);
      r.set(3, add((BigDecimal) r.get(3), (BigDecimal) p[3]));
    }
    Map<String, BigDecimal> sumsOfObjects = new TreeMap<>();
    for (Object[] p : partialRows(file, m, cache, config, workers, EXTREMES)) {
      List<Object> r = row(out, (String) p[0]);
      sumsOfObjects.put((String) p[0], add(sumsOfObjects.get(p[0]), (BigDecimal) p[1]));
      if (p[2] != null && (r.get(4) == null
          || ((BigDecimal) p[2]).compareTo((BigDecimal) r.get(4)) < 0)) {
        r.set(4, p[2]);
      }
      if (p[3] != null && (r.get(5) == null
          || ((BigDecimal) p[3]).compareTo((BigDecimal) r.get(5)) > 0)) {
        r.set(5, p[3]);
      }
    }
    out.forEach((g, r) -> assertThat(sumsOfObjects.get(g))
        .as("%s: the sum of objects", g).isEqualTo(r.get(3)));
    return out;
  }

  private static List<Object> row(Map<String, List<Object>> out, String group) {
    return out.computeIfAbsent(group, g -> {
      List<Object> fresh = new ArrayList<>(List.of(g, 0L, 0L));
      fresh.add(null);
      fresh.add(null);
      fresh.add(null);
      return fresh;
    });
  }

  private static BigDecimal add(BigDecimal sum, BigDecimal v) {
    return v == null ? sum : sum == null ? v : sum.add(v);
  }

  private static List<Object[]> partialRows(TableFile file, TableMetadata m, MetadataCache cache,
      ConnectionConfig config, ScanWorkers workers, PartialAggregation calls) {
    FileScan scan = new FileScan(new ScanPlan(file, m, new int[] {0, 1}, new int[0], 1,
        Long.MAX_VALUE), config, cache, workers);
    return new QueryDiagnostics().collect(() -> {
      List<Object[]> rows = new ArrayList<>();
      try (Enumerator<Object> e = scan.partialAggregates(null, calls).enumerator()) {
        while (e.moveNext()) {
          rows.add((Object[]) e.current());
        }
      }
      return rows;
    });
  }

  @Test
  void partialSumsOfDecimalsAreExactOnOneThreadAndInChunks() throws IOException {
    Map<String, Expected> expected = new TreeMap<>();
    TableFile file = write(6000, 3001, expected);
    ConnectionConfig lenient = config("null");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, lenient);
    assertThat(m.columns().get(1).type()).isEqualTo(ColumnType.DECIMAL);
    assertThat(m.columns().get(1).format().scale()).isEqualTo(2);
    Map<String, List<Object>> want = new TreeMap<>();
    expected.forEach((g, e) -> want.put(g, e.row(g)));
    assertThat(want.get("none").get(3)).as("a group of NULLs sums to NULL").isNull();
    assertThat(want.get("zero").get(3)).hasToString("0.00");
    assertThat(((BigDecimal) want.get("big").get(3)).unscaledValue().bitLength())
        .as("the unscaled sum of a group is past a long").isGreaterThan(63);

    assertThat(sums(file, m, cache, lenient, null)).as("one thread").isEqualTo(want);
    for (int chunk : new int[] {40_000, 7_001, 1_999}) {
      MetadataCache fresh = new MetadataCache(10);
      Map<String, List<Object>> got = sums(file, fresh.get(file, lenient), fresh, lenient,
          chunksOf(chunk));
      assertThat(got).as("chunks of %d bytes", chunk).isEqualTo(want);
      for (List<Object> r : got.values()) {
        if (r.get(3) != null) {
          assertThat(((BigDecimal) r.get(3)).scale()).as("the sum keeps the column's scale")
              .isEqualTo(2);
        }
      }
    }
  }

  /**
   * Beside a compact decimal's sum and count, calls that need other values in the same
   * reduction: a BIGINT sum and a count of the integers, and their greatest.
   */
  @Test
  void otherCallsBesideACompactDecimalSumAreExact() throws IOException {
    Map<String, Expected> expected = new TreeMap<>();
    Map<String, List<Long>> integers = new TreeMap<>();
    TableFile file = write(6000, -1, expected, integers);
    ConnectionConfig lenient = config("null");
    PartialAggregation calls = new PartialAggregation(3, new int[] {0},
        new Kind[] {Kind.SUM_LONG, Kind.COUNT, Kind.SUM_DECIMAL, Kind.MAX, Kind.COUNT},
        new int[] {1, 1, 2, 1, 2}, new boolean[5]);
    for (ScanWorkers workers : new ScanWorkers[] {null, chunksOf(7_001)}) {
      MetadataCache cache = new MetadataCache(10);
      TableMetadata m = cache.get(file, lenient);
      // The integers before the decimals: each value is read from its own field, not the last.
      FileScan scan = new FileScan(new ScanPlan(file, m, new int[] {0, 2, 1},
          new int[0], 1, Long.MAX_VALUE), lenient, cache, workers);
      Map<String, List<Object>> got = new TreeMap<>();
      new QueryDiagnostics().collect(() -> {
        try (Enumerator<Object> e = scan.partialAggregates(null, calls).enumerator()) {
          while (e.moveNext()) {
            Object[] p = (Object[]) e.current();
            List<Object> r = got.computeIfAbsent((String) p[0],
                g -> new ArrayList<>(List.of(0L, 0L, BigDecimal.ZERO, Long.MIN_VALUE, 0L)));
            r.set(0, (Long) r.get(0) + (p[1] == null ? 0L : (Long) p[1]));
            r.set(1, (Long) r.get(1) + (Long) p[2]);
            r.set(2, p[3] == null ? r.get(2) : ((BigDecimal) r.get(2)).add((BigDecimal) p[3]));
            r.set(3, p[4] == null ? r.get(3)
                : Math.max((Long) r.get(3), ((Number) p[4]).longValue()));
            r.set(4, (Long) r.get(4) + (Long) p[5]);
          }
        }
        return null;
      });
      Map<String, List<Object>> want = new TreeMap<>();
      integers.forEach((g, v) -> want.put(g, List.of(v.get(0), v.get(1),
          expected.get(g).sum == null ? BigDecimal.ZERO : expected.get(g).sum, v.get(2),
          expected.get(g).values)));
      assertThat(got).as(workers == null ? "one thread" : "chunks").isEqualTo(want);
    }
  }

  @Test
  void aValueThatDoesNotFitFailsInChunksAsOnOneThread() throws IOException {
    TableFile file = write(6000, 4444, new TreeMap<>());
    ConnectionConfig fail = config("fail");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, fail);
    CsvwsException one = catchFailure(() -> sums(file, m, cache, fail, null));
    assertThat(one.getMessage()).startsWith("t.csv: row 4444, column \"d\"");
    MetadataCache fresh = new MetadataCache(10);
    CsvwsException chunks = catchFailure(() -> sums(file, fresh.get(file, fail), fresh, fail,
        chunksOf(7_001)));
    assertThat(chunks.getMessage()).isEqualTo(one.getMessage());
  }

  private static CsvwsException catchFailure(Runnable r) {
    List<CsvwsException> caught = new ArrayList<>();
    assertThatThrownBy(r::run).isInstanceOfSatisfying(CsvwsException.class, caught::add);
    return caught.get(0);
  }
}
