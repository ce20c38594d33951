package io.csvws.sql;

import static org.apache.calcite.sql.parser.babel.SqlBabelParserImplConstants.*;

import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import org.apache.calcite.sql.parser.babel.SimpleCharStream;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImplTokenManager;
import org.apache.calcite.sql.parser.babel.Token;

/**
 * The Babel parser's tokens, with the words that Babel reserves but that are common CSV headers
 * and that PostgreSQL accepts as column names ({@code date}, {@code time}, {@code timestamp},
 * {@code datetime}, {@code uuid}, {@code interval}, {@code current}, {@code partition},
 * {@code values}, {@code ordinal}, {@code range}, {@code rows}, {@code row}, {@code over},
 * {@code next}, the day names) turned into plain identifiers where they are used as names.
 * A date or time word stays a keyword where it starts a typed literal
 * ({@code DATE '2020-01-01'}), a call or a type with a precision ({@code TIMESTAMP(3)}), follows
 * {@code ::}, is the type of a {@code CAST(... AS date)}, is part of {@code TIME ZONE}, or names a
 * week start ({@code WEEK(MONDAY)}). Elsewhere ({@code SELECT date}, {@code t.date},
 * {@code ORDER BY date}, {@code EXTRACT(YEAR FROM date)}, {@code SELECT d AS date}) it is a name.
 * The other words are keywords only in their own forms ({@code INTERVAL '1' DAY},
 * {@code CURRENT ROW}, {@code PARTITION BY}, {@code VALUES (1)}, {@code ORDINAL(1)}, a frame's
 * {@code ROWS}/{@code RANGE} inside {@code OVER (...)} or {@code WINDOW w AS (...)}, paging's
 * {@code OFFSET 2 ROWS} and {@code FETCH NEXT 1 ROW ONLY}, {@code OVER (...)}).
 *
 * <p>Also supplies the count of PostgreSQL's {@code FETCH FIRST ROW ONLY} (1), and makes the
 * {@code ALL} of DuckDB's {@code GROUP BY ALL} an identifier, which Babel would
 * otherwise read as the start of {@code GROUP BY ALL a, b} and fail at the end of the statement;
 * {@link AllColumns} gives it its meaning.
 *
 * <p>Working on tokens, not on the text, keeps every position the parser and the validator report
 * exactly where the user wrote it. Not thread-safe: one per parser, as the parser itself.
 */
final class HeaderWordTokens extends SqlBabelParserImplTokenManager {
  /** Reserved by Babel, a common header word, and a column name PostgreSQL accepts. */
  private static final Set<Integer> NAME_WORDS = Set.of(DATE, TIME, TIMESTAMP, DATETIME, UUID,
      MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY, INTERVAL, CURRENT,
      PARTITION, VALUES, ORDINAL, RANGE, ROWS, ROW, OVER, NEXT);
  /** Tokens before ROW or ROWS that make it the paging or matching keyword. */
  private static final Set<Integer> BEFORE_ROWS = Set.of(UNSIGNED_INTEGER_LITERAL, HOOK, FIRST,
      NEXT, ALL, ONE, CURRENT);
  /** Tokens after which RANGE or ROWS in a window specification is still a name. */
  private static final Set<Integer> LIST_STARTS = Set.of(BY, COMMA);
  /** Tokens after OVER that make it the window keyword: OVER (...), OVER w. */
  private static final Set<Integer> WINDOW_REFS = Set.of(LPAREN, IDENTIFIER, QUOTED_IDENTIFIER,
      BACK_QUOTED_IDENTIFIER);
  private static final Set<Integer> STRINGS = Set.of(QUOTED_STRING, PREFIXED_STRING_LITERAL,
      UNICODE_STRING_LITERAL, C_STYLE_ESCAPED_STRING_LITERAL, BIG_QUERY_QUOTED_STRING,
      BIG_QUERY_DOUBLE_QUOTED_STRING);
  private static final Set<Integer> NUMBERS = Set.of(UNSIGNED_INTEGER_LITERAL,
      DECIMAL_NUMERIC_LITERAL, APPROX_NUMERIC_LITERAL);
  private static final Set<Integer> TIME_UNITS = Set.of(YEAR, YEARS, QUARTER, QUARTERS, MONTH,
      MONTHS, WEEK, WEEKS, DAY, DAYS, HOUR, HOURS, MINUTE, MINUTES, SECOND, SECONDS);
  /** Tokens after which a date or time word is a literal's or a type's keyword. */
  private static final Set<Integer> TYPE_CONTINUATIONS = Set.of(LPAREN, WITH, WITHOUT, ZONE);
  private static final Set<Integer> CASTS = Set.of(CAST, TRY_CAST, SAFE_CAST);
  /** Tokens that can follow {@code GROUP BY ALL} but cannot start a grouping expression. */
  private static final Set<Integer> AFTER_GROUP_BY = Set.of(EOF, SEMICOLON, RPAREN, ORDER,
      HAVING, LIMIT, OFFSET, FETCH, WINDOW, QUALIFY, UNION, INTERSECT, EXCEPT);

