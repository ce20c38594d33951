package io.csvws.differential;

/**
 * The only differences between csvws and DuckDB that the differential suite allows: conventions where
 * csvws deliberately follows PostgreSQL (or reads a file its own documented way). Each names the row
 * of the difference table at the end of {@code docs/sql.md} that writes it down, and how the suite
 * asks DuckDB for csvws's behaviour. A query that relies on one names it, so that every place where
 * the two engines are allowed to disagree can be found from here.
 */
enum Convention {
  /**
   * {@code 7 / 2} is 3 in csvws (and PostgreSQL): the division of two integers truncates. DuckDB's
   * {@code /} gives 3.5; its {@code //} truncates, so the DuckDB text uses {@code //}.
   */
  INTEGER_DIVISION("division of integers", "DuckDB text writes `//` where csvws writes `/`"),

  /**
   * A {@code SUM} of BIGINT is BIGINT in csvws and fails with 22003 beyond its range; PostgreSQL and
   * DuckDB widen it. The DuckDB text casts its sum to BIGINT, which fails there too.
   */
  SUM_OF_BIGINT_FAILS_BEYOND_RANGE("`SUM` of BIGINT", "DuckDB text writes CAST(SUM(x) AS BIGINT)"),

  /**
   * NULLs sort last in ascending order and first in descending order in csvws, as in PostgreSQL;
   * DuckDB sorts them last both ways. Set on every DuckDB connection of the suite with
   * {@code SET default_null_order = 'nulls_last_on_asc_first_on_desc'}.
   */
  NULL_ORDER("where NULLs sort",
      "DuckDB connection: SET default_null_order = 'nulls_last_on_asc_first_on_desc'"),

  /**
   * {@code EXTRACT(DOW FROM d)} is 1 (Sunday) to 7 (Saturday) in csvws (Calcite's, and JDBC's
   * {@code DAYOFWEEK}); PostgreSQL and DuckDB count 0 (Sunday) to 6. The DuckDB text adds 1.
   */
  DAY_OF_WEEK_NUMBERING("`DAYOFWEEK` / `EXTRACT(DOW)` numbering", "DuckDB text writes `dayofweek(d) + 1`"),

  /**
   * In a text column the null tokens ({@code NA}, {@code N/A}, {@code NULL}, {@code null}) stay
   * text (the country code {@code NA} is Namibia); in other columns they are NULL. DuckDB's
   * {@code nullstr} applies to every column, so the suite's DuckDB views read every column as text
   * and turn the tokens into NULL only in the columns csvws types.
   */
  NULL_TOKENS_IN_TYPED_COLUMNS_ONLY("null tokens (`NA`, `N/A`) in text columns",
      "DuckDB view: read_csv(all_varchar=true, nullstr='', allow_quoted_nulls=false), tokens -> NULL only in typed columns"),

  /**
   * A row with fewer fields than the header reads NULL for the missing ones (with a warning),
   * where DuckDB's default is an error. The DuckDB views read with {@code null_padding=true}.
   */
  RAGGED_ROWS_PADDED("rows with fewer fields than the header", "DuckDB view: read_csv(null_padding=true)"),

  /**
   * csvws reads a TIMESTAMP with the precision its column metadata states (TIMESTAMP(3): milliseconds,
   * finer digits truncated) and a zoned timestamp converted to UTC; the DuckDB views truncate to the
   * same precision and convert with {@code SET TimeZone = 'UTC'}.
   */
  TIMESTAMP_PRECISION_AND_ZONE("timestamps: precision and zones",
      "DuckDB view: date_trunc to the column's precision, TimeZone = 'UTC'"),

  /**
   * Booleans are read from {@code true/false} and {@code yes/no} in any case; DuckDB's CAST does not
   * take yes/no, so the DuckDB views map them.
   */
  BOOLEAN_WORDS("booleans written yes/no", "DuckDB view: CASE lower(v) WHEN 'yes' THEN true ..."),

  /**
   * A date column's order (day-first, month-first) is decided by csvws from the values; the DuckDB
   * views parse each fixture's dates with the format its author wrote down.
   */
  DATE_ORDER("dates in dd/mm/yyyy and mm/dd/yyyy", "DuckDB view: strptime(v, format)"),

  /**
   * {@code s ~ 'pattern'} finds the pattern anywhere in {@code s}, as in PostgreSQL; DuckDB's
   * {@code ~} must match the whole string. The DuckDB text uses {@code regexp_matches(s, pattern)}.
   */
  /**
   * {@code date + INTERVAL ...} is a DATE in csvws (the SQL standard's and Calcite's type, when the
   * interval has no time part); PostgreSQL and DuckDB give a TIMESTAMP at midnight of the same day.
   * The DuckDB text casts the result to DATE. (Proposed: not yet in docs/sql.md.)
   */
  DATE_PLUS_INTERVAL_IS_DATE("`date + INTERVAL` gives a DATE",
      "DuckDB text writes CAST(d + INTERVAL ... AS DATE)"),

  /**
   * {@code SUBSTRING(s, start, length)} with a start before 1 counts the positions before the
   * string, as PostgreSQL does ({@code SUBSTRING('abc', -1, 3)} is {@code 'a'}); DuckDB counts a
   * negative start from the end. The DuckDB text gives the PostgreSQL positions. (Proposed: not yet
   * in docs/sql.md.)
   */
  SUBSTRING_START_BEFORE_ONE("`SUBSTRING` with a start before 1",
      "DuckDB text writes SUBSTRING(s, 1, length + start - 1)"),

  REGEX_OPERATOR_MATCHES_ANYWHERE("`~` (regular expression match)",
      "DuckDB text writes regexp_matches(s, pattern)");

  private final String docsRow;
  private final String duckDbSide;

  Convention(String docsRow, String duckDbSide) {
    this.docsRow = docsRow;
    this.duckDbSide = duckDbSide;
  }

  /** The topic of the row in the difference table of {@code docs/sql.md}. */
  String docsRow() {
    return docsRow;
  }

  /** How the suite asks DuckDB for csvws's behaviour. */
  String duckDbSide() {
    return duckDbSide;
  }
}
