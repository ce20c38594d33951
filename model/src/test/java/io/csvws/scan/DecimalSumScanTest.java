package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.TableMetadata;
import io.csvws.scan.PartialAggregation.Kind;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.types.ColumnType;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
 *
 * <p>Also which values are read that way (only a DECIMAL with a decimal point, decoded for the
 * output alone, only summed or counted), and what a scale of 0, a short row, whole numbers, two
 * grouping columns and a decimal comma come to; and that a reduction straight from the records
 * stops on the terms a reduction of rows stops on.
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

  /** The tests' settings, with {@code more} (a key, its value, ...) added. */
  private static ConnectionConfig config(String... more) {
    Map<String, String> all = new HashMap<>(Map.of("metadataCache", "memory", "header",
        "present", "sampleRows", "100"));
    for (int i = 0; i < more.length; i += 2) {
      all.put(more[i], more[i + 1]);
    }
    return ConnectionConfig.parse(all);
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
    return table(s);
  }

  private TableFile table(CharSequence csv) throws IOException {
    Files.writeString(dir.resolve("t.csv"), csv, StandardCharsets.US_ASCII);
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
   * Asserts that a read on one thread and parallel reads in chunks of several sizes, each with
   * metadata of its own, find column {@code d} a DECIMAL of {@code scale} and come to {@code
   * expected} (see {@link #sums}).
   */
  private void assertSumsInEveryRead(TableFile file, ConnectionConfig config, int scale,
      Map<String, Expected> expected) {
    Map<String, List<Object>> want = new TreeMap<>();
    expected.forEach((g, e) -> want.put(g, e.row(g)));
    for (int chunk : new int[] {0, 40_000, 7_001, 1_999}) {
      MetadataCache cache = new MetadataCache(10);
      TableMetadata m = cache.get(file, config);
      assertThat(m.columns().get(1).type()).isEqualTo(ColumnType.DECIMAL);
      assertThat(m.columns().get(1).format().scale()).isEqualTo(scale);
      // BigDecimal.equals compares scales too: the sums keep the column's.
      assertThat(sums(file, m, cache, config, chunk == 0 ? null : chunksOf(chunk)))
          .as(chunk == 0 ? "one thread" : "chunks of " + chunk + " bytes").isEqualTo(want);
    }
  }

  /**
   * Per group: rows, values, sum, least, greatest, from the partial rows of {@code workers}'
   * two scans (null: one thread), {@link #COUNTED} and {@link #EXTREMES}, combined.
   */
  private static Map<String, List<Object>> sums(TableFile file, TableMetadata m,
      MetadataCache cache, ConnectionConfig config, ScanWorkers workers) {
    int scale = m.columns().get(1).format().scale();
    Map<String, List<Object>> out = new TreeMap<>();
    for (Object[] p : partialRows(file, m, cache, config, workers, COUNTED)) {
      if (p[3] != null) {
        // Also where a batch's values sum to zero: 0.00, not 0.
        assertThat(((BigDecimal) p[3]).scale()).as("a partial sum's scale").isEqualTo(scale);
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
    return partialRows(file, m, cache, config, workers, new int[] {0, 1}, calls);
  }

  /** The partial rows of {@code calls} over the table's {@code columns}. */
  private static List<Object[]> partialRows(TableFile file, TableMetadata m, MetadataCache cache,
      ConnectionConfig config, ScanWorkers workers, int[] columns, PartialAggregation calls) {
    FileScan scan = new FileScan(new ScanPlan(file, m, columns, new int[0], 1, Long.MAX_VALUE),
        config, cache, workers);
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
    assertThat(expected.get("none").sum).as("a group of NULLs sums to NULL").isNull();
    assertThat(expected.get("zero").sum).hasToString("0.00");
    assertThat(expected.get("big").sum.unscaledValue().bitLength())
        .as("the unscaled sum of a group is past a long").isGreaterThan(63);
    assertSumsInEveryRead(file, config("onTypeError", "null"), 2, expected);
  }

  /**
   * Integers in a DECIMAL column of scale 0 (one value is too long for a BIGINT): their compact
   * sums have scale 0, and still count.
   */
  @Test
  void sumsOfADecimalColumnOfScaleZeroAreExact() throws IOException {
    Random random = new Random(20261128);
    StringBuilder s = new StringBuilder("g,d\n");
    Map<String, Expected> expected = new TreeMap<>();
    for (int i = 1; i <= 6000; i++) {
      String g = GROUPS[i % 4];
      String text = switch (g) {
        // 18 digits: a few of them pass 2^63.
        case "big" -> (random.nextInt(8) == 0 ? "-" : "") + "99999999999999999"
            + random.nextInt(10);
        // Only compact values, one of them written with a point and no decimals.
        case "small" -> List.of("12", "-7", "+3", "0", "5.", "").get(random.nextInt(6));
        case "long" -> i == 2 || random.nextInt(50) == 0
            ? "1234567890123456789012" + random.nextInt(10)
            : String.valueOf(random.nextInt(2001) - 1000);
        default -> "";
      };
      s.append(g).append(',').append(text).append('\n');
      expected.computeIfAbsent(g, k -> new Expected())
          .add(text.isEmpty() ? null : new BigDecimal(text));
    }
    assertThat(expected.get("small").sum.signum()).isPositive();
    assertThat(expected.get("big").sum.unscaledValue().bitLength()).isGreaterThan(63);
    assertSumsInEveryRead(table(s), config("onTypeError", "fail"), 0, expected);
  }

  /**
   * Under {@code onRaggedRow=pad} a row without the decimal's field reads it as NULL, neither
   * summed nor counted, even right after a row whose field holds a value; a short row that
   * still has it, and a long row, add it.
   */
  @Test
  void aDecimalMissingFromAShortRowIsNullUnderPad() throws IOException {
    Random random = new Random(20261128);
    StringBuilder s = new StringBuilder("g,d,n\n");
    Map<String, Expected> expected = new TreeMap<>();
    for (int i = 1; i <= 6000; i++) {
      String g = GROUPS[i % 3];
      String text = (random.nextInt(4) == 0 ? "-" : "") + random.nextInt(1000) + "."
          + random.nextInt(10) + random.nextInt(10);
      // The sample's rows are whole, so the types are inferred as usual.
      int shape = i <= 200 ? 0 : random.nextInt(4);
      switch (shape) {
        case 1 -> s.append(g).append(',').append(text);
        case 2 -> s.append(g);
        case 3 -> s.append(g).append(',').append(text).append(",7,extra");
        default -> s.append(g).append(',').append(text).append(",7");
      }
      s.append('\n');
      expected.computeIfAbsent(g, k -> new Expected())
          .add(shape == 2 ? null : new BigDecimal(text));
    }
    assertSumsInEveryRead(table(s), config("onRaggedRow", "pad"), 2, expected);
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
    Map<List<Object>, List<Object>> want = new HashMap<>();
    integers.forEach((g, v) -> want.put(List.of(g), Arrays.asList(v.get(0), v.get(1),
        expected.get(g).sum, v.get(2), expected.get(g).values)));
    // The integers before the decimals: each value is read from its own field, not the last.
    assertCombinedInEveryRead(file, config("onTypeError", "null"), new int[] {0, 2, 1},
        new int[] {0}, new Kind[] {Kind.SUM_LONG, Kind.COUNT, Kind.SUM_DECIMAL, Kind.MAX,
            Kind.COUNT}, new int[] {1, 1, 2, 1, 2}, want);
  }

  @Test
  void aValueThatDoesNotFitFailsInChunksAsOnOneThread() throws IOException {
    TableFile file = write(6000, 4444, new TreeMap<>());
    ConnectionConfig fail = config("onTypeError", "fail");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(file, fail);
    CsvwsException one = catchFailure(() -> sums(file, m, cache, fail, null));
    assertThat(one.getMessage()).startsWith("t.csv: row 4444, column \"d\"");
    MetadataCache fresh = new MetadataCache(10);
    CsvwsException chunks = catchFailure(() -> sums(file, fresh.get(file, fail), fresh, fail,
        chunksOf(7_001)));
    assertThat(chunks.getMessage()).isEqualTo(one.getMessage());
  }

  /**
   * Asserts that a read on one thread and parallel reads in chunks, each with metadata of its
   * own, come to {@code want}: per group (its values as a list), each call's partial results
   * combined as the query's aggregate combines them.
   */
  private void assertCombinedInEveryRead(TableFile file, ConnectionConfig config, int[] columns,
      int[] groupKeys, Kind[] kinds, int[] args, Map<List<Object>, List<Object>> want) {
    PartialAggregation calls = new PartialAggregation(columns.length, groupKeys, kinds, args,
        new boolean[kinds.length]);
    for (int chunk : new int[] {0, 7_001, 1_999}) {
      MetadataCache cache = new MetadataCache(10);
      Map<List<Object>, List<Object>> got = new HashMap<>();
      for (Object[] p : partialRows(file, cache.get(file, config), cache, config,
          chunk == 0 ? null : chunksOf(chunk), columns, calls)) {
        List<Object> r = got.computeIfAbsent(Arrays.asList(Arrays.copyOf(p, groupKeys.length)),
            k -> Arrays.asList(new Object[kinds.length]));
        for (int c = 0; c < kinds.length; c++) {
          r.set(c, combine(kinds[c], r.get(c), p[groupKeys.length + c]));
        }
      }
      assertThat(got).as(chunk == 0 ? "one thread" : "chunks of " + chunk + " bytes")
          .isEqualTo(want);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object combine(Kind kind, Object sum, Object v) {
    if (v == null || sum == null) {
      return v == null ? sum : v;
    }
    return switch (kind) {
      case SUM_DECIMAL -> ((BigDecimal) sum).add((BigDecimal) v);
      case MIN -> ((Comparable) v).compareTo(sum) < 0 ? v : sum;
      case MAX -> ((Comparable) v).compareTo(sum) > 0 ? v : sum;
      default -> (Long) sum + (Long) v;
    };
  }

  /** A decimal of two places below 1000 either way, negative one time in four. */
  private static String cents(Random random) {
    return (random.nextInt(4) == 0 ? "-" : "") + random.nextInt(1000) + "." + random.nextInt(10)
        + random.nextInt(10);
  }

  /**
   * The least and greatest of a DECIMAL column need its values, so a count beside them must not
   * make the column read as unscaled longs.
   */
  @Test
  void theGreatestDecimalBesideItsCountIsTheValueItself() throws IOException {
    Random random = new Random(20261128);
    StringBuilder s = new StringBuilder("g,d\n");
    Map<String, Expected> expected = new TreeMap<>();
    for (int i = 1; i <= 3000; i++) {
      String g = GROUPS[i % 3];
      String text = i % 11 == 0 ? "" : cents(random);
      s.append(g).append(',').append(text).append('\n');
      expected.computeIfAbsent(g, k -> new Expected())
          .add(text.isEmpty() ? null : new BigDecimal(text));
    }
    Map<List<Object>, List<Object>> want = new HashMap<>();
    expected.forEach((g, e) -> want.put(List.of(g), List.of(e.max, e.values, e.min)));
    assertCombinedInEveryRead(table(s), config(), new int[] {0, 1}, new int[] {0},
        new Kind[] {Kind.MAX, Kind.COUNT, Kind.MIN}, new int[] {1, 1, 1}, want);
  }

  /** Groups of two columns, one of them NULL in some rows, reduced straight from the records. */
  @Test
  void decimalSumsByTwoColumnsAreExact() throws IOException {
    Random random = new Random(20261128);
    StringBuilder s = new StringBuilder("a,b,d\n");
    Map<List<Object>, List<Object>> want = new HashMap<>();
    for (int i = 1; i <= 3000; i++) {
      String a = i % 7 == 0 ? "" : GROUPS[i % 2];
      String b = List.of("p", "q", "r").get(i % 3);
      String text = cents(random);
      s.append(a).append(',').append(b).append(',').append(text).append('\n');
      List<Object> r = want.computeIfAbsent(Arrays.asList(a.isEmpty() ? null : a, b),
          k -> new ArrayList<>(List.of(0L, BigDecimal.ZERO.setScale(2))));
      r.set(0, (Long) r.get(0) + 1);
      r.set(1, ((BigDecimal) r.get(1)).add(new BigDecimal(text)));
    }
    assertThat(want).hasSize(9);
    assertCombinedInEveryRead(table(s), config(), new int[] {0, 1, 2}, new int[] {0, 1},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_DECIMAL}, new int[] {-1, 2}, want);
  }

  /**
   * A whole number in a DECIMAL column of scale 2 is summed at that scale, not as an integer:
   * a group of whole numbers alone sums to, say, {@code 15.00}, not {@code 15}.
   */
  @Test
  void wholeNumbersInADecimalColumnSumAtItsScale() throws IOException {
    Random random = new Random(20261128);
    StringBuilder s = new StringBuilder("g,d\n");
    Map<String, Expected> expected = new TreeMap<>();
    for (int i = 1; i <= 3000; i++) {
      String g = GROUPS[i % 2];
      String text = g.equals("big") ? cents(random)
          : List.of("3", "-12", "7.0", "0", "40.00", "").get(random.nextInt(6));
      s.append(g).append(',').append(text).append('\n');
      expected.computeIfAbsent(g, k -> new Expected())
          .add(text.isEmpty() ? null : new BigDecimal(text).setScale(2));
    }
    assertSumsInEveryRead(table(s), config(), 2, expected);
  }

  /**
   * A count of a BIGINT column still reads its values as BIGINTs: {@code 5.0}, which a decimal
   * of scale 0 would read, does not fit it.
   */
  @Test
  void aCountOfIntegersRefusesAValueWithDecimals() throws IOException {
    StringBuilder s = new StringBuilder("g,n\n");
    for (int i = 1; i <= 3000; i++) {
      s.append(GROUPS[i % 2]).append(',').append(i == 2500 ? "5.0" : String.valueOf(i))
          .append('\n');
    }
    TableFile file = table(s);
    // Row 2500 is in "big" (2500 % 2 == 0), which has 1500 rows.
    Map<List<Object>, List<Object>> want = Map.of(List.of("big"), List.of(1499L),
        List.of("small"), List.of(1500L));
    assertCombinedInEveryRead(file, config("onTypeError", "null"), new int[] {0, 1},
        new int[] {0}, new Kind[] {Kind.COUNT}, new int[] {1}, want);
    CsvwsException e = catchFailure(() -> assertCombinedInEveryRead(file,
        config("onTypeError", "fail"), new int[] {0, 1}, new int[] {0}, new Kind[] {Kind.COUNT},
        new int[] {1}, want));
    assertThat(e.getMessage()).startsWith("t.csv: row 2500, column \"n\" (2): value \"5.0\"");
  }

  /**
   * In a column with a decimal comma, {@code 1.500} is one thousand five hundred (a dot groups
   * thousands), not one and a half: such a column is never read as plain unscaled decimals.
   */
  @Test
  void sumsOfADecimalCommaColumnReadItsThousandsGroups() throws IOException {
    Random random = new Random(20261128);
    StringBuilder s = new StringBuilder("g;d\n");
    Map<List<Object>, List<Object>> want = new HashMap<>();
    for (int i = 1; i <= 3000; i++) {
      String g = GROUPS[i % 2];
      int units = 1000 + random.nextInt(9000);
      String text = i % 3 == 0 ? units / 1000 + "." + String.format("%03d", units % 1000)
          : units + "," + random.nextInt(10) + random.nextInt(10);
      s.append(g).append(';').append(text).append('\n');
      BigDecimal v = new BigDecimal(text.replace(".", "").replace(',', '.')).setScale(2);
      List<Object> r = want.computeIfAbsent(List.of(g),
          k -> new ArrayList<>(List.of(BigDecimal.ZERO.setScale(2))));
      r.set(0, ((BigDecimal) r.get(0)).add(v));
    }
    TableFile file = table(s);
    ConnectionConfig semicolons = config("delimiter", ";");
    assertThat(new MetadataCache(10).get(file, semicolons).columns().get(1).format()
        .decimalComma()).isTrue();
    assertCombinedInEveryRead(file, semicolons, new int[] {0, 1}, new int[] {0},
        new Kind[] {Kind.SUM_DECIMAL}, new int[] {1}, want);
  }

  /** A decoder of {@code columns} of {@code file}, whose condition reads {@code filtered}. */
  private static RowDecoder decoder(TableFile file, ConnectionConfig config, int[] columns,
      int[] filtered) {
    TableMetadata m = new MetadataCache(10).get(file, config);
    return new RowDecoder(new ScanPlan(file, m, columns, filtered, 1, Long.MAX_VALUE), m, config,
        filtered.length == 0 ? null : v -> true, null);
  }

  /**
   * Only a DECIMAL column with a decimal point, decoded for the output alone, is read as an
   * unscaled long: not the row number, a column the condition decodes anyway, a decimal comma,
   * an integer or a text.
   */
  @Test
  void onlyAPlainDecimalReadForTheOutputAloneIsReadUnscaled() throws IOException {
    TableFile file = table("g;d;c;n;z\na;1.25;1,5;7;12345678901234567890123\nb;2.5;2;8;4\n");
    ConnectionConfig semicolons = config("delimiter", ";");
    int row = 5;
    RowDecoder plain = decoder(file, semicolons, new int[] {0, 1, 2, 3, 4, row}, new int[0]);
    int[] scales = new int[6];
    for (int p = 0; p < scales.length; p++) {
      scales[p] = plain.compactScale(p);
    }
    assertThat(scales).containsExactly(-1, 2, -1, -1, 0, -1);
    RowDecoder filtered = decoder(file, semicolons, new int[] {1, 4}, new int[] {1});
    assertThat(filtered.compactScale(0)).as("d, which the condition reads").isEqualTo(-1);
    assertThat(filtered.compactScale(1)).isZero();
  }

  /**
   * A reduction straight from the records stops, at a flush, on the same terms as one of a batch
   * of rows: once a batch of at least 64 records keeps more than half of them as groups.
   */
  @Test
  void aDirectReductionStopsWhenATellingBatchKeepsMoreThanHalfItsRecords() throws IOException {
    StringBuilder s = new StringBuilder("g,d\n");
    int[][] batches = {{63, 63}, {64, 32}, {64, 33}};
    for (int b = 0; b < batches.length; b++) {
      for (int i = 0; i < batches[b][0]; i++) {
        s.append((char) ('a' + b)).append(i % batches[b][1]).append(",1.25\n");
      }
    }
    TableFile file = table(s);
    ConnectionConfig config = config();
    RowDecoder decoder = decoder(file, config, new int[] {0, 1}, new int[0]);
    PartialAggregation.Reducer reducer = new PartialAggregation(2, new int[] {0},
        new Kind[] {Kind.COUNT_ROWS, Kind.SUM_DECIMAL}, new int[] {-1, 1}, new boolean[2])
        .reducer();
    try (CsvTokenizer t = new CsvTokenizer(Files.newInputStream(dir.resolve("t.csv")), "t.csv",
        new MetadataCache(10).get(file, config).dialect().syntax(), decoder.fields(),
        config.maxRecordBytes())) {
      assertThat(t.next()).as("the header").isTrue();
      long row = 0;
      for (int[] batch : batches) {
        for (int i = 0; i < batch[0]; i++) {
          assertThat(t.next()).isTrue();
          assertThat(decoder.accepts(t, ++row)).isTrue();
          reducer.add(decoder, t, row);
        }
        Object[] out = reducer.flush();
        assertThat(out).hasSize(batch[1]);
        long records = (batch[0] - 1) / batch[1] + 1;
        assertThat((Object[]) out[0]).containsExactly(((Object[]) out[0])[0], records,
            new BigDecimal("1.25").multiply(BigDecimal.valueOf(records)));
        assertThat(reducer.reducing()).as("after %d records in %d groups", batch[0], batch[1])
            .isEqualTo(batch[0] < 64 || batch[1] * 2 <= batch[0]);
      }
    }
  }

  private static CsvwsException catchFailure(Runnable r) {
    List<CsvwsException> caught = new ArrayList<>();
    assertThatThrownBy(r::run).isInstanceOfSatisfying(CsvwsException.class, caught::add);
    return caught.get(0);
  }
}
