package io.csvws.sql;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's interval literal with its units inside the string ({@code INTERVAL '1 month'},
 * {@code INTERVAL '1 year 2 months'}, {@code INTERVAL '3 hours'}) read as the standard form
 * that Calcite parses: a string of numbers and a qualifier ({@code INTERVAL '1-2' YEAR TO MONTH}).
 * A text that mixes months with days or times has no standard form and is left alone.
 */
final class IntervalText {

  /** The units of an interval, largest first; the standard's qualifier words. */
  enum Unit { YEAR, MONTH, DAY, HOUR, MINUTE, SECOND }

  private static final Pattern PART = Pattern.compile(
      "\\s*(\\d+(?:\\.\\d+)?)\\s*([a-z]+)\\s*");

  /** The standard form: the string's content, the first unit and the last (same if one). */
  record Standard(String text, Unit from, Unit to) {
  }

  private IntervalText() {
  }

  /**
   * The standard form of {@code text} (the string's content, without quotes), or null if it is
   * not a list of numbers with units.
   */
  static Standard parse(String text) {
    String s = text.toLowerCase(Locale.ROOT).trim();
    boolean negative = s.startsWith("-");
    if (negative) {
      s = s.substring(1);
    }
    Map<Unit, String> parts = new EnumMap<>(Unit.class);
    Matcher m = PART.matcher(s);
    int at = 0;
    while (at < s.length()) {
      if (!m.find(at) || m.start() != at) {
        return null;
      }
      Unit unit = unit(m.group(2));
      if (unit == null || parts.containsKey(unit)
          || (m.group(1).contains(".") && unit != Unit.SECOND)) {
        return null;
      }
      String number = m.group(1);
      if (m.group(2).startsWith("week")) {
        number = String.valueOf(Long.parseLong(number) * 7);
      }
      parts.put(unit, number);
      at = m.end();
    }
    if (parts.isEmpty()) {
      return null;
    }
    boolean months = parts.containsKey(Unit.YEAR) || parts.containsKey(Unit.MONTH);
    if (months && parts.size() > (parts.containsKey(Unit.YEAR) && parts.containsKey(Unit.MONTH)
        ? 2 : 1)) {
      return null; // months with days or times: no single standard interval
    }
    List<Unit> units = new ArrayList<>(parts.keySet());
    Unit from = units.get(0);
    Unit to = units.get(units.size() - 1);
    StringBuilder out = new StringBuilder(negative ? "-" : "");
    for (Unit u : Unit.values()) {
      if (u.compareTo(from) < 0 || u.compareTo(to) > 0) {
        continue;
      }
      if (u != from) {
        out.append(separatorBefore(u));
      }
      out.append(parts.getOrDefault(u, "0"));
    }
    return new Standard(out.toString(), from, to);
  }

  private static String separatorBefore(Unit u) {
    return switch (u) {
      case MONTH -> "-";
      case HOUR -> " ";
      default -> ":";
    };
  }

  private static Unit unit(String word) {
    return switch (word) {
      case "y", "year", "years", "yr", "yrs" -> Unit.YEAR;
      case "mon", "mons", "month", "months" -> Unit.MONTH;
      case "w", "week", "weeks", "d", "day", "days" -> Unit.DAY;
      case "h", "hour", "hours", "hr", "hrs" -> Unit.HOUR;
      case "m", "min", "mins", "minute", "minutes" -> Unit.MINUTE;
      case "s", "sec", "secs", "second", "seconds" -> Unit.SECOND;
      default -> null;
    };
  }
}
