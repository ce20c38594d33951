package io.csvws.rewrite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.DataContexts;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexExecutorImpl;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's constant folding, except for casts of a DECIMAL or a DOUBLE to an integer type (and
 * of a time or timestamp to text, see {@link #isRoundingCast}).
 * Calcite folds {@code CAST(CAST(2.5 AS DECIMAL(3, 1)) AS INTEGER)} while it converts the
 * query (RexSimplify hands the cast to this executor) and cuts the fraction (2), where csvws
 * rounds the same cast of a column (3, {@link ArithmeticChecks}). Such a cast is left in the
 * plan, so that {@link ArithmeticChecks} rounds it as it rounds a column's; its rounded call
 * may then be folded, since it computes what the query computes.
 */
public final class RoundingCastExecutor extends RexExecutorImpl {
  /**
   * Folds with no data context, as Calcite's planner does. A subclass of Calcite's executor,
   * since some of Calcite's rules use an executor only when it is Calcite's.
   */
  public RoundingCastExecutor() {
    super(DataContexts.EMPTY);
  }

  @Override
  public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
    List<RexNode> folded = new ArrayList<>();
    for (RexNode e : constExps) {
      if (!hasRoundingCast(e)) {
        folded.add(e);
      }
    }
    List<RexNode> values = new ArrayList<>();
    if (!folded.isEmpty()) {
      super.reduce(rexBuilder, folded, values);
    }
    int next = 0;
    for (RexNode e : constExps) {
      reducedValues.add(hasRoundingCast(e) ? e : values.get(next++));
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

  /**
   * Whether {@code call} casts a DECIMAL or a floating-point number to an integer type, or a time
   * or timestamp to text: Calcite's folding writes the latter without its fraction of a second
   * ({@code 01:02:03} for {@code TIME '01:02:03.450'}), where {@link TextCasts} writes it as
   * PostgreSQL does ({@code 01:02:03.45}), as it does for a column.
   */
  static boolean isRoundingCast(RexCall call) {
    if (call.getKind() != SqlKind.CAST && call.getKind() != SqlKind.SAFE_CAST) {
      return false;
    }
    SqlTypeName to = call.getType().getSqlTypeName();
    SqlTypeName from = call.getOperands().get(0).getType().getSqlTypeName();
    return (SqlTypeName.INT_TYPES.contains(to) && SqlTypeName.FRACTIONAL_TYPES.contains(from))
        || (SqlTypeName.CHAR_TYPES.contains(to) && (from == SqlTypeName.TIME
            || from == SqlTypeName.TIMESTAMP
            || from == SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE));
  }
}
