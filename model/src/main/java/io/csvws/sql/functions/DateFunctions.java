package io.csvws.sql.functions;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.Sentences;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.TextStyle;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.Locale;

/**
 * Date functions that Calcite has in none of its libraries in the form PostgreSQL and DuckDB
 * users write them. Calcite calls them by reflection (user-defined functions); a NULL argument
 * gives NULL.
 */
public final class DateFunctions {
  private DateFunctions() {
  }

  /**
   * {@code DATE_TRUNC(unit, ts)}, PostgreSQL's: the timestamp cut down to the start of its
   * {@code unit} (microseconds ... millennium); a week starts on Monday.
   */
  public static Timestamp dateTrunc(String unit, Timestamp ts) {
    if (unit == null || ts == null) {
      return null;
    }
    LocalDateTime t = ts.toLocalDateTime();
    LocalDate d = t.toLocalDate();
    LocalDateTime r;
    switch (unit.trim().toLowerCase(Locale.ROOT)) {
      case "microsecond", "microseconds" -> r = t.truncatedTo(ChronoUnit.MICROS);
      case "millisecond", "milliseconds" -> r = t.truncatedTo(ChronoUnit.MILLIS);
      case "second", "seconds" -> r = t.truncatedTo(ChronoUnit.SECONDS);
      case "minute", "minutes" -> r = t.truncatedTo(ChronoUnit.MINUTES);
      case "hour", "hours" -> r = t.truncatedTo(ChronoUnit.HOURS);
      case "day", "days" -> r = d.atStartOfDay();
      case "week", "weeks" -> r = d.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY))
          .atStartOfDay();
      case "month", "months" -> r = d.withDayOfMonth(1).atStartOfDay();
      case "quarter", "quarters" -> r = d.withMonth((d.getMonthValue() - 1) / 3 * 3 + 1)
          .withDayOfMonth(1).atStartOfDay();
      case "year", "years" -> r = d.withDayOfYear(1).atStartOfDay();
      case "decade", "decades" -> r = LocalDate.of(Math.floorDiv(d.getYear(), 10) * 10, 1, 1)
          .atStartOfDay();
      case "century", "centuries" -> r = LocalDate.of(
          Math.floorDiv(d.getYear() - 1, 100) * 100 + 1, 1, 1).atStartOfDay();
      case "millennium", "millennia" -> r = LocalDate.of(
          Math.floorDiv(d.getYear() - 1, 1000) * 1000 + 1, 1, 1).atStartOfDay();
      default -> throw new CsvwsException(ErrorCode.INVALID_ARGUMENT, "DATE_TRUNC: unit '"
          + unit + "' is not known: use one of microseconds, milliseconds, second, minute, "
          + "hour, day, week, month, quarter, year, decade, century, millennium.");
    }
    return Timestamp.valueOf(r);
  }

  /**
   * {@code STRFTIME(ts, format)}, DuckDB's (C's strftime): {@code %Y %m %d %H %M %S} and the
   * other common specifiers; see {@link StrftimeFormat}.
   */
  public static String strftime(Timestamp ts, String format) {
    if (ts == null || format == null) {
      return null;
    }
    return StrftimeFormat.of("STRFTIME", format).format(ts.toLocalDateTime());
  }

  /**
   * {@code STRPTIME(text, format)}, DuckDB's: reads a timestamp written in {@code format};
   * fails naming the text and the format when it does not match.
   */
  public static Timestamp strptime(String text, String format) {
    if (text == null || format == null) {
      return null;
    }
    return Timestamp.valueOf(StrftimeFormat.of("STRPTIME", format).parse(text));
  }

  /**
   * {@code TRY_STRPTIME(text, format)}, DuckDB's: as {@link #strptime}, but NULL where the text
   * does not match the format or is not a valid date or time. An unknown specifier still fails.
   */
  public static Timestamp tryStrptime(String text, String format) {
    if (text == null || format == null) {
      return null;
    }
    StrftimeFormat f = StrftimeFormat.of("TRY_STRPTIME", format);
    f.check();
    try {
      return Timestamp.valueOf(f.parse(text));
    } catch (CsvwsException e) {
      return null;
    }
  }

  /** {@code DAYNAME(d)}, DuckDB's: the English name of the day of the week ({@code Monday}). */
  public static String dayname(Timestamp ts) {
    return ts == null ? null
        : ts.toLocalDateTime().getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
  }

  /** {@code MONTHNAME(d)}, DuckDB's: the English name of the month ({@code January}). */
  public static String monthname(Timestamp ts) {
    return ts == null ? null
        : ts.toLocalDateTime().getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
  }

  /** {@code MAKE_DATE(year, month, day)}, PostgreSQL's. */
  public static Date makeDate(Integer year, Integer month, Integer day) {
    if (year == null || month == null || day == null) {
      return null;
    }
    try {
      return Date.valueOf(LocalDate.of(year, month, day));
    } catch (java.time.DateTimeException e) {
      throw new CsvwsException(ErrorCode.INVALID_ARGUMENT, "MAKE_DATE(" + year + ", " + month
          + ", " + day + "): " + Sentences.ending(e.getMessage()));
    }
  }

}
