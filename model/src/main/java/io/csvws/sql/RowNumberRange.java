package io.csvws.sql;

import io.csvws.metadata.ColumnNaming;
import java.math.BigDecimal;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.fun.SqlBetweenOperator;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The row numbers a WHERE of comparisons ({@code =, <, <=, >, >=, BETWEEN}) of {@code _row} with
 * unsigned integer literals, joined by AND, accepts: {@code first} to {@code last}, both
 * included. The planner pushes such a condition into the scan, which starts at the first row it
 * can accept (through the row index), stops after the last, and tests the row number of each row
 * it reads; a statement prepared without the planner builds the same scan from this range.
 * Immutable.
 *
 * <p>{@link SimpleScan} and {@link SimpleAggregate} both read their row conditions with it.
 *
 * @param first the first row number accepted (1-based)
 * @param last the last row number accepted; less than {@code first} for none
 */
record RowNumberRange(long first, long last) {
  /** Every row: no condition. */
  static final RowNumberRange ALL = new RowNumberRange(1, Long.MAX_VALUE);

  /**
   * Whether {@code condition} is, as written and before any name is resolved, comparisons each
   * naming {@code _row}, joined by AND: the test that spares other conditions a table lookup.
   */
  static boolean isShape(SqlNode condition) {
    if (!(condition instanceof SqlBasicCall call)) {
      return false;
    }
    return switch (call.getKind()) {
      case AND -> call.getOperandList().stream().allMatch(RowNumberRange::isShape);
      case BETWEEN, EQUALS, GREATER_THAN, GREATER_THAN_OR_EQUAL, LESS_THAN,
          LESS_THAN_OR_EQUAL -> call.getOperandList().stream().anyMatch(
              o -> o instanceof SqlIdentifier id && id.isSimple()
                  && ColumnNaming.ROW_COLUMN.equals(id.getSimple()));
      default -> false;
    };
  }

  /**
   * The rows {@code condition} accepts, over a table of {@code columns}; null when it is not
   * such a condition (a comparison with anything but an unsigned integer literal, OR, NOT BETWEEN,
   * BETWEEN SYMMETRIC, a column that only resembles {@code _row}).
   */
  static RowNumberRange of(SqlNode condition, TableColumns columns) {
    return narrow(ALL, condition, columns);
  }

  /**
   * This range narrowed by {@code condition} (a comparison of {@code _row}, or ANDs of them);
   * null when it is not such a condition.
   */
  RowNumberRange narrowedBy(SqlNode condition, TableColumns columns) {
    return narrow(this, condition, columns);
  }

  /** Whether no row is accepted. */
  boolean isEmpty() {
    return first > last;
  }

  /** Whether row {@code r} is accepted. */
  boolean accepts(long r) {
    return r >= first && r <= last;
  }

  private RowNumberRange within(long lo, long hi) {
    return new RowNumberRange(Math.max(first, lo), Math.min(last, hi));
  }

  private static RowNumberRange narrow(RowNumberRange range, SqlNode condition,
      TableColumns columns) {
    if (!(condition instanceof SqlBasicCall call)) {
      return null;
    }
    SqlKind kind = call.getKind();
    if (kind == SqlKind.AND) {
      RowNumberRange r = range;
      for (SqlNode operand : call.getOperandList()) {
        r = r == null ? null : narrow(r, operand, columns);
      }
      return r;
    }
    if (kind == SqlKind.BETWEEN) {
      if (!(call.getOperator() instanceof SqlBetweenOperator between) || between.isNegated()
          || between.flag != SqlBetweenOperator.Flag.ASYMMETRIC || call.operandCount() != 3
          || !isRowNumber(call.operand(0), columns)) {
        return null;
      }
      long lo = unsignedInteger(call.operand(1));
      long hi = unsignedInteger(call.operand(2));
      return lo < 0 || hi < 0 ? null : range.within(lo, hi);
    }
    if (call.operandCount() != 2) {
      return null;
    }
    SqlNode left = call.operand(0);
    SqlNode right = call.operand(1);
    if (isRowNumber(right, columns)) {
      kind = kind.reverse();
      SqlNode t = left;
      left = right;
      right = t;
    }
    if (!isRowNumber(left, columns)) {
      return null;
    }
    long v = unsignedInteger(right);
    if (v < 0) {
      return null;
    }
    return switch (kind) {
      case EQUALS -> range.within(v, v);
      case GREATER_THAN -> v == Long.MAX_VALUE ? null : range.within(v + 1, Long.MAX_VALUE);
      case GREATER_THAN_OR_EQUAL -> range.within(v, Long.MAX_VALUE);
      case LESS_THAN -> range.within(Long.MIN_VALUE, v - 1);
      case LESS_THAN_OR_EQUAL -> range.within(Long.MIN_VALUE, v);
      default -> null;
    };
  }

  private static boolean isRowNumber(SqlNode node, TableColumns columns) {
    return node instanceof SqlIdentifier id && !id.isStar() && id.isSimple()
        && ColumnNaming.ROW_COLUMN.equals(id.getSimple())
        && columns.ordinal(id) == columns.rowOrdinal();
  }

  /** The value of an unsigned integer literal that fits a long; else -1. */
  static long unsignedInteger(SqlNode node) {
    if (!(node instanceof SqlNumericLiteral literal) || !literal.isExact()
        || literal.getTypeName() == SqlTypeName.DECIMAL && literal.getScale() != null
            && literal.getScale() != 0) {
      return -1;
    }
    BigDecimal v = literal.getValueAs(BigDecimal.class);
    if (v == null || v.signum() < 0 || v.scale() > 0
        || v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      return -1;
    }
    return v.longValueExact();
  }
}
