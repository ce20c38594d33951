package io.csvws.planner;

import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;

/**
 * Logical ({@link Convention#NONE}) scan of a table file that produces only the given columns,
 * optionally keeping only the rows a condition accepts.
 *
 * <p>Projections of plain columns are pushed into it by {@link ProjectScanRule}, and filters by
 * {@link FilterScanRule}, so a query converts only the fields it uses, and the fields of rows
 * that fail the condition are never converted beyond those the condition reads.
 * {@link EnumerableScanRule} turns it into the executable {@link CsvwsTableScan}; keeping the two
 * apart lets Calcite's own logical rules treat this one like any other logical node.
 */
public final class CsvwsLogicalScan extends CsvwsScanBase {

  /**
   * A scan of {@code fields} (table ordinals) of {@code source}, keeping the rows {@code condition}
   * accepts (null for all).
   */
  public CsvwsLogicalScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
      ScanSource source, int[] fields, RexNode condition) {
    super(cluster, traits, table, source, fields, condition);
  }

  CsvwsLogicalScan withFields(int[] newFields) {
    return new CsvwsLogicalScan(getCluster(), traitSet, table, source, newFields, condition);
  }

  CsvwsLogicalScan withCondition(RexNode newCondition) {
    return new CsvwsLogicalScan(getCluster(), traitSet, table, source, fields, newCondition);
  }

  @Override
  public RelNode copy(RelTraitSet traits, List<RelNode> inputs) {
    return new CsvwsLogicalScan(getCluster(), traits, table, source, fields, condition);
  }

  @Override
  public void register(RelOptPlanner planner) {
    planner.addRule(ProjectScanRule.INSTANCE);
    planner.addRule(FilterScanRule.INSTANCE);
    planner.addRule(AggregateScanRule.INSTANCE);
    planner.addRule(EnumerableScanRule.INSTANCE);
    planner.addRule(CountScanRule.INSTANCE);
    planner.addRule(PartialAggregateRule.INSTANCE);
  }
}
