package io.csvws.rewrite;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.apache.calcite.linq4j.function.Strict;

/**
 * Integer arithmetic that fails, naming the expression, where Java's would wrap: the runtime of
 * the calls {@link ArithmeticChecks} puts in plans. A NULL operand gives NULL ({@link Strict}).
 *
 * <p>Public only because generated code calls it; stateless and thread-safe.
 */
@Strict
public final class CheckedMath {
  /** The most digits of a DECIMAL. */
  private static final int MAX_DECIMAL_DIGITS = 38;
  private static final BigDecimal INT_MIN = BigDecimal.valueOf(Integer.MIN_VALUE);
  private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);
  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  private CheckedMath() {
  }

  public static int plus(int a, int b, String expression) {
    int r = a + b;
    if (((a ^ r) & (b ^ r)) < 0) {
      throw overflow(expression, a + " + " + b, "INTEGER");
    }
    return r;
  }

  public static long plus(long a, long b, String expression) {
    long r = a + b;
    if (((a ^ r) & (b ^ r)) < 0) {
      throw overflow(expression, a + " + " + b, "BIGINT");
    }
    return r;
  }

  /** One step of a BIGINT {@code SUM}. */
  public static long sum(long total, long value) {
    long r = total + value;
    if (((total ^ r) & (value ^ r)) < 0) {
      throw new CsvwsException(ErrorCode.NUMERIC_OUT_OF_RANGE, "Numeric value out of range: a "
          + "SUM went past BIGINT's range (adding " + value + " to " + total + "). "
          + "SUM(CAST(x AS DECIMAL(38, 0))) sums further.");
    }
    return r;
  }

  public static int minus(int a, int b, String expression) {
    int r = a - b;
    if (((a ^ b) & (a ^ r)) < 0) {
      throw overflow(expression, a + " - " + b, "INTEGER");
    }
    return r;
  }

  public static long minus(long a, long b, String expression) {
    long r = a - b;
    if (((a ^ b) & (a ^ r)) < 0) {
      throw overflow(expression, a + " - " + b, "BIGINT");
    }
    return r;
  }

  public static int times(int a, int b, String expression) {
    long r = (long) a * (long) b;
    if ((int) r != r) {
      throw overflow(expression, a + " * " + b, "INTEGER");
    }
    return (int) r;
  }

  public static long times(long a, long b, String expression) {
    long hi = Math.multiplyHigh(a, b);
    long lo = a * b;
    if ((hi != 0 || lo < 0) && (hi != -1 || lo >= 0)) {
      throw overflow(expression, a + " * " + b, "BIGINT");
    }
    return lo;
  }

  public static int divide(int a, int b, String expression) {
    if (b == 0) {
      throw divisionByZero(expression);
    }
    if (a == Integer.MIN_VALUE && b == -1) {
      throw overflow(expression, a + " / " + b, "INTEGER");
    }
    return a / b;
  }

  public static long divide(long a, long b, String expression) {
    if (b == 0) {
      throw divisionByZero(expression);
    }
    if (a == Long.MIN_VALUE && b == -1) {
      throw overflow(expression, a + " / " + b, "BIGINT");
    }
    return a / b;
  }

  /**
   * A DECIMAL quotient at {@code scale} decimals, rounded half up as PostgreSQL rounds; Calcite
   * divides to 16 significant digits and then pads the scale with zeros that are not the
   * quotient's digits.
   */
  public static BigDecimal divide(BigDecimal a, BigDecimal b, int scale, String expression) {
    if (b.signum() == 0) {
      throw divisionByZero(expression);
    }
    BigDecimal q = a.divide(b, scale, RoundingMode.HALF_UP);
    if (q.precision() > MAX_DECIMAL_DIGITS) {
      throw new CsvwsException(ErrorCode.NUMERIC_OUT_OF_RANGE, "Numeric value out of range: "
          + expression + " gives " + q.toPlainString() + ", more than " + MAX_DECIMAL_DIGITS
          + " digits. CAST an operand to DOUBLE to compute it approximately.");
    }
    return q;
  }

  public static int negate(int a, String expression) {
    if (a == Integer.MIN_VALUE) {
      throw overflow(expression, "-(" + a + ")", "INTEGER");
    }
    return -a;
  }

  public static long negate(long a, String expression) {
    if (a == Long.MIN_VALUE) {
      throw overflow(expression, "-(" + a + ")", "BIGINT");
    }
    return -a;
  }

  /** {@code CAST(a AS INTEGER)} of a BIGINT. */
  public static int toInt(long a, String expression) {
    if ((int) a != a) {
      throw new CsvwsException(ErrorCode.NUMERIC_OUT_OF_RANGE, "Numeric value out of range: "
          + expression + " gives " + a + ", which does not fit INTEGER. Cast to BIGINT instead.");
    }
    return (int) a;
  }

  /**
   * {@code CAST(a AS INTEGER)} of a DECIMAL: rounded half away from zero, as PostgreSQL and
   * DuckDB round ({@code 2.5} is 3, {@code -2.5} is -3); Calcite would cut the fraction.
   */
  public static int toInt(BigDecimal a, String expression) {
    BigDecimal r = a.setScale(0, RoundingMode.HALF_UP);
    if (r.compareTo(INT_MIN) < 0 || r.compareTo(INT_MAX) > 0) {
      throw castOverflow(expression, a.toPlainString(), "INTEGER");
    }
    return r.intValue();
  }

  /** {@code CAST(a AS BIGINT)} of a DECIMAL, rounded as {@link #toInt(BigDecimal, String)}. */
  public static long toLong(BigDecimal a, String expression) {
    BigDecimal r = a.setScale(0, RoundingMode.HALF_UP);
    if (r.compareTo(LONG_MIN) < 0 || r.compareTo(LONG_MAX) > 0) {
      throw castOverflow(expression, a.toPlainString(), "BIGINT");
    }
    return r.longValue();
  }

  /**
   * {@code CAST(a AS INTEGER)} of a DOUBLE: rounded to the nearest integer, halves to even, as
   * PostgreSQL rounds a double precision ({@code 2.5} is 2, {@code 3.5} is 4).
   */
  public static int toInt(double a, String expression) {
    double r = Math.rint(a);
    if (Double.isNaN(r) || r < Integer.MIN_VALUE || r > Integer.MAX_VALUE) {
      throw castOverflow(expression, Double.toString(a), "INTEGER");
    }
    return (int) r;
  }

  /** {@code CAST(a AS BIGINT)} of a DOUBLE, rounded as {@link #toInt(double, String)}. */
  public static long toLong(double a, String expression) {
    double r = Math.rint(a);
    // 2^63 is the first double past BIGINT; every double below it converts exactly.
    if (Double.isNaN(r) || r < -0x1p63 || r >= 0x1p63) {
      throw castOverflow(expression, Double.toString(a), "BIGINT");
    }
    return (long) r;
  }

  private static CsvwsException castOverflow(String expression, String value, String type) {
    return new CsvwsException(ErrorCode.NUMERIC_OUT_OF_RANGE, "Numeric value out of range: "
        + expression + " gives " + value + ", which does not fit " + type + ".");
  }

  private static CsvwsException overflow(String expression, String values, String type) {
    return new CsvwsException(ErrorCode.NUMERIC_OUT_OF_RANGE, "Numeric value out of range: "
        + expression + " (" + values + ") does not fit " + type + ". CAST an operand to a wider "
        + "type (BIGINT or DECIMAL(38, s)) to compute it.");
  }

  private static CsvwsException divisionByZero(String expression) {
    return new CsvwsException(ErrorCode.DIVISION_BY_ZERO, "Division by zero: " + expression
        + ". NULLIF(divisor, 0) gives NULL instead.");
  }
}
