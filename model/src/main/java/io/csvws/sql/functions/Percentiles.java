package io.csvws.sql.functions;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code MEDIAN}, {@code PERCENTILE_CONT} and {@code PERCENTILE_DISC}: Calcite parses them but
 * has no implementation to run them, so csvws collects each group's values and picks from the
 * sorted list (user-defined aggregates, called by reflection). NULL values are skipped before
 * {@code add}; an empty group gives NULL.
 */
public final class Percentiles {
  private Percentiles() {
  }

  /** The values of a group and the fraction asked for. */
  public static final class Values {
    final List<Double> values = new ArrayList<>();
    double fraction = Double.NaN;

    double[] sorted() {
      double[] a = new double[values.size()];
      for (int i = 0; i < a.length; i++) {
        a[i] = values.get(i);
      }
      java.util.Arrays.sort(a);
      return a;
    }

    void fraction(double f) {
      if (!(f >= 0 && f <= 1)) {
        throw new CsvwsException(ErrorCode.INVALID_ARGUMENT, "The percentile fraction " + f
            + " is not between 0 and 1: the median is PERCENTILE_CONT(0.5) WITHIN GROUP "
            + "(ORDER BY x).");
      }
      fraction = f;
    }
  }

  /** PostgreSQL's continuous percentile: interpolates between the two nearest values. */
  static Double continuous(double[] a, double fraction) {
    if (a.length == 0) {
      return null;
    }
    double pos = fraction * (a.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = (int) Math.ceil(pos);
    return a[lo] + (a[hi] - a[lo]) * (pos - lo);
  }

  /** {@code MEDIAN(x)}: DuckDB's median, the 0.5 continuous percentile (DOUBLE). */
  public static final class Median {
    /** Starts an empty group. */
    public Values init() {
      return new Values();
    }

    /** Adds a value. */
    public Values add(Values v, double x) {
      v.values.add(x);
      return v;
    }

    /** The result for a group. */
    public Double result(Values v) {
      return continuous(v.sorted(), 0.5);
    }
  }

  /**
   * {@code PERCENTILE_CONT(x, fraction)}: what {@code PERCENTILE_CONT(fraction) WITHIN GROUP
   * (ORDER BY x)} is rewritten to.
   */
  public static final class Cont {
    /** Starts an empty group. */
    public Values init() {
      return new Values();
    }

    /** Adds a value. */
    public Values add(Values v, double x, double fraction) {
      v.values.add(x);
      v.fraction(fraction);
      return v;
    }

    /** The result for a group. */
    public Double result(Values v) {
      return continuous(v.sorted(), v.fraction);
    }
  }

  /**
   * {@code PERCENTILE_DISC(x, fraction)}: what {@code PERCENTILE_DISC(fraction) WITHIN GROUP
   * (ORDER BY x)} is rewritten to. It picks one of the values, so it keeps them as they are
   * (numbers, dates, text in Calcite's representation) and its result has the column's type, as
   * in PostgreSQL.
   */
  public static final class Disc {
    /** The values of a group, as they came, and the fraction. */
    public static final class Picked {
      final List<Comparable<Object>> values = new ArrayList<>();
      final Values fraction = new Values();
    }

    /** Starts an empty group. */
    public Picked init() {
      return new Picked();
    }

    /** Adds a value. */
    @SuppressWarnings("unchecked")
    public Picked add(Picked p, Object x, double fraction) {
      p.values.add((Comparable<Object>) x);
      p.fraction.fraction(fraction);
      return p;
    }

    /** The result for a group. */
    public Object result(Picked p) {
      if (p.values.isEmpty()) {
        return null;
      }
      List<Comparable<Object>> sorted = new ArrayList<>(p.values);
      sorted.sort(null);
      int i = (int) Math.ceil(p.fraction.fraction * sorted.size()) - 1;
      return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
    }
  }
}
