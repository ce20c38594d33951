package io.csvws.sql;

import org.apache.calcite.sql.validate.SqlConformance;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql.validate.SqlDelegatingConformance;

/**
 * Calcite's lenient conformance ({@code !=}, {@code LIMIT a, b} and other common forms), with
 * checked arithmetic: {@code +}, {@code -}, {@code *}, {@code /} and unary minus of exact
 * numbers fail on overflow instead of wrapping, as they do in PostgreSQL and DuckDB. Calcite's
 * lenient conformance wraps ({@code 2147483647 + 1} is {@code -2147483648}).
 */
final class CheckedConformance extends SqlDelegatingConformance {
  static final SqlConformance INSTANCE = new CheckedConformance();

  private CheckedConformance() {
    super(SqlConformanceEnum.LENIENT);
  }

  @Override
  public boolean checkedArithmetic() {
    return true;
  }
}
