package io.csvws.sql;

import io.csvws.rewrite.CheckedMath;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * The grouping of a planner-free aggregate ({@link SimpleAggregate}) as it runs: rows in, one row
 * per group out (the group's values, then one value per call), computed as the planned
 * statement's {@code EnumerableAggregate} computes it.
 *
 * <ul>
 *   <li>Groups are kept in a {@link HashMap} keyed by the bare value of one grouping column or a
 *       list of several (in table order), filled in the order rows come, and given out in the
 *       map's order, as Calcite's hash aggregate does; so the rows come in the same order.</li>
 *   <li>Without grouping columns there is one row, even over no rows.</li>
 *   <li>Sums start at zero and add each non-NULL value; a BIGINT sum adds with
 *       {@link CheckedMath#sum}, which fails past BIGINT's range as csvws's planned sums do
 *       ({@code io.csvws.rewrite.CheckedSums}); a sum of no value is NULL. A DECIMAL sum is
 *       exact.</li>
 *   <li>{@code MIN} and {@code MAX} keep the first of equal values, as Calcite's {@code lesser}
 *       and {@code greater} do.</li>
 * </ul>
 *
 * <p>The input is either the rows of a scan (the calls reading them through an
 * {@link OperandProgram}, every value of a row computed before any is added), or
 * the partial rows of a scan that aggregated each batch on its threads
 * ({@code io.csvws.scan.PartialAggregation}), whose counts are then added
 * ({@link Accumulation#ADD_COUNTS}) as the planned statement's {@code $SUM0} adds them. Immutable;
 * each {@link #run} has its own state.
 */
final class GroupedAggregation {
  /** What a call does with the values it reads. */
  enum Accumulation {
    /** {@code COUNT(*)}: one per row. */
    COUNT_ROWS,
    /** {@code COUNT(x)}: one per non-NULL value. */
    COUNT,
    /** Partial counts added, checked; zero for none. */
    ADD_COUNTS,
    /** A BIGINT sum, checked. */
    SUM_LONG,
    /** A DOUBLE sum. */
    SUM_DOUBLE,
    /** A DECIMAL sum, exact. */
    SUM_DECIMAL,
    /** The least non-NULL value. */
    MIN,
    /** The greatest non-NULL value. */
    MAX
  }

  /** Values per input row: a row of one value is the bare value, of none an empty list. */
  private final int width;
  private final int[] keys;
  private final Accumulation[] accumulations;
  private final OperandProgram operands;

  /**
   * @param width values per input row
   * @param keys positions of the grouping values in an input row, in table order
   * @param accumulations what each call does
   * @param operands what each call reads from an input row
   */
  GroupedAggregation(int width, int[] keys, Accumulation[] accumulations,
      OperandProgram operands) {
    if (accumulations.length != operands.calls()) {
      throw new IllegalArgumentException("calls and operands do not match");
    }
    this.width = width;
    this.keys = keys.clone();
    this.accumulations = accumulations.clone();
    this.operands = operands;
  }

  /** Reads all of {@code rows} and returns one output row per group. */
  List<Object[]> run(Enumerable<Object> rows) {
    Object[] single = new Object[1];
    Object[] none = new Object[0];
    Object[] values = new Object[accumulations.length];
    Object[] computed = new Object[operands.slots()];
    Map<Object, Group> groups = keys.length == 0 ? null : new HashMap<>();
    Group all = keys.length == 0 ? new Group(null) : null;
    try (Enumerator<Object> e = rows.enumerator()) {
      while (e.moveNext()) {
        Object[] row = row(e.current(), single, none);
        operands.values(row, values, computed);
        if (all != null) {
          all.add(values);
          continue;
        }
        Object key = key(row);
        Group g = groups.get(key);
        if (g == null) {
          g = new Group(key);
          groups.put(key, g);
        }
        g.add(values);
      }
    }
    if (all != null) {
      List<Object[]> out = new ArrayList<>(1);
      out.add(all.output());
      return out;
    }
    List<Object[]> out = new ArrayList<>(groups.size());
    for (Group g : groups.values()) {
      out.add(g.output());
    }
    return out;
  }

  private Object[] row(Object current, Object[] single, Object[] none) {
    if (width == 1) {
      single[0] = current;
      return single;
    }
    return width == 0 ? none : (Object[]) current;
  }

  /** The bare value of one grouping column; a list that compares by content for several. */
  private Object key(Object[] row) {
    if (keys.length == 1) {
      return row[keys[0]];
    }
    Object[] k = new Object[keys.length];
    for (int i = 0; i < k.length; i++) {
      k[i] = row[keys[i]];
    }
    return Arrays.asList(k);
  }

  /** What one group has gathered. */
  private final class Group {
    private final Object key;
    private final long[] longs = new long[accumulations.length];
    private final double[] doubles = new double[accumulations.length];
    private final Object[] objects = new Object[accumulations.length];
    private final boolean[] seen = new boolean[accumulations.length];

    Group(Object key) {
      this.key = key;
    }

    /** Adds one row's values, one per call. */
    void add(Object[] values) {
      for (int c = 0; c < accumulations.length; c++) {
        Accumulation a = accumulations[c];
        if (a == Accumulation.COUNT_ROWS) {
          longs[c]++;
          continue;
        }
        Object v = values[c];
        if (v == null) {
          continue;
        }
        seen[c] = true;
        switch (a) {
          case COUNT -> longs[c]++;
          case ADD_COUNTS, SUM_LONG -> longs[c] = CheckedMath.sum(longs[c],
              ((Number) v).longValue());
          case SUM_DOUBLE -> doubles[c] += ((Number) v).doubleValue();
          case SUM_DECIMAL -> objects[c] = (objects[c] == null ? BigDecimal.ZERO
              : (BigDecimal) objects[c]).add((BigDecimal) v);
          case MIN -> objects[c] = objects[c] == null || compare(objects[c], v) > 0 ? v
              : objects[c];
          case MAX -> objects[c] = objects[c] == null || compare(objects[c], v) < 0 ? v
              : objects[c];
          default -> throw new IllegalStateException(a.name());
        }
      }
    }

    Object[] output() {
      int g = keys.length;
      Object[] out = new Object[g + accumulations.length];
      if (g == 1) {
        out[0] = key;
      } else if (g > 1) {
        List<?> k = (List<?>) key;
        for (int i = 0; i < g; i++) {
          out[i] = k.get(i);
        }
      }
      for (int c = 0; c < accumulations.length; c++) {
        out[g + c] = result(c);
      }
      return out;
    }

    private Object result(int c) {
      Accumulation a = accumulations[c];
      if (a == Accumulation.COUNT_ROWS || a == Accumulation.COUNT
          || a == Accumulation.ADD_COUNTS) {
        return longs[c];
      }
      if (!seen[c]) {
        return null;
      }
      return switch (a) {
        case SUM_LONG -> longs[c];
        case SUM_DOUBLE -> doubles[c];
        default -> objects[c];
      };
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object a, Object b) {
    return ((Comparable) a).compareTo(b);
  }
}
