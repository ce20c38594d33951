package io.csvws.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.math.BigDecimal;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The runtime of checked arithmetic, called directly: exact results at the edges of INTEGER and
 * BIGINT, a failure with SQLState 22003 or 22012 one step past them, and rounding of casts as
 * PostgreSQL rounds.
 */
class CheckedMathTest {
  private static final int IMIN = Integer.MIN_VALUE;
  private static final int IMAX = Integer.MAX_VALUE;
  private static final long LMIN = Long.MIN_VALUE;
  private static final long LMAX = Long.MAX_VALUE;

  private static void outOfRange(ThrowingCallable call, String... parts) {
    assertThatThrownBy(call).isInstanceOfSatisfying(CsvwsException.class,
        e -> assertThat(e.code()).isEqualTo(ErrorCode.NUMERIC_OUT_OF_RANGE))
        .hasMessageContainingAll(parts);
  }

  @Test
  void intPlusIsExactUpToTheEdgeAndFailsPastIt() {
    assertThat(CheckedMath.plus(IMAX - 1, 1, "e")).isEqualTo(IMAX);
    assertThat(CheckedMath.plus(IMIN + 1, -1, "e")).isEqualTo(IMIN);
    assertThat(CheckedMath.plus(-5, 3, "e")).isEqualTo(-2);
    assertThat(CheckedMath.plus(IMAX, IMIN, "e")).isEqualTo(-1);
    outOfRange(() -> CheckedMath.plus(IMAX, 1, "a + b"),
        "Numeric value out of range: a + b (2147483647 + 1) does not fit INTEGER.",
        "CAST an operand to a wider type");
    outOfRange(() -> CheckedMath.plus(IMIN, -1, "x"), "(-2147483648 + -1)", "INTEGER");
  }

  @Test
  void longPlusIsExactUpToTheEdgeAndFailsPastIt() {
    assertThat(CheckedMath.plus(LMAX - 1, 1L, "e")).isEqualTo(LMAX);
    assertThat(CheckedMath.plus(LMIN + 1, -1L, "e")).isEqualTo(LMIN);
    assertThat(CheckedMath.plus(LMAX, LMIN, "e")).isEqualTo(-1L);
    outOfRange(() -> CheckedMath.plus(LMAX, 1L, "a + b"),
        "a + b (9223372036854775807 + 1) does not fit BIGINT.");
    outOfRange(() -> CheckedMath.plus(LMIN, -1L, "x"), "BIGINT");
  }

  @Test
  void sumStepsAreExactAndFailPastBigint() {
    assertThat(CheckedMath.sum(LMAX - 2, 2)).isEqualTo(LMAX);
    assertThat(CheckedMath.sum(LMIN + 2, -2)).isEqualTo(LMIN);
    assertThat(CheckedMath.sum(10, -3)).isEqualTo(7);
    outOfRange(() -> CheckedMath.sum(LMAX, 1),
        "a SUM went past BIGINT's range (adding 1 to 9223372036854775807)",
        "SUM(CAST(x AS DECIMAL(38, 0)))");
    outOfRange(() -> CheckedMath.sum(LMIN, -1), "adding -1 to -9223372036854775808");
  }

  @Test
  void minusIsExactUpToTheEdgeAndFailsPastIt() {
    assertThat(CheckedMath.minus(IMIN + 1, 1, "e")).isEqualTo(IMIN);
    assertThat(CheckedMath.minus(IMAX - 1, -1, "e")).isEqualTo(IMAX);
    assertThat(CheckedMath.minus(-1, IMAX, "e")).isEqualTo(IMIN);
    assertThat(CheckedMath.minus(3, 5, "e")).isEqualTo(-2);
    outOfRange(() -> CheckedMath.minus(IMIN, 1, "a - b"),
        "a - b (-2147483648 - 1) does not fit INTEGER.");
    outOfRange(() -> CheckedMath.minus(0, IMIN, "x"), "(0 - -2147483648)");
    assertThat(CheckedMath.minus(LMIN + 1, 1L, "e")).isEqualTo(LMIN);
    assertThat(CheckedMath.minus(-1L, LMAX, "e")).isEqualTo(LMIN);
    assertThat(CheckedMath.minus(3L, 5L, "e")).isEqualTo(-2L);
    outOfRange(() -> CheckedMath.minus(LMIN, 1L, "a - b"),
        "a - b (-9223372036854775808 - 1) does not fit BIGINT.");
    outOfRange(() -> CheckedMath.minus(0L, LMIN, "x"), "BIGINT");
  }

