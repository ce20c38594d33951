package io.csvws.config;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.Sentences;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.config.CalciteConnectionProperty;

/**
 * The validated, immutable settings of one connection, one component per {@link CsvwsProperty}
 * (each named by its property's key, in the enum's order), plus the text of the properties that
 * were given. Where a property may be decided per file ("auto") or may be absent ("none", a limit
 * of 0), the component says so in its type: an {@link OptionalInt}, an {@link Optional}, an enum
 * or a {@link CharSetting}, never a number that stands for something else.
 *
 * <p>Built by {@link #parse}, which rejects unknown keys, malformed values and Calcite's own
 * properties. The canonical constructor checks what {@code parse} checks of the values (the
 * ranges of the integers, a delimiter unlike the quote), so a configuration built directly holds
 * the same guarantees; it copies the lists and maps it is given. Instances are immutable and safe
 * to share between threads.
 *
 * @param delimiter {@code delimiter}: sniffed per file, or a character
 * @param quote {@code quote}: sniffed per file, none, or a character
 * @param escape {@code escape}: sniffed per file, none, or a character
 * @param comment {@code comment}: none or a character (never sniffed)
 * @param skipLines {@code skipLines}: lines before the header to skip; empty to decide per file
 * @param trim {@code trim}: whether spaces around fields are dropped
 * @param nullTokens {@code nullTokens}: cell values read as NULL outside text columns
 * @param header {@code header}: whether the first record names the columns
 * @param charset {@code charset}: the files' encoding; empty to sniff it per file
 * @param inferTypes {@code inferTypes}: whether column types are inferred
 * @param sampleRows {@code sampleRows}: leading data rows read to sniff a file
 * @param onTypeError {@code onTypeError}: what a value that does not fit its type does
 * @param onEncodingError {@code onEncodingError}: what bytes invalid in the encoding do
 * @param onRaggedRow {@code onRaggedRow}: what a record of another field count does
 * @param queryTimeout {@code queryTimeout}: seconds a query may run; empty for no limit
 * @param maxRecordBytes {@code maxRecordBytes}: the largest record read, in bytes
 * @param maxColumns {@code maxColumns}: the most columns a table may have
 * @param maxCellChars {@code maxCellChars}: characters a text value is cut to as it is
 *     delivered; empty to deliver values whole
 * @param metadataCache {@code metadataCache}: where file metadata is kept between processes
 * @param givenProperties the properties given explicitly, as text, by key (see {@link #with})
 */
