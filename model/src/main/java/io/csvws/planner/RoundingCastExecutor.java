package io.csvws.planner;

import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's constant folding, except for casts of a DECIMAL or a DOUBLE to an integer type.
 * Calcite folds {@code CAST(CAST(2.5 AS DECIMAL(3, 1)) AS INTEGER)} while it converts the
 * query (RexSimplify hands the cast to this executor) and cuts the fraction (2), where csvws
 * rounds the same cast of a column (3, {@link ArithmeticChecks}). Such a cast is left in the
 * plan, so that {@link ArithmeticChecks} rounds it as it rounds a column's; its rounded call
 * may then be folded, since it computes what the query computes.
 */
public final class RoundingCastExecutor implements RexExecutor {
  private final RexExecutor calcite;

  /** Folds with {@code calcite}, the planner's own executor, whatever it does not round. */
  public RoundingCastExecutor(RexExecutor calcite) {
    this.calcite = calcite;
  }

  @Override
  public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
    for (RexNode e : constExps) {
      if (hasRoundingCast(e)) {
        reducedValues.add(e);
      } else {
        calcite.reduce(rexBuilder, List.of(e), reducedValues);
      }
    }
  }

  /** Whether {@code e} casts a fraction to an integer type anywhere. */
  static boolean hasRoundingCast(RexNode e) {
    if (!(e instanceof RexCall call)) {
      return false;
    }
    if (isRoundingCast(call)) {
      return true;
    }
    for (RexNode o : call.getOperands()) {
      if (hasRoundingCast(o)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code call} casts a DECIMAL or a floating-point number to an integer type. */
  static boolean isRoundingCast(RexCall call) {
    return (call.getKind() == SqlKind.CAST || call.getKind() == SqlKind.SAFE_CAST)
        && SqlTypeName.INT_TYPES.contains(call.getType().getSqlTypeName())
        && SqlTypeName.FRACTIONAL_TYPES.contains(
            call.getOperands().get(0).getType().getSqlTypeName());
  }
}
