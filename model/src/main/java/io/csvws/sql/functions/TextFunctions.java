package io.csvws.sql.functions;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.Sentences;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Text functions that Calcite has in none of its libraries with the meaning PostgreSQL or DuckDB
 * users expect. Calcite calls them by reflection (user-defined functions); a NULL argument gives
 * NULL.
 */
public final class TextFunctions {
  private TextFunctions() {
  }

  /**
   * {@code CHAR_LENGTH(text)}, {@code CHARACTER_LENGTH} and {@code LENGTH}: the number of
   * characters as PostgreSQL and DuckDB count them, one per code point. (Calcite's own counts
   * UTF-16 units, so an emoji counted two.)
   */
  public static Integer charLength(String text) {
    return text == null ? null : text.codePointCount(0, text.length());
  }

  /**
   * {@code REGEXP_MATCHES(text, pattern)}, DuckDB's: whether the pattern occurs anywhere in the
   * text. (PostgreSQL's function of this name returns a set of arrays, which csvws has not.)
   */
  public static Boolean regexpMatches(String text, String pattern) {
    if (text == null || pattern == null) {
      return null;
    }
    try {
      return Pattern.compile(pattern).matcher(text).find();
    } catch (PatternSyntaxException e) {
      throw new CsvwsException(ErrorCode.INVALID_ARGUMENT, "REGEXP_MATCHES: '" + pattern
          + "' is not a valid regular expression: " + Sentences.ending(e.getDescription()));
    }
  }

  /** {@code BTRIM(text)}, PostgreSQL's: the text without leading and trailing spaces. */
  public static String btrim(String text) {
    return btrim(text, " ");
  }

  /** {@code BTRIM(text, characters)}: the text without any of the characters at either end. */
  public static String btrim(String text, String characters) {
    if (text == null || characters == null) {
      return null;
    }
    int start = 0;
    int end = text.length();
    while (start < end && characters.indexOf(text.codePointAt(start)) >= 0) {
      start += Character.charCount(text.codePointAt(start));
    }
    while (end > start && characters.indexOf(text.codePointBefore(end)) >= 0) {
      end -= Character.charCount(text.codePointBefore(end));
    }
    return text.substring(start, end);
  }

  /**
   * {@code SUBSTRING(text FROM start FOR length)} counting characters as PostgreSQL does, one per
   * code point: the characters at positions {@code start} to {@code start + length - 1} that
   * exist (a start before 1 shortens the result). A negative length is an error.
   */
  public static String substring(String text, int start, int length) {
    if (text == null) {
      return null;
    }
    if (length < 0) {
      throw new CsvwsException(ErrorCode.INVALID_ARGUMENT, "SUBSTRING: the length " + length
          + " is negative.");
    }
    long end = (long) start + length;
    return slice(text, Math.max(start, 1), end);
  }

  /** {@code SUBSTRING(text FROM start)}, counting code points. */
  public static String substring(String text, int start) {
    return text == null ? null : slice(text, Math.max(start, 1), Long.MAX_VALUE);
  }

  /** {@code POSITION(part IN text)}, {@code STRPOS(text, part)}: in code points, 0 if absent. */
  public static Integer position(String part, String text) {
    if (part == null || text == null) {
      return null;
    }
    int at = text.indexOf(part);
    return at < 0 ? 0 : text.codePointCount(0, at) + 1;
  }

  /** Code points {@code from} (1-based) up to, not including, {@code end}. */
  private static String slice(String text, int from, long end) {
    int n = text.codePointCount(0, text.length());
    if (from > n || end <= from) {
      return "";
    }
    int begin = text.offsetByCodePoints(0, from - 1);
    int stop = end > n ? text.length() : text.offsetByCodePoints(begin, (int) (end - from));
    return text.substring(begin, stop);
  }
}
