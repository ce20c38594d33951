package io.csvws.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every connection property csvws accepts: its key, default, documentation, validation and who
 * may set it. This enum is the single source of truth: {@code Driver.getPropertyInfo}, the
 * properties reference in {@code docs/} and the gateway's client whitelist are all derived from it,
 * and {@link ConnectionConfig#parse} builds its record from it: each constant is the component of
 * {@link ConnectionConfig} named by its key, whose type is what the constant's parser returns.
 */
public enum CsvwsProperty {
  DELIMITER("delimiter", "auto", PropertyScope.SERVER, ValueParser.character(false),
      "Field delimiter. auto sniffs it per file among comma, tab, semicolon and pipe; otherwise a "
          + "single ASCII character or one of tab, comma, semicolon, pipe, space, colon."),
  QUOTE("quote", "auto", PropertyScope.SERVER, ValueParser.character(true),
      "Quote character that encloses fields containing delimiters, quotes or line breaks "
          + "(a quote inside is doubled, as in RFC 4180). auto uses the double quote, or the single "
          + "quote for a file whose fields are quoted only with it; none reads quotes as ordinary "
          + "characters."),
  ESCAPE("escape", "auto", PropertyScope.SERVER, ValueParser.character(true),
      "Character that makes the next one data inside quoted fields (such as a backslash before a "
          + "quote). auto detects a backslash used that way in the sample; none accepts only "
          + "doubled quotes."),
  COMMENT("comment", "none", PropertyScope.SERVER, ValueParser.character(false, true),
      "Lines that begin with this character are skipped wherever they appear; none keeps every "
          + "line. Leading comment lines are also skipped as a preamble (see skipLines)."),
  SKIP_LINES("skipLines", "auto", PropertyScope.SERVER, ValueParser.integerOrAuto(0, 10_000),
      "Lines before the header to skip, such as a report title. auto skips leading lines that "
          + "have fewer fields than the records after them (at most 20); a number skips exactly "
          + "that many."),
  TRIM("trim", "auto", PropertyScope.SERVER,
      ValueParser.enumeration(TrimMode.class, "true", "always", "false", "never"),
      "Whether spaces around fields, outside quotes, are dropped: auto drops them when most "
          + "fields after a delimiter start with a space; true (always) or false (never) forces it."),
  NULL_TOKENS("nullTokens", "NA,N/A,NULL,null", PropertyScope.SERVER, ValueParser.list(),
      "Comma-separated cell values that mean a missing value in numeric, boolean and date/time "
          + "columns: they read as NULL and do not count against a type. Empty cells are always "
          + "NULL there. Text columns keep these values as text."),
  HEADER("header", "auto", PropertyScope.SERVER,
      ValueParser.enumeration(HeaderMode.class, "true", "present", "false", "absent"),
      "Whether the first record names the columns: auto decides per file, true (present) or "
          + "false (absent) forces it. Without a header, columns are column_1, column_2, ..."),
  CHARSET("charset", "auto", PropertyScope.SERVER, ValueParser.charset(),
      "Character encoding of the files. auto uses a byte-order mark when present, else UTF-8 "
          + "when the sample is valid UTF-8, else windows-1252."),
  INFER_TYPES("inferTypes", "true", PropertyScope.SERVER, ValueParser.bool(),
      "Infer column types (BOOLEAN, INTEGER, BIGINT, DECIMAL, DOUBLE, DATE, TIME, TIMESTAMP) from "
          + "a sample of each file. false reads every column as VARCHAR."),
  SAMPLE_ROWS("sampleRows", "10000", PropertyScope.SERVER, ValueParser.integer(1, 10_000_000),
      "How many leading data rows of a file are read to sniff its dialect, header and types."),
  ON_TYPE_ERROR("onTypeError", "fail", PropertyScope.SERVER,
      ValueParser.enumeration(TypeErrorPolicy.class),
      "What a query does with a value that does not fit its column's inferred type: fail stops "
          + "with an error naming the file, row, column and value; null reads it as NULL and "
          + "reports the count as a warning."),
  ON_ENCODING_ERROR("onEncodingError", "replace", PropertyScope.SERVER,
      ValueParser.enumeration(EncodingErrorPolicy.class),
      "What a query does with bytes that are invalid in the file's encoding: replace reads each "
          + "invalid sequence as U+FFFD and reports how many cells had one; fail stops with an error "
          + "naming the file, row and column."),
  ON_RAGGED_ROW("onRaggedRow", "pad", PropertyScope.SERVER,
      ValueParser.enumeration(RaggedRowPolicy.class),
      "What a query does with a record whose field count differs from the header's: pad reads "
          + "missing fields as NULL, ignores extra ones and reports how many rows differed; fail "
          + "stops with an error naming the row."),
  QUERY_TIMEOUT("queryTimeout", "0", PropertyScope.SERVER, ValueParser.limit(86_400),
      "Seconds a query may run before it fails with SQLState HYT00, for every statement of the "
          + "connection; Statement.setQueryTimeout overrides it. 0 means no limit."),
  MAX_RECORD_BYTES("maxRecordBytes", "67108864", PropertyScope.SERVER,
      ValueParser.integer(1024, 1 << 30),
      "The largest record (a line, with any quoted line breaks) read, in bytes. A longer one, "
          + "such as the rest of a file after a quote that is never closed, fails with its row and "
          + "byte offset instead of exhausting memory."),
  MAX_COLUMNS("maxColumns", "100000", PropertyScope.SERVER,
      ValueParser.integer(1, 10_000_000),
      "The most columns a table may have. A file whose header (or first record) has more fails "
          + "with an error naming the file and this limit, instead of a statement that takes "
          + "minutes and gigabytes to plan."),
  MAX_CELL_CHARS("maxCellChars", "0", PropertyScope.CLIENT,
      ValueParser.limit(Integer.MAX_VALUE),
      "Cut text values longer than this many characters as they are delivered to the client, "
          + "ending them with a marker that says how much was cut; 0 delivers values whole. "
          + "Cutting never changes which rows match, how they group or sort, or what aggregates return."),
  METADATA_CACHE("metadataCache", "user", PropertyScope.SERVER, ValueParser.cacheLocation(),
      "Where what is learnt about each file (dialect, encoding, types, row count, row index) is "
          + "kept so that other processes need not read it again: user is the user's cache folder "
          + "($XDG_CACHE_HOME/csvws, else ~/.cache/csvws; csvws/cache under %LOCALAPPDATA% on "
          + "Windows, ~/Library/Caches/csvws on macOS), an absolute path names another folder, memory keeps "
          + "it in this process only. Entries are checked against each file's size, modification "
          + "time and content before use, and the folder is kept under 256 MB.");

  private final String key;
  private final String defaultValue;
  private final PropertyScope scope;
  private final ValueParser<?> parser;
  private final String description;

  CsvwsProperty(String key, String defaultValue, PropertyScope scope, ValueParser<?> parser,
      String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.scope = scope;
    this.parser = parser;
    this.description = description;
  }

  /** The key as written in a URL or {@code Properties}, e.g. {@code maxCellChars}. */
  public String key() {
    return key;
  }

  /** The default, as text a user could write. */
  public String defaultValue() {
    return defaultValue;
  }

  public PropertyScope scope() {
    return scope;
  }

  public String description() {
    return description;
  }

  /**
   * Whether the property changes what is sniffed from a file (dialect, header, names, types), so
   * that metadata read under one value cannot serve another. Policies applied while scanning,
   * and presentation, do not.
   */
  public boolean shapesMetadata() {
    switch (this) {
      case ON_TYPE_ERROR:
      case ON_ENCODING_ERROR:
      case ON_RAGGED_ROW:
      case MAX_RECORD_BYTES:
      case QUERY_TIMEOUT:
      case MAX_CELL_CHARS:
      case METADATA_CACHE:
        return false;
      default:
        return true;
    }
  }

  /** What a valid value looks like, e.g. "true or false". */
  public String expected() {
    return parser.expected;
  }

  /** The values this property accepts when they form a closed set; null otherwise. */
  public String[] choices() {
    String[] c = parser.choices();
    return c == null ? null : c.clone();
  }

  /** Parses and validates {@code text}; throws {@link IllegalArgumentException} with the reason. */
  Object parse(String text) {
    return parser.parse(text);
  }

  /** Looks a key up, ignoring case (JDBC tools differ in how they spell keys). */
  public static Optional<CsvwsProperty> forKey(String key) {
    String k = key.trim().toLowerCase(Locale.ROOT);
    // A loop, not a stream: every connection looks its keys up, and a fresh JVM's first stream
    // pipeline costs milliseconds of linking.
    for (CsvwsProperty p : values()) {
      if (p.key.toLowerCase(Locale.ROOT).equals(k)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /** Keys of the properties a remote client may set (presentation only). */
  public static java.util.List<String> clientKeys() {
    return Arrays.stream(values()).filter(p -> p.scope == PropertyScope.CLIENT)
        .map(CsvwsProperty::key).collect(Collectors.toList());
  }

  /** All keys, for "valid properties are ..." messages. */
  public static String keyList() {
    return Arrays.stream(values()).map(CsvwsProperty::key).collect(Collectors.joining(", "));
  }
}
