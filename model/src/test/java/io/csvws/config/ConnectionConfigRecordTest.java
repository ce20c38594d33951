package io.csvws.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link ConnectionConfig} as a record: one typed component per {@link CsvwsProperty}, "auto" and
 * "none" as empty values rather than numbers, and a canonical constructor that holds what
 * {@code parse} holds.
 */
class ConnectionConfigRecordTest {
  private static final String GIVEN = "givenProperties";

  /** A value other than the default for every property, and what it parses to. */
  static Stream<Arguments> nonDefaults() {
    return Stream.of(
        Arguments.of(CsvwsProperty.DELIMITER, ";", CharSetting.of(';')),
        Arguments.of(CsvwsProperty.QUOTE, "none", CharSetting.NONE),
        Arguments.of(CsvwsProperty.ESCAPE, "backslash", CharSetting.of('\\')),
        Arguments.of(CsvwsProperty.COMMENT, "#", CharSetting.of('#')),
        Arguments.of(CsvwsProperty.SKIP_LINES, "0", OptionalInt.of(0)),
        Arguments.of(CsvwsProperty.TRIM, "always", TrimMode.ALWAYS),
        Arguments.of(CsvwsProperty.NULL_TOKENS, "-", List.of("-")),
        Arguments.of(CsvwsProperty.HEADER, "absent", HeaderMode.ABSENT),
        Arguments.of(CsvwsProperty.CHARSET, "UTF-16LE", Optional.of(StandardCharsets.UTF_16LE)),
        Arguments.of(CsvwsProperty.INFER_TYPES, "false", false),
        Arguments.of(CsvwsProperty.SAMPLE_ROWS, "7", 7),
        Arguments.of(CsvwsProperty.ON_TYPE_ERROR, "null", TypeErrorPolicy.NULL),
        Arguments.of(CsvwsProperty.ON_ENCODING_ERROR, "fail", EncodingErrorPolicy.FAIL),
        Arguments.of(CsvwsProperty.ON_RAGGED_ROW, "fail", RaggedRowPolicy.FAIL),
        Arguments.of(CsvwsProperty.QUERY_TIMEOUT, "30", OptionalInt.of(30)),
        Arguments.of(CsvwsProperty.MAX_RECORD_BYTES, "2048", 2048),
        Arguments.of(CsvwsProperty.MAX_COLUMNS, "5", 5),
        Arguments.of(CsvwsProperty.MAX_CELL_CHARS, "9", OptionalInt.of(9)),
        Arguments.of(CsvwsProperty.METADATA_CACHE, "memory", CacheLocation.MEMORY));
  }

  @Test
  void theNonDefaultTableCoversEveryProperty() {
    assertThat(nonDefaults().map(a -> a.get()[0]))
        .containsExactly((Object[]) CsvwsProperty.values());
  }

  /** The record and the enum cannot drift: the same names, in the same order, one to one. */
  @Test
  void everyPropertyIsExactlyOneComponentOfTheSameName() {
    List<String> names = new ArrayList<>();
    for (RecordComponent c : ConnectionConfig.class.getRecordComponents()) {
      names.add(c.getName());
    }

    assertThat(names).last().isEqualTo(GIVEN);
    assertThat(names.subList(0, names.size() - 1))
        .containsExactlyElementsOf(Arrays.stream(CsvwsProperty.values())
            .map(CsvwsProperty::key).toList());
  }

  /**
   * Each property's value lands in its own component and in no other, and {@link
   * ConnectionConfig#value} reads that component.
   */
  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("nonDefaults")
  void eachPropertySetsItsComponentAndNoOther(CsvwsProperty p, String text, Object expected) {
    ConnectionConfig c = ConnectionConfig.parse(Map.of(p.key(), text));

    assertThat(c.value(p)).isEqualTo(expected);
    assertThat(ConnectionConfig.defaults().value(p)).as("the sample is not the default")
        .isNotEqualTo(expected);
    for (RecordComponent rc : ConnectionConfig.class.getRecordComponents()) {
      Object value = component(c, rc);
      if (rc.getName().equals(p.key())) {
        assertThat(value).as(rc.getName()).isEqualTo(expected);
      } else if (rc.getName().equals(GIVEN)) {
        assertThat(value).isEqualTo(Map.of(p.key(), text));
      } else {
        assertThat(value).as(rc.getName()).isEqualTo(component(ConnectionConfig.defaults(), rc));
      }
    }
    for (CsvwsProperty other : CsvwsProperty.values()) {
      assertThat(component(c, componentNamed(other.key()))).as(other.key())
          .isEqualTo(c.value(other));
    }
  }

