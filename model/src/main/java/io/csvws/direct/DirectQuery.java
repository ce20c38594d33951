package io.csvws.direct;

import java.util.List;

/**
 * A statement the engine answers without Calcite, read from its text. Exactly one of:
 *
 * <ul>
 *   <li>{@code SELECT COUNT(*) FROM name}: the table's row count;
 *   <li>{@code SELECT * FROM name WHERE _row = n} and {@code SELECT * FROM name WHERE _row
 *       BETWEEN a AND b}: the rows at those positions, a seek into the file;
 *   <li>{@code SELECT * FROM name LIMIT n}: the first n rows, which without an ORDER BY are the
 *       file's first n (csvws reads a table in file order).
 * </ul>
 *
 * <p>Keywords in any case, any spacing, trailing semicolons; the name unqualified, unquoted or
 * double-quoted; the numbers whole and unsigned. Any other text (an alias, a comment, a
 * qualified or keyword name, another condition, an empty range) is not one, and goes to the
 * parser, which also reports every error.
 *
 * @param table the name of the table, as written (without quotes)
 * @param count whether the statement counts the rows rather than reading them
 * @param firstRow the first row read, 1-based; 1 for a count
 * @param lastRow the last row read; {@link Long#MAX_VALUE} for a count or a limit
 * @param limit how many rows a {@code LIMIT} keeps, or -1 for none
 */
public record DirectQuery(String table, boolean count, long firstRow, long lastRow, long limit) {
  private static final String ROW = "_row";

  /** The direct statement {@code sql} is, or null when it is none. */
  public static DirectQuery read(String sql) {
    List<SqlWords.Token> t = SqlWords.statement(sql);
    if (t == null) {
      return null;
    }
    if (matches(t, "SELECT", "COUNT", "(", "*", ")", "FROM", null)) {
      String table = t.get(6).name();
      return table == null ? null : new DirectQuery(table, true, 1, Long.MAX_VALUE, -1);
    }
    if (matches(t, "SELECT", "*", "FROM", null, "WHERE", ROW, "=", null)) {
      return seek(t.get(3), t.get(7), t.get(7));
    }
    if (matches(t, "SELECT", "*", "FROM", null, "WHERE", ROW, "BETWEEN", null, "AND", null)) {
      return seek(t.get(3), t.get(7), t.get(9));
    }
    if (matches(t, "SELECT", "*", "FROM", null, "LIMIT", null)) {
      String table = t.get(3).name();
      long n = t.get(5).number();
      // The planned limit counts in ints (EnumerableLimit): a larger one is left to it.
      return table == null || n < 1 || n > Integer.MAX_VALUE ? null
          : new DirectQuery(table, false, 1, Long.MAX_VALUE, n);
    }
    return null;
  }

  /** The seek from {@code first} to {@code last}, or null if it is empty or not numbers. */
  private static DirectQuery seek(SqlWords.Token name, SqlWords.Token first,
      SqlWords.Token last) {
    String table = name.name();
    long a = first.number();
    long b = last.number();
    if (table == null || a < 0 || b < 0 || Math.max(a, 1) > b) {
      return null;
    }
    return new DirectQuery(table, false, Math.max(a, 1), b, -1);
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
