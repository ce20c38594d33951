package io.csvws.agent;

import java.util.ArrayList;
import java.util.List;

/**
 * The tools and their descriptions, written for a model: what each returns, how big it can be, and
 * the habit that keeps a context small (count first, then read a window).
 */
final class ToolCatalog {

  private static final String TABLE_DOC = "The table: its path relative to the workspace as "
      + "list_tables shows it (e.g. \"sales/orders_2024.csv\") or its SQL name (e.g. "
      + "\"sales.orders_2024\"; files at the top level are named without a schema).";

  private final AgentLimits l;
  private final ToolParam table;
  private final ToolParam columnOffset;
  private final ToolParam maxColumns;
  private final ToolParam maxCellChars;
  private final ToolParam maxBytes;
  private final ToolParam columns;
  private final ToolParam windowRows;
  private final ToolParam windowOffset;

  private ToolCatalog(AgentLimits l) {
    this.l = l;
    table = ToolParam.string("table", true, TABLE_DOC);
    columnOffset = ToolParam.integer("column_offset", false, 0L,
        "Skip this many columns before the ones shown (0 = start at the first column). Use it to "
            + "page through wide tables.");
    maxColumns = ToolParam.integer("max_columns", false, 1L,
        "How many columns to show (default " + l.defaultColumns() + ", at most "
            + l.maxColumns() + ").");
    maxCellChars = ToolParam.integer("max_cell_chars", false, 1L,
        "Cut text values longer than this (default " + l.defaultCellChars() + ", at most "
            + l.maxCellChars() + "); a cut value ends with ...[+N chars].");
    maxBytes = ToolParam.integer("max_response_bytes", false, 4096L,
        "Size budget of this response in bytes of JSON (default " + l.defaultResponseBytes()
            + ", at most " + l.maxResponseBytes() + "); rows that do not fit are left for the "
            + "next call.");
    columns = ToolParam.strings("columns",
        "Names of the columns to return, in this order (omit for the first columns of the table). "
            + "Names match regardless of case.");
    windowRows = ToolParam.integer("window_rows", false, 0L,
        "How many rows to return (default " + l.defaultRows() + ", at most " + l.maxRows()
            + "); 0 returns only the count.");
    windowOffset = ToolParam.integer("window_offset", false, 0L,
        "Rows of the result to skip before the window (0 = from the first row).");
  }

  /** Every tool's description, in {@link Tool}'s order. */
  static List<ToolSpec> all(AgentLimits limits) {
    ToolCatalog catalog = new ToolCatalog(limits);
    List<ToolSpec> specs = new ArrayList<>();
    for (Tool t : Tool.values()) {
      specs.add(catalog.spec(t));
    }
    return List.copyOf(specs);
  }