  private final SqlBabelParserImplTokenManager source;
  private final Deque<Token> ahead = new ArrayDeque<>();
  /** For each open parenthesis, the kind of the token before it (-1 if none). */
  private final Deque<Integer> parens = new ArrayDeque<>();
  /** For each open parenthesis, whether it holds a window specification. */
  private final Deque<Boolean> windowSpecs = new ArrayDeque<>();
  /** The parenthesis depth of the WINDOW clause being read, or -1 outside one. */
  private int windowClauseDepth = -1;
  /** The parenthesis depth of DISTINCT ON's key list being read, or -1 outside one. */
  private int distinctOnDepth = -1;
  private int previous = -1;
  private int beforePrevious = -1;

  HeaderWordTokens(SqlBabelParserImplTokenManager source) {
    super(new SimpleCharStream(new StringReader("")));
    this.source = source;
  }

  @Override
  public Token getNextToken() {
    Token t = ahead.isEmpty() ? source.getNextToken() : ahead.poll();
    if ((t.kind == ROW || t.kind == ROWS) && (previous == FIRST || previous == NEXT)
        && beforePrevious == FETCH) {
      // PostgreSQL's FETCH FIRST ROW ONLY: the count is 1 when left out.
      ahead.addFirst(t);
      t = one(t);
    }
    if (NAME_WORDS.contains(t.kind) && isName(t.kind)) {
      t.kind = IDENTIFIER;
    } else if (t.kind == ALL && previous == BY && beforePrevious == GROUP
        && AFTER_GROUP_BY.contains(peek(0).kind)) {
      t.kind = IDENTIFIER;
    }
    if (t.kind == DISTINCT && previous == SELECT && peek(0).kind == ON
        && peek(1).kind == LPAREN) {
      // PostgreSQL's DISTINCT ON (keys): a first select item that DistinctOn rewrites.
      ahead.pollFirst();
      t.kind = IDENTIFIER;
      t.image = DistinctOn.MARKER;
      distinctOnDepth = parens.size() + 1;
    }
    if (t.kind == RPAREN && parens.size() == distinctOnDepth) {
      distinctOnDepth = -1;
      Token comma = word(COMMA, ",", t);
      ahead.addFirst(comma);
    }
    if (t.kind == INTERVAL && peek(0).kind == QUOTED_STRING
        && !TIME_UNITS.contains(peek(1).kind)) {
      qualify(peek(0));
    }
    if (t.kind == WINDOW) {
      windowClauseDepth = parens.size();
    }
    if (t.kind == LPAREN) {
      windowSpecs.push(previous == OVER
          || (previous == AS && windowClauseDepth == parens.size()));
      parens.push(previous);
    } else if (t.kind == RPAREN && !parens.isEmpty()) {
      parens.pop();
      windowSpecs.pop();
      if (parens.size() < windowClauseDepth) {
        windowClauseDepth = -1;
      }
    }
    beforePrevious = previous;
    previous = t.kind;
    return t;
  }

