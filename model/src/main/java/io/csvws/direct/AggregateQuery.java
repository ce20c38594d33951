package io.csvws.direct;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code SELECT <items> FROM name [GROUP BY names]}, an aggregate the engine answers without
 * Calcite, read from its text: each item a name, {@code COUNT(*)}, or {@code COUNT}, {@code SUM},
 * {@code MIN} or {@code MAX} of a name, each optionally given a label ({@code AS label} or just
 * {@code label}). There is a GROUP BY, or some item is an aggregate.
 *
 * <p>Keywords in any case, any spacing, trailing semicolons; names unqualified, unquoted or
 * double-quoted, and no keyword unquoted. Anything else (a WHERE, HAVING or ORDER BY, DISTINCT,
 * an expression, a qualified name, a comment) is not one, and goes to the parser. Whether the
 * names are the table's columns, of types the engine aggregates, is for the engine to check.
 *
 * @param table the table's name, as written (without quotes)
 * @param items the select items, in order
 * @param groupBy the grouping names, in order; empty without GROUP BY
 */
public record AggregateQuery(String table, List<Item> items, List<String> groupBy) {
  /** What an item computes. */
  public enum Function {
    /** The item is a grouping name, not an aggregate. */
    COLUMN,
    /** {@code COUNT(*)}. */
    COUNT_ROWS,
    COUNT,
    SUM,
    MIN,
    MAX
  }

  /**
   * One select item.
   *
   * @param function what it computes
   * @param column the name it reads, as written; null for {@code COUNT(*)}
   * @param label the label it is given, or null for none
   */
  public record Item(Function function, String column, String label) {
  }

  public AggregateQuery {
    items = List.copyOf(items);
    groupBy = List.copyOf(groupBy);
  }

  /** The aggregate {@code sql} is, or null when it is none. */
  public static AggregateQuery read(String sql) {
    List<SqlWords.Token> tokens = SqlWords.statement(sql);
    return tokens == null ? null : new Reader(tokens).query();
  }

  /** Reads the tokens front to back; each step returns null when the text is not the shape. */
  private static final class Reader {
    private final List<SqlWords.Token> tokens;
    private int at;

    Reader(List<SqlWords.Token> tokens) {
      this.tokens = tokens;
    }

    AggregateQuery query() {
      if (!take("SELECT")) {
        return null;
      }
      List<Item> items = new ArrayList<>();
      boolean aggregates = false;
      do {
        Item item = item();
        if (item == null) {
          return null;
        }
        aggregates |= item.function() != Function.COLUMN;
        items.add(item);
      } while (take(","));
      if (!take("FROM")) {
        return null;
      }
      String table = name();
      if (table == null) {
        return null;
      }
      List<String> groupBy = new ArrayList<>();
      if (take("GROUP")) {
        if (!take("BY")) {
          return null;
        }
        do {
          String name = name();
          if (name == null) {
            return null;
          }
          groupBy.add(name);
        } while (take(","));
      }
      if (at != tokens.size() || (!aggregates && groupBy.isEmpty())) {
        return null;
      }
      return new AggregateQuery(table, items, groupBy);
    }

    /** A name, or a function of a name or of {@code *}, then an optional label. */
    private Item item() {
      Function function = function();
      String column;
      if (function == Function.COLUMN) {
        column = name();
        if (column == null) {
          return null;
        }
      } else {
        at += 2; // the function's name and "("
        if (function == Function.COUNT && take("*")) {
          function = Function.COUNT_ROWS;
          column = null;
        } else {
          column = name();
          if (column == null) {
            return null;
          }
        }
        if (!take(")")) {
          return null;
        }
      }
      String label = null;
      if (take("AS")) {
        label = name();
        if (label == null) {
          return null;
        }
      } else if (at < tokens.size() && tokens.get(at).name() != null) {
        label = name();
      }
      return new Item(function, column, label);
    }

    /** The aggregate function the next tokens call, or {@link Function#COLUMN} for none. */
    private Function function() {
      if (at + 1 >= tokens.size() || !tokens.get(at + 1).is("(")) {
        return Function.COLUMN;
      }
      SqlWords.Token t = tokens.get(at);
      for (Function f : List.of(Function.COUNT, Function.SUM, Function.MIN, Function.MAX)) {
        if (t.is(f.name())) {
          return f;
        }
      }
      return Function.COLUMN;
    }

    /** The next token as a name (consumed), or null when it is none. */
    private String name() {
      if (at >= tokens.size()) {
        return null;
      }
      String name = tokens.get(at).name();
      if (name != null) {
        at++;
      }
      return name;
    }

    /** Consumes the next token if it is {@code keyword} or symbol. */
    private boolean take(String keyword) {
      if (at < tokens.size() && tokens.get(at).is(keyword)) {
        at++;
        return true;
      }
      return false;
    }
  }
}
