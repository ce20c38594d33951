package io.csvws.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Single-character settings, the names users give characters, and how both are shown. */
class CharSettingTest {
  @Test
  void onlyAsciiCharactersAreSettings() {
    assertThat(CharSetting.of('\u007f').value()).isEqualTo('\u007f');
    assertThat(CharSetting.of('\0').kind()).isEqualTo(CharSetting.Kind.CHAR);
    assertThatThrownBy(() -> CharSetting.of('\u0080'))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not an ASCII character: \u0080");
    assertThatThrownBy(() -> CharSetting.of('é')).isInstanceOf(IllegalArgumentException.class);
    assertThat(new CharSetting(CharSetting.Kind.AUTO, 'é').isAuto())
        .as("only a given character must be ASCII").isTrue();
  }

  @Test
  void settingsAreEqualByKindAndCharacter() {
    assertThat(CharSetting.of(',')).isEqualTo(CharSetting.of(','))
        .hasSameHashCodeAs(CharSetting.of(','))
        .isNotEqualTo(CharSetting.of(';')).isNotEqualTo(new CharSetting(CharSetting.Kind.AUTO, ','))
        .isNotEqualTo(",");
    assertThat(CharSetting.AUTO).isEqualTo(new CharSetting(CharSetting.Kind.AUTO, '\0'))
        .isNotEqualTo(CharSetting.NONE);
  }

  /** Settings are part of every file's metadata key, so unequal ones must spread the hash. */
  @Test
  void settingsOfAnotherKindOrCharacterHashApart() {
    assertThat(CharSetting.of(',').hashCode())
        .isNotEqualTo(CharSetting.of(';').hashCode())
        .isNotEqualTo(new CharSetting(CharSetting.Kind.AUTO, ',').hashCode());
    assertThat(CharSetting.AUTO.hashCode()).isNotEqualTo(CharSetting.NONE.hashCode());
  }

  @Test
  void autoIsTheOnlyAutomaticSetting() {
    assertThat(CharSetting.AUTO.isAuto()).isTrue();
    assertThat(CharSetting.NONE.isAuto()).isFalse();
    assertThat(CharSetting.of(',').isAuto()).isFalse();
  }

  @Test
  void settingsShowAsUsersWriteThem() {
    assertThat(CharSetting.AUTO).hasToString("auto");
    assertThat(CharSetting.NONE).hasToString("none");
    assertThat(CharSetting.of('\t')).hasToString("tab");
    assertThat(CharSetting.of(' ')).hasToString("space");
    assertThat(CharSetting.of(';')).hasToString(";");
    assertThat(CharSetting.of('\u0001')).hasToString("\\u0001");
  }

  @Test
  void namesEscapesAndSingleCharacters() {
    assertThat(CharNames.parse("Pipe")).isEqualTo('|');
    assertThat(CharNames.parse("DOUBLEQUOTE")).isEqualTo('"');
    assertThat(CharNames.parse("singlequote")).isEqualTo('\'');
    assertThat(CharNames.parse("backslash")).isEqualTo('\\');
    assertThat(CharNames.parse("\\t")).isEqualTo('\t');
    assertThat(CharNames.parse("\u007f")).as("DEL is ASCII").isEqualTo('\u007f');
    assertThat(CharNames.parse("\u0001")).isEqualTo('\u0001');
    assertThat(CharNames.parse("\u0080")).isNull();
    assertThat(CharNames.parse("\0")).isNull();
    assertThat(CharNames.parse("\n")).isNull();
    assertThat(CharNames.parse("\r")).isNull();
    assertThat(CharNames.parse("")).isNull();
    assertThat(CharNames.parse("ab")).isNull();
  }

  @Test
  void messagesShowControlCharactersEscaped() {
    assertThat(ConnectionConfig.printable("a b\n\r\t\u001f\u007f~"))
        .isEqualTo("a b\\n\\r\\t\\u001f\\u007f~");
    assertThat(ConnectionConfig.printable(" ")).isEqualTo(" ");
    assertThat(ConnectionConfig.printable("\u0080é")).isEqualTo("\u0080é");
  }
}
