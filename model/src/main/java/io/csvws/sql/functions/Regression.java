package io.csvws.sql.functions;

/**
 * The running sums behind {@code CORR} and the {@code REGR_*} aggregates of PostgreSQL: each
 * aggregate is a subclass that says what to compute from them. Calcite calls {@code init},
 * {@code add} and {@code result} by reflection (a user-defined aggregate); rows where either
 * argument is NULL are skipped before {@code add}, as the SQL standard asks.
 *
 * <p>Sums are kept as deviations from running means (Welford's method), so that large values
 * with a small spread do not lose their digits to cancellation.
 */
public abstract class Regression {
  /** The accumulator: count, means and co-moments of the pairs seen so far. */
  public static final class Sums {
    long n;
    double meanY;
    double meanX;
    double sxx;
    double syy;
    double sxy;
  }

  /** Starts an empty group. */
  public Sums init() {
    return new Sums();
  }

  /** Adds the pair ({@code y}, {@code x}): the dependent value first, as in SQL. */
  public Sums add(Sums s, double y, double x) {
    s.n++;
    double dx = x - s.meanX;
    double dy = y - s.meanY;
    s.meanX += dx / s.n;
    s.meanY += dy / s.n;
    s.sxx += dx * (x - s.meanX);
    s.syy += dy * (y - s.meanY);
    s.sxy += dx * (y - s.meanY);
    return s;
  }

  /** Combines two groups' sums (Chan's formula). */
  public Sums merge(Sums a, Sums b) {
    if (b.n == 0) {
      return a;
    }
    if (a.n == 0) {
      return b;
    }
    Sums s = new Sums();
    s.n = a.n + b.n;
    double dx = b.meanX - a.meanX;
    double dy = b.meanY - a.meanY;
    double f = (double) a.n * b.n / s.n;
    s.meanX = a.meanX + dx * b.n / s.n;
    s.meanY = a.meanY + dy * b.n / s.n;
    s.sxx = a.sxx + b.sxx + dx * dx * f;
    s.syy = a.syy + b.syy + dy * dy * f;
    s.sxy = a.sxy + b.sxy + dx * dy * f;
    return s;
  }

  /** {@code CORR(y, x)}: the correlation coefficient; NULL without spread in x or y. */
  public static final class Corr extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 1 || s.sxx == 0 || s.syy == 0 ? null : s.sxy / Math.sqrt(s.sxx * s.syy);
    }
  }

  /** {@code REGR_SLOPE(y, x)}: the least-squares slope; NULL without spread in x. */
  public static final class Slope extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 1 || s.sxx == 0 ? null : s.sxy / s.sxx;
    }
  }

  /** {@code REGR_INTERCEPT(y, x)}: where the least-squares line meets x = 0. */
  public static final class Intercept extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 1 || s.sxx == 0 ? null : s.meanY - s.sxy / s.sxx * s.meanX;
    }
  }

  /**
   * {@code REGR_R2(y, x)}: the square of the correlation; as PostgreSQL, 1 when y has no spread
   * but x has.
   */
  public static final class R2 extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      if (s.n < 1 || s.sxx == 0) {
        return null;
      }
      return s.syy == 0 ? 1.0 : s.sxy * s.sxy / (s.sxx * s.syy);
    }
  }

  /** {@code REGR_AVGX(y, x)}: the mean of x over the pairs where both are present. */
  public static final class AvgX extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 1 ? null : s.meanX;
    }
  }

  /** {@code REGR_AVGY(y, x)}: the mean of y over the pairs where both are present. */
  public static final class AvgY extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 1 ? null : s.meanY;
    }
  }

  /** {@code REGR_SXY(y, x)}: the sum of products of the deviations from the means. */
  public static final class Sxy extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 1 ? null : s.sxy;
    }
  }

  /** {@code REGR_SXX(y, x)}: the sum of squared deviations of x from its mean. */
  public static final class Sxx extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 1 ? null : s.sxx;
    }
  }

  /** {@code REGR_SYY(y, x)}: the sum of squared deviations of y from its mean. */
  public static final class Syy extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 1 ? null : s.syy;
    }
  }

  /** {@code COVAR_POP(y, x)}: the population covariance. */
  public static final class CovarPop extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 1 ? null : s.sxy / s.n;
    }
  }

  /** {@code COVAR_SAMP(y, x)}: the sample covariance; NULL for fewer than two pairs. */
  public static final class CovarSamp extends Regression {
    /** The result for a group. */
    public Double result(Sums s) {
      return s.n < 2 ? null : s.sxy / (s.n - 1);
    }
  }
}
