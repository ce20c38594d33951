package io.csvws.types;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

/**
 * Parses field bytes into typed values, without building strings on the common paths.
 *
 * <p>Each parser returns the value in Calcite's internal representation, or {@link #MISFIT} when
 * the text is not a value of the type. Type inference uses the same parsers, so a type inferred
 * from a sample accepts exactly what the scan will accept. Stateless and thread-safe.
 *
 * <p>Accepted forms: integers with an optional sign and no leading zeros (so codes such as
 * {@code 007} stay text); exact decimals {@code [+-]digits[.digits]} (DECIMAL, with the column's
 * scale, or with a decimal comma); doubles {@code [+-]digits[.digits][e[+-]digits]}, {@code NaN},
 * {@code Infinity}, when a DOUBLE keeps every written digit; booleans {@code true}/{@code false} in any case; dates {@code yyyy-mm-dd}; times
 * {@code hh:mm[:ss[.fff]]}; timestamps {@code yyyy-mm-dd hh:mm[:ss[.fffffffff]]} with a space or
 * {@code T}, or a date alone (midnight). Digits finer than milliseconds must be zeros: TIME(3) and
 * TIMESTAMP(3) would cut any other, so such a value is a misfit.
 */
public final class ValueParsers {
  /** Returned when the text is not a value of the type. */
  public static final Object MISFIT = new Object() {
    @Override
    public String toString() {
      return "MISFIT";
    }
  };

  /** See {@link #decimalUnscaled}: no unscaled value of at most 18 digits. */
  public static final long NOT_COMPACT = Long.MIN_VALUE;
  /** {@link #unscaled}: not a decimal of the scale. */
  private static final long NOT_DECIMAL = Long.MIN_VALUE;
  /** {@link #unscaled}: more than 18 significant digits. */
  private static final long LONGER = Long.MIN_VALUE + 1;

  private static final long MILLIS_PER_DAY = 86_400_000L;
  private static final double[] POWERS_OF_TEN = {
      1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
      1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

  private ValueParsers() {
  }

  /**
   * Parses {@code b[s..e)} as a value of {@code type} written as {@code format} says; returns
   * {@link #MISFIT} if it is not one.
   */
  public static Object parse(ColumnType type, ValueFormat format, byte[] b, int s, int e) {
    if (type == ColumnType.DECIMAL) {
      return parseDecimal(b, s, e, format.scale(), format.decimalComma());
    }
    if (type == ColumnType.TIMESTAMP && !format.zonesToUtc() && TypeInference.hasZone(b, s, e)) {
      return MISFIT;
    }
    if (format.isStandardSyntax()) {
      return parse(type, b, s, e);
    }
    switch (type) {
      case DATE:
        return parseDate(b, s, e, format.dateOrder());
      case TIMESTAMP:
        return parseTimestamp(b, s, e, format.dateOrder());
      case DOUBLE:
        return format.decimalComma() ? parseDecimalComma(b, s, e) : parseDouble(b, s, e);
      default:
        return parse(type, b, s, e);
    }
  }

  /** Parses {@code b[s..e)} as a value of {@code type}; returns {@link #MISFIT} if it is not one. */
  public static Object parse(ColumnType type, byte[] b, int s, int e) {
    switch (type) {
      case BOOLEAN:
        return parseBoolean(b, s, e);
      case INTEGER:
        return parseInt(b, s, e);
      case BIGINT:
        return parseLong(b, s, e);
      case DECIMAL:
        return parseDecimal(b, s, e);
      case DOUBLE:
        return parseDouble(b, s, e);
      case DATE:
        return parseDate(b, s, e);
      case TIME:
        return parseTime(b, s, e);
      case TIMESTAMP:
        return parseTimestamp(b, s, e);
      default:
        throw new IllegalArgumentException("not parsed from bytes: " + type);
    }
  }

  /** {@code true}/{@code false} and {@code yes}/{@code no}, in any case. */
  public static Object parseBoolean(byte[] b, int s, int e) {
    int n = e - s;
    if (n == 3 && lower(b[s]) == 'y' && lower(b[s + 1]) == 'e' && lower(b[s + 2]) == 's') {
      return Boolean.TRUE;
    }
    if (n == 2 && lower(b[s]) == 'n' && lower(b[s + 1]) == 'o') {
      return Boolean.FALSE;
    }
    if (n == 4 && lower(b[s]) == 't' && lower(b[s + 1]) == 'r' && lower(b[s + 2]) == 'u'
        && lower(b[s + 3]) == 'e') {
      return Boolean.TRUE;
    }
    if (n == 5 && lower(b[s]) == 'f' && lower(b[s + 1]) == 'a' && lower(b[s + 2]) == 'l'
        && lower(b[s + 3]) == 's' && lower(b[s + 4]) == 'e') {
      return Boolean.FALSE;
    }
    return MISFIT;
  }

  public static Object parseInt(byte[] b, int s, int e) {
    Object v = parseLong(b, s, e);
    if (v == MISFIT) {
      return MISFIT;
    }
    long l = (Long) v;
    return l == (int) l ? Integer.valueOf((int) l) : MISFIT;
  }

  public static Object parseLong(byte[] b, int s, int e) {
    int i = s;
    boolean negative = false;
    if (i < e && (b[i] == '-' || b[i] == '+')) {
      negative = b[i] == '-';
      i++;
    }
    int digits = e - i;
    if (digits <= 0 || digits > 19 || (digits > 1 && b[i] == '0')) {
      return MISFIT;
    }
    // Accumulate negatively so Long.MIN_VALUE parses without overflow.
    long v = 0;
    for (; i < e; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return MISFIT;
      }
      if (v < (Long.MIN_VALUE + d) / 10) {
        return MISFIT;
      }
      v = v * 10 - d;
    }
    if (!negative) {
      if (v == Long.MIN_VALUE) {
        return MISFIT;
      }
      v = -v;
    }
    return v;
  }

