package io.csvws.direct;

import java.util.ArrayList;
import java.util.List;

/**
 * A statement the engine answers without Calcite, read from its text. Exactly one of:
 *
 * <ul>
 *   <li>{@code SELECT COUNT(*) FROM name}: the table's row count;
 *   <li>{@code SELECT * FROM name WHERE _row = n} and {@code SELECT * FROM name WHERE _row
 *       BETWEEN a AND b}: the rows at those positions, a seek into the file;
 *   <li>{@code SELECT * FROM name LIMIT n}: the first n rows, which without an ORDER BY are the
 *       file's first n (csvws reads a table in file order);
 *   <li>the same seeks and limit of some columns ({@code SELECT a, b FROM name LIMIT n}).
 * </ul>
 *
 * <p>Keywords in any case, any spacing, trailing semicolons; names unqualified, unquoted or
 * double-quoted; the numbers whole and unsigned. Any other text (an alias, a comment, a
 * qualified or keyword name, another condition, an empty range) is not one, and goes to the
 * parser, which also reports every error. Whether the columns are the table's is for the engine
 * to check.
 *
 * @param table the name of the table, as written (without quotes)
 * @param columns the names of the columns read, as written; empty for every column
 * @param count whether the statement counts the rows rather than reading them
 * @param firstRow the first row read, 1-based; 1 for a count
 * @param lastRow the last row read; {@link Long#MAX_VALUE} for a count or a limit
 * @param limit how many rows a {@code LIMIT} keeps, or -1 for none
 */
public record DirectQuery(String table, List<String> columns, boolean count, long firstRow,
    long lastRow, long limit) {
  private static final String ROW = "_row";

  public DirectQuery {
    columns = List.copyOf(columns);
  }

  /** The direct statement {@code sql} is, or null when it is none. */
  public static DirectQuery read(String sql) {
    List<SqlWords.Token> t = SqlWords.statement(sql);
    if (t == null) {
      return null;
    }
    if (matches(t, "SELECT", "COUNT", "(", "*", ")", "FROM", null)) {
      String table = t.get(6).name();
      return table == null ? null
          : new DirectQuery(table, List.of(), true, 1, Long.MAX_VALUE, -1);
    }
    if (t.isEmpty() || !t.get(0).is("SELECT")) {
      return null;
    }
    List<String> columns = new ArrayList<>();
    int at = 1;
    if (at < t.size() && t.get(at).is("*")) {
      at++;
    } else {
      while (true) {
        String column = at < t.size() ? t.get(at).name() : null;
        if (column == null) {
          return null;
        }
        columns.add(column);
        at++;
        if (at >= t.size() || !t.get(at).is(",")) {
          break;
        }
        at++;
      }
    }
    List<SqlWords.Token> rest = t.subList(at, t.size());
    if (matches(rest, "FROM", null, "WHERE", ROW, "=", null)) {
      return seek(rest.get(1), columns, rest.get(5), rest.get(5));
    }
    if (matches(rest, "FROM", null, "WHERE", ROW, "BETWEEN", null, "AND", null)) {
      return seek(rest.get(1), columns, rest.get(5), rest.get(7));
    }
    if (matches(rest, "FROM", null, "LIMIT", null)) {
      String table = rest.get(1).name();
      long n = rest.get(3).number();
      // The planned limit counts in ints (EnumerableLimit): a larger one is left to it.
      return table == null || n < 1 || n > Integer.MAX_VALUE ? null
          : new DirectQuery(table, columns, false, 1, Long.MAX_VALUE, n);
    }
    return null;
  }

  /** The seek from {@code first} to {@code last}, or null if it is empty or not numbers. */
  private static DirectQuery seek(SqlWords.Token name, List<String> columns,
      SqlWords.Token first, SqlWords.Token last) {
    String table = name.name();
    long a = first.number();
    long b = last.number();
    if (table == null || a < 0 || b < 0 || Math.max(a, 1) > b) {
      return null;
    }
    return new DirectQuery(table, columns, false, Math.max(a, 1), b, -1);
  }

  /**
   * Whether {@code tokens} are {@code shape}: each keyword or symbol in any case, a null where
   * any one token stands (a name or a number, checked by the caller); {@value #ROW} also
   * double-quoted, as any case of it names the same column.
   */
  private static boolean matches(List<SqlWords.Token> tokens, String... shape) {
    if (tokens.size() != shape.length) {
      return false;
    }
    for (int k = 0; k < shape.length; k++) {
      SqlWords.Token token = tokens.get(k);
      if (shape[k] == null) {
        continue;
      }
      boolean ok = shape[k].equals(ROW)
          ? token.text().equalsIgnoreCase(ROW)
          : token.is(shape[k]);
      if (!ok) {
        return false;
      }
    }
    return true;
  }
}
