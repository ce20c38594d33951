package io.csvws.error;

/**
 * Joins sentences into a message without doubling their full stops: a sentence composed
 * elsewhere may or may not end with one, and adding another to one that does gives a message
 * that ends "listen on 127.0.0.1" and two full stops.
 */
public final class Sentences {
  private Sentences() {
  }

  /**
   * {@code sentence} ending with a full stop, unless it already ends with one, a question or
   * exclamation mark, an ellipsis or a colon.
   *
   * @param sentence a sentence, with or without its final punctuation; null reads as empty
   * @return the sentence, ended
   */
  public static String ending(String sentence) {
    String s = sentence == null ? "" : sentence.stripTrailing();
    if (s.isEmpty() || s.endsWith(".") || s.endsWith("?") || s.endsWith("!")
        || s.endsWith(":")) {
      return s;
    }
    return s + ".";
  }

  /**
   * The sentences, each ended as {@link #ending} does, separated by a space; empty or null ones
   * are left out.
   *
   * @param sentences sentences, with or without their final punctuation
   * @return one message
   */
  public static String join(String... sentences) {
    StringBuilder b = new StringBuilder();
    for (String s : sentences) {
      if (s == null || s.isBlank()) {
        continue;
      }
      if (b.length() > 0) {
        b.append(' ');
      }
      b.append(ending(s.strip()));
    }
    return b.toString();
  }
}
