package io.csvws.sql;

import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.linq4j.function.Predicate1;

/**
 * The tests a planner-free scan applies to the decoded values of its filter row (see
 * {@link SimpleCondition}): each reads one position of the row, is false for NULL (SQL's three
 * valued logic: a comparison with NULL is unknown, and unknown never passes), and compares as the
 * planned statement's generated code does. Each is a small final class, so that the scan threads
 * run a few monomorphic calls per row instead of interpreting an expression. Immutable.
 */
final class ValueTests {
  private ValueTests() {
  }

  /** A comparison, as {@code compareTo}'s sign reads it. */
  enum Op {
    EQ, NE, LT, LE, GT, GE;

    boolean accepts(int cmp) {
      return switch (this) {
        case EQ -> cmp == 0;
        case NE -> cmp != 0;
        case LT -> cmp < 0;
        case LE -> cmp <= 0;
        case GT -> cmp > 0;
        case GE -> cmp >= 0;
      };
    }

    /** The operator of {@code literal op column} written as {@code column op' literal}. */
    Op reverse() {
      return switch (this) {
        case EQ, NE -> this;
        case LT -> GT;
        case LE -> GE;
        case GT -> LT;
        case GE -> LE;
      };
    }
  }

  /** All of {@code tests}, evaluated in order until one fails. */
  static Predicate1<Object[]> all(List<Predicate1<Object[]>> tests) {
    if (tests.size() == 1) {
      return tests.get(0);
    }
    if (tests.size() == 2) {
      return new Both(tests.get(0), tests.get(1));
    }
    @SuppressWarnings({"unchecked", "rawtypes"})
    Predicate1<Object[]>[] array = tests.toArray(new Predicate1[0]);
    return new All(array);
  }

  /** Two tests: the usual {@code a = x AND b > y} without a loop. */
  private record Both(Predicate1<Object[]> first, Predicate1<Object[]> second)
      implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      return first.apply(row) && second.apply(row);
    }
  }

  private static final class All implements Predicate1<Object[]> {
    private final Predicate1<Object[]>[] tests;

    All(Predicate1<Object[]>[] tests) {
      this.tests = tests;
    }

    @Override
    public boolean apply(Object[] row) {
      for (Predicate1<Object[]> t : tests) {
        if (!t.apply(row)) {
          return false;
        }
      }
      return true;
    }
  }

  /** {@code IS NULL}. */
  record IsNull(int position) implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      return row[position] == null;
    }
  }

  /** {@code IS NOT NULL}; also a comparison every non-NULL value passes. */
  record IsNotNull(int position) implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      return row[position] != null;
    }
  }

  /**
   * An integral value (INTEGER, BIGINT, the row number; epoch days of a DATE, milliseconds of a
   * TIME or TIMESTAMP) within {@code [lo, hi]}.
   */
  record LongRange(int position, long lo, long hi) implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      Object v = row[position];
      if (v == null) {
        return false;
      }
      long x = ((Number) v).longValue();
      return x >= lo && x <= hi;
    }
  }

  /** An integral value other than {@code excluded}. */
  record LongOther(int position, long excluded) implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      Object v = row[position];
      return v != null && ((Number) v).longValue() != excluded;
    }
  }

  /** A BOOLEAN value equal to {@code expected}. */
  record BooleanIs(int position, boolean expected) implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      Object v = row[position];
      return v != null && (Boolean) v == expected;
    }
  }

  /** A DECIMAL value compared with the literal by numeric value, whatever the scales. */
  record DecimalCompare(int position, Op op, BigDecimal literal)
      implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      Object v = row[position];
      return v != null && op.accepts(((BigDecimal) v).compareTo(literal));
    }
  }

  /**
   * A DOUBLE value compared with the literal made a double, with Java's (and the generated
   * code's) primitive operators: NaN equals nothing and is neither less nor greater than
   * anything, {@code -0.0 = 0.0}.
   */
  record DoubleCompare(int position, Op op, double literal) implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      Object v = row[position];
      if (v == null) {
        return false;
      }
      double x = (Double) v;
      return switch (op) {
        case EQ -> x == literal;
        case NE -> x != literal;
        case LT -> x < literal;
        case LE -> x <= literal;
        case GT -> x > literal;
        case GE -> x >= literal;
      };
    }
  }

  /** A VARCHAR value equal to the literal, character for character. */
  record TextEquals(int position, String literal) implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      return literal.equals(row[position]);
    }
  }

  /**
   * A VARCHAR value compared with the literal in {@link String#compareTo} order (UTF-16 code
   * units), the order of Calcite's string comparisons without a collation.
   */
  record TextCompare(int position, Op op, String literal) implements Predicate1<Object[]> {
    @Override
    public boolean apply(Object[] row) {
      Object v = row[position];
      return v != null && op.accepts(((String) v).compareTo(literal));
    }
  }
}