public record ConnectionConfig(
    CharSetting delimiter,
    CharSetting quote,
    CharSetting escape,
    CharSetting comment,
    OptionalInt skipLines,
    TrimMode trim,
    List<String> nullTokens,
    HeaderMode header,
    Optional<Charset> charset,
    boolean inferTypes,
    int sampleRows,
    TypeErrorPolicy onTypeError,
    EncodingErrorPolicy onEncodingError,
    RaggedRowPolicy onRaggedRow,
    OptionalInt queryTimeout,
    int maxRecordBytes,
    int maxColumns,
    OptionalInt maxCellChars,
    CacheLocation metadataCache,
    Map<String, String> givenProperties) {

  /** A configuration with every property at its default. */
  public static ConnectionConfig defaults() {
    return Defaults.CONFIG;
  }

  /** Made on first need: a connection parses its own properties, never these. */
  private static final class Defaults {
    static final ConnectionConfig CONFIG = parse(Map.of());
  }

  /**
   * Checks the values as {@link #parse} does.
   *
   * @throws CsvwsException with {@link ErrorCode#VALIDATION_FAILED} for a value out of its
   *     property's range, or a delimiter equal to the quote
   * @throws NullPointerException for a null component
   */
  public ConnectionConfig {
    requireNonNull(delimiter, quote, escape, comment, skipLines, trim, nullTokens, header,
        charset, onTypeError, onEncodingError, onRaggedRow, queryTimeout, metadataCache,
        givenProperties);
    nullTokens = List.copyOf(nullTokens);
    givenProperties = Collections.unmodifiableMap(new LinkedHashMap<>(givenProperties));
    checkRange(CsvwsProperty.SKIP_LINES, skipLines);
    checkRange(CsvwsProperty.SAMPLE_ROWS, sampleRows);
    checkRange(CsvwsProperty.QUERY_TIMEOUT, queryTimeout);
    checkRange(CsvwsProperty.MAX_RECORD_BYTES, maxRecordBytes);
    checkRange(CsvwsProperty.MAX_COLUMNS, maxColumns);
    checkRange(CsvwsProperty.MAX_CELL_CHARS, maxCellChars);
    checkDelimiterIsNotQuote(delimiter, quote);
  }

  /**
   * Parses property text as given in a URL or {@code Properties}.
   *
   * @throws CsvwsException with {@link ErrorCode#VALIDATION_FAILED} naming the property, the
   *     value and what is expected, or listing the valid keys for an unknown one
   */
  public static ConnectionConfig parse(Map<String, String> properties) {
    Map<CsvwsProperty, String> given = new EnumMap<>(CsvwsProperty.class);
    for (Map.Entry<String, String> e : properties.entrySet()) {
      CsvwsProperty p = CsvwsProperty.forKey(e.getKey()).orElse(null);
      if (p == null) {
        throw unknownProperty(e.getKey());
      }
      if (given.containsKey(p)) {
        throw new CsvwsException(ErrorCode.VALIDATION_FAILED,
            "Property '" + p.key() + "' is given twice; give it once.");
      }
      given.put(p, e.getValue() == null ? "" : e.getValue());
    }
    Parsed v = new Parsed();
    for (CsvwsProperty p : CsvwsProperty.values()) {
      v.values.put(p, parseValue(p, given.getOrDefault(p, p.defaultValue())));
    }
    Map<String, String> givenText = new LinkedHashMap<>();
    for (Map.Entry<CsvwsProperty, String> e : given.entrySet()) {
      givenText.put(e.getKey().key(), e.getValue());
    }
    return new ConnectionConfig(
        v.get(CsvwsProperty.DELIMITER, CharSetting.class),
        v.get(CsvwsProperty.QUOTE, CharSetting.class),
        v.get(CsvwsProperty.ESCAPE, CharSetting.class),
        v.get(CsvwsProperty.COMMENT, CharSetting.class),
        v.get(CsvwsProperty.SKIP_LINES, OptionalInt.class),
        v.get(CsvwsProperty.TRIM, TrimMode.class),
        v.list(CsvwsProperty.NULL_TOKENS, String.class),
        v.get(CsvwsProperty.HEADER, HeaderMode.class),
        v.optional(CsvwsProperty.CHARSET, Charset.class),
        v.get(CsvwsProperty.INFER_TYPES, Boolean.class),
        v.get(CsvwsProperty.SAMPLE_ROWS, Integer.class),
        v.get(CsvwsProperty.ON_TYPE_ERROR, TypeErrorPolicy.class),
        v.get(CsvwsProperty.ON_ENCODING_ERROR, EncodingErrorPolicy.class),
        v.get(CsvwsProperty.ON_RAGGED_ROW, RaggedRowPolicy.class),
        v.get(CsvwsProperty.QUERY_TIMEOUT, OptionalInt.class),
        v.get(CsvwsProperty.MAX_RECORD_BYTES, Integer.class),
        v.get(CsvwsProperty.MAX_COLUMNS, Integer.class),
        v.get(CsvwsProperty.MAX_CELL_CHARS, OptionalInt.class),
        v.get(CsvwsProperty.METADATA_CACHE, CacheLocation.class),
        givenText);
  }

  private static Object parseValue(CsvwsProperty p, String text) {
    try {
      return p.parse(text);
    } catch (IllegalArgumentException ex) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED,
          "Property '" + p.key() + "' has an invalid value '" + printable(text) + "': "
              + Sentences.ending(ex.getMessage()));
    }
  }

  /**
   * The parsed values of one {@link #parse} call. Each property's parser returns the type of its
   * component; the checked casts here (and the test that every property has one component) keep
   * the two in step.
   */
  private static final class Parsed {
    final Map<CsvwsProperty, Object> values = new EnumMap<>(CsvwsProperty.class);

    <T> T get(CsvwsProperty p, Class<T> type) {
      return type.cast(values.get(p));
    }

    <T> Optional<T> optional(CsvwsProperty p, Class<T> type) {
      Optional<?> value = get(p, Optional.class);
      return value.isEmpty() ? Optional.empty() : Optional.of(type.cast(value.get()));
    }

    <T> List<T> list(CsvwsProperty p, Class<T> type) {
      List<T> out = new ArrayList<>();
      for (Object value : get(p, List.class)) {
        out.add(type.cast(value));
      }
      return out;
    }
  }

  private static void requireNonNull(Object... components) {
    for (Object c : components) {
      Objects.requireNonNull(c, "a component of a ConnectionConfig");
    }
  }

  /**
   * Checks an integer against its property's own parser, so that the range is stated once: the
   * value must be what its text parses to.
   */
  private static void checkRange(CsvwsProperty p, int value) {
    parseValue(p, Integer.toString(value));
  }

  private static void checkRange(CsvwsProperty p, OptionalInt value) {
    if (value.isPresent() && !parseValue(p, Integer.toString(value.getAsInt())).equals(value)) {
      // A limit of 0 is written as empty, not as 0.
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "Property '" + p.key() + "' has "
          + "the value " + value.getAsInt() + ", which means no limit; give OptionalInt.empty().");
    }
  }

  /** A delimiter equal to the quote would make every field that starts with it a quoted one. */
  private static void checkDelimiterIsNotQuote(CharSetting d, CharSetting q) {
    if (d.kind() != CharSetting.Kind.CHAR || q.kind() == CharSetting.Kind.NONE) {
      return;
    }
    // An automatic quote is the double quote.
    char quote = q.kind() == CharSetting.Kind.CHAR ? q.value() : '"';
    if (d.value() == quote) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED,
          "Properties 'delimiter' and 'quote' are both '" + d + "'; fields could not be told "
              + "apart from quotes. Give another delimiter, or quote=none.");
    }
  }

  private static CsvwsException unknownProperty(String key) {
    String k = key.trim();
    if (isCalciteProperty(k)) {
      return new CsvwsException(ErrorCode.VALIDATION_FAILED,
          "Property '" + k + "' is a Calcite engine property; csvws does not accept it because "
              + "it could change what the connection can read. Valid properties: "
              + CsvwsProperty.keyList() + ".");
    }
    return new CsvwsException(ErrorCode.VALIDATION_FAILED,
        "Unknown property '" + k + "'. Valid properties: " + CsvwsProperty.keyList() + ".");
  }

  /** Calcite's connection properties, and the {@code schema.*} operands of its model handler. */
  static boolean isCalciteProperty(String key) {
    String k = key.toLowerCase(Locale.ROOT);
    if (k.startsWith("schema.")) {
      return true;
    }
    for (CalciteConnectionProperty p : CalciteConnectionProperty.values()) {
      if (p.camelName().toLowerCase(Locale.ROOT).equals(k)) {
        return true;
      }
    }
    return false;
  }

  /** Returns a copy with {@code overrides} applied on top of this configuration's given values. */
  public ConnectionConfig with(Map<String, String> overrides) {
    Map<String, String> merged = new LinkedHashMap<>(givenProperties);
    for (Map.Entry<String, String> e : overrides.entrySet()) {
      CsvwsProperty p = CsvwsProperty.forKey(e.getKey())
          .orElseThrow(() -> unknownProperty(e.getKey()));
      merged.put(p.key(), e.getValue());
    }
    return parse(merged);
  }

  /** Keys given explicitly whose scope is {@link PropertyScope#SERVER}. */
  public Set<String> serverScopedKeysGiven() {
    Set<String> s = new TreeSet<>();
    for (String key : givenProperties.keySet()) {
      CsvwsProperty.forKey(key).filter(p -> p.scope() == PropertyScope.SERVER)
          .ifPresent(p -> s.add(p.key()));
    }
    return s;
  }

  /**
   * The value of one property, as its component holds it. The switch names every property, so
   * a property added to {@link CsvwsProperty} without a component does not compile.
   */
  public Object value(CsvwsProperty p) {
    return switch (p) {
      case DELIMITER -> delimiter;
      case QUOTE -> quote;
      case ESCAPE -> escape;
      case COMMENT -> comment;
      case SKIP_LINES -> skipLines;
      case TRIM -> trim;
      case NULL_TOKENS -> nullTokens;
      case HEADER -> header;
      case CHARSET -> charset;
      case INFER_TYPES -> inferTypes;
      case SAMPLE_ROWS -> sampleRows;
      case ON_TYPE_ERROR -> onTypeError;
      case ON_ENCODING_ERROR -> onEncodingError;
      case ON_RAGGED_ROW -> onRaggedRow;
      case QUERY_TIMEOUT -> queryTimeout;
      case MAX_RECORD_BYTES -> maxRecordBytes;
      case MAX_COLUMNS -> maxColumns;
      case MAX_CELL_CHARS -> maxCellChars;
      case METADATA_CACHE -> metadataCache;
    };
  }

  /**
   * The settings that change how a file is read; two configurations with equal reading keys read
   * every file the same way, so sniffed metadata can be shared between them.
   */
  public ReadingKey readingKey() {
    List<Object> key = new ArrayList<>();
    for (CsvwsProperty p : CsvwsProperty.values()) {
      if (p.shapesMetadata()) {
        key.add(p == CsvwsProperty.CHARSET ? (charset.isEmpty() ? "" : charset.get().name())
            : value(p));
      }
    }
    return new ReadingKey(List.copyOf(key));
  }

  /** See {@link #readingKey()}: the values of the properties that shape metadata, in order. */
  public record ReadingKey(List<Object> values) {
    // Written out: a record's own equals and hashCode are linked through method handles at their
    // first call, a few milliseconds of every fresh JVM's first query.
    @Override
    public boolean equals(Object o) {
      return o instanceof ReadingKey k && Objects.equals(values, k.values);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(values);
    }
  }

  @Override
  public String toString() {
    return "ConnectionConfig" + givenProperties();
  }

  /**
   * A value as a message shows it: line breaks, tabs and other control characters escaped
   * (a line break as {@code \n}, others by their code), so a line break does not print as a
   * blank.
   */
  static String printable(String text) {
    StringBuilder b = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            b.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }
}
