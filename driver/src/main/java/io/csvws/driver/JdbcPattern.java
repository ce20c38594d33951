package io.csvws.driver;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A JDBC metadata search pattern ({@code getTables(null, "sales", "q_", null)}): {@code %} stands
 * for any run of characters, {@code _} for any one character, and {@code \} (the search string
 * escape) makes the next character literal. A null pattern matches everything.
 *
 * <p>Calcite's metadata reads {@code _} as a literal underscore, so a tool that asks for
 * {@code q_} would get nothing. Calcite is therefore given a wider pattern ({@link #widened}),
 * in which each unescaped {@code _} is a {@code %}, and the rows it returns are filtered here with
 * the exact meaning. Immutable and thread-safe.
 */
final class JdbcPattern {
  static final char ESCAPE = '\\';

  private final String text;
  private final Pattern regex;

  private JdbcPattern(String text) {
    this.text = text;
    this.regex = text == null ? null : Pattern.compile(toRegex(text), Pattern.DOTALL);
  }

  static JdbcPattern of(String text) {
    return new JdbcPattern(text);
  }

  /** Whether Calcite, given {@link #widened}, may return names this pattern does not match. */
  boolean needsFilter() {
    return text != null && !text.equals(widened());
  }

  /** The pattern with each unescaped {@code _} replaced by {@code %}; escapes are kept. */
  String widened() {
    if (text == null) {
      return null;
    }
    StringBuilder b = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == ESCAPE && i + 1 < text.length()) {
        b.append(c).append(text.charAt(++i));
      } else {
        b.append(c == '_' ? '%' : c);
      }
    }
    return b.toString();
  }

  /** Whether this pattern matches one name only: it has no unescaped {@code %} or {@code _}. */
  boolean isOneName() {
    if (text == null) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == ESCAPE && i + 1 < text.length()) {
        i++;
      } else if (c == '%' || c == '_') {
        return false;
      }
    }
    return true;
  }

  boolean matches(String name) {
    return regex == null || (name != null && regex.matcher(name).matches());
  }

  private static String toRegex(String pattern) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == ESCAPE && i + 1 < pattern.length()) {
        b.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
      } else if (c == '%') {
        b.append(".*");
      } else if (c == '_') {
        b.append('.');
      } else {
        b.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return b.toString();
  }

  /**
   * A row filter keeping rows whose {@code column} matches this pattern; null when every row
   * Calcite returns for the widened pattern already matches.
   */
  Predicate<ResultSet> rowFilter(String column) {
    if (!needsFilter()) {
      return null;
    }
    return row -> {
      try {
        return matches(row.getString(column));
      } catch (SQLException e) {
        throw new IllegalStateException("metadata result has no column " + column, e);
      }
    };
  }

  /** Both filters; either may be null (keep every row). */
  static Predicate<ResultSet> and(Predicate<ResultSet> a, Predicate<ResultSet> b) {
    if (a == null) {
      return b;
    }
    return b == null ? a : a.and(b);
  }

  @Override
  public String toString() {
    return String.valueOf(text);
  }
}
