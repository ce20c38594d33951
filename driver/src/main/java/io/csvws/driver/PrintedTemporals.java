package io.csvws.driver;

import java.sql.Time;
import java.sql.Timestamp;

/**
 * Times and timestamps whose {@code toString} is the text {@code getString} gives
 * ({@code 00:15:00}, {@code 2024-01-05 10:30:00}, {@code 10:30:00.5}): tools that print
 * {@code getObject}'s value, such as the console, then show what PostgreSQL and DuckDB show, where
 * {@link Timestamp#toString} adds {@code .0} and {@link Time#toString} drops the milliseconds.
 * The values are equal to, and compare with, the plain {@code java.sql} ones. Immutable in use.
 */
final class PrintedTemporals {
  private PrintedTemporals() {
  }

  /** {@code value} with the printed form, if it is a TIME or TIMESTAMP value; else unchanged. */
  static Object of(Object value) {
    if (value instanceof PrintedTimestamp || value instanceof PrintedTime) {
      return value;
    }
    if (value instanceof Timestamp t) {
      PrintedTimestamp p = new PrintedTimestamp(t.getTime());
      p.setNanos(t.getNanos());
      return p;
    }
    if (value instanceof Time t) {
      return new PrintedTime(t.getTime());
    }
    return value;
  }

  private static final class PrintedTimestamp extends Timestamp {
    private static final long serialVersionUID = 1L;

    PrintedTimestamp(long millis) {
      super(millis);
    }

    @Override
    public String toString() {
      return CsvwsResultSet.withoutZeroFraction(super.toString());
    }
  }

  private static final class PrintedTime extends Time {
    private static final long serialVersionUID = 1L;

    PrintedTime(long millis) {
      super(millis);
    }

    @Override
    public String toString() {
      long millis = Math.floorMod(getTime(), 1000L);
      String fraction = millis == 0 ? ""
          : CsvwsResultSet.withoutZeroFraction(String.format(".%03d", millis));
      return super.toString() + fraction;
    }
  }
}
