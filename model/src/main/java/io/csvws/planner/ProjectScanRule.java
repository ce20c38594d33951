package io.csvws.planner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

/**
 * Pushes a projection into a {@link CsvwsLogicalScan}: the scan produces only the columns the
 * projection uses. When the projection is plain columns, it disappears entirely; otherwise it stays
 * above the narrower scan, its references renumbered.
 */
final class ProjectScanRule extends RelRule<RuleConfig> {
  static final ProjectScanRule INSTANCE = new ProjectScanRule(RuleConfig.of("CsvwsProjectScanRule",
      b0 -> b0.operand(LogicalProject.class)
          .oneInput(b1 -> b1.operand(CsvwsLogicalScan.class).noInputs()), ProjectScanRule::new));

  private ProjectScanRule(RuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalProject project = call.rel(0);
    CsvwsLogicalScan scan = call.rel(1);
    int[] scanFields = scan.fields();
    List<RexNode> exprs = project.getProjects();

    boolean plain = exprs.stream().allMatch(e -> e instanceof RexInputRef);
    if (plain) {
      int[] fields = new int[exprs.size()];
      for (int i = 0; i < fields.length; i++) {
        fields[i] = scanFields[((RexInputRef) exprs.get(i)).getIndex()];
      }
      call.transformTo(scan.withFields(fields));
      return;
    }
    // Keep the expressions, over a scan of just the columns they read.
    Map<Integer, Integer> used = new LinkedHashMap<>();
    RexShuttle collect = new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        used.putIfAbsent(ref.getIndex(), used.size());
        return ref;
      }
    };
    exprs.forEach(e -> e.accept(collect));
    if (used.size() >= scanFields.length) {
      return;
    }
    int[] fields = used.keySet().stream().mapToInt(i -> scanFields[i]).toArray();
    CsvwsLogicalScan narrow = scan.withFields(fields);
    RexShuttle renumber = new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(used.get(ref.getIndex()), ref.getType());
      }
    };
    List<RexNode> renumbered = new ArrayList<>();
    exprs.forEach(e -> renumbered.add(e.accept(renumber)));
    call.transformTo(project.copy(project.getTraitSet(), narrow, renumbered,
        project.getRowType()));
  }
}
