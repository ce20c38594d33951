package io.csvws.differential;

/**
 * The only differences between csvws and DuckDB that the differential suite allows: conventions where
 * csvws deliberately follows PostgreSQL (or reads a file its own documented way). Each names the
 * place in the docs that writes it down (a row of the difference table at the end of
 * {@code docs/sql.md}, or the reading rule in {@code docs/reading-csv.md}; checked by
 * {@code DifferentialTest.conventionsAreDocumented}) and how the suite asks DuckDB for csvws's
 * behaviour. A query that relies on one names it, so every place where the two engines are allowed
 * to disagree can be found from here.
 */
enum Convention {
  /** {@code 7 / 2} is 3 (PostgreSQL); DuckDB's {@code /} gives 3.5, its {@code //} truncates. */
  INTEGER_DIVISION(Doc.SQL, "division of integers", "DuckDB text writes `//` where csvws writes `/`"),

  /**
   * NULLs sort last ascending and first descending (PostgreSQL); DuckDB sorts them last both ways.
   * Set on the suite's DuckDB connection.
   */
  NULL_ORDER(Doc.SQL, "where NULLs sort",
      "DuckDB connection: SET default_null_order = 'nulls_last_on_asc_first_on_desc'"),

  /** A {@code SUM} of BIGINT is BIGINT and fails beyond its range; DuckDB widens it. */
  SUM_OF_BIGINT_FAILS_BEYOND_RANGE(Doc.SQL, "`SUM` of BIGINT",
      "DuckDB text writes CAST(SUM(x) AS BIGINT), which fails there too"),

  /** {@code EXTRACT(DOW FROM d)} is 1 (Sunday) to 7; PostgreSQL and DuckDB count 0 to 6. */
  DAY_OF_WEEK_NUMBERING(Doc.SQL, "day of week numbers", "DuckDB text adds 1"),

  /** {@code DATE_TRUNC} of a DATE is a TIMESTAMP (PostgreSQL); DuckDB's is a DATE. */
  DATE_TRUNC_OF_A_DATE(Doc.SQL, "`DATE_TRUNC` of a DATE",
      "DuckDB text writes CAST(DATE_TRUNC(...) AS TIMESTAMP)"),

  /** {@code APPROX_COUNT_DISTINCT} counts exactly; DuckDB's is an estimate. */
  APPROX_COUNT_DISTINCT_IS_EXACT(Doc.SQL, "`APPROX_COUNT_DISTINCT`",
      "DuckDB text writes COUNT(DISTINCT x)"),

  /** {@code MEDIAN} of a DECIMAL interpolates in DOUBLE; DuckDB keeps the column's scale. */
  MEDIAN_OF_A_DECIMAL(Doc.SQL, "`MEDIAN` of a DECIMAL column",
      "DuckDB text writes MEDIAN(CAST(x AS DOUBLE))"),

  /**
   * A zoned timestamp in a file is converted to UTC (and the column's metadata says so); the DuckDB
   * tables convert with {@code SET TimeZone = 'UTC'} and keep the column's stated precision.
   */
  TIMESTAMP_ZONE_CONVERTED(Doc.SQL, "timestamp with a zone offset in a file",
      "DuckDB table: CAST(CAST(v AS TIMESTAMPTZ) AS TIMESTAMP) with TimeZone = 'UTC'"),

  /**
   * In a text column the null tokens ({@code NA}, {@code N/A}, {@code NULL}, {@code null}) stay
   * text (the country code {@code NA} is Namibia); in other columns they are NULL. DuckDB's
   * {@code nullstr} applies to every column, so the suite's DuckDB tables read every column as text
   * and turn the tokens into NULL only in the columns csvws types.
   */
  NULL_TOKENS_IN_TYPED_COLUMNS_ONLY(Doc.READING, "**Null tokens**",
      "DuckDB table: read_csv(all_varchar=true, nullstr='', allow_quoted_nulls=false), tokens made NULL in typed columns"),

  /** A row with fewer fields than the header reads NULL for the missing ones (DuckDB: an error). */
  RAGGED_ROWS_PADDED(Doc.READING, "| a row with fewer fields than the header |",
      "DuckDB table: read_csv(null_padding=true)"),

  /** Booleans are read from true/false and yes/no in any case; DuckDB's CAST takes no yes/no. */
  BOOLEAN_WORDS(Doc.READING, "**Booleans**", "DuckDB table: CASE lower(v) WHEN 'yes' THEN true ..."),

  /**
   * A date column's order (day-first, month-first, month names) is decided by csvws from the values;
   * the DuckDB tables parse each fixture's dates with the format its author wrote down.
   */
  DATE_ORDER(Doc.READING, "**Dates in other orders**", "DuckDB table: strptime(v, format)"),

  /**
   * {@code date + INTERVAL ...} is a DATE in csvws (the SQL standard's type); PostgreSQL and DuckDB
   * give a TIMESTAMP at midnight of the same day. Proposed: not yet a row of docs/sql.md.
   */
  DATE_PLUS_INTERVAL_IS_DATE(Doc.SQL, "`date + INTERVAL`",
      "DuckDB text writes CAST(d + INTERVAL ... AS DATE)"),

  /**
   * {@code SUBSTRING(s, start, length)} with a start before 1 counts positions before the string,
   * as PostgreSQL does ({@code SUBSTRING('abc', -1, 3)} is {@code 'a'}); DuckDB counts a negative
   * start from the end. Proposed: not yet a row of docs/sql.md.
   */
  SUBSTRING_START_BEFORE_ONE(Doc.SQL, "`SUBSTRING` with a start before 1",
      "DuckDB text writes SUBSTRING(s, 1, length + start - 1)"),

  /**
   * {@code s ~ 'pattern'} finds the pattern anywhere in {@code s} (PostgreSQL); DuckDB's {@code ~}
   * must match the whole string. Proposed: not yet a row of docs/sql.md.
   */
  REGEX_OPERATOR_MATCHES_ANYWHERE(Doc.SQL, "`~` (regular expression match)",
      "DuckDB text writes regexp_matches(s, pattern)");

  /** Where a convention is written down. */
  enum Doc {
    /** A row of the difference table: {@code | topic |}. */
    SQL("docs/sql.md"),
    /** A rule of the reading page. */
    READING("docs/reading-csv.md");

    private final String path;

    Doc(String path) {
      this.path = path;
    }

    String path() {
      return path;
    }
  }

  private final Doc doc;
  private final String topic;
  private final String duckDbSide;

  Convention(Doc doc, String topic, String duckDbSide) {
    this.doc = doc;
    this.topic = topic;
    this.duckDbSide = duckDbSide;
  }

  /** The page that writes the convention down. */
  Doc doc() {
    return doc;
  }

  /** The text that must appear on that page: the table row's first cell, or the rule's words. */
  String docsText() {
    return doc == Doc.SQL ? "\n| " + topic + " |" : topic;
  }

  /** The convention's topic, as the docs name it. */
  String topic() {
    return topic;
  }

  /** How the suite asks DuckDB for csvws's behaviour. */
  String duckDbSide() {
    return duckDbSide;
  }
}