  /** Integers of up to 38 digits as a DECIMAL with scale 0. */
  public static Object parseBigInteger(byte[] b, int s, int e) {
    int i = s;
    if (i < e && (b[i] == '-' || b[i] == '+')) {
      i++;
    }
    int digits = e - i;
    if (digits <= 0 || digits > ColumnType.DECIMAL_PRECISION || (digits > 1 && b[i] == '0')) {
      return MISFIT;
    }
    for (int j = i; j < e; j++) {
      if (b[j] < '0' || b[j] > '9') {
        return MISFIT;
      }
    }
    return new BigDecimal(new String(b, s, e - s, StandardCharsets.US_ASCII));
  }

  /**
   * A plain decimal ({@code [+-]digits[.digits]}, no exponent) of at most 38 digits, with the
   * scale it is written with; integers of up to 38 digits have scale 0.
   */
  public static Object parseDecimal(byte[] b, int s, int e) {
    long shape = decimalShape(b, s, e, false);
    if (shape < 0) {
      return MISFIT;
    }
    int scale = (int) shape;
    return scale > ColumnType.DECIMAL_PRECISION ? MISFIT : parseDecimal(b, s, e, scale, false);
  }

  /**
   * A plain decimal read as a DECIMAL(38, {@code scale}): {@code [+-]digits[.digits]}, or with
   * {@code decimalComma} {@code [+-]digits[,digits]} with the digits before the comma optionally
   * grouped in thousands by dots. Decimals beyond {@code scale} must be zeros (they are dropped,
   * no value is rounded); the value must fit 38 digits. The result has exactly {@code scale}
   * decimals.
   */
  public static Object parseDecimal(byte[] b, int s, int e, int scale, boolean decimalComma) {
    if (decimalComma) {
      byte[] plain = pointForComma(b, s, e);
      return plain == null ? MISFIT : parseDecimal(plain, 0, plain.length, scale, false);
    }
    long unscaled = unscaled(b, s, e, scale);
    if (unscaled == NOT_DECIMAL) {
      return MISFIT;
    }
    return unscaled == LONGER ? parseBigDecimal(b, s, e, scale)
        : BigDecimal.valueOf(unscaled, scale);
  }

  /**
   * The unscaled value at {@code scale} of the plain decimal {@code b[s..e)} (point, not comma),
   * when it has at most 18 significant digits: {@code parseDecimal(b, s, e, scale, false)} is that
   * value at that scale. Otherwise {@link #NOT_COMPACT}, and that method gives the answer (a
   * longer value, or {@link #MISFIT}). Lets a scan sum a DECIMAL column without making an object
   * per value.
   */
  public static long decimalUnscaled(byte[] b, int s, int e, int scale) {
    long unscaled = unscaled(b, s, e, scale);
    return unscaled == NOT_DECIMAL || unscaled == LONGER ? NOT_COMPACT : unscaled;
  }

