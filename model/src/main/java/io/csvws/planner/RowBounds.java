package io.csvws.planner;

import java.math.BigDecimal;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.Sarg;

/**
 * The range of row numbers a scan condition can accept, from conjuncts such as
 * {@code _row >= 1500000}, {@code _row < 10} or {@code _row BETWEEN a AND b} with literal bounds.
 * Rows outside the range need not be read: the scan starts at the first (through the row index)
 * and stops after the last. The condition itself is still evaluated on every row read.
 *
 * @param first the first row that can pass (1 when unbounded)
 * @param last the last row that can pass ({@link Long#MAX_VALUE} when unbounded)
 */
record RowBounds(long first, long last) {
  static final RowBounds ALL = new RowBounds(1, Long.MAX_VALUE);

  /** The bounds {@code condition} (over table ordinals) puts on the row number at {@code rowOrdinal}. */
  static RowBounds of(RexNode condition, int rowOrdinal) {
    if (condition == null) {
      return ALL;
    }
    long first = 1;
    long last = Long.MAX_VALUE;
    for (RexNode c : RexUtil.flattenAnd(java.util.List.of(condition))) {
      if (!(c instanceof RexCall) || ((RexCall) c).getOperands().size() != 2) {
        continue;
      }
      RexCall call = (RexCall) c;
      RexNode left = call.getOperands().get(0);
      RexNode right = call.getOperands().get(1);
      SqlKind kind = call.getKind();
      if (isRow(right, rowOrdinal) && left instanceof RexLiteral) {
        kind = kind.reverse();
        RexNode t = left;
        left = right;
        right = t;
      }
      if (!isRow(left, rowOrdinal) || !(right instanceof RexLiteral)) {
        continue;
      }
      RexLiteral literal = (RexLiteral) right;
      if (kind == SqlKind.SEARCH) {
        // BETWEEN and IN arrive as a search over ranges; their span bounds the rows.
        Sarg<?> sarg = literal.getValueAs(Sarg.class);
        if (sarg == null || sarg.rangeSet.isEmpty()) {
          continue;
        }
        Range<?> span = sarg.rangeSet.span();
        if (span.hasLowerBound() && span.lowerEndpoint() instanceof BigDecimal) {
          BigDecimal lo = (BigDecimal) span.lowerEndpoint();
          first = Math.max(first,
              span.lowerBoundType() == BoundType.CLOSED ? ceil(lo) : floor(lo) + 1);
        }
        if (span.hasUpperBound() && span.upperEndpoint() instanceof BigDecimal) {
          BigDecimal hi = (BigDecimal) span.upperEndpoint();
          last = Math.min(last,
              span.upperBoundType() == BoundType.CLOSED ? floor(hi) : ceil(hi) - 1);
        }
        continue;
      }
      if (!SqlTypeName.NUMERIC_TYPES.contains(literal.getTypeName())) {
        continue;
      }
      BigDecimal v = literal.getValueAs(BigDecimal.class);
      if (v == null) {
        continue;
      }
      switch (kind) {
        case EQUALS:
          first = Math.max(first, ceil(v));
          last = Math.min(last, floor(v));
          break;
        case GREATER_THAN:
          first = Math.max(first, floor(v) + 1);
          break;
        case GREATER_THAN_OR_EQUAL:
          first = Math.max(first, ceil(v));
          break;
        case LESS_THAN:
          last = Math.min(last, ceil(v) - 1);
          break;
        case LESS_THAN_OR_EQUAL:
          last = Math.min(last, floor(v));
          break;
        default:
          break;
      }
    }
    return new RowBounds(first, last);
  }

  private static boolean isRow(RexNode e, int rowOrdinal) {
    return e instanceof RexInputRef && ((RexInputRef) e).getIndex() == rowOrdinal;
  }

  private static long floor(BigDecimal v) {
    return v.setScale(0, java.math.RoundingMode.FLOOR).min(BigDecimal.valueOf(Long.MAX_VALUE / 2))
        .max(BigDecimal.valueOf(Long.MIN_VALUE / 2)).longValueExact();
  }

  private static long ceil(BigDecimal v) {
    return v.setScale(0, java.math.RoundingMode.CEILING).min(BigDecimal.valueOf(Long.MAX_VALUE / 2))
        .max(BigDecimal.valueOf(Long.MIN_VALUE / 2)).longValueExact();
  }
}
