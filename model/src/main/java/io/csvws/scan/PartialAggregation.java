package io.csvws.scan;

import io.csvws.rewrite.CheckedMath;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.types.ValueParsers;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A grouping computed in part by the scan: each batch of rows is reduced to one row per group
 * holding the batch's counts, sums, minimums and maximums, which the query's own aggregate then
 * combines (summing the counts and sums, taking the least and greatest).
 *
 * <p>The reduction runs on the threads that read the file, so a {@code GROUP BY} over a large
 * file spreads its work over every core and hands the query a few rows per batch instead of
 * every row. Sums of integers and decimals are exact (a batch's sum of integers that overflows a
 * BIGINT fails, which a batch of INTEGER values cannot), so the result is the one a plain
 * aggregate gives; only sums of doubles may differ from it in the last digits, as floating-point
 * addition in another order does. Immutable and thread-safe.
 */
public final class PartialAggregation {
  /** What one aggregate call keeps per group. */
  public enum Kind {
    /** {@code COUNT(*)}: rows. */
    COUNT_ROWS,
    /** {@code COUNT(x)}: rows where x is not null. */
    COUNT,
    /** Sum as BIGINT; overflow fails, never wraps. */
    SUM_LONG,
    /** Sum as DOUBLE. */
    SUM_DOUBLE,
    /** Sum as DECIMAL, exact. */
    SUM_DECIMAL,
    /** Least non-null value. */
    MIN,
    /** Greatest non-null value. */
    MAX
  }

  private final int inputWidth;
  private final int[] groupKeys;
  private final Kind[] kinds;
  private final int[] args;
  /** Per call: whether a group with no value gives zero instead of null ({@code SUM0}). */
  private final boolean[] zeroWhenEmpty;

  /**
   * @param inputWidth values per input row (a row of one value is the bare value)
   * @param groupKeys input positions of the grouping columns, output first in this order
   * @param kinds what each call computes, output after the groups in this order
   * @param args input position of each call's argument (ignored for {@link Kind#COUNT_ROWS})
   * @param zeroWhenEmpty per call, whether no value gives zero rather than null
   */
  public PartialAggregation(int inputWidth, int[] groupKeys, Kind[] kinds, int[] args,
      boolean[] zeroWhenEmpty) {
    if (kinds.length != args.length || kinds.length != zeroWhenEmpty.length
        || groupKeys.length + kinds.length == 0) {
      throw new IllegalArgumentException("calls and arguments do not match");
    }
    this.inputWidth = inputWidth;
    this.groupKeys = groupKeys.clone();
    this.kinds = kinds.clone();
    this.args = args.clone();
    this.zeroWhenEmpty = zeroWhenEmpty.clone();
  }

  /** Values per output row: the groups, then the calls. */
  public int outputWidth() {
    return groupKeys.length + kinds.length;
  }

  /** A reducer for one reader: see {@link Reducer}. */
  Reducer reducer() {
    return new Reducer();
  }

  /**
   * Reduces the batches of one reader while that pays. A grouping with about a group per row (by
   * an id, an e-mail address) would only add a table of groups per batch: once a batch keeps more
   * than half of its rows, later batches pass each row on as a partial row of its own, which the
   * query's aggregate combines the same way. Not thread-safe.
   */
  final class Reducer {
    /** Batches smaller than this say little about how well rows group. */
    private static final int MIN_TELLING_ROWS = 64;
    private boolean reducing = true;

    /** Partial rows for {@code rows[0..n)}; may reuse {@code rows}. */
    Object[] apply(Object[] rows, int n) {
      if (!reducing) {
        return passThrough(rows, n);
      }
      Object[] out = reduce(rows, n);
      if (n >= MIN_TELLING_ROWS && out.length * 2 > n) {
        reducing = false;
      }
      return out;
    }

    boolean reducing() {
      return reducing;
    }

    /** Records added since the last {@link #flush}, and their groups. */
    private int added;
    private Accumulators all;
    private Map<Object, Accumulators> groups;
    private List<Accumulators> order;
    /** The decoder {@code scales} was worked out for. */
    private RowDecoder scalesOf;
    /**
     * Per input position, the scale at which it is read as an unscaled decimal (a DECIMAL
     * column only summed or counted), else -1.
     */
    private final int[] scales = new int[inputWidth];
    /** One record's values per position: the unscaled decimal where that is compact. */
    private final Object[] read = new Object[inputWidth];
    private final long[] readUnscaled = new long[inputWidth];
    /** Per call, the BIGINT sums a record makes, worked out before any is stored. */
    private final long[] nextSums = new long[kinds.length];