  /** A property that shapes metadata changes the reading key; the others do not. */
  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("nonDefaults")
  void theReadingKeyChangesExactlyForPropertiesThatShapeMetadata(CsvwsProperty p, String text,
      Object expected) {
    ConnectionConfig c = ConnectionConfig.parse(Map.of(p.key(), text));

    assertThat(c.readingKey().equals(ConnectionConfig.defaults().readingKey()))
        .as(p.key()).isEqualTo(!p.shapesMetadata());
  }

  @Test
  void whatShapesMetadataIsPinned() {
    Set<CsvwsProperty> scanning = EnumSet.of(CsvwsProperty.ON_TYPE_ERROR,
        CsvwsProperty.ON_ENCODING_ERROR, CsvwsProperty.ON_RAGGED_ROW,
        CsvwsProperty.MAX_RECORD_BYTES, CsvwsProperty.QUERY_TIMEOUT,
        CsvwsProperty.MAX_CELL_CHARS, CsvwsProperty.METADATA_CACHE);
    for (CsvwsProperty p : CsvwsProperty.values()) {
      assertThat(p.shapesMetadata()).as(p.key()).isEqualTo(!scanning.contains(p));
    }
    assertThat(ConnectionConfig.defaults().readingKey().values())
        .as("the charset by name; auto as the empty name")
        .hasSize(CsvwsProperty.values().length - scanning.size())
        .contains("", OptionalInt.empty());
    assertThat(ConnectionConfig.parse(Map.of("charset", "utf8")).readingKey().values())
        .contains("UTF-8");
  }

  /** skipLines: auto is empty, and 0 is a given number of lines, not auto. */
  @Test
  void skipLinesAutoIsEmptyAndZeroIsGiven() {
    assertThat(parse("skipLines", "auto").skipLines()).isEmpty();
    assertThat(parse("skipLines", " AUTO ").skipLines()).isEmpty();
    assertThat(parse("skipLines", "0").skipLines()).hasValue(0);
    assertThat(parse("skipLines", "3").skipLines()).hasValue(3);
    assertThat(parse("skipLines", "10000").skipLines()).hasValue(10_000);
    for (String bad : new String[] {"-1", "10001", "x", "", "3.0"}) {
      assertThat(refused(Map.of("skipLines", bad)).getMessage()).as(bad)
          .isEqualTo("Property 'skipLines' has an invalid value '" + bad + "': expected auto or "
              + "an integer from 0 to 10000.");
    }
    assertThat(parse("skipLines", "auto").readingKey())
        .isNotEqualTo(parse("skipLines", "0").readingKey());
  }

  /** queryTimeout and maxCellChars: 0 as written means no limit, and is held as empty. */
  @Test
  void limitsOfZeroAreEmpty() {
    assertThat(parse("queryTimeout", "0").queryTimeout()).isEmpty();
    assertThat(parse("queryTimeout", " 00 ").queryTimeout()).isEmpty();
    assertThat(parse("queryTimeout", "1").queryTimeout()).hasValue(1);
    assertThat(parse("queryTimeout", "86400").queryTimeout()).hasValue(86_400);
    assertThat(parse("maxCellChars", "1").maxCellChars()).hasValue(1);
    assertThat(refused(Map.of("queryTimeout", "86401")).getMessage())
        .isEqualTo("Property 'queryTimeout' has an invalid value '86401': expected an integer "
            + "from 0 to 86400.");
    assertThat(refused(Map.of("queryTimeout", "-1")).getMessage())
        .endsWith("expected an integer from 0 to 86400.");
    assertThat(refused(Map.of("queryTimeout", "none")).getMessage())
        .endsWith("expected an integer from 0 to 86400.");
    assertThat(CsvwsProperty.QUERY_TIMEOUT.expected()).isEqualTo("an integer from 0 to 86400");
    assertThat(CsvwsProperty.MAX_CELL_CHARS.expected())
        .isEqualTo("an integer from 0 to 2147483647");
  }