  @Test
  void timesIsExactUpToTheEdgeAndFailsPastIt() {
    assertThat(CheckedMath.times(46341, 46340, "e")).isEqualTo(2147441940);
    assertThat(CheckedMath.times(IMIN, 1, "e")).isEqualTo(IMIN);
    assertThat(CheckedMath.times(-7, 6, "e")).isEqualTo(-42);
    outOfRange(() -> CheckedMath.times(46341, 46341, "a * b"),
        "a * b (46341 * 46341) does not fit INTEGER.");
    outOfRange(() -> CheckedMath.times(IMIN, -1, "x"), "INTEGER");
    assertThat(CheckedMath.times(LMAX, 1L, "e")).isEqualTo(LMAX);
    assertThat(CheckedMath.times(LMIN, 1L, "e")).isEqualTo(LMIN);
    assertThat(CheckedMath.times(-3L, 4L, "e")).isEqualTo(-12L);
    assertThat(CheckedMath.times(-3L, -4L, "e")).isEqualTo(12L);
    assertThat(CheckedMath.times(0L, LMIN, "e")).isEqualTo(0L);
    outOfRange(() -> CheckedMath.times(LMAX, 2L, "a * b"),
        "a * b (9223372036854775807 * 2) does not fit BIGINT.");
    outOfRange(() -> CheckedMath.times(LMIN, -1L, "x"), "BIGINT");
    outOfRange(() -> CheckedMath.times(LMIN, 2L, "x"), "BIGINT");
    // 2^32 * 2^31: the low half is 0 but the high half is not.
    outOfRange(() -> CheckedMath.times(1L << 32, 1L << 32, "x"), "BIGINT");
    // 2^62 * 2: no high half, but the low half's sign bit is set.
    outOfRange(() -> CheckedMath.times(1L << 62, 2L, "x"), "BIGINT");
    outOfRange(() -> CheckedMath.times(-(1L << 62), -2L, "x"), "BIGINT");
    outOfRange(() -> CheckedMath.times(-(1L << 62) - 1, 2L, "x"), "BIGINT");
    assertThat(CheckedMath.times(-(1L << 62), 2L, "e")).isEqualTo(LMIN);
  }

