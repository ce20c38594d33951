package io.csvws.direct;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words and symbols of a short statement, for {@link DirectQuery}: unquoted words, quoted
 * identifiers, whole numbers and the symbols {@code ( ) * ; = ,}. Anything else (a comment, a
 * decimal, a string, another operator, a JDBC escape) makes the text unreadable here, and the
 * statement goes to the parser.
 */
final class SqlWords {

  /** One token: {@code quoted} for a double-quoted identifier, whose text is its name. */
  record Token(String text, boolean quoted) {
    /** Whether this is the unquoted keyword {@code keyword} (upper case), in any case. */
    boolean is(String keyword) {
      return !quoted && text.equalsIgnoreCase(keyword);
    }

    /** The whole number this token is, or -1 if it is none or more than 18 digits. */
    long number() {
      if (quoted || text.length() > 18) {
        return -1;
      }
      for (int k = 0; k < text.length(); k++) {
        if (text.charAt(k) < '0' || text.charAt(k) > '9') {
          return -1;
        }
      }
      return Long.parseLong(text);
    }

    /**
     * The name this token gives, or null when it gives none that can be read here: a keyword
     * the parser does not read as a name ({@link #isKeyword}), or an empty quoted name.
     */
    String name() {
      if (quoted) {
        return text.isEmpty() ? null : text;
      }
      boolean word = Character.isLetter(text.charAt(0)) || text.charAt(0) == '_';
      return word && !isKeyword(text) ? text : null;
    }
  }

  private SqlWords() {
  }

  /**
   * The tokens of one statement, without the semicolons that may end it; null if it holds
   * anything but words, names and symbols.
   */
  static List<Token> statement(String sql) {
    List<Token> tokens = read(sql);
    if (tokens == null) {
      return null;
    }
    int end = tokens.size();
    while (end > 0 && tokens.get(end - 1).is(";")) {
      end--;
    }
    return tokens.subList(0, end);
  }

  /** The tokens of {@code sql}, or null if it holds anything but words, names and symbols. */
  static List<Token> read(String sql) {
    List<Token> out = new ArrayList<>();
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        i++;
      } else if (c == '(' || c == ')' || c == '*' || c == ';' || c == '=' || c == ',') {
        out.add(new Token(String.valueOf(c), false));
        i++;
      } else if (c == '"') {
        int end = sql.indexOf('"', i + 1);
        if (end < 0 || (end + 1 < n && sql.charAt(end + 1) == '"')) {
          return null;
        }
        out.add(new Token(sql.substring(i + 1, end), true));
        i = end + 1;
      } else if (c >= '0' && c <= '9') {
        int end = i + 1;
        while (end < n && isWordPart(sql.charAt(end))) {
          end++;
        }
        // Digits run into letters ("12abc") only in text the parser would refuse or read
        // otherwise; such a token is no number, so nothing matches it.
        out.add(new Token(sql.substring(i, end), false));
        i = end;
      } else if (isWordStart(c)) {
        int end = i + 1;
        while (end < n && isWordPart(sql.charAt(end))) {
          end++;
        }
        out.add(new Token(sql.substring(i, end), false));
        i = end;
      } else {
        return null;
      }
    }
    return out;
  }

  private static boolean isWordStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isWordPart(char c) {
    return isWordStart(c) || (c >= '0' && c <= '9');
  }

  /**
   * Whether {@code word} is a keyword of csvws's parser (Calcite's Babel grammar), in any case,
   * that the parser does not read as a plain name in every place the direct path reads a name:
   * a reserved word, or a literal, operator or function without parentheses. An unquoted name
   * that is one is left to the parser. The keywords are written at build time
   * ({@code model/src/build/ParserKeywords.java}).
   */
  static boolean isKeyword(String word) {
    return ParserKeywords.NOT_NAMES.contains("\n" + word.toUpperCase(Locale.ROOT) + "\n");
  }
}