  /** Whether {@code word}, the next token to return, is used as a name. */
  private boolean isName(int word) {
    if (previous == DOT) {
      return true;
    }
    int next = peek(0).kind;
    int opener = parens.isEmpty() ? -1 : parens.peek();
    boolean typePosition = previous == INFIX_CAST || (previous == AS && CASTS.contains(opener));
    switch (word) {
      case MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY, SATURDAY, SUNDAY:
        return opener != WEEK; // WEEK(MONDAY)
      case INTERVAL: // INTERVAL '1' DAY, INTERVAL -'1' DAY, INTERVAL 2 DAY, INTERVAL n DAY
        return !typePosition && !STRINGS.contains(next) && !NUMBERS.contains(next)
            && next != LPAREN && !((next == MINUS || next == PLUS)
                && STRINGS.contains(peek(1).kind))
            && !TIME_UNITS.contains(peek(1).kind);
      case CURRENT: // CURRENT ROW, CURRENT VALUE FOR s, WHERE CURRENT OF c
        return next != ROW && next != VALUE && next != OF;
      case PARTITION: // PARTITION BY
        return next != BY;
      case VALUES: // VALUES (1, 2), VALUES ROW(1, 2)
        return next != LPAREN && next != ROW;
      case ORDINAL: // a[ORDINAL(1)]
        return next != LPAREN;
      case RANGE, ROWS: // OVER (ORDER BY x ROWS ...), OFFSET 2 ROWS, FETCH FIRST 2 ROWS ONLY
        if (BEFORE_ROWS.contains(previous)) {
          return false;
        }
        return !(Boolean.TRUE.equals(windowSpecs.peek()) && !LIST_STARTS.contains(previous));
      case ROW: // ROW(1, 2), CURRENT ROW, FETCH FIRST 1 ROW ONLY, ONE ROW PER MATCH
        return next != LPAREN && !BEFORE_ROWS.contains(previous);
      case OVER: // SUM(x) OVER (...), SUM(x) OVER w
        return !WINDOW_REFS.contains(next);
      case NEXT: // FETCH NEXT 2 ROWS, NEXT VALUE FOR s
        return previous != FETCH && next != VALUE;
      default: // DATE '2020-01-01', TIMESTAMP(3), TIME WITH TIME ZONE, x::date, CAST(x AS date)
        return !typePosition && !STRINGS.contains(next) && !TYPE_CONTINUATIONS.contains(next);
    }
  }

  /**
   * PostgreSQL's {@code INTERVAL '1 year 2 months'}: the string becomes the standard's
   * {@code '1-2'} and the qualifier ({@code YEAR TO MONTH}) is put after it ({@link IntervalText}).
   */
  private void qualify(Token string) {
    String image = string.image;
    if (image.length() < 2 || image.charAt(0) != '\'' || image.indexOf('\'', 1) != image.length() - 1) {
      return; // a string with quotes inside is no list of units
    }
    IntervalText.Standard standard = IntervalText.parse(image.substring(1, image.length() - 1));
    if (standard == null) {
      return;
    }
    string.image = "'" + standard.text() + "'";
    Token first = ahead.pollFirst();
    if (standard.to() != standard.from()) {
      ahead.addFirst(word(unitKind(standard.to()), standard.to().name(), string));
      ahead.addFirst(word(TO, "TO", string));
    }
    ahead.addFirst(word(unitKind(standard.from()), standard.from().name(), string));
    ahead.addFirst(first);
  }

  private static int unitKind(IntervalText.Unit unit) {
    return switch (unit) {
      case YEAR -> YEAR;
      case MONTH -> MONTH;
      case DAY -> DAY;
      case HOUR -> HOUR;
      case MINUTE -> MINUTE;
      case SECOND -> SECOND;
    };
  }

  /** A keyword token placed at the end of {@code at}. */
  private static Token word(int kind, String image, Token at) {
    Token w = new Token();
    w.kind = kind;
    w.image = image;
    w.beginLine = at.endLine;
    w.beginColumn = at.endColumn;
    w.endLine = at.endLine;
    w.endColumn = at.endColumn;
    return w;
  }

  /** A literal {@code 1} standing where {@code at} is. */
  private static Token one(Token at) {
    Token one = new Token();
    one.kind = UNSIGNED_INTEGER_LITERAL;
    one.image = "1";
    one.beginLine = at.beginLine;
    one.beginColumn = at.beginColumn;
    one.endLine = at.beginLine;
    one.endColumn = at.beginColumn;
    return one;
  }

  /** The token {@code n} places after the one being returned, read ahead and kept. */
  private Token peek(int n) {
    while (ahead.size() <= n) {
      ahead.add(source.getNextToken());
    }
    return ahead.stream().skip(n).findFirst().orElseThrow();
  }

  @Override
  public void SwitchTo(int lexState) {
    source.SwitchTo(lexState);
  }
}