  /**
   * The unscaled value of {@code b[s..e)} at {@code scale}, {@link #LONGER} past 18 significant
   * digits, or {@link #NOT_DECIMAL} (neither can be a value: 18 digits stay below 2^63 - 1).
   */
  private static long unscaled(byte[] b, int s, int e, int scale) {
    int i = s;
    boolean negative = false;
    if (i < e && (b[i] == '-' || b[i] == '+')) {
      negative = b[i] == '-';
      i++;
    }
    int intStart = i;
    long unscaled = 0;
    // Digits of the unscaled value from its first non-zero one: 18 always fit a long.
    int significant = 0;
    for (; i < e; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        break;
      }
      unscaled = unscaled * 10 + d;
      if (unscaled != 0) {
        significant++;
      }
      if (significant > 18) {
        return LONGER;
      }
    }
    int intDigits = i - intStart;
    if (intDigits > 1 && b[intStart] == '0') {
      // A leading zero marks a code (007), not a number.
      return NOT_DECIMAL;
    }
    int fracDigits = 0;
    if (i < e && b[i] == '.') {
      i++;
      for (; i < e; i++) {
        int d = b[i] - '0';
        if (d < 0 || d > 9) {
          return NOT_DECIMAL;
        }
        fracDigits++;
        if (fracDigits <= scale) {
          unscaled = unscaled * 10 + d;
          if (unscaled != 0) {
            significant++;
          }
          if (significant > 18) {
            return LONGER;
          }
        } else if (d != 0) {
          return NOT_DECIMAL;
        }
      }
    }
    if (i != e || intDigits + fracDigits == 0) {
      return NOT_DECIMAL;
    }
    for (int k = Math.min(fracDigits, scale); k < scale; k++) {
      unscaled *= 10;
      if (unscaled != 0) {
        significant++;
      }
      if (significant > 18) {
        return LONGER;
      }
    }
    return negative ? -unscaled : unscaled;
  }

  /** The slow way of {@link #parseDecimal(byte[], int, int, int, boolean)}, past 18 digits. */
  private static Object parseBigDecimal(byte[] b, int s, int e, int scale) {
    long shape = decimalShape(b, s, e, false);
    if (shape < 0 || (int) (shape >>> 32) + scale > ColumnType.DECIMAL_PRECISION) {
      return MISFIT;
    }
    BigDecimal v = new BigDecimal(new String(b, s, e - s, StandardCharsets.US_ASCII));
    try {
      return v.setScale(scale, java.math.RoundingMode.UNNECESSARY);
    } catch (ArithmeticException notZeros) {
      return MISFIT;
    }
  }

  /**
   * The shape of a plain decimal, for type inference: its integer digits from the first non-zero
   * one, shifted left by 32, and its decimals as written (trailing zeros included); -1 when
   * {@code b[s..e)} is not one. With {@code decimalComma}, the comma form of
   * {@link #parseDecimal(byte[], int, int, int, boolean)}.
   */
  public static long decimalShape(byte[] b, int s, int e, boolean decimalComma) {
    if (decimalComma) {
      byte[] plain = pointForComma(b, s, e);
      return plain == null ? -1 : decimalShape(plain, 0, plain.length, false);
    }
    int i = s;
    if (i < e && (b[i] == '-' || b[i] == '+')) {
      i++;
    }
    int intStart = i;
    int significant = 0;
    for (; i < e && b[i] >= '0' && b[i] <= '9'; i++) {
      if (significant > 0 || b[i] != '0') {
        significant++;
      }
    }
    int intDigits = i - intStart;
    if (intDigits > 1 && b[intStart] == '0') {
      return -1;
    }
    int fracDigits = 0;
    if (i < e && b[i] == '.') {
      i++;
      for (; i < e && b[i] >= '0' && b[i] <= '9'; i++) {
        fracDigits++;
      }
    }
    if (i != e || intDigits + fracDigits == 0) {
      return -1;
    }
    return ((long) significant << 32) | fracDigits;
  }

  /**
   * A number with a decimal comma ({@code -1.234,5}) rewritten with a decimal point and without
   * its thousands dots ({@code -1234.5}); null when it is not one (as {@link #parseDecimalComma}).
   */
  private static byte[] pointForComma(byte[] b, int s, int e) {
    int i = s;
    if (i < e && (b[i] == '-' || b[i] == '+')) {
      i++;
    }
    int intStart = i;
    int groupDigits = 0;
    boolean grouped = false;
    byte[] out = new byte[e - s];
    int n = 0;
    if (i > s) {
      out[n++] = b[s];
    }
    while (i < e && b[i] != ',') {
      byte c = b[i];
      if (c == '.') {
        if (groupDigits == 0 || (grouped ? groupDigits != 3 : groupDigits > 3)) {
          return null;
        }
        grouped = true;
        groupDigits = 0;
      } else if (c >= '0' && c <= '9') {
        out[n++] = c;
        groupDigits++;
      } else {
        return null;
      }
      i++;
    }
    if (i == intStart || groupDigits == 0 || (grouped && groupDigits != 3)) {
      return null;
    }
    if (b[intStart] == '0' && i - intStart > 1) {
      return null;
    }
    if (i < e) {
      i++;
      if (i == e) {
        return null;
      }
      out[n++] = '.';
      for (; i < e; i++) {
        if (b[i] < '0' || b[i] > '9') {
          return null;
        }
        out[n++] = b[i];
      }
    }
    return java.util.Arrays.copyOf(out, n);
  }

  /**
   * A number as a DOUBLE: a plain decimal, one with an exponent, or NaN and Infinity. A number
   * whose digits a DOUBLE does not keep (more than it holds, or beyond its range) is a misfit:
   * never rounded silently.
   */
  public static Object parseDouble(byte[] b, int s, int e) {
    int i = s;
    boolean negative = false;
    if (i < e && (b[i] == '-' || b[i] == '+')) {
      negative = b[i] == '-';
      i++;
    }
    if (i >= e) {
      return MISFIT;
    }
    if (b[i] == 'N' || b[i] == 'n' || b[i] == 'I' || b[i] == 'i') {
      return parseSpecialDouble(b, i, e, negative);
    }
    long mantissa = 0;
    int mantissaDigits = 0;
    int intDigits = 0;
    int fracDigits = 0;
    int exponent = 0;
    boolean exact = true;
    int intStart = i;
    for (; i < e && b[i] >= '0' && b[i] <= '9'; i++) {
      intDigits++;
      if (mantissaDigits < 18) {
        mantissa = mantissa * 10 + (b[i] - '0');
        if (mantissa != 0) {
          mantissaDigits++;
        }
      } else {
        exact = false;
        exponent++;
      }
    }
    if (intDigits > 1 && b[intStart] == '0') {
      return MISFIT;
    }
    if (i < e && b[i] == '.') {
      i++;
      for (; i < e && b[i] >= '0' && b[i] <= '9'; i++) {
        fracDigits++;
        if (mantissaDigits < 18) {
          mantissa = mantissa * 10 + (b[i] - '0');
          if (mantissa != 0) {
            mantissaDigits++;
          }
          exponent--;
        } else {
          exact = false;
        }
      }
    }
    if (intDigits + fracDigits == 0) {
      return MISFIT;
    }
    if (i < e && (b[i] == 'e' || b[i] == 'E')) {
      i++;
      boolean expNegative = false;
      if (i < e && (b[i] == '-' || b[i] == '+')) {
        expNegative = b[i] == '-';
        i++;
      }
      int expDigits = 0;
      int exp = 0;
      for (; i < e && b[i] >= '0' && b[i] <= '9'; i++) {
        expDigits++;
        if (exp < 100_000) {
          exp = exp * 10 + (b[i] - '0');
        }
      }
      if (expDigits == 0) {
        return MISFIT;
      }
      exponent += expNegative ? -exp : exp;
    }
    if (i != e) {
      return MISFIT;
    }
    double v;
    // Clinger's fast path: both the mantissa and the power of ten are exact doubles, so one
    // multiplication or division rounds correctly.
    if (exact && mantissa < (1L << 53) && exponent >= -22 && exponent <= 22) {
      v = exponent >= 0 ? mantissa * POWERS_OF_TEN[exponent] : mantissa / POWERS_OF_TEN[-exponent];
      if (negative) {
        v = -v;
      }
    } else {
      v = Double.parseDouble(new String(b, s, e - s, StandardCharsets.US_ASCII));
    }
    // Fifteen significant digits of a normal number always survive a DOUBLE; more, or a number
    // beyond its range, may not.
    if ((!exact || mantissaDigits > 15 || !(Math.abs(v) >= Double.MIN_NORMAL)
        || Double.isInfinite(v))
        && !keepsDigits(v, mantissa == 0, b, s, e)) {
      return MISFIT;
    }
    return v;
  }

  /**
   * Whether {@code v} is the number written in {@code b[s..e)}, digit for digit: rounding it to
   * as many significant digits as are written gives them back.
   */
  private static boolean keepsDigits(double v, boolean writtenZero, byte[] b, int s, int e) {
    if (Double.isInfinite(v) || (v == 0) != writtenZero) {
      return false;
    }
    if (writtenZero) {
      return true;
    }
    try {
      BigDecimal written = new BigDecimal(new String(b, s, e - s, StandardCharsets.US_ASCII))
          .stripTrailingZeros();
      BigDecimal held = new BigDecimal(v).round(
          new java.math.MathContext(written.precision(), java.math.RoundingMode.HALF_EVEN));
      return held.compareTo(written) == 0;
    } catch (NumberFormatException | ArithmeticException unreadable) {
      return false;
    }
  }

  private static Object parseSpecialDouble(byte[] b, int i, int e, boolean negative) {
    String word = new String(b, i, e - i, StandardCharsets.US_ASCII);
    if (word.equalsIgnoreCase("nan")) {
      return Double.NaN;
    }
    if (word.equalsIgnoreCase("infinity") || word.equalsIgnoreCase("inf")) {
      return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    return MISFIT;
  }

  /**
   * A number with a decimal comma, optionally signed, with the integer part either plain or
   * grouped in thousands by dots ({@code 1.234.567,89}); the comma needs decimals after it.
   */
  public static Object parseDecimalComma(byte[] b, int s, int e) {
    byte[] plain = pointForComma(b, s, e);
    return plain == null ? MISFIT : parseDouble(plain, 0, plain.length);
  }

  /** A date written in {@code order}, as days since 1970-01-01. */
  public static Object parseDate(byte[] b, int s, int e, DateOrder order) {
    long days = order.epochDay(b, s, e);
    return days == Long.MIN_VALUE ? MISFIT : Integer.valueOf((int) days);
  }

  /**
   * A date in {@code order}, then {@code T} or a space and {@code hh:mm[:ss[.f...]]}, then
   * optionally a zone ({@code Z}, {@code +hh:mm}, {@code +hhmm} or {@code +hh}, after an optional
   * space), as milliseconds since 1970-01-01 00:00 UTC; a value without a zone is taken as it is.
   * A bare date is midnight.
   */
  public static Object parseTimestamp(byte[] b, int s, int e, DateOrder order) {
    int sep = s;
    while (sep < e && b[sep] != ' ' && b[sep] != 'T') {
      sep++;
    }
    long days = order.epochDay(b, s, sep);
    if (days == Long.MIN_VALUE) {
      return MISFIT;
    }
    if (sep == e) {
      return days * MILLIS_PER_DAY;
    }
    int timeEnd = e;
    long offset = 0;
    if (b[e - 1] == 'Z') {
      timeEnd = e - 1;
    } else {
      for (int i = e - 1; i > sep + 5; i--) {
        if (b[i] == '+' || b[i] == '-') {
          offset = zoneOffset(b, i, e);
          if (offset == Long.MIN_VALUE) {
            return MISFIT;
          }
          timeEnd = i;
          break;
        }
      }
    }
    if (timeEnd < e && b[timeEnd - 1] == ' ') {
      timeEnd--;
    }
    long ms = timeOfDay(b, sep + 1, timeEnd);
    if (ms < 0) {
      return MISFIT;
    }
    return days * MILLIS_PER_DAY + ms - offset;
  }

  /** Milliseconds east of UTC of {@code +hh[:mm]} or {@code +hhmm} at {@code b[s..e)}. */
  private static long zoneOffset(byte[] b, int s, int e) {
    int n = e - s;
    int hours;
    int minutes = 0;
    if (n == 3) {
      hours = digits(b, s + 1, 2);
    } else if (n == 5) {
      hours = digits(b, s + 1, 2);
      minutes = digits(b, s + 3, 2);
    } else if (n == 6 && b[s + 3] == ':') {
      hours = digits(b, s + 1, 2);
      minutes = digits(b, s + 4, 2);
    } else {
      return Long.MIN_VALUE;
    }
    if (hours < 0 || hours > 18 || minutes < 0 || minutes > 59) {
      return Long.MIN_VALUE;
    }
    long ms = (hours * 60L + minutes) * 60_000L;
    return b[s] == '-' ? -ms : ms;
  }

  /** {@code yyyy-mm-dd} as days since 1970-01-01. */
  public static Object parseDate(byte[] b, int s, int e) {
    if (e - s != 10) {
      return MISFIT;
    }
    long days = epochDay(b, s);
    return days == Long.MIN_VALUE ? MISFIT : Integer.valueOf((int) days);
  }

  /** {@code hh:mm[:ss[.fff]]} as milliseconds of the day. */
  public static Object parseTime(byte[] b, int s, int e) {
    long ms = timeOfDay(b, s, e);
    return ms < 0 ? MISFIT : Integer.valueOf((int) ms);
  }

  /**
   * {@code yyyy-mm-dd[ T]hh:mm[:ss[.f...]]}, or a bare date at midnight, as milliseconds since
   * 1970-01-01 00:00. Dates are accepted because inference widens a column of dates and timestamps
   * to TIMESTAMP, and the scan must then read its dates too.
   */
  public static Object parseTimestamp(byte[] b, int s, int e) {
    if (e - s > 16 && (b[e - 1] == 'Z' || hasZone(b, s, e))) {
      return parseTimestamp(b, s, e, DateOrder.ISO);
    }
    if (e - s == 10) {
      long days = epochDay(b, s);
      if (days == Long.MIN_VALUE) {
        return MISFIT;
      }
      return days * MILLIS_PER_DAY;
    }
    if (e - s < 16 || (b[s + 10] != ' ' && b[s + 10] != 'T')) {
      return MISFIT;
    }
    long days = epochDay(b, s);
    if (days == Long.MIN_VALUE) {
      return MISFIT;
    }
    long ms = timeOfDay(b, s + 11, e);
    if (ms < 0) {
      return MISFIT;
    }
    return days * MILLIS_PER_DAY + ms;
  }

  /** Whether an ISO timestamp ends with a numeric zone after its seconds. */
  private static boolean hasZone(byte[] b, int s, int e) {
    for (int i = e - 1; i > s + 15; i--) {
      if (b[i] == '+' || b[i] == '-') {
        return true;
      }
    }
    return false;
  }

  /** Days since the epoch of the date at {@code b[s..s+10)}, or Long.MIN_VALUE if it is not one. */
  private static long epochDay(byte[] b, int s) {
    if (b[s + 4] != '-' || b[s + 7] != '-') {
      return Long.MIN_VALUE;
    }
    int year = digits(b, s, 4);
    int month = digits(b, s + 5, 2);
    int day = digits(b, s + 8, 2);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
      return Long.MIN_VALUE;
    }
    return daysFromCivil(year, month, day);
  }

  /** Milliseconds of {@code hh:mm[:ss[.f...]]}, or -1. */
  private static long timeOfDay(byte[] b, int s, int e) {
    int n = e - s;
    if (n < 5 || b[s + 2] != ':') {
      return -1;
    }
    int hour = digits(b, s, 2);
    int minute = digits(b, s + 3, 2);
    int second = 0;
    int millis = 0;
    if (n > 5) {
      if (n < 8 || b[s + 5] != ':') {
        return -1;
      }
      second = digits(b, s + 6, 2);
      if (n > 8) {
        if (b[s + 8] != '.' || n == 9 || n > 18) {
          return -1;
        }
        int scale = 100;
        for (int i = s + 9; i < e; i++) {
          int d = b[i] - '0';
          if (d < 0 || d > 9) {
            return -1;
          }
          if (scale == 0 && d != 0) {
            // TIME(3) and TIMESTAMP(3) hold milliseconds: a finer digit would be cut.
            return -1;
          }
          millis += d * scale;
          scale /= 10;
        }
      }
    }
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) {
      return -1;
    }
    return ((hour * 60L + minute) * 60 + second) * 1000 + millis;
  }

  /** The number written by {@code n} digits at {@code b[s..]}, or -1 if one is not a digit. */
  static int digits(byte[] b, int s, int n) {
    int v = 0;
    for (int i = s; i < s + n; i++) {
      int d = b[i] - '0';
      if (d < 0 || d > 9) {
        return -1;
      }
      v = v * 10 + d;
    }
    return v;
  }

  static int daysInMonth(int year, int month) {
    switch (month) {
      case 2:
        return (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28;
      case 4:
      case 6:
      case 9:
      case 11:
        return 30;
      default:
        return 31;
    }
  }

  /** Howard Hinnant's days-from-civil: proleptic Gregorian date to days since 1970-01-01. */
  static long daysFromCivil(int year, int month, int day) {
    int y = month <= 2 ? year - 1 : year;
    int era = Math.floorDiv(y, 400);
    int yoe = y - era * 400;
    int mp = (month + 9) % 12;
    int doy = (153 * mp + 2) / 5 + day - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146_097L + doe - 719_468;
  }

  private static int lower(byte c) {
    return c >= 'A' && c <= 'Z' ? c + 32 : c;
  }
}
