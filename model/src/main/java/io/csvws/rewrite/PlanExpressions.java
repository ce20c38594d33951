package io.csvws.rewrite;

import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;

/**
 * Applies a rewrite of calls to every expression of a plan, bottom up, in every relational
 * expression, those of sub-queries included: the walk the pre-planning rewrites
 * ({@link ArithmeticChecks}, {@link TextCasts}, {@link CodePointText}, {@link WindowRanks},
 * {@link CheckedSums}) share.
 */
final class PlanExpressions {
  /** Rewrites one call, whose operands are rewritten already; returns the call to keep it. */
  @FunctionalInterface
  interface CallRewrite {
    RexNode apply(RexCall call, RexBuilder rex);
  }

  private PlanExpressions() {
  }

  /** {@code plan} with {@code rewrite} applied to each of its calls. */
  static RelNode rewrite(RelNode plan, CallRewrite rewrite) {
    return plan.accept(new Rels(rewrite));
  }

  private static final class Rels extends RelHomogeneousShuttle {
    private final CallRewrite rewrite;

    Rels(CallRewrite rewrite) {
      this.rewrite = rewrite;
    }

    @Override
    public RelNode visit(RelNode other) {
      RelNode rel = super.visit(other);
      return rel.accept(new Calls(rel.getCluster().getRexBuilder(), this));
    }
  }

  private static final class Calls extends RexShuttle {
    private final RexBuilder rex;
    private final Rels rels;

    Calls(RexBuilder rex, Rels rels) {
      this.rex = rex;
      this.rels = rels;
    }

    @Override
    public RexNode visitSubQuery(RexSubQuery subQuery) {
      RexSubQuery visited = (RexSubQuery) super.visitSubQuery(subQuery);
      RelNode rel = visited.rel.accept(rels);
      return rel == visited.rel ? visited : visited.clone(rel);
    }

    @Override
    public RexNode visitCall(RexCall call) {
      RexNode visited = super.visitCall(call);
      return visited instanceof RexCall c ? rels.rewrite.apply(c, rex) : visited;
    }

    @Override
    public RexNode visitOver(RexOver over) {
      RexNode visited = super.visitOver(over);
      return visited instanceof RexCall c ? rels.rewrite.apply(c, rex) : visited;
    }
  }
}
