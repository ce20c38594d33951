package io.csvws.driver;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.TimeZone;

/**
 * The getters of a direct answer's values: each gives, for a value of a column's type in the
 * scan's representation (epoch days for a DATE, milliseconds for a TIME or TIMESTAMP), what
 * Avatica's accessor for that type gives on Calcite's connection, conversions and their failures
 * included, so that a client cannot tell the two paths apart. Written without Avatica's
 * accessors and date utilities, whose first use loads Avatica's protocol descriptors and the
 * locale's calendar data. A conversion Avatica refuses fails with a message that starts
 * {@code cannot convert to}, which {@link SqlStates} turns into csvws's error as it turns
 * Avatica's.
 *
 * <p>Dates and times follow Avatica's convention: a value is a wall-clock time, and the
 * {@code java.sql} object made from it shows that time in the JVM's time zone; a calendar given
 * to a getter shifts it by the difference between the calendar's zone and the JVM's. A null
 * value reads as null, zero or false.
 */
final class DirectValues {
  private static final long MILLIS_PER_DAY = 86_400_000L;
  /** Digits of a TIME's or TIMESTAMP's fraction: csvws keeps milliseconds. */
  private static final int FRACTION_DIGITS = 3;

  private final TimeZone local;

  /**
   * @param local the JVM's time zone, as the result set found it; null when no column holds
   *     dates or times, which alone read it
   */
  DirectValues(TimeZone local) {
    this.local = local;
  }

  /** The JVM's time zone, which getters without a calendar read dates and times in. */
  TimeZone local() {
    return local;
  }

  /** Avatica's refusal, which {@link SqlStates} recognises by its start. */
  static SQLException cannotConvert(String target) {
    return new SQLException("cannot convert to " + target);
  }

  /** The zone of {@code calendar}, or null for none. */
  static TimeZone zoneOf(Calendar calendar) {
    return calendar == null ? null : calendar.getTimeZone();
  }

  /**
   * Whether Avatica reads the type through its accessor of any {@link Number}: a DECIMAL, and a
   * DATE, TIME or TIMESTAMP, whose values are numbers of days or milliseconds.
   */
  private static boolean readAsNumber(int type) {
    return type == Types.DECIMAL || type == Types.DATE || type == Types.TIME
        || type == Types.TIMESTAMP;
  }

  /** What {@code getObject} gives: a DATE, TIME or TIMESTAMP in the JVM's zone. */
  Object object(int type, Object v) throws SQLException {
    if (v == null) {
      return null;
    }
    return switch (type) {
      case Types.DATE -> date(type, v, local);
      case Types.TIME -> time(type, v, local);
      case Types.TIMESTAMP -> timestamp(type, v, local);
      default -> v;
    };
  }

  /** What {@code getString} gives: a date, time or timestamp in SQL's form. */
  static String string(int type, Object v) {
    if (v == null) {
      return null;
    }
    return switch (type) {
      case Types.DATE -> dateText(((Number) v).intValue());
      case Types.TIME -> timeText(((Number) v).intValue());
      case Types.TIMESTAMP -> timestampText(((Number) v).longValue());
      default -> v.toString();
    };
  }

  /** What {@code getLong} gives. */
  static long longValue(int type, Object v) throws SQLException {
    return switch (type) {
      case Types.VARCHAR -> throw cannotConvert("long");
      case Types.BOOLEAN -> Boolean.TRUE.equals(v) ? 1 : 0;
      case Types.DOUBLE -> (long) doubleValue(type, v);
      default -> v == null ? 0 : ((Number) v).longValue();
    };
  }

  /**
   * What {@code getInt} gives: the number's low 32 bits, as Avatica's accessors give them
   * ({@link CsvwsResultSet} refuses a number out of range before this is read).
   */
  static int intValue(int type, Object v) throws SQLException {
    if (readAsNumber(type)) {
      return v == null ? 0 : ((Number) v).intValue();
    }
    return (int) longValue(type, v);
  }

  /** What {@code getShort} gives. */
  static short shortValue(int type, Object v) throws SQLException {
    if (readAsNumber(type)) {
      return v == null ? 0 : ((Number) v).shortValue();
    }
    return (short) longValue(type, v);
  }

  /** What {@code getByte} gives. */
  static byte byteValue(int type, Object v) throws SQLException {
    if (readAsNumber(type)) {
      return v == null ? 0 : ((Number) v).byteValue();
    }
    return (byte) longValue(type, v);
  }

  /** What {@code getBoolean} gives: a number is true when not zero. */
  static boolean booleanValue(int type, Object v) throws SQLException {
    if (type == Types.BOOLEAN) {
      return Boolean.TRUE.equals(v);
    }
    if (readAsNumber(type)) {
      return v != null && ((Number) v).doubleValue() != 0;
    }
    // A DOUBLE as Avatica reads it: its whole part, so that 0.5 is false.
    return longValue(type, v) != 0;
  }

  /** What {@code getDouble} gives. */
  static double doubleValue(int type, Object v) throws SQLException {
    return switch (type) {
      case Types.VARCHAR -> throw cannotConvert("double");
      case Types.BOOLEAN, Types.INTEGER, Types.BIGINT -> longValue(type, v);
      default -> v == null ? 0d : ((Number) v).doubleValue();
    };
  }

  /** What {@code getFloat} gives. */
  static float floatValue(int type, Object v) throws SQLException {
    return switch (type) {
      case Types.VARCHAR -> throw cannotConvert("double");
      case Types.BOOLEAN, Types.INTEGER, Types.BIGINT -> longValue(type, v);
      case Types.DOUBLE -> (float) doubleValue(type, v);
      default -> v == null ? 0f : ((Number) v).floatValue();
    };
  }

