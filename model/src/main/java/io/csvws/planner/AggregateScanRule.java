package io.csvws.planner;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Narrows a {@link CsvwsLogicalScan} under an aggregate to the columns the aggregate reads, so
 * {@code COUNT(*)} decodes no field at all and {@code SUM(x) GROUP BY g} only x and g.
 */
final class AggregateScanRule extends RelRule<RuleConfig> {
  static final AggregateScanRule INSTANCE = new AggregateScanRule(RuleConfig.of(
      "CsvwsAggregateScanRule",
      b0 -> b0.operand(LogicalAggregate.class)
          .oneInput(b1 -> b1.operand(CsvwsLogicalScan.class).noInputs()), AggregateScanRule::new));

  private AggregateScanRule(RuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalAggregate aggregate = call.rel(0);
    CsvwsLogicalScan scan = call.rel(1);
    int[] scanFields = scan.fields();
    ImmutableBitSet.Builder used = ImmutableBitSet.builder();
    used.addAll(aggregate.getGroupSet());
    for (AggregateCall c : aggregate.getAggCallList()) {
      used.addAll(c.getArgList());
      if (c.filterArg >= 0) {
        used.set(c.filterArg);
      }
      for (RelFieldCollation fc : c.getCollation().getFieldCollations()) {
        used.set(fc.getFieldIndex());
      }
    }
    List<Integer> kept = used.build().asList();
    if (kept.size() >= scanFields.length) {
      return;
    }
    Map<Integer, Integer> position = new HashMap<>();
    int[] fields = new int[kept.size()];
    for (int i = 0; i < kept.size(); i++) {
      position.put(kept.get(i), i);
      fields[i] = scanFields[kept.get(i)];
    }
    Mappings.TargetMapping mapping =
        Mappings.target(position, scanFields.length, kept.size());
    List<AggregateCall> calls = new ArrayList<>();
    for (AggregateCall c : aggregate.getAggCallList()) {
      calls.add(c.transform(mapping));
    }
    List<ImmutableBitSet> groupSets = new ArrayList<>();
    for (ImmutableBitSet g : aggregate.getGroupSets()) {
      groupSets.add(g.permute(position));
    }
    call.transformTo(aggregate.copy(aggregate.getTraitSet(), scan.withFields(fields),
        aggregate.getGroupSet().permute(position), groupSets, calls));
  }
}
