package io.csvws.sql.functions;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.Sentences;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.TextStyle;
import java.util.Locale;

/**
 * A C/DuckDB {@code strftime} format ({@code '%Y-%m-%d %H:%M:%S'}), for writing and reading
 * timestamps. Specifiers: {@code %Y} year, {@code %y} two-digit year (2000-2068, 1969-1999 as C),
 * {@code %m} month, {@code %d} / {@code %e} day, {@code %H} hour, {@code %I} 12-hour hour with
 * {@code %p} AM/PM, {@code %M} minute, {@code %S} second, {@code %f} microseconds, {@code %j} day
 * of year, {@code %b} / {@code %B} month name, {@code %a} / {@code %A} weekday name (English),
 * {@code %%} a percent sign. Names are read case-insensitively, abbreviated or full.
 */
final class StrftimeFormat {
  private final String function;
  private final String format;

  private StrftimeFormat(String function, String format) {
    this.function = function;
    this.format = format;
  }

  static StrftimeFormat of(String function, String format) {
    return new StrftimeFormat(function, format);
  }

  /** Fails on an unknown specifier, whatever the text: a mistake in the query, not the data. */
  void check() {
    for (int i = 0; i + 1 < format.length(); i++) {
      if (format.charAt(i) == '%') {
        char s = format.charAt(++i);
        if ("YymdeHIpMSfjbBaAw%".indexOf(s) < 0) {
          throw unknown(s);
        }
      }
    }
  }

  String format(LocalDateTime t) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < format.length(); i++) {
      char c = format.charAt(i);
      if (c != '%' || i + 1 == format.length()) {
        b.append(c);
        continue;
      }
      char s = format.charAt(++i);
      switch (s) {
        case 'Y' -> b.append(t.getYear());
        case 'y' -> pad(b, Math.floorMod(t.getYear(), 100), 2);
        case 'm' -> pad(b, t.getMonthValue(), 2);
        case 'd' -> pad(b, t.getDayOfMonth(), 2);
        case 'e' -> b.append(t.getDayOfMonth());
        case 'H' -> pad(b, t.getHour(), 2);
        case 'I' -> pad(b, t.getHour() % 12 == 0 ? 12 : t.getHour() % 12, 2);
        case 'p' -> b.append(t.getHour() < 12 ? "AM" : "PM");
        case 'M' -> pad(b, t.getMinute(), 2);
        case 'S' -> pad(b, t.getSecond(), 2);
        case 'f' -> pad(b, t.getNano() / 1000, 6);
        case 'j' -> pad(b, t.getDayOfYear(), 3);
        case 'b' -> b.append(t.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH));
        case 'B' -> b.append(t.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
        case 'a' -> b.append(t.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ENGLISH));
        case 'A' -> b.append(t.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH));
        case 'w' -> b.append(t.getDayOfWeek().getValue() % 7);
        case '%' -> b.append('%');
        default -> throw unknown(s);
      }
    }
    return b.toString();
  }

  LocalDateTime parse(String text) {
    int year = 1970;
    int month = 1;
    int day = 1;
    int hour = 0;
    int minute = 0;
    int second = 0;
    int micros = 0;
    int dayOfYear = -1;
    Boolean pm = null;
    int p = 0;
    for (int i = 0; i < format.length(); i++) {
      char c = format.charAt(i);
      if (c != '%' || i + 1 == format.length()) {
        if (Character.isWhitespace(c)) {
          while (p < text.length() && Character.isWhitespace(text.charAt(p))) {
            p++;
          }
          continue;
        }
        if (p >= text.length() || text.charAt(p) != c) {
          throw mismatch(text);
        }
        p++;
        continue;
      }
      char s = format.charAt(++i);
      if (s == '%') {
        if (p >= text.length() || text.charAt(p) != '%') {
          throw mismatch(text);
        }
        p++;
        continue;
      }
      if (s == 'b' || s == 'B' || s == 'a' || s == 'A') {
        int end = p;
        while (end < text.length() && Character.isLetter(text.charAt(end))) {
          end++;
        }
        String word = text.substring(p, end);
        if (s == 'b' || s == 'B') {
          month = MonthNames.month(word);
          if (month < 0) {
            throw mismatch(text);
          }
        } else if (MonthNames.weekday(word) < 0) {
          throw mismatch(text);
        }
        p = end;
        continue;
      }
      if (s == 'p') {
        String rest = text.substring(p).toUpperCase(Locale.ROOT);
        if (rest.startsWith("AM") || rest.startsWith("PM")) {
          pm = rest.startsWith("PM");
          p += 2;
          continue;
        }
        throw mismatch(text);
      }
      int max = switch (s) {
        case 'Y' -> 4;
        case 'j' -> 3;
        case 'f' -> 6;
        case 'y', 'm', 'd', 'e', 'H', 'I', 'M', 'S' -> 2;
        default -> throw unknown(s);
      };
      int start = p;
      boolean negative = s == 'Y' && p < text.length() && text.charAt(p) == '-';
      if (negative) {
        p++;
      }
      int value = 0;
      int digits = 0;
      while (p < text.length() && digits < max && Character.isDigit(text.charAt(p))) {
        value = value * 10 + (text.charAt(p++) - '0');
        digits++;
      }
      if (digits == 0) {
        throw mismatch(text);
      }
      switch (s) {
        case 'Y' -> year = negative ? -value : value;
        case 'y' -> year = value < 69 ? 2000 + value : 1900 + value;
        case 'm' -> month = value;
        case 'd', 'e' -> day = value;
        case 'H', 'I' -> hour = value;
        case 'M' -> minute = value;
        case 'S' -> second = value;
        case 'f' -> {
          int scaled = value;
          for (int k = p - start; k < 6; k++) {
            scaled *= 10;
          }
          micros = scaled;
        }
        case 'j' -> dayOfYear = value;
        default -> throw unknown(s);
      }
    }
    if (p != text.length()) {
      throw mismatch(text);
    }
    if (pm != null) {
      hour = hour % 12 + (pm ? 12 : 0);
    }
    try {
      // Day 0 of a year is no date: read as "not given" it would pass for 1 January.
      LocalDate date = dayOfYear >= 0 ? LocalDate.ofYearDay(year, dayOfYear)
          : LocalDate.of(year, month, day);
      return LocalDateTime.of(date, LocalTime.of(hour, minute, second, micros * 1000));
    } catch (DateTimeException e) {
      throw new CsvwsException(ErrorCode.INVALID_ARGUMENT, function + ": '" + text
          + "' read with format '" + format + "' is not a valid date or time: "
          + Sentences.ending(e.getMessage()));
    }
  }

  private CsvwsException mismatch(String text) {
    return new CsvwsException(ErrorCode.INVALID_ARGUMENT, function + ": '" + text
        + "' does not match the format '" + format + "'. Specifiers: %Y %m %d %H %M %S %b "
        + "(Jan) %B (January) %y %I %p %f %j; TRY_STRPTIME gives NULL for values that differ.");
  }

  private CsvwsException unknown(char s) {
    return new CsvwsException(ErrorCode.INVALID_ARGUMENT, function + ": format '" + format
        + "' has the unknown specifier %" + s + ". Known: %Y %y %m %d %e %H %I %p %M %S %f %j "
        + "%b %B %a %A %w %%.");
  }

  private static void pad(StringBuilder b, int value, int width) {
    String s = Integer.toString(value);
    for (int i = s.length(); i < width; i++) {
      b.append('0');
    }
    b.append(s);
  }
}
