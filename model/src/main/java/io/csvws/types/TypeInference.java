package io.csvws.types;

import java.util.Arrays;
import java.util.List;

/**
 * Infers column types from sampled values.
 *
 * <p>Every column starts with all types possible; each non-empty value rules out the types it
 * does not parse as (with {@link ValueParsers}, the parsers the scan uses). The decided type is the
 * narrowest left, in the order BOOLEAN, INTEGER, BIGINT, DECIMAL, DOUBLE, DATE, TIMESTAMP, TIME;
 * VARCHAR when none is left or no value was seen. INTEGER is chosen only when the sample covered
 * the whole file: otherwise integer columns are BIGINT, so a larger value further down does not
 * fail the query.
 *
 * <p>Numbers written with a decimal point and no exponent ({@code 12.50}) are DECIMAL(38, s), s
 * the most decimals a sampled value is written with, so sums of prices are exact; DOUBLE is for
 * columns with an exponent ({@code 1e5}), NaN or Infinity, and only when every value keeps its
 * digits as a DOUBLE. Numbers that fit neither (more than 38 digits, or more digits than a DOUBLE
 * keeps next to exponents) leave the column text, and {@link #textReason} says why.
 *
 * <p>Dates and timestamps are tracked per {@link DateOrder}: a column is a DATE only when exactly
 * one order reads all its values, so {@code 05/06/2024} alone leaves a column text rather than
 * guessing day or month. Numbers with a decimal comma are a DECIMAL only when the file's delimiter
 * is not a comma and no plain number type reads the column. Times with digits finer than a
 * millisecond leave the column text: TIME(3) and TIMESTAMP(3) would cut them. Not thread-safe.
 */
public final class TypeInference {
  static final int BOOLEAN = 1;
  static final int INTEGER = 1 << 1;
  static final int BIGINT = 1 << 2;
  static final int DECIMAL = 1 << 3;
  static final int DOUBLE = 1 << 4;
  static final int DATE = 1 << 5;
  static final int TIME = 1 << 6;
  static final int TIMESTAMP = 1 << 7;
  /** The first of a bit per {@link DateOrder} after ISO: a DATE written in that order. */
  static final int DATE_YMD = 1 << 8;
  static final int DATE_DMY = DATE_YMD << (DateOrder.DMY.ordinal() - 1);
  static final int DATE_MDY = DATE_YMD << (DateOrder.MDY.ordinal() - 1);
  /** The first of a bit per {@link DateOrder} after ISO: a TIMESTAMP written in that order. */
  static final int TIMESTAMP_YMD = DATE_YMD << (DateOrder.values().length - 1);
  static final int TIMESTAMP_DMY = TIMESTAMP_YMD << (DateOrder.DMY.ordinal() - 1);
  static final int TIMESTAMP_MDY = TIMESTAMP_YMD << (DateOrder.MDY.ordinal() - 1);
  private static final int OTHER_DATES = TIMESTAMP_YMD - DATE_YMD;
  private static final int OTHER_TIMESTAMPS = OTHER_DATES * (TIMESTAMP_YMD / DATE_YMD);
  /** A plain decimal written with a decimal comma ({@code 1,5}, {@code 1.234,5}). */
  static final int DECIMAL_COMMA = TIMESTAMP_YMD << (DateOrder.values().length - 1);
  static final int ALL = (DECIMAL_COMMA << 1) - 1;
  private static final int DATES = DATE | OTHER_DATES;
  private static final int TIMESTAMPS = TIMESTAMP | OTHER_TIMESTAMPS;
  private static final int OTHER_ORDERS = OTHER_DATES | OTHER_TIMESTAMPS;
  private static final int NUMBERS = INTEGER | BIGINT | DECIMAL | DOUBLE;
  private static final int TEMPORALS = DATES | TIMESTAMPS | TIME;
  private static final DateOrder[] ORDERS = DateOrder.values();
  /** Note: a value read as a time or timestamp only if its digits finer than milliseconds went. */
  private static final int SUB_MILLIS = 1;
  /** Note: a timestamp with a zone offset, which is converted to UTC. */
  private static final int ZONED = 1 << 1;

  private final int initial;
  private int[] candidates = new int[0];
  private int[] nonEmpty = new int[0];
  /** Per column, the most integer digits and decimals of its plain decimals (point, comma). */
  private int[] pointDigits = new int[0];
  private int[] pointScale = new int[0];
  private int[] commaDigits = new int[0];
  private int[] commaScale = new int[0];
  /** Per column, {@link #SUB_MILLIS} and {@link #ZONED}. */
  private int[] notes = new int[0];
  /** Per column, a value that made it text for sub-millisecond digits, for messages. */
  private String[] fineTime = new String[0];

