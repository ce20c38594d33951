package io.csvws.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Parsing connection properties: defaults, each value type, and what is refused. */
class ConnectionConfigTest {
  private static final String VALID_KEYS = "delimiter, quote, escape, comment, skipLines, trim, "
      + "nullTokens, header, charset, inferTypes, sampleRows, onTypeError, onEncodingError, "
      + "onRaggedRow, queryTimeout, maxRecordBytes, maxColumns, maxCellChars, metadataCache";

  private static ConnectionConfig parse(String... keyValues) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      m.put(keyValues[i], keyValues[i + 1]);
    }
    return ConnectionConfig.parse(m);
  }

  private static CsvwsException refused(Map<String, String> properties) {
    try {
      ConnectionConfig.parse(properties);
    } catch (CsvwsException e) {
      assertThat(e.code()).isEqualTo(ErrorCode.VALIDATION_FAILED);
      return e;
    }
    throw new AssertionError("accepted " + properties);
  }

  /** One line per property: change a default and this test says which. */
  @Test
  void everyDefault() {
    ConnectionConfig c = ConnectionConfig.defaults();

    assertThat(c.delimiter()).isEqualTo(CharSetting.AUTO);
    assertThat(c.quote()).isEqualTo(CharSetting.AUTO);
    assertThat(c.escape()).isEqualTo(CharSetting.AUTO);
    assertThat(c.comment()).isEqualTo(CharSetting.NONE);
    assertThat(c.skipLines()).as("auto").isEmpty();
    assertThat(c.trim()).isEqualTo(TrimMode.AUTO);
    assertThat(c.nullTokens()).containsExactly("NA", "N/A", "NULL", "null");
    assertThat(c.onEncodingError()).isEqualTo(EncodingErrorPolicy.REPLACE);
    assertThat(c.onRaggedRow()).isEqualTo(RaggedRowPolicy.PAD);
    assertThat(c.queryTimeout()).as("no limit").isEmpty();
    assertThat(c.header()).isEqualTo(HeaderMode.AUTO);
    assertThat(c.charset()).isEmpty();
    assertThat(c.inferTypes()).isTrue();
    assertThat(c.sampleRows()).isEqualTo(10_000);
    assertThat(c.onTypeError()).isEqualTo(TypeErrorPolicy.FAIL);
    assertThat(c.maxRecordBytes()).isEqualTo(64 << 20);
    assertThat(c.maxColumns()).isEqualTo(100_000);
    assertThat(c.maxCellChars()).as("values whole").isEmpty();
    assertThat(c.metadataCache()).isEqualTo(CacheLocation.USER);
    assertThat(CsvwsProperty.values()).as("a new property needs its default pinned above")
        .hasSize(19);
  }

  /** The text defaults, as the properties reference and getPropertyInfo show them. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("defaultTexts")
  void everyDefaultText(CsvwsProperty p, String key, String text, PropertyScope scope) {
    assertThat(p.key()).isEqualTo(key);
    assertThat(p.defaultValue()).isEqualTo(text);
    assertThat(p.scope()).isEqualTo(scope);
    assertThat(p.description()).isNotBlank();
    assertThat(p.expected()).isNotBlank();
    assertThat(ConnectionConfig.parse(Map.of(key, text)).readingKey())
        .as("the default text parses to the default")
        .isEqualTo(ConnectionConfig.defaults().readingKey());
  }

  static Stream<Arguments> defaultTexts() {
    Stream<Arguments> rows = Stream.of(
        Arguments.of(CsvwsProperty.DELIMITER, "delimiter", "auto", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.QUOTE, "quote", "auto", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.ESCAPE, "escape", "auto", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.COMMENT, "comment", "none", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.SKIP_LINES, "skipLines", "auto", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.TRIM, "trim", "auto", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.NULL_TOKENS, "nullTokens", "NA,N/A,NULL,null",
            PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.ON_ENCODING_ERROR, "onEncodingError", "replace",
            PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.ON_RAGGED_ROW, "onRaggedRow", "pad", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.QUERY_TIMEOUT, "queryTimeout", "0", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.HEADER, "header", "auto", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.CHARSET, "charset", "auto", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.INFER_TYPES, "inferTypes", "true", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.SAMPLE_ROWS, "sampleRows", "10000", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.ON_TYPE_ERROR, "onTypeError", "fail", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.MAX_RECORD_BYTES, "maxRecordBytes", "67108864",
            PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.MAX_COLUMNS, "maxColumns", "100000", PropertyScope.SERVER),
        Arguments.of(CsvwsProperty.MAX_CELL_CHARS, "maxCellChars", "0", PropertyScope.CLIENT),
        Arguments.of(CsvwsProperty.METADATA_CACHE, "metadataCache", "user", PropertyScope.SERVER));
    return rows;
  }

  @Test
  void theDefaultTextTableCoversEveryProperty() {
    assertThat(defaultTexts().map(a -> a.get()[0]))
        .containsExactlyInAnyOrder((Object[]) CsvwsProperty.values());
  }

  static Stream<Arguments> validValues() {
    Function<ConnectionConfig, Object> delimiter = ConnectionConfig::delimiter;
    Function<ConnectionConfig, Object> quote = ConnectionConfig::quote;
    Function<ConnectionConfig, Object> header = ConnectionConfig::header;
    Function<ConnectionConfig, Object> charset = ConnectionConfig::charset;
    Function<ConnectionConfig, Object> infer = ConnectionConfig::inferTypes;
    Function<ConnectionConfig, Object> sample = ConnectionConfig::sampleRows;
    Function<ConnectionConfig, Object> onError = ConnectionConfig::onTypeError;
    Function<ConnectionConfig, Object> maxRecord = ConnectionConfig::maxRecordBytes;
    Function<ConnectionConfig, Object> maxCell = ConnectionConfig::maxCellChars;
    return Stream.of(
        Arguments.of("delimiter", "auto", delimiter, CharSetting.AUTO),
        Arguments.of("delimiter", "AUTO", delimiter, CharSetting.AUTO),
        Arguments.of("delimiter", ";", delimiter, CharSetting.of(';')),
        Arguments.of("delimiter", "tab", delimiter, CharSetting.of('\t')),
        Arguments.of("delimiter", "TAB", delimiter, CharSetting.of('\t')),
        Arguments.of("delimiter", "\\t", delimiter, CharSetting.of('\t')),
        Arguments.of("delimiter", "\t", delimiter, CharSetting.of('\t')),
        Arguments.of("delimiter", "comma", delimiter, CharSetting.of(',')),
        Arguments.of("delimiter", "semicolon", delimiter, CharSetting.of(';')),
        Arguments.of("delimiter", "pipe", delimiter, CharSetting.of('|')),
        Arguments.of("delimiter", "space", delimiter, CharSetting.of(' ')),
        Arguments.of("delimiter", " ", delimiter, CharSetting.of(' ')),
        Arguments.of("delimiter", "colon", delimiter, CharSetting.of(':')),
        Arguments.of("quote", "none", quote, CharSetting.NONE),
        Arguments.of("quote", "'", quote, CharSetting.of('\'')),
        Arguments.of("quote", "singlequote", quote, CharSetting.of('\'')),
        Arguments.of("quote", "doublequote", quote, CharSetting.of('"')),
        Arguments.of("header", "true", header, HeaderMode.PRESENT),
        Arguments.of("header", "present", header, HeaderMode.PRESENT),
        Arguments.of("header", "false", header, HeaderMode.ABSENT),
        Arguments.of("header", "Absent", header, HeaderMode.ABSENT),
        Arguments.of("header", "AUTO", header, HeaderMode.AUTO),
        Arguments.of("header", " true ", header, HeaderMode.PRESENT),
        Arguments.of("charset", "UTF-8", charset, Optional.of(StandardCharsets.UTF_8)),
        Arguments.of("charset", "utf8", charset, Optional.of(StandardCharsets.UTF_8)),
        Arguments.of("charset", "windows-1252", charset,
            Optional.of(Charset.forName("windows-1252"))),
        Arguments.of("charset", "UTF-16LE", charset, Optional.of(StandardCharsets.UTF_16LE)),
        Arguments.of("charset", "Auto", charset, Optional.empty()),
        Arguments.of("charset", " auto ", charset, Optional.empty()),
        Arguments.of("inferTypes", "false", infer, false),
        Arguments.of("inferTypes", "TRUE", infer, true),
        Arguments.of("inferTypes", " false ", infer, false),
        Arguments.of("sampleRows", "1", sample, 1),
        Arguments.of("sampleRows", "10000000", sample, 10_000_000),
        Arguments.of("sampleRows", " 500 ", sample, 500),
        Arguments.of("onTypeError", "null", onError, TypeErrorPolicy.NULL),
        Arguments.of("onTypeError", "FAIL", onError, TypeErrorPolicy.FAIL),
        Arguments.of("maxRecordBytes", "1024", maxRecord, 1024),
        Arguments.of("maxRecordBytes", "1073741824", maxRecord, 1 << 30),
        Arguments.of("maxCellChars", "0", maxCell, OptionalInt.empty()),
        Arguments.of("maxCellChars", "2147483647", maxCell,
            OptionalInt.of(Integer.MAX_VALUE)));
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("validValues")
  void parsesValidValues(String key, String text, Function<ConnectionConfig, Object> getter,
      Object expected) {
    ConnectionConfig c = parse(key, text);

    assertThat(getter.apply(c)).isEqualTo(expected);
    assertThat(c.givenProperties()).containsExactly(Map.entry(key, text));
  }

  static Stream<Arguments> invalidValues() {
    return Stream.of(
        Arguments.of("delimiter", "none", "expected auto, a single ASCII character"),
        Arguments.of("delimiter", ",,", "expected auto, a single ASCII character"),
        Arguments.of("delimiter", "é", "expected auto"),
        Arguments.of("delimiter", "\n", "expected auto"),
        Arguments.of("delimiter", "\r", "expected auto"),
        Arguments.of("delimiter", "", "expected auto"),
        Arguments.of("delimiter", "\0", "expected auto"),
        Arguments.of("quote", "''", "expected auto, none, a single ASCII character"),
        Arguments.of("header", "maybe", "expected one of auto, present, absent"),
        Arguments.of("header", "", "expected one of auto, present, absent"),
        Arguments.of("charset", "no-such-charset", "unknown charset; expected auto or a charset"),
        Arguments.of("charset", "", "unknown charset"),
        Arguments.of("inferTypes", "yes", "expected true or false"),
        Arguments.of("inferTypes", "1", "expected true or false"),
        Arguments.of("sampleRows", "0", "expected an integer from 1 to 10000000"),
        Arguments.of("sampleRows", "10000001", "expected an integer from 1 to 10000000"),
        Arguments.of("sampleRows", "ten", "expected an integer from 1 to 10000000"),
        Arguments.of("sampleRows", "1e3", "expected an integer from 1 to 10000000"),
        Arguments.of("sampleRows", "99999999999", "expected an integer from 1 to 10000000"),
        Arguments.of("onTypeError", "skip", "expected one of fail, null"),
        Arguments.of("maxRecordBytes", "1023", "expected an integer from 1024 to 1073741824"),
        Arguments.of("maxRecordBytes", "1073741825", "expected an integer from 1024"),
        Arguments.of("maxCellChars", "-1", "expected an integer from 0 to 2147483647"),
        Arguments.of("maxCellChars", "2147483648", "expected an integer from 0 to 2147483647"),
        Arguments.of("metadataCache", "relative/folder",
            "a folder must be an absolute path; expected user, memory, or an absolute folder path"),
        Arguments.of("metadataCache", "", "a folder must be an absolute path"));
  }

  @ParameterizedTest(name = "{0}=\"{1}\"")
  @MethodSource("invalidValues")
  void refusesInvalidValuesNamingPropertyAndValue(String key, String text, String expected) {
    CsvwsException e = refused(Map.of(key, text));

    assertThat(e.getMessage())
        .startsWith("Property '" + key + "' has an invalid value '"
            + ConnectionConfig.printable(text) + "': ")
        .contains(expected);
  }

  /** A line break, a tab or a NUL given as a value is shown escaped, not as a blank. */
  @Test
  void controlCharactersInAValueAreShownEscaped() {
    assertThat(refused(Map.of("delimiter", "\n")).getMessage())
        .startsWith("Property 'delimiter' has an invalid value '\\n': ");
    assertThat(refused(Map.of("delimiter", "\0")).getMessage())
        .startsWith("Property 'delimiter' has an invalid value '\\u0000': ");
  }

  @Test
  void aNullValueIsAnEmptyValue() {
    Map<String, String> m = new HashMap<>();
    m.put("maxCellChars", null);

    assertThat(refused(m).getMessage())
        .startsWith("Property 'maxCellChars' has an invalid value ''");
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"maxcellchars", "MAXCELLCHARS", "MaxCellChars", " maxCellChars "})
  void keysMatchIgnoringCase(String key) {
    ConnectionConfig c = parse(key, "7");

    assertThat(c.maxCellChars()).hasValue(7);
    assertThat(c.givenProperties()).containsExactly(Map.entry("maxCellChars", "7"));
  }

  @Test
  void aKeyGivenTwiceInDifferentCaseIsRefused() {
    assertThat(refused(Map.of("sampleRows", "5", "SAMPLEROWS", "6")).getMessage())
        .isEqualTo("Property 'sampleRows' is given twice; give it once.");
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"foo", "delimeter", "maxCells", "user", "password", ""})
  void unknownKeysListTheValidOnes(String key) {
    assertThat(refused(Map.of(key, "1")).getMessage())
        .isEqualTo("Unknown property '" + key + "'. Valid properties: " + VALID_KEYS + ".");
  }

  @ParameterizedTest(name = "\"{0}\"")
  @ValueSource(strings = {"model", "MODEL", " model ", "schemaFactory", "schema", "schema.dir",
      "schema.anything.deeper", "parserFactory", "fun", "lex", "caseSensitive", "conformance",
      "typeSystem", "timeZone", "forceDecorrelate", "materializationsEnabled"})
  void calciteKeysAreRefusedAsSuch(String key) {
    assertThat(refused(Map.of(key, "x")).getMessage())
        .startsWith("Property '" + key.trim() + "' is a Calcite engine property; csvws does not "
            + "accept it because it could change what the connection can read.")
        .endsWith("Valid properties: " + VALID_KEYS + ".");
  }

  @Test
  void theCommentCharacterIsNeverGuessed() {
    assertThat(refused(Map.of("comment", "auto")).getMessage())
        .isEqualTo("Property 'comment' has an invalid value 'auto': expected none, a single ASCII "
            + "character, or tab, comma, semicolon, pipe, space, colon.");
    assertThat(parse("comment", "#").comment()).isEqualTo(CharSetting.of('#'));
    assertThat(parse("comment", "none").comment()).isEqualTo(CharSetting.NONE);
  }

  @Test
  void readingSettingsSayWhatTheyExpect() {
    assertThat(refused(Map.of("skipLines", "-3")).getMessage())
        .contains("expected auto or an integer from 0 to 10000");
    assertThat(refused(Map.of("trim", "maybe")).getMessage())
        .contains("expected one of auto, always, never");
    assertThat(refused(Map.of("onRaggedRow", "drop")).getMessage())
        .contains("expected one of pad, fail");
    assertThat(refused(Map.of("escape", "ab")).getMessage()).contains("a single ASCII character");
    assertThat(parse("nullTokens", " -, ?,,NA ").nullTokens()).containsExactly("-", "?", "NA");
    assertThat(parse("nullTokens", "").nullTokens()).isEmpty();
  }

  @Test
  void theDelimiterCannotBeTheQuote() {
    assertThat(refused(Map.of("delimiter", "\"")).getMessage())
        .isEqualTo("Properties 'delimiter' and 'quote' are both '\"'; fields could not be told "
            + "apart from quotes. Give another delimiter, or quote=none.");
    assertThat(refused(Map.of("delimiter", "\"", "quote", "auto")).getMessage())
        .contains("are both '\"'");
    assertThat(refused(Map.of("delimiter", "'", "quote", "singlequote")).getMessage())
        .contains("delimiter").contains("quote");
    assertThat(parse("delimiter", "\"", "quote", "none").delimiter())
        .isEqualTo(CharSetting.of('"'));
  }

  @Test
  void withAppliesOverridesOnTopOfTheGivenValues() {
    ConnectionConfig base = parse("delimiter", ";", "sampleRows", "5");

    ConnectionConfig c = base.with(Map.of("SAMPLEROWS", "9", "maxCellChars", "3"));

    assertThat(c.delimiter()).isEqualTo(CharSetting.of(';'));
    assertThat(c.sampleRows()).isEqualTo(9);
    assertThat(c.maxCellChars()).hasValue(3);
    assertThat(base.sampleRows()).as("the original is unchanged").isEqualTo(5);
    assertThatThrownBy(() -> base.with(Map.of("model", "x")))
        .isInstanceOf(CsvwsException.class).hasMessageContaining("Calcite engine property");
  }

  @Test
  void serverScopedKeysGivenAreNamed() {
    assertThat(parse("maxCellChars", "5", "charset", "UTF-8", "delimiter", ";")
        .serverScopedKeysGiven()).containsExactly("charset", "delimiter");
    assertThat(parse("maxCellChars", "5").serverScopedKeysGiven()).isEmpty();
  }

  /**
   * The metadata cache is a hash map keyed on the reading key, so unequal keys also hash apart
   * (not always: skipLines auto and 0 are OptionalInt's empty and 0, which both hash to 0).
   */
  @Test
  void theReadingKeyHoldsWhatChangesHowAFileIsRead() {
    ConnectionConfig d = ConnectionConfig.defaults();

    assertThat(parse("maxCellChars", "5", "onTypeError", "null").readingKey())
        .isEqualTo(d.readingKey()).hasSameHashCodeAs(d.readingKey());
    assertThat(parse("metadataCache", "memory").readingKey()).isEqualTo(d.readingKey());
    for (String[] kv : new String[][] {{"delimiter", ";"}, {"quote", "none"}, {"header", "true"},
        {"charset", "UTF-8"}, {"inferTypes", "false"}, {"sampleRows", "7"}}) {
      assertThat(parse(kv).readingKey()).as(Arrays.toString(kv)).isNotEqualTo(d.readingKey());
      assertThat(parse(kv).readingKey().hashCode()).as(Arrays.toString(kv))
          .isNotEqualTo(d.readingKey().hashCode());
    }
  }

  @Test
  void enumeratedPropertiesListTheirChoices() {
    assertThat(CsvwsProperty.HEADER.choices()).containsExactly("auto", "present", "absent");
    assertThat(CsvwsProperty.ON_TYPE_ERROR.choices()).containsExactly("fail", "null");
    assertThat(CsvwsProperty.INFER_TYPES.choices()).containsExactly("true", "false");
    assertThat(CsvwsProperty.SAMPLE_ROWS.choices()).isNull();
    assertThat(CsvwsProperty.keyList()).isEqualTo(VALID_KEYS);
  }

  @Test
  void onlyPresentationPropertiesAreClientKeys() {
    assertThat(CsvwsProperty.clientKeys()).containsExactly("maxCellChars");
  }
}