  @Test
  void divisionTruncatesAndFailsOnZeroAndOnTheOneOverflow() {
    assertThat(CheckedMath.divide(7, 2, "e")).isEqualTo(3);
    assertThat(CheckedMath.divide(-7, 2, "e")).isEqualTo(-3);
    assertThat(CheckedMath.divide(IMIN, 1, "e")).isEqualTo(IMIN);
    assertThat(CheckedMath.divide(IMIN + 1, -1, "e")).isEqualTo(IMAX);
    assertThat(CheckedMath.divide(IMAX, -1, "e")).isEqualTo(-IMAX);
    assertThat(CheckedMath.divide(IMIN, 2, "e")).isEqualTo(IMIN / 2);
    outOfRange(() -> CheckedMath.divide(IMIN, -1, "a / b"),
        "a / b (-2147483648 / -1) does not fit INTEGER.");
    assertThatThrownBy(() -> CheckedMath.divide(1, 0, "a / b"))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.DIVISION_BY_ZERO))
        .hasMessage("Division by zero: a / b. NULLIF(divisor, 0) gives NULL instead.");
    assertThat(CheckedMath.divide(7L, 2L, "e")).isEqualTo(3L);
    assertThat(CheckedMath.divide(LMIN, 1L, "e")).isEqualTo(LMIN);
    assertThat(CheckedMath.divide(LMIN + 1, -1L, "e")).isEqualTo(LMAX);
    assertThat(CheckedMath.divide(LMAX, -1L, "e")).isEqualTo(-LMAX);
    assertThat(CheckedMath.divide(LMIN, 2L, "e")).isEqualTo(LMIN / 2);
    outOfRange(() -> CheckedMath.divide(LMIN, -1L, "a / b"),
        "a / b (-9223372036854775808 / -1) does not fit BIGINT.");
    assertThatThrownBy(() -> CheckedMath.divide(1L, 0L, "q"))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.DIVISION_BY_ZERO))
        .hasMessageContaining("Division by zero: q.");
  }

  @Test
  void decimalDivisionRoundsHalfUpToItsScale() {
    assertThat(CheckedMath.divide(new BigDecimal("2"), new BigDecimal("3"), 4, "e"))
        .isEqualTo(new BigDecimal("0.6667"));
    assertThat(CheckedMath.divide(new BigDecimal("-1"), new BigDecimal("8"), 2, "e"))
        .isEqualTo(new BigDecimal("-0.13"));
    assertThat(CheckedMath.divide(new BigDecimal("1"), new BigDecimal("3"), 20, "e"))
        .isEqualTo(new BigDecimal("0.33333333333333333333"));
    assertThatThrownBy(() -> CheckedMath.divide(BigDecimal.ONE, new BigDecimal("0.00"), 2, "d"))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.DIVISION_BY_ZERO))
        .hasMessageContaining("Division by zero: d.");
    BigDecimal digits38 = new BigDecimal("9".repeat(38));
    assertThat(CheckedMath.divide(digits38, BigDecimal.ONE, 0, "e")).isEqualTo(digits38);
    outOfRange(() -> CheckedMath.divide(digits38, new BigDecimal("0.1"), 0, "big / x"),
        "Numeric value out of range: big / x gives " + "9".repeat(38) + "0, more than 38 digits.",
        "CAST an operand to DOUBLE");
  }

  @Test
  void negationFailsOnlyForTheSmallestValue() {
    assertThat(CheckedMath.negate(IMAX, "e")).isEqualTo(-IMAX);
    assertThat(CheckedMath.negate(IMIN + 1, "e")).isEqualTo(IMAX);
    assertThat(CheckedMath.negate(-4, "e")).isEqualTo(4);
    outOfRange(() -> CheckedMath.negate(IMIN, "-a"),
        "-a (-(-2147483648)) does not fit INTEGER.");
    assertThat(CheckedMath.negate(LMAX, "e")).isEqualTo(-LMAX);
    assertThat(CheckedMath.negate(LMIN + 1, "e")).isEqualTo(LMAX);
    outOfRange(() -> CheckedMath.negate(LMIN, "-a"),
        "-a (-(-9223372036854775808)) does not fit BIGINT.");
  }

  @Test
  void bigintToIntFitsOrFails() {
    assertThat(CheckedMath.toInt((long) IMAX, "e")).isEqualTo(IMAX);
    assertThat(CheckedMath.toInt((long) IMIN, "e")).isEqualTo(IMIN);
    assertThat(CheckedMath.toInt(-12L, "e")).isEqualTo(-12);
    outOfRange(() -> CheckedMath.toInt(IMAX + 1L, "CAST(b AS INTEGER)"),
        "Numeric value out of range: CAST(b AS INTEGER) gives 2147483648, which does not fit "
            + "INTEGER. Cast to BIGINT instead.");
    outOfRange(() -> CheckedMath.toInt(IMIN - 1L, "c"), "gives -2147483649");
  }

  @Test
  void decimalCastsRoundHalfAwayFromZero() {
    assertThat(CheckedMath.toInt(new BigDecimal("2.5"), "e")).isEqualTo(3);
    assertThat(CheckedMath.toInt(new BigDecimal("-2.5"), "e")).isEqualTo(-3);
    assertThat(CheckedMath.toInt(new BigDecimal("2.49"), "e")).isEqualTo(2);
    assertThat(CheckedMath.toInt(new BigDecimal("2147483647.4"), "e")).isEqualTo(IMAX);
    assertThat(CheckedMath.toInt(new BigDecimal("-2147483648.4"), "e")).isEqualTo(IMIN);
    outOfRange(() -> CheckedMath.toInt(new BigDecimal("2147483647.5"), "CAST(d AS INTEGER)"),
        "Numeric value out of range: CAST(d AS INTEGER) gives 2147483647.5, which does not fit "
            + "INTEGER.");
    outOfRange(() -> CheckedMath.toInt(new BigDecimal("-2147483648.5"), "c"), "INTEGER");
    assertThat(CheckedMath.toLong(new BigDecimal("2.5"), "e")).isEqualTo(3L);
    assertThat(CheckedMath.toLong(new BigDecimal("-2.5"), "e")).isEqualTo(-3L);
    assertThat(CheckedMath.toLong(new BigDecimal("9223372036854775807.4"), "e")).isEqualTo(LMAX);
    assertThat(CheckedMath.toLong(new BigDecimal("-9223372036854775808.4"), "e"))
        .isEqualTo(LMIN);
    outOfRange(() -> CheckedMath.toLong(new BigDecimal("9223372036854775807.5"), "c"),
        "gives 9223372036854775807.5, which does not fit BIGINT.");
    outOfRange(() -> CheckedMath.toLong(new BigDecimal("-9223372036854775808.5"), "c"),
        "BIGINT");
  }

  @Test
  void doubleCastsRoundHalfToEven() {
    assertThat(CheckedMath.toInt(2.5, "e")).isEqualTo(2);
    assertThat(CheckedMath.toInt(3.5, "e")).isEqualTo(4);
    assertThat(CheckedMath.toInt(-2.5, "e")).isEqualTo(-2);
    assertThat(CheckedMath.toInt(2147483647.4, "e")).isEqualTo(IMAX);
    assertThat(CheckedMath.toInt(-2147483648.4, "e")).isEqualTo(IMIN);
    outOfRange(() -> CheckedMath.toInt(2147483647.6, "CAST(f AS INTEGER)"),
        "CAST(f AS INTEGER) gives 2.1474836476E9, which does not fit INTEGER.");
    outOfRange(() -> CheckedMath.toInt(-2147483648.6, "c"), "INTEGER");
    outOfRange(() -> CheckedMath.toInt(Double.NaN, "c"), "gives NaN");
    assertThat(CheckedMath.toLong(2.5, "e")).isEqualTo(2L);
    assertThat(CheckedMath.toLong(-3.5, "e")).isEqualTo(-4L);
    assertThat(CheckedMath.toLong(-0x1p63, "e")).isEqualTo(LMIN);
    assertThat(CheckedMath.toLong(Math.nextDown(0x1p63), "e"))
        .isEqualTo((long) Math.nextDown(0x1p63));
    outOfRange(() -> CheckedMath.toLong(0x1p63, "c"), "gives 9.223372036854776E18", "BIGINT");
    outOfRange(() -> CheckedMath.toLong(Math.nextDown(-0x1p63), "c"), "BIGINT");
    outOfRange(() -> CheckedMath.toLong(Double.NaN, "c"), "gives NaN");
    outOfRange(() -> CheckedMath.toLong(Double.POSITIVE_INFINITY, "c"), "Infinity");
  }
}