  /** Inference for a file whose delimiter is a comma (no decimal-comma numbers). */
  public TypeInference() {
    this(false);
  }

  /** @param decimalCommaPossible whether numbers such as {@code 1,5} may be read as 1.5 */
  public TypeInference(boolean decimalCommaPossible) {
    this.initial = decimalCommaPossible ? ALL : ALL & ~DECIMAL_COMMA;
  }

  /** Makes room for at least {@code columns} columns. */
  public void ensureColumns(int columns) {
    if (columns > candidates.length) {
      int old = candidates.length;
      candidates = Arrays.copyOf(candidates, columns);
      nonEmpty = Arrays.copyOf(nonEmpty, columns);
      pointDigits = Arrays.copyOf(pointDigits, columns);
      pointScale = Arrays.copyOf(pointScale, columns);
      commaDigits = Arrays.copyOf(commaDigits, columns);
      commaScale = Arrays.copyOf(commaScale, columns);
      notes = Arrays.copyOf(notes, columns);
      fineTime = Arrays.copyOf(fineTime, columns);
      Arrays.fill(candidates, old, columns, initial);
    }
  }

  /**
   * Adds the evidence of {@code other}, which saw other values of the same columns: the result is
   * that of one inference that saw both sets of values, in any order.
   */
  public void merge(TypeInference other) {
    if (other.initial != initial) {
      throw new IllegalArgumentException("inferences for different delimiters");
    }
    ensureColumns(other.candidates.length);
    for (int k = 0; k < other.candidates.length; k++) {
      candidates[k] &= other.candidates[k];
      nonEmpty[k] += other.nonEmpty[k];
      pointDigits[k] = Math.max(pointDigits[k], other.pointDigits[k]);
      pointScale[k] = Math.max(pointScale[k], other.pointScale[k]);
      commaDigits[k] = Math.max(commaDigits[k], other.commaDigits[k]);
      commaScale[k] = Math.max(commaScale[k], other.commaScale[k]);
      notes[k] |= other.notes[k];
      if (fineTime[k] == null) {
        fineTime[k] = other.fineTime[k];
      }
    }
  }

  /** Records a non-empty value of {@code column}. */
  public void accept(int column, byte[] b, int s, int e) {
    ensureColumns(column + 1);
    nonEmpty[column]++;
    int c = candidates[column];
    if (c == 0) {
      return;
    }
    int m = fits(c, b, s, e);
    candidates[column] = c & m;
    if ((m & DECIMAL) != 0) {
      long shape = ValueParsers.decimalShape(b, s, e, false);
      pointDigits[column] = Math.max(pointDigits[column], (int) (shape >>> 32));
      pointScale[column] = Math.max(pointScale[column], (int) shape);
    }
    if ((m & DECIMAL_COMMA) != 0) {
      long shape = ValueParsers.decimalShape(b, s, e, true);
      commaDigits[column] = Math.max(commaDigits[column], (int) (shape >>> 32));
      commaScale[column] = Math.max(commaScale[column], (int) shape);
    }
    if ((m & TIMESTAMPS) != 0 && (m & DATES) == 0 && hasZone(b, s, e)) {
      notes[column] |= ZONED;
    }
    if ((c & TEMPORALS & ~m) != 0) {
      byte[] cut = withoutSubMillis(b, s, e);
      if (cut != null && (fits(c & TEMPORALS, cut, 0, cut.length) & ~m) != 0) {
        notes[column] |= SUB_MILLIS;
        if (fineTime[column] == null) {
          fineTime[column] = new String(b, s, e - s, java.nio.charset.StandardCharsets.UTF_8);
        }
      }
    }
  }

