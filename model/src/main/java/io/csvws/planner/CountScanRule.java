package io.csvws.planner;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.sql.SqlKind;

/**
 * Replaces {@code COUNT(*)} of a whole table (no grouping, no condition) with a {@link CountScan},
 * which answers from the known row count when the file has not changed.
 */
final class CountScanRule extends RelRule<RuleConfig> {
  static final CountScanRule INSTANCE = new CountScanRule(RuleConfig.of("CsvwsCountScanRule",
      b0 -> b0.operand(LogicalAggregate.class)
          .predicate(CountScanRule::isCountStar)
          .oneInput(b1 -> b1.operand(CsvwsLogicalScan.class)
              .predicate(s -> s.condition() == null).noInputs()), CountScanRule::new));

  private CountScanRule(RuleConfig config) {
    super(config);
  }

  private static boolean isCountStar(LogicalAggregate a) {
    if (!a.getGroupSet().isEmpty() || a.getAggCallList().size() != 1) {
      return false;
    }
    AggregateCall c = a.getAggCallList().get(0);
    return c.getAggregation().getKind() == SqlKind.COUNT && c.getArgList().isEmpty()
        && c.filterArg < 0 && !c.isDistinct();
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalAggregate aggregate = call.rel(0);
    CsvwsLogicalScan scan = call.rel(1);
    call.transformTo(new CountScan(scan.getCluster(), scan.getTable(), scan.source(),
        aggregate.getRowType()));
  }
}
