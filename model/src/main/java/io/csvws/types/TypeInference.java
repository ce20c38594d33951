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
 * <p>Dates and timestamps are tracked per {@link DateOrder}: a column is a DATE only when exactly
 * one order reads all its values, so {@code 05/06/2024} alone leaves a column text rather than
 * guessing day or month. Numbers with a decimal comma are a DOUBLE only when the file's delimiter
 * is not a comma and no plain number type reads the column. Not thread-safe.
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
  static final int DATE_YMD = 1 << 8;
  static final int DATE_DMY = 1 << 9;
  static final int DATE_MDY = 1 << 10;
  static final int TIMESTAMP_YMD = 1 << 11;
  static final int TIMESTAMP_DMY = 1 << 12;
  static final int TIMESTAMP_MDY = 1 << 13;
  static final int DOUBLE_COMMA = 1 << 14;
  static final int ALL = (1 << 15) - 1;
  private static final int DATES = DATE | DATE_YMD | DATE_DMY | DATE_MDY;
  private static final int TIMESTAMPS = TIMESTAMP | TIMESTAMP_YMD | TIMESTAMP_DMY | TIMESTAMP_MDY;
  private static final int OTHER_ORDERS = DATE_YMD | DATE_DMY | DATE_MDY | TIMESTAMP_YMD
      | TIMESTAMP_DMY | TIMESTAMP_MDY;
  private static final DateOrder[] ORDERS = DateOrder.values();

  private final int initial;
  private int[] candidates = new int[0];
  private int[] nonEmpty = new int[0];

  /** Inference for a file whose delimiter is a comma (no decimal-comma numbers). */
  public TypeInference() {
    this(false);
  }

  /** @param decimalCommaPossible whether numbers such as {@code 1,5} may be read as 1.5 */
  public TypeInference(boolean decimalCommaPossible) {
    this.initial = decimalCommaPossible ? ALL : ALL & ~DOUBLE_COMMA;
  }

  /** Makes room for at least {@code columns} columns. */
  public void ensureColumns(int columns) {
    if (columns > candidates.length) {
      int old = candidates.length;
      candidates = Arrays.copyOf(candidates, columns);
      nonEmpty = Arrays.copyOf(nonEmpty, columns);
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
    }
  }

  /** Records a non-empty value of {@code column}. */
  public void accept(int column, byte[] b, int s, int e) {
    ensureColumns(column + 1);
    nonEmpty[column]++;
    int c = candidates[column];
    if (c != 0) {
      candidates[column] = c & fits(c, b, s, e);
    }
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
    if ((c & (INTEGER | BIGINT | DECIMAL | DOUBLE)) != 0 && isSmallInteger(b, s, e)) {
      // The common case, without boxing a Long for every cell of the sample.
      m |= INTEGER | BIGINT | DECIMAL | DOUBLE;
    } else if ((c & (INTEGER | BIGINT | DECIMAL | DOUBLE)) != 0) {
      Object l = ValueParsers.parseLong(b, s, e);
      if (l != ValueParsers.MISFIT) {
        long v = (Long) l;
        m |= BIGINT | DECIMAL | DOUBLE | (v == (int) v ? INTEGER : 0);
      } else if (ValueParsers.parseBigInteger(b, s, e) != ValueParsers.MISFIT) {
        m |= DECIMAL | DOUBLE;
      } else if ((c & DOUBLE) != 0 && ValueParsers.parseDouble(b, s, e) != ValueParsers.MISFIT) {
        m |= DOUBLE;
      }
    }
    if ((c & DOUBLE_COMMA) != 0 && ValueParsers.parseDecimalComma(b, s, e) != ValueParsers.MISFIT) {
      m |= DOUBLE_COMMA;
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
    if (type == ColumnType.DOUBLE && (c & DOUBLE) == 0) {
      return new ValueFormat(DateOrder.ISO, true, List.of());
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
    if ((c & DECIMAL) != 0) {
      return ColumnType.DECIMAL;
    }
    if ((c & (DOUBLE | DOUBLE_COMMA)) != 0) {
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