    /**
     * Adds the record {@code decoder} has accepted, read straight from the tokenizer instead of
     * made into a row first: a decimal only summed or counted is read as its unscaled value, so
     * the sum of a DECIMAL column makes no object per record. Every value of the row is read (in
     * the row's order, so a value that does not fit fails as it would in the row), and all before
     * any is added, so a read that throws leaves the batch as it was. Only while {@link
     * #reducing()}.
     */
    void add(RowDecoder decoder, CsvTokenizer t, long row) {
      if (scalesOf != decoder) {
        scalesFor(decoder);
      }
      for (int p = 0; p < inputWidth; p++) {
        long u = scales[p] < 0 ? ValueParsers.NOT_COMPACT : decoder.unscaled(p, t);
        readUnscaled[p] = u;
        read[p] = u == ValueParsers.NOT_COMPACT ? decoder.output(p, t, row) : null;
      }
      Object key = null;
      if (groupKeys.length == 1) {
        key = read[groupKeys[0]];
      } else if (groupKeys.length > 1) {
        Object[] k = new Object[groupKeys.length];
        for (int g = 0; g < k.length; g++) {
          k[g] = read[groupKeys[g]];
        }
        key = Arrays.asList(k);
      }
      Accumulators a;
      if (groupKeys.length == 0) {
        if (all == null) {
          all = new Accumulators(null);
        }
        a = all;
      } else {
        if (groups == null) {
          groups = new HashMap<>();
          order = new ArrayList<>();
        }
        a = groups.get(key);
        if (a == null) {
          a = new Accumulators(key);
          groups.put(key, a);
          order.add(a);
        }
      }
      a.add(read, readUnscaled, scales, nextSums);
      added++;
    }

    /**
     * Which positions {@code decoder} reads as unscaled decimals: those only summed or counted
     * (a compact value is not NULL), not grouped by.
     */
    private void scalesFor(RowDecoder decoder) {
      boolean[] other = new boolean[inputWidth];
      for (int g : groupKeys) {
        other[g] = true;
      }
      for (int c = 0; c < kinds.length; c++) {
        if (kinds[c] != Kind.COUNT_ROWS && kinds[c] != Kind.SUM_DECIMAL
            && kinds[c] != Kind.COUNT) {
          other[args[c]] = true;
        }
      }
      for (int p = 0; p < inputWidth; p++) {
        scales[p] = other[p] ? -1 : decoder.compactScale(p);
      }
      scalesOf = decoder;
    }

    /**
     * The partial rows of the records added since the last flush, as {@link #apply} makes them
     * of the same rows; it then stops reducing on the same terms.
     */
    Object[] flush() {
      Object[] out;
      if (all != null) {
        out = new Object[] {all.output()};
      } else if (order != null) {
        out = new Object[order.size()];
        for (int i = 0; i < out.length; i++) {
          out[i] = order.get(i).output();
        }
      } else {
        out = new Object[0];
      }
      if (added >= MIN_TELLING_ROWS && out.length * 2 > added) {
        reducing = false;
      }
      all = null;
      groups = null;
      order = null;
      added = 0;
      return out;
    }
  }

  /** Each of {@code rows[0..n)} as a partial row of its own, in place. */
  Object[] passThrough(Object[] rows, int n) {
    Object[] out = n == rows.length ? rows : Arrays.copyOf(rows, n);
    int g = groupKeys.length;
    for (int i = 0; i < n; i++) {
      Object row = rows[i];
      Object[] p = new Object[g + kinds.length];
      for (int k = 0; k < g; k++) {
        p[k] = value(row, groupKeys[k]);
      }
      for (int c = 0; c < kinds.length; c++) {
        p[g + c] = single(c, kinds[c] == Kind.COUNT_ROWS ? null : value(row, args[c]));
      }
      out[i] = p.length == 1 ? p[0] : p;
    }
    return out;
  }