  /** What {@code getBigDecimal} gives. */
  static BigDecimal decimal(int type, Object v) throws SQLException {
    if (type == Types.VARCHAR) {
      throw cannotConvert("BigDecimal");
    }
    if (v == null) {
      return null;
    }
    return switch (type) {
      case Types.DECIMAL -> (BigDecimal) v;
      // Fails for NaN and the infinities, as Avatica's accessor does.
      case Types.DOUBLE -> BigDecimal.valueOf((Double) v);
      default -> BigDecimal.valueOf(longValue(type, v));
    };
  }

  /**
   * What the deprecated {@code getBigDecimal(column, scale)} gives: the value cut to
   * {@code scale} decimals, except a DECIMAL's, which Avatica returns as it is.
   */
  static BigDecimal decimal(int type, Object v, int scale) throws SQLException {
    if (type == Types.VARCHAR) {
      throw cannotConvert("BigDecimal with scale");
    }
    BigDecimal d = decimal(type, v);
    boolean cut = switch (type) {
      case Types.DECIMAL -> false;
      case Types.DATE, Types.TIME, Types.TIMESTAMP -> scale != 0;
      default -> true;
    };
    return d == null || !cut ? d : d.setScale(scale, RoundingMode.DOWN);
  }

  /**
   * What {@code getDate} gives with a calendar of {@code zone} (null: no calendar); without a
   * calendar the getter passes {@link #local()}.
   */
  Date date(int type, Object v, TimeZone zone) throws SQLException {
    switch (type) {
      case Types.DATE:
        if (v == null) {
          return null;
        }
        Date date = Date.valueOf(LocalDate.ofEpochDay(((Number) v).intValue()));
        date.setTime(shifted(date.getTime(), zone));
        return date;
      case Types.TIMESTAMP:
        Timestamp t = timestamp(type, v, zone);
        return t == null ? null : new Date(t.getTime());
      default:
        throw cannotConvert("Date");
    }
  }

  /** What {@code getTime} gives with a calendar of {@code zone}, as {@link #date} does. */
  Time time(int type, Object v, TimeZone zone) throws SQLException {
    switch (type) {
      case Types.TIME:
        if (v == null) {
          return null;
        }
        int millis = ((Number) v).intValue();
        return new Time(zone == null ? millis : millis - zone.getOffset(millis));
      case Types.TIMESTAMP:
        Timestamp t = timestamp(type, v, zone);
        return t == null ? null : new Time(t.getTime());
      default:
        throw cannotConvert("Time");
    }
  }

  /** What {@code getTimestamp} gives with a calendar of {@code zone}, as {@link #date} does. */
  Timestamp timestamp(int type, Object v, TimeZone zone) throws SQLException {
    long millis;
    switch (type) {
      case Types.DATE:
        if (v == null) {
          return null;
        }
        millis = ((Number) v).longValue() * MILLIS_PER_DAY;
        break;
      case Types.TIME:
      case Types.TIMESTAMP:
        if (v == null) {
          return null;
        }
        millis = ((Number) v).longValue();
        break;
      default:
        throw cannotConvert("Timestamp");
    }
    Timestamp t = Timestamp.valueOf(LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000L),
        (int) Math.floorMod(millis, 1000L) * 1_000_000, ZoneOffset.UTC));
    t.setTime(shifted(t.getTime(), zone));
    return t;
  }

  /**
   * A time made in the JVM's zone moved to {@code zone}'s: unchanged for the JVM's zone, the
   * difference of the two offsets for another, and the JVM's offset for none.
   */
  private long shifted(long time, TimeZone zone) {
    return time + local.getOffset(time) - (zone == null ? 0 : zone.getOffset(time));
  }

  /** {@code 2024-03-01}: a day as SQL writes it, the year in four digits. */
  static String dateText(int epochDay) {
    StringBuilder b = new StringBuilder(10);
    appendDate(b, epochDay);
    return b.toString();
  }

  /** {@code 10:30:00.000}: a time of day with its milliseconds. */
  static String timeText(int millisOfDay) {
    StringBuilder b = new StringBuilder(12);
    appendTime(b, millisOfDay);
    return b.toString();
  }

  /** {@code 2024-03-01 10:30:00.000}. */
  static String timestampText(long millis) {
    StringBuilder b = new StringBuilder(23);
    appendDate(b, (int) Math.floorDiv(millis, MILLIS_PER_DAY));
    b.append(' ');
    appendTime(b, (int) Math.floorMod(millis, MILLIS_PER_DAY));
    return b.toString();
  }

  private static void appendDate(StringBuilder b, int epochDay) {
    LocalDate d = LocalDate.ofEpochDay(epochDay);
    digits(b, d.getYear(), 4);
    b.append('-');
    digits(b, d.getMonthValue(), 2);
    b.append('-');
    digits(b, d.getDayOfMonth(), 2);
  }

  private static void appendTime(StringBuilder b, int millis) {
    digits(b, millis / 3_600_000, 2);
    b.append(':');
    digits(b, millis / 60_000 % 60, 2);
    b.append(':');
    digits(b, millis / 1000 % 60, 2);
    b.append('.');
    digits(b, millis % 1000, FRACTION_DIGITS);
  }

  /** {@code n}, zeros in front to {@code width} digits: a year of a CSV value has at most 4. */
  private static void digits(StringBuilder b, int n, int width) {
    String text = Integer.toString(n);
    for (int k = text.length(); k < width; k++) {
      b.append('0');
    }
    b.append(text);
  }
}
