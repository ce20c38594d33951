package io.csvws.direct;

import java.util.ArrayList;
import java.util.List;

/**
 * The tokens of SQL text, for the readers that look for names in it without the parser: words,
 * double-quoted names, string literals and single characters. Whitespace and comments are
 * skipped; a quoted name or literal that is never closed ends the tokens, as it ends any name.
 */
public final class SqlLexer {
  /** What a token is. */
  public enum Kind {
    /** A bare word: a letter or {@code _}, then letters, digits, {@code _} or {@code $}. */
    WORD,
    /** A double-quoted name, its text without the quotes and with doubled quotes made one. */
    QUOTED,
    /** A string literal, its text as written, quotes included. */
    LITERAL,
    /** Any other single character. */
    SYMBOL
  }

  /**
   * One token.
   *
   * @param kind what it is
   * @param text its text (see {@link Kind})
   */
  public record Token(Kind kind, String text) {
    /** Whether this is the bare word {@code word}, in any case. */
    public boolean isWord(String word) {
      return kind == Kind.WORD && text.equalsIgnoreCase(word);
    }

    /** Whether this is the symbol {@code c}. */
    public boolean isSymbol(char c) {
      return kind == Kind.SYMBOL && text.length() == 1 && text.charAt(0) == c;
    }

    /** Whether this names something: a word or a quoted name. */
    public boolean isName() {
      return kind == Kind.WORD || kind == Kind.QUOTED;
    }
  }

  private SqlLexer() {
  }

  /** The tokens of {@code sql}, in order. */
  public static List<Token> read(String sql) {
    List<Token> out = new ArrayList<>();
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        int eol = sql.indexOf('\n', i);
        i = eol < 0 ? n : eol + 1;
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (c == '\'' || c == '"') {
        int end = closing(sql, i, c);
        if (end < 0) {
          break;
        }
        out.add(c == '\'' ? new Token(Kind.LITERAL, sql.substring(i, end))
            : new Token(Kind.QUOTED, sql.substring(i + 1, end - 1).replace("\"\"", "\"")));
        i = end;
      } else if (Character.isLetter(c) || c == '_') {
        int end = i + 1;
        while (end < n && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_'
            || sql.charAt(end) == '$')) {
          end++;
        }
        out.add(new Token(Kind.WORD, sql.substring(i, end)));
        i = end;
      } else {
        out.add(new Token(Kind.SYMBOL, String.valueOf(c)));
        i++;
      }
    }
    return out;
  }

  /**
   * The names of {@code sql} neither qualified by nor qualifying another ({@code a.b} gives
   * neither), in order: what could be a table of the default schema.
   */
  public static List<String> unqualifiedNames(String sql) {
    List<Token> tokens = read(sql);
    List<String> out = new ArrayList<>();
    for (int k = 0; k < tokens.size(); k++) {
      if (tokens.get(k).isName() && !dotAt(tokens, k - 1) && !dotAt(tokens, k + 1)) {
        out.add(tokens.get(k).text());
      }
    }
    return out;
  }

  private static boolean dotAt(List<Token> tokens, int k) {
    return k >= 0 && k < tokens.size() && tokens.get(k).isSymbol('.');
  }

  /** The index after the quote that closes the one at {@code start}, or -1 if none does. */
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
}
