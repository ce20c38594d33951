package io.csvws.types;

import java.util.Arrays;

/**
 * Infers column types from sampled values.
 *
 * <p>Every column starts with all types possible; each non-empty value rules out the types it
 * does not parse as (with {@link ValueParsers}, the parsers the scan uses). The decided type is the
 * narrowest left, in the order BOOLEAN, INTEGER, BIGINT, DECIMAL, DOUBLE, DATE, TIMESTAMP, TIME;
 * VARCHAR when none is left or no value was seen. INTEGER is chosen only when the sample covered
 * the whole file: otherwise integer columns are BIGINT, so a larger value further down does not
 * fail the query. Not thread-safe.
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
  static final int ALL = (1 << 8) - 1;

  private int[] candidates = new int[0];
  private int[] nonEmpty = new int[0];

  /** Makes room for at least {@code columns} columns. */
  public void ensureColumns(int columns) {
    if (columns > candidates.length) {
      int old = candidates.length;
      candidates = Arrays.copyOf(candidates, columns);
      nonEmpty = Arrays.copyOf(nonEmpty, columns);
      Arrays.fill(candidates, old, columns, ALL);
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

  /** The types (as bits) among {@code c} that {@code b[s..e)} parses as. */
  static int fits(int c, byte[] b, int s, int e) {
    int m = 0;
    if ((c & BOOLEAN) != 0 && ValueParsers.parseBoolean(b, s, e) != ValueParsers.MISFIT) {
      m |= BOOLEAN;
    }
    if ((c & (INTEGER | BIGINT | DECIMAL | DOUBLE)) != 0) {
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
    if ((c & (DATE | TIMESTAMP)) != 0) {
      if (ValueParsers.parseDate(b, s, e) != ValueParsers.MISFIT) {
        m |= DATE | TIMESTAMP;
      } else if (ValueParsers.parseTimestamp(b, s, e) != ValueParsers.MISFIT) {
        m |= TIMESTAMP;
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
    if ((c & DOUBLE) != 0) {
      return ColumnType.DOUBLE;
    }
    if ((c & DATE) != 0) {
      return ColumnType.DATE;
    }
    if ((c & TIMESTAMP) != 0) {
      return ColumnType.TIMESTAMP;
    }
    if ((c & TIME) != 0) {
      return ColumnType.TIME;
    }
    return ColumnType.VARCHAR;
  }
}
