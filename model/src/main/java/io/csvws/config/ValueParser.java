package io.csvws.config;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.StringJoiner;

/**
 * Parses and validates the text of one property value.
 *
 * @param <T> the parsed type
 */
abstract class ValueParser<T> {
  /** What a valid value looks like, for error messages and the properties reference. */
  final String expected;

  private ValueParser(String expected) {
    this.expected = expected;
  }

  /** Returns the parsed value, or throws {@link IllegalArgumentException} saying what is wrong. */
  abstract T parse(String text);

  /** Text values that {@link #parse} accepts, for {@code DriverPropertyInfo.choices}; null if open. */
  String[] choices() {
    return null;
  }

  static ValueParser<Boolean> bool() {
    return new ValueParser<>("true or false") {
      @Override
      Boolean parse(String text) {
        switch (text.trim().toLowerCase(Locale.ROOT)) {
          case "true":
            return true;
          case "false":
            return false;
          default:
            throw new IllegalArgumentException("expected true or false");
        }
      }

      @Override
      String[] choices() {
        return new String[] {"true", "false"};
      }
    };
  }

  static ValueParser<Integer> integer(int min, int max) {
    return new ValueParser<>("an integer from " + min + " to " + max) {
      @Override
      Integer parse(String text) {
        final int value;
        try {
          value = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("expected " + expected);
        }
        if (value < min || value > max) {
          throw new IllegalArgumentException("expected " + expected);
        }
        return value;
      }
    };
  }

  /** {@code auto} (returned as empty) or an integer in {@code [min, max]}. */
  static ValueParser<OptionalInt> integerOrAuto(int min, int max) {
    ValueParser<Integer> number = integer(min, max);
    return new ValueParser<>("auto or " + number.expected) {
      @Override
      OptionalInt parse(String text) {
        if (text.trim().equalsIgnoreCase("auto")) {
          return OptionalInt.empty();
        }
        try {
          return OptionalInt.of(number.parse(text));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("expected " + expected);
        }
      }
    };
  }

  /**
   * A limit: an integer in {@code [0, max]}, where 0 (as users write it, and as JDBC's own
   * limits do) means there is none and is returned as empty.
   */
  static ValueParser<OptionalInt> limit(int max) {
    ValueParser<Integer> number = integer(0, max);
    return new ValueParser<>(number.expected) {
      @Override
      OptionalInt parse(String text) {
        int value = number.parse(text);
        return value == 0 ? OptionalInt.empty() : OptionalInt.of(value);
      }
    };
  }

  /** Comma-separated values, each trimmed; empty text is the empty list. */
  static ValueParser<java.util.List<String>> list() {
    return new ValueParser<>("comma-separated values, or nothing for none") {
      @Override
      java.util.List<String> parse(String text) {
        // A loop, not a stream, as in enumeration below.
        java.util.Set<String> values = new java.util.LinkedHashSet<>();
        for (String value : text.split(",", -1)) {
          String trimmed = value.trim();
          if (!trimmed.isEmpty()) {
            values.add(trimmed);
          }
        }
        return java.util.List.copyOf(values);
      }
    };
  }

  /**
   * Enum constants spelt in lower case; {@code aliases} come in pairs, an extra spelling and the
   * constant it stands for.
   */
  static <E extends Enum<E>> ValueParser<E> enumeration(Class<E> type, String... aliases) {
    // A loop, not a stream: every connection's first parse builds these, and a fresh JVM's
    // first stream pipeline costs milliseconds of linking.
    StringJoiner joined = new StringJoiner(", ");
    for (E e : type.getEnumConstants()) {
      joined.add(e.name().toLowerCase(Locale.ROOT));
    }
    String names = joined.toString();
    return new ValueParser<>("one of " + names) {
      @Override
      E parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        for (int i = 0; i < aliases.length; i += 2) {
          if (aliases[i].equals(t)) {
            t = aliases[i + 1];
          }
        }
        for (E e : type.getEnumConstants()) {
          if (e.name().toLowerCase(Locale.ROOT).equals(t)) {
            return e;
          }
        }
        throw new IllegalArgumentException("expected " + expected);
      }

      @Override
      String[] choices() {
        return Arrays.stream(type.getEnumConstants())
            .map(e -> e.name().toLowerCase(Locale.ROOT))
            .toArray(String[]::new);
      }
    };
  }

  /** {@code auto}, optionally {@code none}, a character name such as {@code tab}, or one ASCII character. */
  static ValueParser<CharSetting> character(boolean noneAllowed) {
    return character(true, noneAllowed);
  }

  /** As {@link #character(boolean)}, for a setting that may have no {@code auto}. */
  static ValueParser<CharSetting> character(boolean autoAllowed, boolean noneAllowed) {
    String expected = (autoAllowed ? "auto" + (noneAllowed ? ", none" : "")
        : noneAllowed ? "none" : "")
        + ", a single ASCII character, or tab, comma, semicolon, pipe, space, colon";
    String shown = expected.startsWith(", ") ? expected.substring(2) : expected;
    return new ValueParser<>(shown) {
      @Override
      CharSetting parse(String text) {
        if (autoAllowed && text.equalsIgnoreCase("auto")) {
          return CharSetting.AUTO;
        }
        if (noneAllowed && text.equalsIgnoreCase("none")) {
          return CharSetting.NONE;
        }
        Character c = CharNames.parse(text);
        if (c == null) {
          throw new IllegalArgumentException("expected " + shown);
        }
        return CharSetting.of(c);
      }
    };
  }

  /** {@code user}, {@code memory} or an absolute folder path. */
  static ValueParser<CacheLocation> cacheLocation() {
    return new ValueParser<>("user, memory, or an absolute folder path") {
      @Override
      CacheLocation parse(String text) {
        try {
          return CacheLocation.parse(text);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(e.getMessage() + "; expected " + expected);
        }
      }
    };
  }

  /** {@code auto} or a charset name Java knows. */
  static ValueParser<Optional<Charset>> charset() {
    return new ValueParser<>("auto or a charset name such as UTF-8, windows-1252, UTF-16LE") {
      @Override
      Optional<Charset> parse(String text) {
        if (text.trim().equalsIgnoreCase("auto")) {
          return Optional.empty();
        }
        try {
          return Optional.of(Charset.forName(text.trim()));
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
          throw new IllegalArgumentException("unknown charset; expected " + expected);
        }
      }
    };
  }
}
