package io.csvws.sql.functions;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
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
          + "' is not a valid regular expression: " + e.getDescription() + ".");
    }
  }
}
