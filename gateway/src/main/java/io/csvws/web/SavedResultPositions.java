package io.csvws.web;

import io.csvws.agent.SavedResultsExpansion;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Takes the positions in an engine's error message back to the text the person wrote, when the
 * query ran with saved results defined in front of it: the engine counts lines and columns in the
 * expanded text, the editor marks them in the text it shows. A position inside a saved result's
 * definition has no place in the editor: the message then says which saved results the query
 * uses and names no line, so the editor marks nothing rather than the wrong span.
 */
final class SavedResultPositions {
  private static final Pattern POSITION = Pattern.compile("line (\\d+), column (\\d+)");
  private static final Pattern PHRASE = Pattern.compile(
      "(?:From line \\d+, column \\d+ to line \\d+, column \\d+|At line \\d+, column \\d+)"
      + ":?\\s*");

  private SavedResultPositions() {
  }

  /** {@code e} with its message's positions in {@code original}; {@code e} itself if unchanged. */
  static SQLException toOriginal(SQLException e, SavedResultsExpansion x, String original) {
    String message = e.getMessage();
    if (x.insertedLength() == 0 || message == null) {
      return e;
    }
    Matcher m = POSITION.matcher(message);
    StringBuilder out = new StringBuilder();
    boolean outside = true;
    boolean any = false;
    while (m.find()) {
      any = true;
      int offset = offset(x.sql(), Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
      int back = offset < 0 ? -1 : x.originalOffset(offset);
      if (back < 0) {
        outside = false;
        break;
      }
      m.appendReplacement(out, Matcher.quoteReplacement(position(original, back)));
    }
    if (!any) {
      return e;
    }
    String mapped;
    if (outside) {
      m.appendTail(out);
      mapped = out.toString();
    } else {
      mapped = "In the saved result" + (x.names().size() == 1 ? " " : "s ")
          + String.join(", ", x.names()) + " that the query uses: "
          + PHRASE.matcher(message).replaceAll("");
    }
    SQLException r = new SQLException(mapped, e.getSQLState(), e.getErrorCode(), e);
    return r;
  }

  /** The 0-based offset of 1-based {@code line} and {@code column} in {@code text}, or -1. */
  static int offset(String text, int line, int column) {
    int at = 0;
    for (int l = 1; l < line; l++) {
      int eol = text.indexOf('\n', at);
      if (eol < 0) {
        return -1;
      }
      at = eol + 1;
    }
    int offset = at + column - 1;
    return offset <= text.length() ? offset : -1;
  }

  /** "line L, column C" of 0-based {@code offset} in {@code text}. */
  static String position(String text, int offset) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < offset && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return "line " + line + ", column " + (offset - lineStart + 1);
  }
}
