package io.csvws.config;

import java.util.Locale;
import java.util.Map;

/** Names for the characters people use as delimiters and quotes, so a URL need not escape them. */
final class CharNames {
  private static final Map<String, Character> BY_NAME = Map.of(
      "tab", '\t',
      "comma", ',',
      "semicolon", ';',
      "pipe", '|',
      "space", ' ',
      "colon", ':',
      "doublequote", '"',
      "singlequote", '\'',
      "backslash", '\\');

  private CharNames() {
  }

  /** Parses a name, an escape such as {@code \t}, or a single ASCII character; null if none fits. */
  static Character parse(String text) {
    Character named = BY_NAME.get(text.toLowerCase(Locale.ROOT));
    if (named != null) {
      return named;
    }
    if (text.equals("\\t")) {
      return '\t';
    }
    if (text.length() == 1 && text.charAt(0) > 0 && text.charAt(0) <= 0x7f
        && text.charAt(0) != '\n' && text.charAt(0) != '\r') {
      return text.charAt(0);
    }
    return null;
  }

  static String describe(char c) {
    switch (c) {
      case '\t':
        return "tab";
      case ' ':
        return "space";
      default:
        return ConnectionConfig.printable(String.valueOf(c));
    }
  }
}
