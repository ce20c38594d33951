package io.csvws.sql;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.readonly.StatementGuard;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.plan.RelOptPlanner;

/**
 * The errors for SQL forms csvws does not run, naming the form and the way to write it instead.
 *
 * <p>Two kinds: statements in another engine's syntax that the parser cannot read at all (DuckDB's
 * {@code PIVOT t ON col USING agg}), recognised by their first word; and queries that parse and
 * validate but that the engine has no way to execute, where Calcite's planner would report a
 * dump of its search space ("There are not enough rules to produce a node ...", "Unable to
 * implement ..."). That dump never reaches a user: {@link #ofPlanFailure} names the construct
 * from it. Stateless.
 */
final class UnsupportedForm {
  /** The operator the planner could not convert, in its "Missing conversion is X[...]" line. */
  private static final Pattern MISSING = Pattern.compile("Missing conversion is (\\w+)\\[");
  /** The operator Calcite could not generate code for: "Unable to implement X(...)". */
  private static final Pattern UNIMPLEMENTED = Pattern.compile("Unable to implement (\\w+)");
  /** The first line of the plan below "the relevant part of the original plan is as follows". */
  private static final Pattern RELEVANT = Pattern.compile("as follows\\s*\\n\\s*\\d*:?([^\\n]*)");
  /** Calls in a plan line: {@code EXPR$0=[PERCENTILE_CONT($0) ...]}. */
  private static final Pattern CALL = Pattern.compile("=\\[([A-Z][A-Z0-9_]*)\\(");

  /**
   * DuckDB's other names of its statements, after comments: the first keyword stops at the
   * underscore ({@code PIVOT_LONGER} reads as {@code PIVOT}).
   */
  private static final Pattern PIVOT_ALIAS = Pattern.compile(
      "(?is)(?:\\s|--[^\\n]*(?:\\n|$)|/\\*.*?\\*/)*(PIVOT_(?:LONGER|WIDER))\\b.*");

  /** DuckDB's simplest PIVOT statement: table, column, aggregate. */
  private static final Pattern DUCKDB_PIVOT = Pattern.compile(
      "(?is)PIVOT(?:_WIDER)?\\s+(\\S+)\\s+ON\\s+(\\S+)\\s+USING\\s+(.+?)"
          + "(?:\\s+GROUP\\s+BY\\s+(.+?))?\\s*;?");

  /** An interval literal whose string holds words but that {@link IntervalText} did not read. */
  private static final Pattern WORDY_INTERVAL = Pattern.compile(
      "(?is)\\bINTERVAL\\s+('([^']*[a-z][^']*)')(?!\\s*(?:YEAR|QUARTER|MONTH|WEEK|DAY|HOUR"
          + "|MINUTE|SECOND))");

  /** Relational operators by the SQL that makes them, for operators that are not functions. */
  private static final Map<String, String> FORMS = Map.of(
      "Sample", "TABLESAMPLE",
      "Match", "MATCH_RECOGNIZE",
      "Snapshot", "FOR SYSTEM_TIME AS OF",
      "Delta", "SELECT STREAM",
      "RepeatUnion", "WITH RECURSIVE",
      "TableFunctionScan", "a table function in FROM",
      "Correlate", "a correlated sub-query or LATERAL join",
      "TableModify", "a statement that changes a table");

  private UnsupportedForm() {
  }

