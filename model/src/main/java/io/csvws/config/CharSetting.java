package io.csvws.config;

/**
 * A single-character setting such as the delimiter or quote: sniffed ({@link Kind#AUTO}), absent
 * ({@link Kind#NONE}) or a given ASCII character.
 *
 * <p>Only ASCII is accepted because the tokenizer works on bytes, and every supported encoding
 * stores ASCII characters as single bytes once UTF-16 input is transcoded.
 */
public record CharSetting(Kind kind, char value) {
  /** How the character is chosen. */
  public enum Kind { AUTO, NONE, CHAR }

  public static final CharSetting AUTO = new CharSetting(Kind.AUTO, '\0');
  public static final CharSetting NONE = new CharSetting(Kind.NONE, '\0');

  // Written out: a record's own equals and hashCode are linked through method handles at their
  // first call, a few milliseconds of every fresh JVM's first query (this is part of the key of
  // every file's metadata).
  @Override
  public boolean equals(Object o) {
    return o instanceof CharSetting c && kind == c.kind && value == c.value;
  }

  @Override
  public int hashCode() {
    return kind.hashCode() * 31 + value;
  }

  public CharSetting {
    if (kind == Kind.CHAR && value > 0x7f) {
      throw new IllegalArgumentException("not an ASCII character: " + value);
    }
  }

  public static CharSetting of(char c) {
    return new CharSetting(Kind.CHAR, c);
  }

  public boolean isAuto() {
    return kind == Kind.AUTO;
  }

  @Override
  public String toString() {
    switch (kind) {
      case AUTO:
        return "auto";
      case NONE:
        return "none";
      default:
        return CharNames.describe(value);
    }
  }
}
