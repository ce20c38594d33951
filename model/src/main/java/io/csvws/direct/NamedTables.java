package io.csvws.direct;

import java.util.ArrayList;
import java.util.List;

/**
 * The unqualified table names a statement's text writes right after {@code FROM} or
 * {@code JOIN}, read without the parser: a hint of which files the statement will look up, so that
 * their metadata can be learnt while Calcite's connection is made. Not the statement's tables:
 * names in a list after a comma, qualified names and subqueries are skipped, and a name may turn
 * out to be a column's alias or no table at all. String literals, quoted identifiers and comments
 * are read as such, so a {@code FROM} inside them is no keyword. Only a statement that starts
 * with {@code SELECT} names any: after {@code WITH} a name may be the statement's own query's, and
 * a statement that is no query is refused before it reads a table.
 */
public final class NamedTables {
  /** The most names read: a hint for the first tables only. */
  static final int MAX_NAMES = 8;

  private NamedTables() {
  }

  /** The names, in order of appearance, each once, at most {@link #MAX_NAMES}. */
  public static List<String> read(String sql) {
    List<String> names = new ArrayList<>();
    boolean afterKeyword = false;
    boolean first = true;
    int n = sql.length();
    int i = 0;
    while (i < n && names.size() < MAX_NAMES) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      }
      int end;
      String name = null;
      boolean keyword = false;
      boolean select = false;
      if (c == '\'') {
        end = closing(sql, i, '\'');
      } else if (c == '"') {
        end = closing(sql, i, '"');
        // An identifier never closed names nothing.
        name = end < 0 ? null : sql.substring(i + 1, end - 1).replace("\"\"", "\"");
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        end = sql.indexOf('\n', i);
        end = end < 0 ? n : end + 1;
        i = end;
        continue;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
        continue;
      } else if (Character.isLetter(c) || c == '_') {
        end = i + 1;
        while (end < n && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_'
            || sql.charAt(end) == '$')) {
          end++;
        }
        String word = sql.substring(i, end);
        keyword = word.equalsIgnoreCase("FROM") || word.equalsIgnoreCase("JOIN");
        select = word.equalsIgnoreCase("SELECT");
        // Keywords stay: many are names too (A, DATA, VALUE), and a name that is no table
        // costs one lookup.
        name = keyword ? null : word;
      } else {
        end = i + 1;
      }
      if (first && !select) {
        return List.of();
      }
      if (end < 0) {
        break;
      }
      if (afterKeyword && name != null && !name.isEmpty() && !qualified(sql, end)
          && !names.contains(name)) {
        names.add(name);
      }
      afterKeyword = keyword;
      first = false;
      i = end;
    }
    return names;
  }

  /**
   * The index after the quote that closes the one at {@code start}, a doubled quote being text;
   * -1 when none closes it.
   */
  private static int closing(String sql, int start, char quote) {
    int i = start + 1;
    while (i < sql.length()) {
      if (sql.charAt(i) == quote) {
        if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return -1;
  }

  /** Whether a {@code .} follows, after spaces: the name is a schema's, not a table's. */
  private static boolean qualified(String sql, int end) {
    int i = end;
    while (i < sql.length() && Character.isWhitespace(sql.charAt(i))) {
      i++;
    }
    return i < sql.length() && sql.charAt(i) == '.';
  }
}