  /**
   * Fails for text that the parser cannot read but that is a known statement of another dialect;
   * does nothing otherwise (the parser's own syntax error follows).
   */
  static void checkStatement(String sql) {
    String first = StatementGuard.firstKeyword(sql).toUpperCase(Locale.ROOT);
    Matcher alias = PIVOT_ALIAS.matcher(sql);
    if (first.equals("PIVOT") && alias.matches()) {
      first = alias.group(1).toUpperCase(Locale.ROOT);
    }
    if (first.equals("PIVOT") || first.equals("PIVOT_WIDER")) {
      Matcher m = DUCKDB_PIVOT.matcher(sql.trim());
      String source = m.matches() && m.group(4) != null
          ? "(SELECT " + m.group(4) + ", " + m.group(2) + ", ... FROM " + m.group(1) + ")"
          : m.matches() ? m.group(1) : "t";
      String example = m.matches()
          ? "SELECT * FROM " + source + " PIVOT (" + m.group(3) + " FOR " + m.group(2)
              + " IN ('a' AS a, 'b' AS b)), listing the values of " + m.group(2) + " to turn "
              + "into columns"
          : "SELECT * FROM t PIVOT (SUM(x) FOR col IN ('a' AS a, 'b' AS b)), listing the values "
              + "of col to turn into columns";
      throw new CsvwsException(ErrorCode.QUERY_FAILED, "DuckDB's PIVOT statement "
          + "(PIVOT t ON col USING agg) is not supported. Write the pivot in the FROM clause: "
          + example + ".");
    }
    if (first.equals("UNPIVOT") || first.equals("PIVOT_LONGER")) {
      throw new CsvwsException(ErrorCode.QUERY_FAILED, "DuckDB's UNPIVOT statement "
          + "(UNPIVOT t ON cols INTO NAME n VALUE v) is not supported. Write the unpivot in the "
          + "FROM clause: SELECT * FROM t UNPIVOT (v FOR n IN (col_a, col_b)).");
    }
    Matcher interval = WORDY_INTERVAL.matcher(sql);
    while (interval.find()) {
      if (IntervalText.parse(interval.group(2)) != null) {
        continue; // read well: the syntax error is elsewhere
      }
      throw new CsvwsException(ErrorCode.QUERY_FAILED, "INTERVAL " + interval.group(1)
          + " cannot be read: an interval's text is numbers with units (year, month, week, day, "
          + "hour, minute, second), either months and years or days and times, not both. Add "
          + "one interval of each kind: d + INTERVAL '1 month' + INTERVAL '2 days'.");
    }
    if (first.equals("FROM")) {
      throw new CsvwsException(ErrorCode.QUERY_FAILED, "A query that starts with FROM "
          + "(DuckDB's FROM t SELECT ...) is not supported; write SELECT ... FROM t.");
    }
  }

  /**
   * The error for a query the engine could not plan or implement, or null when {@code e} is not
   * such a failure.
   */
  static CsvwsException ofPlanFailure(RuntimeException e) {
    String message = e.getMessage() == null ? "" : e.getMessage();
    String operator;
    Matcher m = MISSING.matcher(message);
    if (e instanceof RelOptPlanner.CannotPlanException && m.find()) {
      operator = m.group(1);
    } else {
      Matcher u = UNIMPLEMENTED.matcher(message);
      if (!u.lookingAt()) {
        return null;
      }
      operator = u.group(1);
    }
    String kind = operator.replaceFirst("^(Logical|Enumerable|Bindable|Csvws)", "");
    Matcher relevant = RELEVANT.matcher(message);
    String line = relevant.find() ? relevant.group(1) : "";
    String what = describe(kind, line);
    CsvwsException failure = new CsvwsException(ErrorCode.QUERY_FAILED, "csvws cannot run "
        + what + " in this query: its engine has no implementation for it. Rewrite that part "
        + "of the query (docs/sql.md lists the supported forms and functions).");
    failure.addSuppressed(e);
    return failure;
  }

  private static String describe(String kind, String planLine) {
    if (kind.equals("Aggregate") || kind.equals("Window")) {
      Set<String> calls = new LinkedHashSet<>();
      Matcher c = CALL.matcher(planLine);
      while (c.find()) {
        calls.add(c.group(1));
      }
      String noun = kind.equals("Aggregate") ? "aggregate function" : "window function";
      if (calls.isEmpty()) {
        return (noun.startsWith("a") ? "an " : "a ") + noun;
      }
      return (calls.size() == 1 ? "the " + noun + " " : "the " + noun + "s ")
          + String.join(", ", calls);
    }
    String form = FORMS.get(kind);
    return form != null ? form : "the operation " + kind;
  }
}
