package io.csvws.planner;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.rex.RexVisitorImpl;

/**
 * Moves a filter into the {@link CsvwsLogicalScan} below it, so the scan decodes the columns the
 * condition reads, tests each row, and decodes the rest only for rows that pass. A condition with a
 * sub-query, a correlation variable, a window or a non-deterministic function stays a filter.
 */
final class FilterScanRule extends RelRule<RuleConfig> {
  static final FilterScanRule INSTANCE = new FilterScanRule(RuleConfig.of("CsvwsFilterScanRule",
      b0 -> b0.operand(LogicalFilter.class)
          .oneInput(b1 -> b1.operand(CsvwsLogicalScan.class).noInputs()), FilterScanRule::new));

  private FilterScanRule(RuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalFilter filter = call.rel(0);
    CsvwsLogicalScan scan = call.rel(1);
    if (!pushable(filter.getCondition())) {
      return;
    }
    int[] fields = scan.fields();
    RexNode overTable = filter.getCondition().accept(new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(fields[ref.getIndex()], ref.getType());
      }
    });
    RexNode combined = scan.condition() == null ? overTable
        : RexUtil.composeConjunction(scan.getCluster().getRexBuilder(),
            java.util.List.of(scan.condition(), overTable));
    call.transformTo(scan.withCondition(combined));
  }

  /** Whether the scan can evaluate {@code condition} on its own rows. */
  static boolean pushable(RexNode condition) {
    if (!RexUtil.isDeterministic(condition)) {
      // RAND(seed) of TABLESAMPLE ... REPEATABLE(seed) must draw one sequence over the rows; the
      // scan would start it anew on every row (and thread) and keep all rows or none.
      return false;
    }
    boolean[] ok = {true};
    condition.accept(new RexVisitorImpl<Void>(true) {
      @Override
      public Void visitSubQuery(RexSubQuery subQuery) {
        ok[0] = false;
        return null;
      }

      @Override
      public Void visitCorrelVariable(RexCorrelVariable correlVariable) {
        ok[0] = false;
        return null;
      }

      @Override
      public Void visitOver(RexOver over) {
        ok[0] = false;
        return null;
      }

      @Override
      public Void visitDynamicParam(RexDynamicParam dynamicParam) {
        return null;
      }
    });
    return ok[0];
  }
}
