package io.csvws.wide;

import io.csvws.planner.RuleConfig;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexInputRef;

/**
 * Implements a projection of at least {@value #MIN_COLUMNS} plain columns as a {@link WideProject},
 * which copies values by index, so wide rows never meet the code-size limit of generated methods.
 */
public final class WideProjectRule extends RelRule<RuleConfig> {
  /** From this width on, generated projection code risks the 64 KB method limit. */
  static final int MIN_COLUMNS = 256;

  /** The rule. */
  public static final WideProjectRule INSTANCE = new WideProjectRule(RuleConfig.of("CsvwsWideProjectRule",
      b -> b.operand(LogicalProject.class)
          .predicate(p -> p.getProjects().size() >= MIN_COLUMNS
              && p.getProjects().stream().allMatch(e -> e instanceof RexInputRef))
          .anyInputs(), WideProjectRule::new));

  private WideProjectRule(RuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalProject project = call.rel(0);
    int[] mapping = project.getProjects().stream()
        .mapToInt(e -> ((RexInputRef) e).getIndex()).toArray();
    RelNode input = RelOptRule.convert(project.getInput(),
        project.getInput().getTraitSet().replace(EnumerableConvention.INSTANCE));
    call.transformTo(new WideProject(project.getCluster(),
        project.getTraitSet().replace(EnumerableConvention.INSTANCE), input, mapping,
        project.getRowType()));
  }
}
