package io.csvws.rewrite;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableAggregate;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexWindow;

/**
 * Puts {@link CheckedSum} in place of Calcite's BIGINT sums, so that no sum wraps: in the
 * chosen physical plan's aggregates ({@link #inPlan}), and in window calls of the converted
 * logical plan ({@link #inWindows}), since Calcite's window implementation cannot be rebuilt
 * once planned.
 */
public final class CheckedSums {
  private CheckedSums() {
  }

  /** {@code plan}, a physical plan, with its aggregates' BIGINT sums checked. */
  public static RelNode inPlan(RelNode plan) {
    List<RelNode> inputs = new ArrayList<>();
    boolean changed = false;
    for (RelNode input : plan.getInputs()) {
      RelNode checked = inPlan(input);
      changed |= checked != input;
      inputs.add(checked);
    }
    RelNode rel = changed ? plan.copy(plan.getTraitSet(), inputs) : plan;
    if (rel instanceof EnumerableAggregate a) {
      List<AggregateCall> calls = new ArrayList<>();
      boolean replaced = false;
      for (AggregateCall c : a.getAggCallList()) {
        if (CheckedSum.replaces(c.getAggregation().getKind(), c.getType())) {
          c = AggregateCall.create(c.getParserPosition(),
              CheckedSum.of(c.getAggregation().getKind()), c.isDistinct(), c.isApproximate(),
              c.ignoreNulls(), c.rexList, c.getArgList(), c.filterArg, c.distinctKeys,
              c.getCollation(), c.getType(), c.getName());
          replaced = true;
        }
        calls.add(c);
      }
      if (replaced) {
        return a.copy(a.getTraitSet(), a.getInput(), a.getGroupSet(), a.getGroupSets(), calls);
      }
    }
    return rel;
  }

  /** {@code logical}, a converted plan, with the BIGINT sums of its window calls checked. */
  public static RelNode inWindows(RelNode logical) {
    return PlanExpressions.rewrite(logical, CheckedSums::windowSum);
  }

  /** {@code c}, with a checked sum if it is a window's BIGINT sum. */
  private static RexNode windowSum(RexCall c, RexBuilder rex) {
    if (!(c instanceof RexOver o)
        || !CheckedSum.replaces(o.getAggOperator().getKind(), o.getType())) {
      return c;
    }
    RexWindow w = o.getWindow();
    return rex.makeOver(o.getParserPosition(), o.getType(),
        CheckedSum.of(o.getAggOperator().getKind()), o.getOperands(), w.partitionKeys,
        w.orderKeys, w.getLowerBound(), w.getUpperBound(), w.getExclude(), w.isRows(), true,
        false, o.isDistinct(), o.ignoreNulls());
  }
}
