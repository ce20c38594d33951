package io.csvws.readonly;

/**
 * Lexical facts about SQL text that hold even when it does not parse: how many statements it
 * holds, and its first keyword. Quoted strings, quoted identifiers and comments are skipped.
 */
final class SqlText {
  private SqlText() {
  }

  /** The number of non-empty statements separated by semicolons. */
  static int countStatements(String sql) {
    int count = 0;
    boolean content = false;
    int n = sql.length();
    for (int i = 0; i < n; i++) {
      char c = sql.charAt(i);
      int skip = skipQuotedOrComment(sql, i);
      if (skip > i) {
        if (sql.charAt(i) != '-' && sql.charAt(i) != '/') {
          content = true;
        }
        i = skip - 1;
      } else if (c == ';') {
        if (content) {
          count++;
        }
        content = false;
      } else if (!Character.isWhitespace(c)) {
        content = true;
      }
    }
    return content ? count + 1 : count;
  }

  /**
   * The text without the semicolons (and any whitespace or comments among them) that end it, as
   * many tools and people write them: {@code SELECT 1;} is {@code SELECT 1}. Semicolons inside
   * string literals, quoted identifiers and comments, and between statements, are kept.
   */
  static String withoutTrailingSemicolons(String sql) {
    int contentEnd = 0;
    boolean semicolonAfter = false;
    int n = sql.length();
    for (int i = 0; i < n; i++) {
      char c = sql.charAt(i);
      int skip = skipQuotedOrComment(sql, i);
      if (skip > i) {
        if (c != '-' && c != '/') {
          contentEnd = skip;
          semicolonAfter = false;
        }
        i = skip - 1;
      } else if (c == ';') {
        semicolonAfter = true;
      } else if (!Character.isWhitespace(c)) {
        contentEnd = i + 1;
        semicolonAfter = false;
      }
    }
    return semicolonAfter ? sql.substring(0, contentEnd) : sql;
  }

  /** The first word outside comments and whitespace, or "" if there is none. */
  static String firstKeyword(String sql) {
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c) || c == '(') {
        i++;
        continue;
      }
      int skip = skipQuotedOrComment(sql, i);
      if (skip > i && (c == '-' || c == '/')) {
        i = skip;
        continue;
      }
      int start = i;
      while (i < n && Character.isLetter(sql.charAt(i))) {
        i++;
      }
      return sql.substring(start, i);
    }
    return "";
  }

  /**
   * If a string literal, quoted identifier or comment starts at {@code i}, returns the index just
   * after it (or the text length if it never ends); otherwise returns {@code i}.
   */
  private static int skipQuotedOrComment(String s, int i) {
    char c = s.charAt(i);
    int n = s.length();
    if (c == '\'' || c == '"' || c == '`') {
      int j = i + 1;
      while (j < n) {
        if (s.charAt(j) == c) {
          if (j + 1 < n && s.charAt(j + 1) == c) {
            j += 2;
            continue;
          }
          return j + 1;
        }
        j++;
      }
      return n;
    }
    if (c == '-' && i + 1 < n && s.charAt(i + 1) == '-') {
      int j = s.indexOf('\n', i);
      return j < 0 ? n : j + 1;
    }
    if (c == '/' && i + 1 < n && s.charAt(i + 1) == '*') {
      int j = s.indexOf("*/", i + 2);
      return j < 0 ? n : j + 2;
    }
    return i;
  }
}
