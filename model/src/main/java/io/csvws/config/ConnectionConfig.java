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
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.config.CalciteConnectionProperty;

/**
 * The validated, immutable settings of one connection. Built only by {@link #parse}, which
 * rejects unknown keys, malformed values, and Calcite's own properties.
 */
public final class ConnectionConfig {
  /** A configuration with every property at its default. */
  public static final ConnectionConfig DEFAULTS = parse(Map.of());

  private final Map<CsvwsProperty, Object> values;
  private final Map<CsvwsProperty, String> given;

  private ConnectionConfig(Map<CsvwsProperty, Object> values, Map<CsvwsProperty, String> given) {
    this.values = values;
    this.given = given;
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
      CsvwsProperty p = CsvwsProperty.forKey(e.getKey())
          .orElseThrow(() -> unknownProperty(e.getKey()));
      if (given.containsKey(p)) {
        throw new CsvwsException(ErrorCode.VALIDATION_FAILED,
            "Property '" + p.key() + "' is given twice; give it once.");
      }
      given.put(p, e.getValue() == null ? "" : e.getValue());
    }
    Map<CsvwsProperty, Object> values = new EnumMap<>(CsvwsProperty.class);
    for (CsvwsProperty p : CsvwsProperty.values()) {
      String text = given.getOrDefault(p, p.defaultValue());
      try {
        values.put(p, p.parse(text));
      } catch (IllegalArgumentException ex) {
        throw new CsvwsException(ErrorCode.VALIDATION_FAILED,
            "Property '" + p.key() + "' has an invalid value '" + printable(text) + "': "
                + Sentences.ending(ex.getMessage()));
      }
    }
    checkDelimiterIsNotQuote(values);
    return new ConnectionConfig(Collections.unmodifiableMap(values),
        Collections.unmodifiableMap(given));
  }

  /** A delimiter equal to the quote would make every field that starts with it a quoted one. */
  private static void checkDelimiterIsNotQuote(Map<CsvwsProperty, Object> values) {
    CharSetting d = (CharSetting) values.get(CsvwsProperty.DELIMITER);
    CharSetting q = (CharSetting) values.get(CsvwsProperty.QUOTE);
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
    Map<String, String> merged = new LinkedHashMap<>();
    given.forEach((p, v) -> merged.put(p.key(), v));
    for (Map.Entry<String, String> e : overrides.entrySet()) {
      CsvwsProperty p = CsvwsProperty.forKey(e.getKey())
          .orElseThrow(() -> unknownProperty(e.getKey()));
      merged.put(p.key(), e.getValue());
    }
    return parse(merged);
  }

  /** The properties that were given explicitly, as text, by key. */
  public Map<String, String> givenProperties() {
    Map<String, String> m = new LinkedHashMap<>();
    given.forEach((p, v) -> m.put(p.key(), v));
    return m;
  }

  /** Keys given explicitly whose scope is {@link PropertyScope#SERVER}. */
  public Set<String> serverScopedKeysGiven() {
    Set<String> s = new TreeSet<>();
    given.keySet().stream().filter(p -> p.scope() == PropertyScope.SERVER)
        .forEach(p -> s.add(p.key()));
    return s;
  }

  private Object get(CsvwsProperty p) {
    return values.get(p);
  }

  public CharSetting delimiter() {
    return (CharSetting) get(CsvwsProperty.DELIMITER);
  }

  public CharSetting quote() {
    return (CharSetting) get(CsvwsProperty.QUOTE);
  }

  public HeaderMode header() {
    return (HeaderMode) get(CsvwsProperty.HEADER);
  }

  @SuppressWarnings("unchecked")
  public Optional<Charset> charset() {
    return (Optional<Charset>) get(CsvwsProperty.CHARSET);
  }

  public boolean inferTypes() {
    return (Boolean) get(CsvwsProperty.INFER_TYPES);
  }

  public int sampleRows() {
    return (Integer) get(CsvwsProperty.SAMPLE_ROWS);
  }

  public TypeErrorPolicy onTypeError() {
    return (TypeErrorPolicy) get(CsvwsProperty.ON_TYPE_ERROR);
  }

  public CharSetting escape() {
    return (CharSetting) get(CsvwsProperty.ESCAPE);
  }

  public CharSetting comment() {
    return (CharSetting) get(CsvwsProperty.COMMENT);
  }

  /** Lines to skip before the header, or -1 to decide per file. */
  public int skipLines() {
    return (Integer) get(CsvwsProperty.SKIP_LINES);
  }

  public TrimMode trim() {
    return (TrimMode) get(CsvwsProperty.TRIM);
  }

  @SuppressWarnings("unchecked")
  public List<String> nullTokens() {
    return (List<String>) get(CsvwsProperty.NULL_TOKENS);
  }

  public EncodingErrorPolicy onEncodingError() {
    return (EncodingErrorPolicy) get(CsvwsProperty.ON_ENCODING_ERROR);
  }

  public RaggedRowPolicy onRaggedRow() {
    return (RaggedRowPolicy) get(CsvwsProperty.ON_RAGGED_ROW);
  }

  /** Default query timeout in seconds; 0 for none. */
  public int queryTimeout() {
    return (Integer) get(CsvwsProperty.QUERY_TIMEOUT);
  }

  public int maxRecordBytes() {
    return (Integer) get(CsvwsProperty.MAX_RECORD_BYTES);
  }

  /** The most columns a table may have. */
  public int maxColumns() {
    return (Integer) get(CsvwsProperty.MAX_COLUMNS);
  }

  /** 0 when values are delivered whole. */
  public int maxCellChars() {
    return (Integer) get(CsvwsProperty.MAX_CELL_CHARS);
  }

  /** Where file metadata is kept between processes. */
  public CacheLocation metadataCache() {
    return (CacheLocation) get(CsvwsProperty.METADATA_CACHE);
  }

  /**
   * The settings that change how a file is read; two configurations with equal reading keys read
   * every file the same way, so sniffed metadata can be shared between them.
   */
  public ReadingKey readingKey() {
    List<Object> key = new ArrayList<>();
    for (CsvwsProperty p : CsvwsProperty.values()) {
      if (p.shapesMetadata()) {
        key.add(p == CsvwsProperty.CHARSET ? charset().map(Charset::name).orElse("") : get(p));
      }
    }
    return new ReadingKey(List.copyOf(key));
  }

  /** See {@link #readingKey()}: the values of the properties that shape metadata, in order. */
  public record ReadingKey(List<Object> values) {
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
