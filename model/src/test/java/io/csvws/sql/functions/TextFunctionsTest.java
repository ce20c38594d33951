package io.csvws.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import org.junit.jupiter.api.Test;

/**
 * csvws's text functions called as Calcite calls them: lengths, positions and substrings in code
 * points (an emoji is one character), trimming, regular expressions, NULLs and bad arguments.
 */
class TextFunctionsTest {
  private static final String EMOJI = "\uD83D\uDE00"; // U+1F600, two UTF-16 units

  @Test
  void lengthCountsCodePoints() {
    assertThat(TextFunctions.charLength("abc")).isEqualTo(3);
    assertThat(TextFunctions.charLength("a" + EMOJI + "b")).isEqualTo(3);
    assertThat(TextFunctions.charLength("")).isZero();
    assertThat(TextFunctions.charLength(null)).isNull();
  }

  @Test
  void regexpMatchesFindsThePatternAnywhere() {
    assertThat(TextFunctions.regexpMatches("abc123", "[0-9]+")).isTrue();
    assertThat(TextFunctions.regexpMatches("abc", "^b")).isFalse();
    assertThat(TextFunctions.regexpMatches("abc", "b")).isTrue();
    assertThat(TextFunctions.regexpMatches(null, "b")).isNull();
    assertThat(TextFunctions.regexpMatches("abc", null)).isNull();
    assertThatThrownBy(() -> TextFunctions.regexpMatches("abc", "(a"))
        .isInstanceOf(CsvwsException.class)
        .satisfies(e -> assertThat(((CsvwsException) e).code())
            .isEqualTo(ErrorCode.INVALID_ARGUMENT))
        .hasMessageStartingWith("REGEXP_MATCHES: '(a' is not a valid regular expression: ")
        .hasMessageEndingWith(".");
  }

  @Test
  void btrimTakesCharactersOffBothEnds() {
    assertThat(TextFunctions.btrim("  a b  ")).isEqualTo("a b");
    assertThat(TextFunctions.btrim("\ta\t")).as("only spaces by default").isEqualTo("\ta\t");
    assertThat(TextFunctions.btrim("xyaxbyx", "xy")).isEqualTo("axb");
    assertThat(TextFunctions.btrim("xxx", "x")).isEmpty();
    assertThat(TextFunctions.btrim("", "x")).isEmpty();
    assertThat(TextFunctions.btrim("abc", "")).isEqualTo("abc");
    assertThat(TextFunctions.btrim(EMOJI + "a" + EMOJI, EMOJI)).isEqualTo("a");
    assertThat(TextFunctions.btrim(EMOJI + EMOJI, EMOJI)).isEmpty();
    assertThat(TextFunctions.btrim("a" + EMOJI, EMOJI + "a")).isEmpty();
    assertThat(TextFunctions.btrim("ab", "a")).isEqualTo("b");
    assertThat(TextFunctions.btrim("ab", "b")).isEqualTo("a");
    assertThat(TextFunctions.btrim(null)).isNull();
    assertThat(TextFunctions.btrim(null, "x")).isNull();
    assertThat(TextFunctions.btrim("x", null)).isNull();
  }

  @Test
  void substringCountsCodePointsFromOne() {
    String s = "a" + EMOJI + "cde";
    assertThat(TextFunctions.substring(s, 2, 2)).isEqualTo(EMOJI + "c");
    assertThat(TextFunctions.substring(s, 1, 1)).isEqualTo("a");
    assertThat(TextFunctions.substring(s, 3)).isEqualTo("cde");
    assertThat(TextFunctions.substring(s, 5)).isEqualTo("e");
    assertThat(TextFunctions.substring(s, 6)).isEmpty();
    assertThat(TextFunctions.substring(s, 5, 1)).isEqualTo("e");
    assertThat(TextFunctions.substring(s, 5, 2)).isEqualTo("e");
    assertThat(TextFunctions.substring(s, 4, 2)).isEqualTo("de");
    assertThat(TextFunctions.substring(s, 6, 1)).isEmpty();
    assertThat(TextFunctions.substring(s, 1, 0)).isEmpty();
    assertThat(TextFunctions.substring(s, 1, 5)).isEqualTo(s);
    assertThat(TextFunctions.substring(s, 1, 4)).isEqualTo("a" + EMOJI + "cd");
  }

  @Test
  void aStartBeforeOneShortensTheResult() {
    assertThat(TextFunctions.substring("abcde", 0, 3)).isEqualTo("ab");
    assertThat(TextFunctions.substring("abcde", -1, 3)).isEqualTo("a");
    assertThat(TextFunctions.substring("abcde", -2, 3)).isEmpty();
    assertThat(TextFunctions.substring("abcde", 0)).isEqualTo("abcde");
    assertThat(TextFunctions.substring("abcde", -5)).isEqualTo("abcde");
    assertThat(TextFunctions.substring("abcde", Integer.MAX_VALUE, Integer.MAX_VALUE)).isEmpty();
    assertThat(TextFunctions.substring("abcde", 2, Integer.MAX_VALUE)).isEqualTo("bcde");
  }

  @Test
  void substringOfNullIsNullAndANegativeLengthIsAnError() {
    assertThat(TextFunctions.substring(null, 1, 2)).isNull();
    assertThat(TextFunctions.substring(null, 1)).isNull();
    assertThat(TextFunctions.substring(null, 1, -1)).as("NULL before the length check")
        .isNull();
    assertThatThrownBy(() -> TextFunctions.substring("abc", 1, -1))
        .isInstanceOf(CsvwsException.class)
        .satisfies(e -> assertThat(((CsvwsException) e).code())
            .isEqualTo(ErrorCode.INVALID_ARGUMENT))
        .hasMessage("SUBSTRING: the length -1 is negative.");
  }

  @Test
  void positionCountsCodePointsAndIsZeroWhenAbsent() {
    assertThat(TextFunctions.position("c", "a" + EMOJI + "c")).isEqualTo(3);
    assertThat(TextFunctions.position("a", "abc")).isEqualTo(1);
    assertThat(TextFunctions.position("z", "abc")).isZero();
    assertThat(TextFunctions.position("", "abc")).isEqualTo(1);
    assertThat(TextFunctions.position(null, "abc")).isNull();
    assertThat(TextFunctions.position("a", null)).isNull();
  }
}
