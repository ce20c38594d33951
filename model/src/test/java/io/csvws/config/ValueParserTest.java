package io.csvws.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Each kind of value parser on its own, as {@link CsvwsProperty} builds them: what it accepts,
 * what it returns, what it says it expects and the choices it lists.
 */
class ValueParserTest {
  @Test
  void booleans() {
    ValueParser<Boolean> p = ValueParser.bool();

    assertThat(p.parse(" TRUE ")).isTrue();
    assertThat(p.parse("false")).isFalse();
    assertThat(p.expected).isEqualTo("true or false");
    assertThat(p.choices()).containsExactly("true", "false");
    assertThatThrownBy(() -> p.parse("yes")).hasMessage("expected true or false");
  }

  @Test
  void integersInARange() {
    ValueParser<Integer> p = ValueParser.integer(2, 5);

    assertThat(p.parse("2")).isEqualTo(2);
    assertThat(p.parse(" 5 ")).isEqualTo(5);
    assertThat(p.expected).isEqualTo("an integer from 2 to 5");
    assertThat(p.choices()).isNull();
    for (String bad : new String[] {"1", "6", "x", "", "2.0"}) {
      assertThatThrownBy(() -> p.parse(bad)).as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("expected an integer from 2 to 5");
    }
  }

  @Test
  void integersOrAuto() {
    ValueParser<OptionalInt> p = ValueParser.integerOrAuto(1, 3);

    assertThat(p.parse("Auto")).isEmpty();
    assertThat(p.parse(" auto ")).isEmpty();
    assertThat(p.parse("1")).hasValue(1);
    assertThat(p.parse("3")).hasValue(3);
    assertThat(p.expected).isEqualTo("auto or an integer from 1 to 3");
    assertThatThrownBy(() -> p.parse("0")).hasMessage("expected auto or an integer from 1 to 3");
    assertThatThrownBy(() -> p.parse("autox"))
        .hasMessage("expected auto or an integer from 1 to 3");
  }

  @Test
  void limitsWhereZeroMeansNone() {
    ValueParser<OptionalInt> p = ValueParser.limit(9);

    assertThat(p.parse("0")).isEmpty();
    assertThat(p.parse("1")).hasValue(1);
    assertThat(p.parse("9")).hasValue(9);
    assertThat(p.expected).isEqualTo("an integer from 0 to 9");
    assertThat(p.choices()).isNull();
    assertThatThrownBy(() -> p.parse("10")).hasMessage("expected an integer from 0 to 9");
    assertThatThrownBy(() -> p.parse("-1")).hasMessage("expected an integer from 0 to 9");
  }

  @Test
  void lists() {
    ValueParser<List<String>> p = ValueParser.list();

    assertThat(p.parse(" a ,b,,a, ")).containsExactly("a", "b");
    assertThat(p.parse("")).isEmpty();
    assertThat(p.expected).isEqualTo("comma-separated values, or nothing for none");
  }

  @Test
  void enumerationsWithAliases() {
    ValueParser<TrimMode> p = ValueParser.enumeration(TrimMode.class, "yes", "always", "no",
        "never");

    assertThat(p.parse("YES")).isEqualTo(TrimMode.ALWAYS);
    assertThat(p.parse(" no ")).isEqualTo(TrimMode.NEVER);
    assertThat(p.parse("auto")).isEqualTo(TrimMode.AUTO);
    assertThat(p.parse("Never")).isEqualTo(TrimMode.NEVER);
    assertThat(p.expected).isEqualTo("one of auto, always, never");
    assertThat(p.choices()).containsExactly("auto", "always", "never");
    assertThatThrownBy(() -> p.parse("always!")).hasMessage("expected one of auto, always, never");
    assertThat(ValueParser.enumeration(HeaderMode.class).parse("absent"))
        .isEqualTo(HeaderMode.ABSENT);
  }

  @Test
  void charactersWithAutoAndNone() {
    ValueParser<CharSetting> both = ValueParser.character(true);
    ValueParser<CharSetting> autoOnly = ValueParser.character(false);
    ValueParser<CharSetting> noneOnly = ValueParser.character(false, true);
    ValueParser<CharSetting> neither = ValueParser.character(false, false);

    assertThat(both.parse("AUTO")).isEqualTo(CharSetting.AUTO);
    assertThat(both.parse("None")).isEqualTo(CharSetting.NONE);
    assertThat(both.parse("|")).isEqualTo(CharSetting.of('|'));
    assertThat(autoOnly.parse("auto")).isEqualTo(CharSetting.AUTO);
    assertThat(noneOnly.parse("none")).isEqualTo(CharSetting.NONE);
    assertThat(neither.parse("tab")).isEqualTo(CharSetting.of('\t'));

    String chars = "a single ASCII character, or tab, comma, semicolon, pipe, space, colon";
    assertThat(both.expected).isEqualTo("auto, none, " + chars);
    assertThat(autoOnly.expected).isEqualTo("auto, " + chars);
    assertThat(noneOnly.expected).isEqualTo("none, " + chars);
    assertThat(neither.expected).isEqualTo(chars);
    assertThatThrownBy(() -> autoOnly.parse("none")).hasMessage("expected auto, " + chars);
    assertThatThrownBy(() -> noneOnly.parse("auto")).hasMessage("expected none, " + chars);
    assertThatThrownBy(() -> neither.parse("auto")).hasMessage("expected " + chars);
    assertThatThrownBy(() -> neither.parse("none")).hasMessage("expected " + chars);
    assertThat(both.choices()).as("characters are an open set").isNull();
  }

  @Test
  void charsets() {
    ValueParser<Optional<java.nio.charset.Charset>> p = ValueParser.charset();

    assertThat(p.parse(" AUTO ")).isEmpty();
    assertThat(p.parse(" utf-8 ")).contains(StandardCharsets.UTF_8);
    assertThat(p.expected).isEqualTo("auto or a charset name such as UTF-8, windows-1252, "
        + "UTF-16LE");
    assertThatThrownBy(() -> p.parse("no such")).hasMessage("unknown charset; expected auto or "
        + "a charset name such as UTF-8, windows-1252, UTF-16LE");
    assertThatThrownBy(() -> p.parse("x-unknown-9"))
        .hasMessageStartingWith("unknown charset");
  }

  @Test
  void cacheLocations() {
    ValueParser<CacheLocation> p = ValueParser.cacheLocation();

    assertThat(p.parse("memory")).isEqualTo(CacheLocation.MEMORY);
    assertThat(p.parse(" user ")).isEqualTo(CacheLocation.USER);
    assertThat(p.parse("/a/b/")).isEqualTo(new CacheLocation(CacheLocation.Kind.FOLDER,
        Path.of("/a/b")));
    assertThat(p.expected).isEqualTo("user, memory, or an absolute folder path");
    assertThatThrownBy(() -> p.parse("a/b")).hasMessage("a folder must be an absolute path; "
        + "expected user, memory, or an absolute folder path");
    assertThatThrownBy(() -> p.parse("/a\0b")).hasMessage("not a path; "
        + "expected user, memory, or an absolute folder path");
  }

  @Test
  void everyPropertyParsesItsOwnDefault() {
    for (CsvwsProperty p : CsvwsProperty.values()) {
      assertThat(p.parse(p.defaultValue())).as(p.key())
          .isEqualTo(ConnectionConfig.defaults().value(p));
    }
  }
}
