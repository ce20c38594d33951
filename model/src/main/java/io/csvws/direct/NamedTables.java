package io.csvws.direct;

import java.util.ArrayList;
import java.util.List;

/**
 * The unqualified table names a statement's text writes right after {@code FROM} or
 * {@code JOIN}, read without the parser: a hint of which files the statement will look up, so that
 * their metadata can be learnt while Calcite's connection is made. Not the statement's tables:
 * names in a list after a comma, qualified names and subqueries are skipped, and a name may turn
 * out to be a column's alias or no table at all. String literals, quoted identifiers and comments
 * are read as such, so a {@code FROM} inside them is no keyword. Only a statement that starts
 * with {@code SELECT} names any: after {@code WITH} a name may be the statement's own query's, and
 * a statement that is no query is refused before it reads a table.
 */
public final class NamedTables {
  /** The most names read: a hint for the first tables only. */
  static final int MAX_NAMES = 8;

  private NamedTables() {
  }

  /** The names, in order of appearance, each once, at most {@link #MAX_NAMES}. */
  public static List<String> read(String sql) {
    List<SqlLexer.Token> tokens = SqlLexer.read(sql);
    List<String> names = new ArrayList<>();
    if (tokens.isEmpty() || !tokens.get(0).isWord("SELECT")) {
      return names;
    }
    for (int k = 1; k + 1 < tokens.size() && names.size() < MAX_NAMES; k++) {
      SqlLexer.Token keyword = tokens.get(k);
      SqlLexer.Token next = tokens.get(k + 1);
      // Keywords stay names: many are names too (A, DATA, VALUE), and a name that is no table
      // costs one lookup.
      boolean qualified = k + 2 < tokens.size() && tokens.get(k + 2).isSymbol('.');
      if ((keyword.isWord("FROM") || keyword.isWord("JOIN")) && next.isName()
          && !next.isWord("FROM") && !next.isWord("JOIN") && !next.text().isEmpty()
          && !qualified && !names.contains(next.text())) {
        names.add(next.text());
      }
    }
    return names;
  }
}