  private ToolSpec spec(Tool t) {
    return switch (t) {
      case LIST_TABLES -> new ToolSpec(t.toolName(),
          "List the tables of the workspace: every CSV/TSV file (sub-folders are schemas), with "
              + "its path, SQL name, column count, size, and row count when already known, a page "
              + "at a time by path (window_rows, default " + l.defaultRows() + "): table_count "
              + "says how many there are, and when has_more is true, window_offset gives the next "
              + "page. Start here, then describe_table the one you need.",
          List.of(windowRows, windowOffset));
      case DESCRIBE_TABLE -> new ToolSpec(t.toolName(),
          "Map of one table: row count, column count, how the file is read (encoding and its "
              + "confidence, delimiter, quote, header, line ends), reading warnings, and its "
              + "columns with their SQL types. Use it before reading or querying a table.",
          List.of(table, columnOffset, maxColumns, maxCellChars));
      case HEADERS -> new ToolSpec(t.toolName(),
          "Column names of a table, compactly (e.g. \"Columns (showing 50 of 20000): chr, pos, "
              + "...\"). Cheaper than describe_table when you only need names.",
          List.of(table, columnOffset, maxColumns, maxCellChars));
      case COLUMN_STATS -> new ToolSpec(t.toolName(),
          "Summary statistics per column: numbers get min, max, mean, sum, stddev; text gets "
              + "min/max length and the most common values; dates and times get min and max; "
              + "booleans get true and false counts; every column gets its non-null and null "
              + "counts. Reads the whole table once per batch of columns.",
          List.of(table, columns, columnOffset, maxColumns,
              ToolParam.integer("top", false, 1L, "How many most common values to list for text "
                  + "columns (default 5, at most 50)."), maxCellChars));
      case READ_ROWS -> new ToolSpec(t.toolName(),
          "Read rows by position, without SQL: row_start is 1-based (1 = first data row after the "
              + "header); a negative row_start counts from the end (-5 with row_count 5 = the last "
              + "five rows). Each row starts with its row number (_row). The response gives "
              + "total_rows and has_more.",
          List.of(table,
              ToolParam.integer("row_start", true, null, "First row to read: 1-based; negative "
                  + "counts from the end (-1 = the last row)."),
              ToolParam.integer("row_count", true, 0L, "How many rows to read (at most "
                  + l.maxRows() + ")."),
              columns, columnOffset, maxColumns, maxCellChars, maxBytes));
      case FIND_ROWS -> new ToolSpec(t.toolName(),
          "Find the rows where one column equals a value, in file order, with their row numbers "
              + "(_row). The value is given as text and compared as the column's type (numbers "
              + "numerically, dates as YYYY-MM-DD); omit value to find empty (NULL) cells. For "
              + "anything richer use query.",
          List.of(table,
              ToolParam.string("column", true, "The column to compare."),
              ToolParam.string("value", false, "The value to look for, as text."),
              ToolParam.integer("limit", false, 1L, "How many matching rows to return (default 10, "
                  + "at most " + l.maxRows() + ")."),
              ToolParam.integer("after_row", false, 0L, "Only rows after this row number: pass the "
                  + "last _row of the previous call to get the next matches."),
              columns, columnOffset, maxColumns, maxCellChars, maxBytes));
      case QUERY -> new ToolSpec(t.toolName(),
          "Run one read-only SQL query (SELECT, WITH, VALUES, set operations) over the workspace "
              + "and get one window of its rows, with the total row count, has_more and the time "
              + "it took. Tables are named as list_tables shows (customers, sales.orders_2024) or "
              + "by quoted path (\"sales/orders_2024.csv\"); quote names with spaces "
              + "(\"IMPORTE EUR\"); every table has a row-number column _row. Saved results "
              + "(save_result) can be used by name like tables. Count first (SELECT COUNT(*) "
              + "...), then read the rows you need with window_rows and window_offset.",
          List.of(ToolParam.string("sql", true, "One SQL query."), windowRows, windowOffset,
              columnOffset, maxColumns, maxCellChars, maxBytes));
      case EXPORT -> new ToolSpec(t.toolName(),
          "Write the result of a query, a saved result or a whole table to a CSV or XLSX file in "
              + "the export folder the operator configured (the only place csvws writes). Give "
              + "exactly one of sql, result or table. An existing file is not replaced unless "
              + "overwrite is true. Returns the file's path, row and column counts and warnings.",
          List.of(ToolParam.string("sql", false, "The query whose rows to write."),
              ToolParam.string("result", false, "Name of a saved result to write."),
              ToolParam.string("table", false, TABLE_DOC + " The whole table is written."),
              ToolParam.string("target", true, "File to write, relative to the export folder, "
                  + "ending in .csv or .xlsx (e.g. \"reports/summary.xlsx\")."),
              ToolParam.choice("format", false, "csv or xlsx; by default taken from the target's "
                  + "extension.", List.of("csv", "xlsx")),
              ToolParam.string("sheet", false, "Sheet name for xlsx (default Sheet1)."),
              ToolParam.bool("overwrite", "Replace the target if it exists (default false).")));
      case SAVE_RESULT -> new ToolSpec(t.toolName(),
          "Save a query under a name, like a view: later queries can use the name as a table "
              + "(SELECT ... FROM name), read_result reads it in windows, and export writes it. "
              + "Returns the row count, the columns and a preview of the first rows. Results live "
              + "until this session ends; the query runs again each time it is used, so it sees "
              + "the files as they are then.",
          List.of(ToolParam.string("name", true, "A name: letters, digits and underscores, "
                  + "starting with a letter (e.g. top_customers)."),
              ToolParam.string("sql", true, "The query to save; it may use earlier saved results."),
              maxCellChars));
      case LIST_RESULTS -> new ToolSpec(t.toolName(),
          "List the saved results: name, query, row count and columns when saved.",
          List.of());
      case READ_RESULT -> new ToolSpec(t.toolName(),
          "Read a window of a saved result's rows, in the order its query gives them, with the "
              + "total row count and has_more.",
          List.of(ToolParam.string("name", true, "Name of the saved result."), windowRows,
              windowOffset, columnOffset, maxColumns, maxCellChars, maxBytes));
      case DROP_RESULT -> new ToolSpec(t.toolName(),
          "Forget a saved result.",
          List.of(ToolParam.string("name", true, "Name of the saved result.")));
      case SQL_HELP -> new ToolSpec(t.toolName(),
          "Help on csvws's SQL: given a topic (dates, strings, regex, aggregates, conditionals, "
              + "casts, math, window, ...) or a function name (DATE_TRUNC, STRING_AGG), the "
              + "functions with their signatures, return types and one-line descriptions, the "
              + "dialect notes that apply (PostgreSQL's meaning first, DuckDB's second) and one "
              + "worked example with its answer. Without a topic, lists the topics. Ask before "
              + "guessing a function's name or arguments.",
          List.of(ToolParam.string("topic", false, "A topic (e.g. \"dates\", \"regex\", "
                  + "\"aggregates\") or a function or operator name (e.g. \"DATE_TRUNC\", "
                  + "\"ILIKE\"); omit to list the topics."),
              maxBytes));
    };
  }
}
