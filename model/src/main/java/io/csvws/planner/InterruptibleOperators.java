package io.csvws.planner;

import io.csvws.scan.InterruptibleRows;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.Types;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.RepeatUnion;
import org.apache.calcite.rel.core.Values;

/**
 * Makes the operators of a physical plan that read no file stop at a cancel or the query timeout.
 * Only file scans check for them themselves; a join of VALUES, or of small files already read,
 * loops inside Calcite's code, which checks neither. Each join, correlate, VALUES and recursive
 * union gets a thin operator above it that checks every few hundred rows it passes on, and the
 * outer side of a nested loop (whose every row may cost a pass over the whole inner side) is
 * checked at every row. A check is an atomic read and a clock read, so the cost is nothing
 * measurable next to the operators themselves.
 */
public final class InterruptibleOperators {
  private static final int EVERY = 256;

  private InterruptibleOperators() {
  }

  /** {@code plan}, a physical plan of Calcite's enumerable convention, with the checks added. */
  public static RelNode inPlan(RelNode plan) {
    if (!(plan instanceof EnumerableRel)) {
      return plan;
    }
    return wrap(plan);
  }

  private static RelNode wrap(RelNode rel) {
    boolean nested = rel instanceof Correlate
        || rel.getClass().getSimpleName().contains("NestedLoopJoin");
    List<RelNode> inputs = new ArrayList<>();
    boolean changed = false;
    for (int i = 0; i < rel.getInputs().size(); i++) {
      RelNode input = rel.getInputs().get(i);
      RelNode checked = wrap(input);
      if (nested && i == 0 && input instanceof EnumerableRel && !(checked instanceof Checked)) {
        checked = new Checked(checked, 1, "joining rows");
      }
      changed |= checked != input;
      inputs.add(checked);
    }
    RelNode out = changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
    String doing = rel instanceof Join || rel instanceof Correlate ? "joining rows"
        : rel instanceof Values ? "listing VALUES rows"
        : rel instanceof RepeatUnion ? "computing a recursive query" : null;
    return doing == null ? out : new Checked(out, EVERY, doing);
  }

  /** The operator that passes its input's rows on, checking for a cancel or timeout. */
  static final class Checked extends SingleRel implements EnumerableRel {
    private final int every;
    private final String doing;

    Checked(RelNode input, int every, String doing) {
      this(input.getCluster(), input.getTraitSet(), input, every, doing);
    }

    private Checked(RelOptCluster cluster, RelTraitSet traits, RelNode input, int every,
        String doing) {
      super(cluster, traits, input);
      this.every = every;
      this.doing = doing;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
      return new Checked(getCluster(), traitSet, sole(inputs), every, doing);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
      return super.explainTerms(pw).item("checks", doing);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
      BlockBuilder builder = new BlockBuilder();
      Result child = implementor.visitChild(this, 0, (EnumerableRel) getInput(), pref);
      PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
          child.format);
      Expression rows = builder.append("child", child.block);
      builder.add(Expressions.return_(null, Expressions.call(
          Types.lookupMethod(InterruptibleRows.class, "of",
              org.apache.calcite.DataContext.class,
              org.apache.calcite.linq4j.Enumerable.class, String.class, int.class),
          implementor.getRootExpression(), rows, Expressions.constant(doing),
          Expressions.constant(every))));
      return implementor.result(physType, builder.toBlock());
    }
  }
}