  /** Call {@code c}'s partial result over the one value {@code v}. */
  private Object single(int c, Object v) {
    Kind kind = kinds[c];
    if (kind == Kind.COUNT_ROWS) {
      return 1L;
    }
    if (kind == Kind.COUNT) {
      return v == null ? 0L : 1L;
    }
    if (v == null && !zeroWhenEmpty[c]) {
      return null;
    }
    return switch (kind) {
      case SUM_LONG -> v == null ? 0L : ((Number) v).longValue();
      case SUM_DOUBLE -> v == null ? 0.0 : ((Number) v).doubleValue();
      case SUM_DECIMAL -> v == null ? BigDecimal.ZERO : decimal(v);
      default -> v;
    };
  }

  /** One row per group of {@code rows[0..n)}, shaped as the scan shapes rows of that width. */
  Object[] reduce(Object[] rows, int n) {
    if (groupKeys.length == 0) {
      Accumulators all = new Accumulators(null);
      for (int i = 0; i < n; i++) {
        all.add(rows[i]);
      }
      return new Object[] {all.output()};
    }
    Map<Object, Accumulators> groups = new HashMap<>();
    List<Accumulators> order = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Object row = rows[i];
      Object key = key(row);
      Accumulators a = groups.get(key);
      if (a == null) {
        a = new Accumulators(key);
        groups.put(key, a);
        order.add(a);
      }
      a.add(row);
    }
    Object[] out = new Object[order.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = order.get(i).output();
    }
    return out;
  }

  private Object value(Object row, int position) {
    return inputWidth == 1 ? row : ((Object[]) row)[position];
  }

  /** The bare value for one grouping column; a list that compares by content for several. */
  private Object key(Object row) {
    if (groupKeys.length == 1) {
      return value(row, groupKeys[0]);
    }
    Object[] k = new Object[groupKeys.length];
    for (int g = 0; g < k.length; g++) {
      k[g] = value(row, groupKeys[g]);
    }
    return Arrays.asList(k);
  }

  /** What one group has gathered in one batch. */
  private final class Accumulators {
    private final Object key;
    private final long[] counts = new long[kinds.length];
    private final double[] doubles = new double[kinds.length];
    private final Object[] objects = new Object[kinds.length];
    private final boolean[] seen = new boolean[kinds.length];
    /**
     * Per call, the sum of compact decimals not yet in {@code objects}, and their scale (-1 while
     * none was added); made at the first.
     */
    private long[] compactSums;
    private int[] compactScales;

    Accumulators(Object key) {
      this.key = key;
    }

    void add(Object row) {
      for (int c = 0; c < kinds.length; c++) {
        Kind kind = kinds[c];
        if (kind == Kind.COUNT_ROWS) {
          counts[c]++;
          continue;
        }
        add(c, kind, value(row, args[c]));
      }
    }

    /** Adds {@code v} to call {@code c}, of {@code kind}. */
    private void add(int c, Kind kind, Object v) {
      if (v == null) {
        return;
      }
      seen[c] = true;
      switch (kind) {
        case COUNT -> counts[c]++;
        case SUM_LONG -> counts[c] = CheckedMath.sum(counts[c], ((Number) v).longValue());
        case SUM_DOUBLE -> doubles[c] += ((Number) v).doubleValue();
        case SUM_DECIMAL -> objects[c] = sumDecimal(objects[c], decimal(v));
        case MIN -> objects[c] = objects[c] == null || compare(v, objects[c]) < 0 ? v
            : objects[c];
        case MAX -> objects[c] = objects[c] == null || compare(v, objects[c]) > 0 ? v
            : objects[c];
        default -> throw new IllegalStateException(kind.name());
      }
    }

    /**
     * Adds one record's values, given per input position: {@code values[p]}, or the unscaled
     * decimal {@code unscaled[p]} at {@code scales[p]} where that is not
     * {@link ValueParsers#NOT_COMPACT}. The new state is worked out before any of it is stored
     * (the BIGINT sums in {@code nextSums}, one per call), so an overflow leaves the group as it
     * was.
     */
    void add(Object[] values, long[] unscaled, int[] scales, long[] nextSums) {
      for (int c = 0; c < kinds.length; c++) {
        if (kinds[c] == Kind.SUM_LONG && values[args[c]] != null) {
          nextSums[c] = CheckedMath.sum(counts[c], ((Number) values[args[c]]).longValue());
        }
      }
      for (int c = 0; c < kinds.length; c++) {
        Kind kind = kinds[c];
        if (kind == Kind.COUNT_ROWS) {
          counts[c]++;
          continue;
        }
        int p = args[c];
        if (unscaled[p] != ValueParsers.NOT_COMPACT) {
          if (kind == Kind.COUNT) {
            seen[c] = true;
            counts[c]++;
          } else {
            addCompact(c, unscaled[p], scales[p]);
          }
        } else if (kind == Kind.SUM_LONG) {
          if (values[p] != null) {
            seen[c] = true;
            counts[c] = nextSums[c];
          }
        } else {
          add(c, kind, values[p]);
        }
      }
    }

    private void addCompact(int c, long u, int scale) {
      if (compactSums == null) {
        compactSums = new long[kinds.length];
        compactScales = new int[kinds.length];
        Arrays.fill(compactScales, -1);
      }
      seen[c] = true;
      long sum = compactSums[c] + u;
      if (((compactSums[c] ^ sum) & (u ^ sum)) < 0) {
        // The long would overflow: what it holds joins the exact sum, and it starts again.
        objects[c] = sumDecimal(objects[c], BigDecimal.valueOf(compactSums[c], scale));
        sum = u;
      }
      compactSums[c] = sum;
      compactScales[c] = scale;
    }

    Object output() {
      int g = groupKeys.length;
      Object[] out = new Object[g + kinds.length];
      if (g == 1) {
        out[0] = key;
      } else if (g > 1) {
        List<?> k = (List<?>) key;
        for (int i = 0; i < g; i++) {
          out[i] = k.get(i);
        }
      }
      for (int c = 0; c < kinds.length; c++) {
        out[g + c] = result(c);
      }
      return out.length == 1 ? out[0] : out;
    }

    private Object result(int c) {
      Kind kind = kinds[c];
      if (kind == Kind.COUNT_ROWS || kind == Kind.COUNT) {
        return counts[c];
      }
      if (!seen[c] && !zeroWhenEmpty[c]) {
        return null;
      }
      return switch (kind) {
        case SUM_LONG -> counts[c];
        case SUM_DOUBLE -> doubles[c];
        case SUM_DECIMAL -> decimalResult(c);
        default -> objects[c];
      };
    }

    private Object decimalResult(int c) {
      Object sum = objects[c];
      if (compactScales != null && compactScales[c] >= 0) {
        // Added even when 0: the sum keeps the scale of its values, as a sum of objects does.
        sum = sumDecimal(sum, BigDecimal.valueOf(compactSums[c], compactScales[c]));
      }
      return sum == null ? BigDecimal.ZERO : sum;
    }
  }

  /** {@code sum + v}; {@code v} when there is no sum yet. */
  private static BigDecimal sumDecimal(Object sum, BigDecimal v) {
    return sum == null ? v : ((BigDecimal) sum).add(v);
  }

  private static BigDecimal decimal(Object v) {
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (v instanceof Double || v instanceof Float) {
      return BigDecimal.valueOf(((Number) v).doubleValue());
    }
    return BigDecimal.valueOf(((Number) v).longValue());
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object a, Object b) {
    return ((Comparable) a).compareTo(b);
  }

  /** What EXPLAIN shows; a planner tells scans apart by it and {@link #equals}. */
  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("group ").append(Arrays.toString(groupKeys));
    for (int c = 0; c < kinds.length; c++) {
      s.append(", ").append(kinds[c]).append(zeroWhenEmpty[c] ? "0" : "")
          .append(kinds[c] == Kind.COUNT_ROWS ? "" : "($" + args[c] + ")");
    }
    return s.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PartialAggregation p && p.inputWidth == inputWidth
        && Arrays.equals(p.groupKeys, groupKeys) && Arrays.equals(p.kinds, kinds)
        && Arrays.equals(p.args, args) && Arrays.equals(p.zeroWhenEmpty, zeroWhenEmpty);
  }

  @Override
  public int hashCode() {
    return Objects.hash(inputWidth, Arrays.hashCode(groupKeys), Arrays.hashCode(kinds),
        Arrays.hashCode(args), Arrays.hashCode(zeroWhenEmpty));
  }
}
