package io.csvws.types;

/**
 * How the day, month and year of a date are written.
 *
 * <p>{@link #ISO} is {@code yyyy-mm-dd}; {@link #YMD} is {@code yyyy/mm/dd} or {@code yyyy.mm.dd};
 * {@link #DMY} and {@link #MDY} take {@code /}, {@code .} or {@code -} between one- or two-digit
 * day and month and a four-digit year. A value such as {@code 05/06/2024} is both DMY and MDY: the
 * rest of a column's sample decides, or, if nothing does, the column stays text.
 *
 * <p>{@link #NAMED_MDY} and {@link #NAMED_DMY} name the month in English, in full or by its first
 * three letters, in any case: {@code Jan 1 2000}, {@code January 1, 2000}, {@code Sep. 30, 2024}
 * and {@code 1 January 2000}, {@code 01-Jan-2000}, {@code 1/JAN/2000}.
 */
public enum DateOrder {
  ISO("yyyy-mm-dd"),
  YMD("yyyy/mm/dd"),
  DMY("dd/mm/yyyy"),
  MDY("mm/dd/yyyy"),
  NAMED_MDY("Mon d, yyyy"),
  NAMED_DMY("d Mon yyyy");

  private static final String[] MONTHS = {"january", "february", "march", "april", "may", "june",
      "july", "august", "september", "october", "november", "december"};

  private final String pattern;

  DateOrder(String pattern) {
    this.pattern = pattern;
  }

  /** The pattern as users write it, for metadata and messages. */
  public String pattern() {
    return pattern;
  }

  /** Days since 1970-01-01 of the date in {@code b[s..e)}, or {@link Long#MIN_VALUE}. */
  long epochDay(byte[] b, int s, int e) {
    switch (this) {
      case ISO:
        return e - s == 10 && b[s + 4] == '-' && b[s + 7] == '-'
            ? yearFirst(b, s) : Long.MIN_VALUE;
      case YMD:
        return e - s == 10 && (b[s + 4] == '/' || b[s + 4] == '.') && b[s + 7] == b[s + 4]
            ? yearFirst(b, s) : Long.MIN_VALUE;
      case NAMED_MDY:
        return namedMonthFirst(b, s, e);
      case NAMED_DMY:
        return namedMonthSecond(b, s, e);
      default:
        return dayMonthYear(b, s, e);
    }
  }

  /** {@code Mon[.] d[,] yyyy}: the month's name, a space, the day, an optional comma, a space. */
  private static long namedMonthFirst(byte[] b, int s, int e) {
    int i = s;
    while (i < e && isLetter(b[i])) {
      i++;
    }
    int month = month(b, s, i);
    if (month < 0) {
      return Long.MIN_VALUE;
    }
    if (i < e && b[i] == '.' && i - s == 3) {
      i++;
    }
    if (i >= e || b[i] != ' ') {
      return Long.MIN_VALUE;
    }
    int dayStart = ++i;
    while (i < e && isDigit(b[i]) && i - dayStart < 2) {
      i++;
    }
    int dayEnd = i;
    if (i < e && b[i] == ',') {
      i++;
    }
    if (dayEnd == dayStart || i >= e || b[i] != ' ' || e - i != 5) {
      return Long.MIN_VALUE;
    }
    return civil(ValueParsers.digits(b, i + 1, 4), month,
        ValueParsers.digits(b, dayStart, dayEnd - dayStart));
  }

  /** {@code d Mon yyyy}, the same separator (space, {@code -} or {@code /}) twice. */
  private static long namedMonthSecond(byte[] b, int s, int e) {
    int i = s;
    while (i < e && isDigit(b[i]) && i - s < 2) {
      i++;
    }
    if (i == s || i >= e || (b[i] != ' ' && b[i] != '-' && b[i] != '/')) {
      return Long.MIN_VALUE;
    }
    int day = ValueParsers.digits(b, s, i - s);
    byte separator = b[i];
    int monthStart = ++i;
    while (i < e && isLetter(b[i])) {
      i++;
    }
    int month = month(b, monthStart, i);
    if (month < 0 || i >= e || b[i] != separator || e - i != 5) {
      return Long.MIN_VALUE;
    }
    return civil(ValueParsers.digits(b, i + 1, 4), month, day);
  }

  /** The month (1 to 12) named by {@code b[s..e)} in full or by three letters, or -1. */
  private static int month(byte[] b, int s, int e) {
    int n = e - s;
    if (n < 3 || n > 9) {
      return -1;
    }
    for (int m = 0; m < MONTHS.length; m++) {
      String name = MONTHS[m];
      if (n != 3 && n != name.length()) {
        continue;
      }
      boolean same = true;
      for (int k = 0; k < n && same; k++) {
        same = (b[s + k] | 0x20) == name.charAt(k);
      }
      if (same) {
        return m + 1;
      }
    }
    return -1;
  }

  private static boolean isLetter(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  /** {@code yyyy?mm?dd} at {@code b[s..s+10)}, separators already checked. */
  private static long yearFirst(byte[] b, int s) {
    return civil(ValueParsers.digits(b, s, 4), ValueParsers.digits(b, s + 5, 2),
        ValueParsers.digits(b, s + 8, 2));
  }

  /** {@code d/m/yyyy} in either order, one- or two-digit day and month. */
  private long dayMonthYear(byte[] b, int s, int e) {
    int n = e - s;
    if (n < 8 || n > 10) {
      return Long.MIN_VALUE;
    }
    int first = s;
    int sep1 = first + 1;
    if (sep1 < e && isDigit(b[sep1])) {
      sep1++;
    }
    if (sep1 >= e || !isSeparator(b[sep1])) {
      return Long.MIN_VALUE;
    }
    int sep2 = sep1 + 2;
    if (sep2 < e && isDigit(b[sep2])) {
      sep2++;
    }
    if (sep2 >= e || b[sep2] != b[sep1] || e - sep2 != 5) {
      return Long.MIN_VALUE;
    }
    int a = ValueParsers.digits(b, first, sep1 - first);
    int m = ValueParsers.digits(b, sep1 + 1, sep2 - sep1 - 1);
    int year = ValueParsers.digits(b, sep2 + 1, 4);
    return this == DMY ? civil(year, m, a) : civil(year, a, m);
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isSeparator(byte c) {
    return c == '/' || c == '.' || c == '-';
  }

  private static long civil(int year, int month, int day) {
    if (year < 0 || month < 1 || month > 12 || day < 1
        || day > ValueParsers.daysInMonth(year, month)) {
      return Long.MIN_VALUE;
    }
    return ValueParsers.daysFromCivil(year, month, day);
  }
}
