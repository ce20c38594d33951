package io.csvws.sql.functions;

import java.time.DayOfWeek;
import java.time.Month;
import java.time.format.TextStyle;
import java.util.Locale;

/** English month and weekday names, full or abbreviated, read case-insensitively. */
final class MonthNames {
  private MonthNames() {
  }

  /** 1-12 for {@code Jan}, {@code january}, {@code Sept}; -1 otherwise. */
  static int month(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    if (w.length() < 3) {
      return -1;
    }
    for (Month m : Month.values()) {
      String full = m.getDisplayName(TextStyle.FULL, Locale.ENGLISH).toLowerCase(Locale.ROOT);
      if (full.equals(w) || full.startsWith(w) && (w.length() == 3 || w.equals("sept"))) {
        return m.getValue();
      }
    }
    return -1;
  }

  /** 1-7 (Monday first) for {@code Mon}, {@code monday}; -1 otherwise. */
  static int weekday(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    for (DayOfWeek d : DayOfWeek.values()) {
      String full = d.getDisplayName(TextStyle.FULL, Locale.ENGLISH).toLowerCase(Locale.ROOT);
      if (full.equals(w) || w.length() == 3 && full.startsWith(w)) {
        return d.getValue();
      }
    }
    return -1;
  }
}