  static Stream<Arguments> typedValues() {
    return Stream.of(
        Arguments.of("trim", "true", TrimMode.ALWAYS),
        Arguments.of("trim", "always", TrimMode.ALWAYS),
        Arguments.of("trim", "false", TrimMode.NEVER),
        Arguments.of("trim", "Never", TrimMode.NEVER),
        Arguments.of("trim", "auto", TrimMode.AUTO),
        Arguments.of("escape", "none", CharSetting.NONE),
        Arguments.of("escape", "\\", CharSetting.of('\\')),
        Arguments.of("escape", "auto", CharSetting.AUTO),
        Arguments.of("comment", "semicolon", CharSetting.of(';')),
        Arguments.of("onEncodingError", "FAIL", EncodingErrorPolicy.FAIL),
        Arguments.of("onEncodingError", "replace", EncodingErrorPolicy.REPLACE),
        Arguments.of("onRaggedRow", "fail", RaggedRowPolicy.FAIL),
        Arguments.of("onRaggedRow", " Pad ", RaggedRowPolicy.PAD),
        Arguments.of("maxColumns", "1", 1),
        Arguments.of("maxColumns", "10000000", 10_000_000),
        Arguments.of("sampleRows", "1", 1),
        Arguments.of("nullTokens", "a, b ,a", List.of("a", "b")),
        Arguments.of("nullTokens", " , ", List.of()),
        Arguments.of("metadataCache", "USER", CacheLocation.USER),
        Arguments.of("metadataCache", "/var/cache/x/../y",
            new CacheLocation(CacheLocation.Kind.FOLDER, Path.of("/var/cache/y"))),
        Arguments.of("charset", "ISO-8859-1", Optional.of(StandardCharsets.ISO_8859_1)));
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("typedValues")
  void parsesEachPropertyToItsType(String key, String text, Object expected) {
    CsvwsProperty p = CsvwsProperty.forKey(key).orElseThrow();

    assertThat(parse(key, text).value(p)).isEqualTo(expected);
  }

  static Stream<Arguments> outOfRange() {
    return Stream.of(
        Arguments.of("maxColumns", "0", "expected an integer from 1 to 10000000"),
        Arguments.of("maxColumns", "10000001", "expected an integer from 1 to 10000000"),
        Arguments.of("onEncodingError", "skip", "expected one of replace, fail"),
        Arguments.of("trim", "", "expected one of auto, always, never"),
        Arguments.of("comment", "##", "expected none, a single ASCII character"),
        Arguments.of("escape", "auto!", "expected auto, none, a single ASCII character"));
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("outOfRange")
  void refusesValuesOutsideEachProperty(String key, String text, String expected) {
    assertThat(refused(Map.of(key, text)).getMessage())
        .startsWith("Property '" + key + "' has an invalid value '" + text + "': " + expected);
  }

  /** A configuration built from its components is equal to the one parsed. */
  @Test
  void theCanonicalConstructorRebuildsAnEqualConfiguration() {
    ConnectionConfig parsed = parse("delimiter", ";", "skipLines", "2", "maxCellChars", "4");

    ConnectionConfig built = rebuild(parsed, Map.of());

    assertThat(built).isEqualTo(parsed).hasSameHashCodeAs(parsed);
    assertThat(built.toString()).isEqualTo("ConnectionConfig{delimiter=;, skipLines=2, "
        + "maxCellChars=4}");
    assertThat(ConnectionConfig.defaults()).hasToString("ConnectionConfig{}");
    assertThat(parse("delimiter", "auto")).as("what was given counts")
        .isNotEqualTo(ConnectionConfig.defaults());
  }

  static Stream<Arguments> refusedComponents() {
    return Stream.of(
        Arguments.of("skipLines", OptionalInt.of(-1),
            "Property 'skipLines' has an invalid value '-1': expected auto or an integer from 0 "
                + "to 10000."),
        Arguments.of("skipLines", OptionalInt.of(10_001), "'10001'"),
        Arguments.of("sampleRows", 0,
            "Property 'sampleRows' has an invalid value '0': expected an integer from 1 to "
                + "10000000."),
        Arguments.of("maxRecordBytes", 1023, "'maxRecordBytes' has an invalid value '1023'"),
        Arguments.of("maxColumns", 10_000_001, "'maxColumns' has an invalid value '10000001'"),
        Arguments.of("queryTimeout", OptionalInt.of(86_401),
            "'queryTimeout' has an invalid value '86401'"),
        Arguments.of("queryTimeout", OptionalInt.of(0),
            "Property 'queryTimeout' has the value 0, which means no limit; give "
                + "OptionalInt.empty()."),
        Arguments.of("maxCellChars", OptionalInt.of(0), "'maxCellChars' has the value 0"),
        Arguments.of("maxCellChars", OptionalInt.of(-5),
            "'maxCellChars' has an invalid value '-5'"),
        Arguments.of("delimiter", CharSetting.of('"'),
            "Properties 'delimiter' and 'quote' are both '\"'"));
  }

  /** The constructor refuses what parse refuses, with the same messages. */
  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("refusedComponents")
  void theCanonicalConstructorChecksRanges(String name, Object value, String message) {
    assertThatThrownBy(() -> rebuild(ConnectionConfig.defaults(), Map.of(name, value)))
        .isInstanceOf(CsvwsException.class)
        .hasMessageContaining(message)
        .extracting(e -> ((CsvwsException) e).code()).isEqualTo(ErrorCode.VALIDATION_FAILED);
  }

  @Test
  void theCanonicalConstructorAcceptsTheEdgesOfEachRange() {
    ConnectionConfig c = rebuild(ConnectionConfig.defaults(), Map.of(
        "skipLines", OptionalInt.of(10_000), "sampleRows", 10_000_000,
        "maxRecordBytes", 1024, "maxColumns", 1, "queryTimeout", OptionalInt.of(86_400),
        "maxCellChars", OptionalInt.of(Integer.MAX_VALUE)));

    assertThat(c.skipLines()).hasValue(10_000);
    assertThat(c.maxColumns()).isEqualTo(1);
    assertThat(rebuild(ConnectionConfig.defaults(),
        Map.of("delimiter", CharSetting.of('\''), "quote", CharSetting.AUTO)).delimiter())
        .as("an automatic quote is the double quote").isEqualTo(CharSetting.of('\''));
    assertThat(rebuild(ConnectionConfig.defaults(),
        Map.of("delimiter", CharSetting.of('\''), "quote", CharSetting.of('"'))).delimiter())
        .isEqualTo(CharSetting.of('\''));
  }

  @Test
  void theCanonicalConstructorRefusesNulls() {
    for (RecordComponent rc : ConnectionConfig.class.getRecordComponents()) {
      if (rc.getType().isPrimitive()) {
        continue;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put(rc.getName(), null);
      assertThatThrownBy(() -> rebuild(ConnectionConfig.defaults(), m)).as(rc.getName())
          .isInstanceOf(NullPointerException.class);
    }
  }

  /** The lists and maps a configuration is built from are copied: changing them later does not. */
  @Test
  void theCanonicalConstructorCopiesWhatItIsGiven() {
    List<String> tokens = new ArrayList<>(List.of("x"));
    Map<String, String> given = new LinkedHashMap<>(Map.of("nullTokens", "x"));

    ConnectionConfig c = rebuild(ConnectionConfig.defaults(),
        Map.of("nullTokens", tokens, GIVEN, given));
    tokens.add("y");
    given.put("sampleRows", "5");

    assertThat(c.nullTokens()).containsExactly("x");
    assertThat(c.givenProperties()).containsExactly(Map.entry("nullTokens", "x"));
    assertThatThrownBy(() -> c.nullTokens().add("z"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> c.givenProperties().put("a", "b"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(c.with(Map.of("sampleRows", "6")).givenProperties())
        .containsExactly(Map.entry("nullTokens", "x"), Map.entry("sampleRows", "6"));
  }

  @Test
  void givenPropertiesKeepTheEnumsOrderAndCanonicalKeys() {
    ConnectionConfig c = parse("MAXCELLCHARS", "3", "delimiter", ";", "Charset", "UTF-8");

    assertThat(c.givenProperties().keySet())
        .containsExactly("delimiter", "charset", "maxCellChars");
    assertThat(c.serverScopedKeysGiven()).containsExactly("charset", "delimiter");
  }

  @Test
  void withRefusesUnknownOverridesNamingThem() {
    assertThatThrownBy(() -> ConnectionConfig.defaults().with(Map.of("nope", "1")))
        .isInstanceOf(CsvwsException.class)
        .hasMessageStartingWith("Unknown property 'nope'. Valid properties: delimiter, ");
    assertThat(ConnectionConfig.defaults().with(Map.of()).givenProperties()).isEmpty();
  }

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

  private static RecordComponent componentNamed(String name) {
    return Arrays.stream(ConnectionConfig.class.getRecordComponents())
        .filter(c -> c.getName().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no component " + name));
  }

  private static Object component(ConnectionConfig c, RecordComponent rc) {
    try {
      return rc.getAccessor().invoke(c);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /** The canonical constructor called with {@code base}'s components, some replaced. */
  private static ConnectionConfig rebuild(ConnectionConfig base, Map<String, Object> replaced) {
    RecordComponent[] rcs = ConnectionConfig.class.getRecordComponents();
    Class<?>[] types = new Class<?>[rcs.length];
    Object[] args = new Object[rcs.length];
    for (int i = 0; i < rcs.length; i++) {
      types[i] = rcs[i].getType();
      args[i] = replaced.containsKey(rcs[i].getName()) ? replaced.get(rcs[i].getName())
          : component(base, rcs[i]);
    }
    try {
      Constructor<ConnectionConfig> k = ConnectionConfig.class.getDeclaredConstructor(types);
      return k.newInstance(args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new AssertionError(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