  /** Whether a timestamp ends with {@code Z} or a numeric offset after its minutes. */
  private static boolean hasZone(byte[] b, int s, int e) {
    if (e - s <= 16) {
      return false;
    }
    if (b[e - 1] == 'Z') {
      return true;
    }
    for (int i = s + 16; i < e; i++) {
      if (b[i] == '+' || b[i] == '-') {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code b[s..e)} with the digits of a seconds fraction beyond the third removed, when one of
   * them is not zero; null otherwise.
   */
  private static byte[] withoutSubMillis(byte[] b, int s, int e) {
    for (int i = s; i < e; i++) {
      if (b[i] != '.' || i < s + 3 || b[i - 3] != ':') {
        continue;
      }
      int j = i + 1;
      while (j < e && b[j] >= '0' && b[j] <= '9') {
        j++;
      }
      boolean fine = false;
      for (int k = i + 4; k < j; k++) {
        fine |= b[k] != '0';
      }
      if (!fine) {
        return null;
      }
      byte[] out = new byte[e - s - (j - i - 4)];
      System.arraycopy(b, s, out, 0, i + 4 - s);
      System.arraycopy(b, j, out, i + 4 - s, e - j);
      return out;
    }
    return null;
  }

  /**
   * An integer of at most nine digits, as {@link ValueParsers#parseLong} reads one: an optional
   * sign, no leading zero. Nine digits always fit an INTEGER.
   */
  private static boolean isSmallInteger(byte[] b, int s, int e) {
    int i = s < e && (b[s] == '-' || b[s] == '+') ? s + 1 : s;
    int digits = e - i;
    return digits > 0 && digits <= 9 && (digits == 1 || b[i] != '0')
        && ValueParsers.digits(b, i, digits) >= 0;
  }

  /** The types (as bits) among {@code c} that {@code b[s..e)} parses as. */
  static int fits(int c, byte[] b, int s, int e) {
    int m = 0;
    if ((c & BOOLEAN) != 0 && ValueParsers.parseBoolean(b, s, e) != ValueParsers.MISFIT) {
      m |= BOOLEAN;
    }
    if ((c & NUMBERS) != 0 && isSmallInteger(b, s, e)) {
      // The common case, without boxing a Long for every cell of the sample.
      m |= NUMBERS;
    } else if ((c & NUMBERS) != 0) {
      Object l = ValueParsers.parseLong(b, s, e);
      if (l != ValueParsers.MISFIT) {
        long v = (Long) l;
        m |= BIGINT | DECIMAL | (v == (int) v ? INTEGER : 0)
            | ((long) (double) v == v && v != Long.MAX_VALUE ? DOUBLE : 0);
      } else {
        if ((c & DECIMAL) != 0 && ValueParsers.decimalShape(b, s, e, false) >= 0) {
          m |= DECIMAL;
        }
        if ((c & DOUBLE) != 0 && ValueParsers.parseDouble(b, s, e) != ValueParsers.MISFIT) {
          m |= DOUBLE;
        }
      }
    }
    if ((c & DECIMAL_COMMA) != 0 && ValueParsers.decimalShape(b, s, e, true) >= 0) {
      m |= DECIMAL_COMMA;
    }
    if ((c & (DATE | TIMESTAMP)) != 0) {
      if (ValueParsers.parseDate(b, s, e) != ValueParsers.MISFIT) {
        m |= DATE | TIMESTAMP;
      } else if (ValueParsers.parseTimestamp(b, s, e) != ValueParsers.MISFIT) {
        m |= TIMESTAMP;
      }
    }
    if ((c & OTHER_ORDERS) != 0) {
      for (int o = 1; o < ORDERS.length; o++) {
        int dateBit = DATE_YMD << (o - 1);
        int timestampBit = TIMESTAMP_YMD << (o - 1);
        if ((c & (dateBit | timestampBit)) == 0) {
          continue;
        }
        if (ValueParsers.parseDate(b, s, e, ORDERS[o]) != ValueParsers.MISFIT) {
          m |= dateBit | timestampBit;
        } else if (ValueParsers.parseTimestamp(b, s, e, ORDERS[o]) != ValueParsers.MISFIT) {
          m |= timestampBit;
        }
      }
    }
    if ((c & TIME) != 0 && ValueParsers.parseTime(b, s, e) != ValueParsers.MISFIT) {
      m |= TIME;
    }
    return m;
  }

  /** Whether {@code b[s..e)} is a value of {@code type}. */
  public static boolean fits(ColumnType type, byte[] b, int s, int e) {
    return type == ColumnType.VARCHAR || ValueParsers.parse(type, b, s, e) != ValueParsers.MISFIT;
  }

  /**
   * Whether {@code column} would still have a type other than VARCHAR if {@code b[s..e)} joined
   * its values: the value is of a type the column's values share, or of one they widen to.
   */
  public boolean fitsAlongside(int column, byte[] b, int s, int e) {
    int c = column < candidates.length ? candidates[column] : 0;
    return (c & fits(c, b, s, e)) != 0;
  }

  /** How many non-empty values {@code column} had in the sample. */
  public int nonEmptyCount(int column) {
    return column < nonEmpty.length ? nonEmpty[column] : 0;
  }

  /** How the values of {@code column} are written, for the type {@link #decide} returns. */
  public ValueFormat format(int column) {
    int c = column < candidates.length ? candidates[column] : 0;
    ColumnType type = decide(column, true);
    if (type == ColumnType.DECIMAL) {
      return pointDecimal(column)
          ? new ValueFormat(DateOrder.ISO, false, List.of(), pointScale[column])
          : new ValueFormat(DateOrder.ISO, true, List.of(), commaScale[column]);
    }
    if (type == ColumnType.DATE || type == ColumnType.TIMESTAMP) {
      int bits = type == ColumnType.DATE ? c & DATES : c & TIMESTAMPS;
      int first = type == ColumnType.DATE ? DATE_YMD : TIMESTAMP_YMD;
      for (int o = 1; o < ORDERS.length; o++) {
        if (bits == first << (o - 1)) {
          return new ValueFormat(ORDERS[o], false, List.of());
        }
      }
    }
    return ValueFormat.STANDARD;
  }

  /** Whether the column's plain decimals (with a point) fit a DECIMAL(38, s). */
  private boolean pointDecimal(int column) {
    return (candidates[column] & DECIMAL) != 0
        && pointDigits[column] + pointScale[column] <= ColumnType.DECIMAL_PRECISION;
  }

  /** Whether the column's decimal-comma numbers fit a DECIMAL(38, s). */
  private boolean commaDecimal(int column) {
    return (candidates[column] & DECIMAL_COMMA) != 0
        && commaDigits[column] + commaScale[column] <= ColumnType.DECIMAL_PRECISION;
  }

  /**
   * Why {@code column} is text although its values look like dates, times or numbers; null when
   * it is not text or no such reason is known.
   */
  public String textReason(int column) {
    if (column >= candidates.length || nonEmptyCount(column) == 0
        || decide(column, true) != ColumnType.VARCHAR) {
      return null;
    }
    int c = candidates[column];
    if ((c & DECIMAL) != 0 || (c & DECIMAL_COMMA) != 0) {
      boolean point = (c & DECIMAL) != 0;
      int digits = point ? pointDigits[column] : commaDigits[column];
      int scale = point ? pointScale[column] : commaScale[column];
      return "its numbers need " + (digits + scale) + " digits (" + digits + " before the "
          + "decimal " + (point ? "point" : "comma") + " and " + scale + " after it), more than "
          + "the 38 of a DECIMAL, and a DOUBLE would round them";
    }
    if ((notes[column] & SUB_MILLIS) != 0) {
      return "its times have digits finer than a millisecond (\"" + fineTime[column] + "\"), "
          + "which TIME(3) and TIMESTAMP(3) would cut";
    }
    return ambiguity(column);
  }

  /**
   * What the column's metadata should say of how its values are read, beyond the type: the scale
   * of a DECIMAL, why a column is DOUBLE, that zone offsets are converted. Null when nothing.
   */
  public String readingNote(int column) {
    ColumnType type = decide(column, true);
    if (type == ColumnType.DECIMAL) {
      int scale = format(column).scale();
      return scale == 0 ? null : "DECIMAL with " + scale + " decimal" + (scale == 1 ? "" : "s")
          + ", the most a sampled value has; a value with more non-zero decimals is a type error";
    }
    if (type == ColumnType.DOUBLE) {
      return "DOUBLE because some values are written with an exponent or as NaN/Infinity";
    }
    if (type == ColumnType.TIMESTAMP && (notes[column] & ZONED) != 0) {
      return "values with a zone offset are converted to UTC and read without it";
    }
    return null;
  }

  /**
   * Why {@code column} is text although its values look like dates: every value reads both as
   * day-first and as month-first. Null when that is not the case.
   */
  public String ambiguity(int column) {
    int c = column < candidates.length ? candidates[column] : 0;
    if (nonEmptyCount(column) > 0 && decide(column, true) == ColumnType.VARCHAR
        && (c & (DATE_DMY | DATE_MDY | TIMESTAMP_DMY | TIMESTAMP_MDY)) != 0) {
      return "its dates read both as dd/mm/yyyy and as mm/dd/yyyy in every sampled row; "
          + "give the column a date format in a metadata file to read it as a date";
    }
    return null;
  }

  /** The type decided for {@code column}. */
  public ColumnType decide(int column, boolean sampleCoversFile) {
    if (nonEmptyCount(column) == 0) {
      return ColumnType.VARCHAR;
    }
    int c = candidates[column];
    if ((c & BOOLEAN) != 0) {
      return ColumnType.BOOLEAN;
    }
    if ((c & INTEGER) != 0 && sampleCoversFile) {
      return ColumnType.INTEGER;
    }
    if ((c & BIGINT) != 0) {
      return ColumnType.BIGINT;
    }
    if (pointDecimal(column) || commaDecimal(column)) {
      return ColumnType.DECIMAL;
    }
    if ((c & DOUBLE) != 0) {
      return ColumnType.DOUBLE;
    }
    if (Integer.bitCount(c & DATES) == 1) {
      return ColumnType.DATE;
    }
    if (Integer.bitCount(c & TIMESTAMPS) == 1) {
      return ColumnType.TIMESTAMP;
    }
    if ((c & TIME) != 0) {
      return ColumnType.TIME;
    }
    return ColumnType.VARCHAR;
  }
}
