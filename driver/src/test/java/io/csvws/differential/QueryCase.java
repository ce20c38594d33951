package io.csvws.differential;

import java.util.EnumSet;
import java.util.Set;

/**
 * One query of the differential suite: the SQL csvws runs, the SQL DuckDB runs (the same text unless a
 * documented {@link Convention} makes the meanings differ, or DuckDB spells the same meaning another
 * way), whether its ORDER BY fixes the order of every row (otherwise both answers are compared as
 * sorted multisets), and, for queries that must fail in both engines, the SQLState csvws must give.
 *
 * @param sql the query csvws runs
 * @param duckSql the query DuckDB runs
 * @param conventions the documented differences that make {@code duckSql} differ from {@code sql}
 * @param spelling why DuckDB's text differs when no convention does (the same meaning, spelled
 *     differently in DuckDB), or null
 * @param orderFixed whether the row order is fixed by the query and compared
 * @param errorState the SQLState csvws must fail with, or null when the query must succeed
 * @param textValues whether the values are read with {@code getString} (the text a client prints)
 *     rather than {@code getObject}
 */
record QueryCase(String sql, String duckSql, Set<Convention> conventions, String spelling,
    boolean orderFixed, String errorState, boolean textValues) {

  /** A query both engines run as written, compared as a multiset of rows. */
  static QueryCase q(String sql) {
    return new QueryCase(sql, sql, Set.of(), null, false, null, false);
  }

  /** The same query, its row order compared: its ORDER BY must fix the position of every row. */
  QueryCase ordered() {
    return new QueryCase(sql, duckSql, conventions, spelling, true, errorState, textValues);
  }

  /** The same query, DuckDB running {@code text} because of the documented difference {@code why}. */
  QueryCase duck(String text, Convention why, Convention... more) {
    Set<Convention> all = EnumSet.of(why, more);
    all.addAll(conventions);
    return new QueryCase(sql, text, Set.copyOf(all), spelling, orderFixed, errorState, textValues);
  }

  /** The same query, DuckDB running {@code text}: the same meaning, which DuckDB spells so. */
  QueryCase spelled(String text, String why) {
    return new QueryCase(sql, text, conventions, why, orderFixed, errorState, textValues);
  }

  /** The query must fail in both engines, csvws with {@code sqlState}. */
  QueryCase fails(String sqlState) {
    return new QueryCase(sql, duckSql, conventions, spelling, orderFixed, sqlState, textValues);
  }

  /** The same query, its values compared as the text {@code getString} gives. */
  QueryCase asText() {
    return new QueryCase(sql, duckSql, conventions, spelling, orderFixed, errorState, true);
  }

  @Override
  public String toString() {
    return sql;
  }
}
