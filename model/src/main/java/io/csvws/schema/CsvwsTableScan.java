package io.csvws.schema;

import java.util.List;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;

/**
 * Scan of a table file that produces only the given columns, optionally keeping only the rows a
 * condition accepts.
 *
 * <p>Projections of plain columns are pushed into it by {@link ProjectScanRule}, and filters by
 * {@link FilterScanRule}, so a query converts only the fields it uses, and the fields of rows
 * that fail the condition are never converted beyond those the condition reads. It is logical
 * ({@link Convention#NONE}) only: {@link EnumerableScanRule} turns it into an
 * {@link EnumerableCsvwsTableScan}. (One class for both would be a physical node that Calcite's
 * logical rules may not produce: {@code SELECT *, _row} would fail to plan.)
 */
public final class CsvwsTableScan extends CsvwsScanBase {

  /**
   * Created logical ({@link Convention#NONE}), so the logical rules around it see it and push
   * projections and filters into it.
   */
  CsvwsTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
      CsvwsTable csvTable, int[] fields, RexNode condition) {
    super(cluster, traits, table, csvTable, fields, condition);
  }

  CsvwsTableScan withFields(int[] newFields) {
    return new CsvwsTableScan(getCluster(), traitSet, table, csvTable, newFields, condition);
  }

  CsvwsTableScan withCondition(RexNode newCondition) {
    return new CsvwsTableScan(getCluster(), traitSet, table, csvTable, fields, newCondition);
  }

  @Override
  public RelNode copy(RelTraitSet traits, List<RelNode> inputs) {
    return new CsvwsTableScan(getCluster(), traits, table, csvTable, fields, condition);
  }

  @Override
  public void register(RelOptPlanner planner) {
    planner.addRule(ProjectScanRule.INSTANCE);
    planner.addRule(FilterScanRule.INSTANCE);
    planner.addRule(AggregateScanRule.INSTANCE);
    planner.addRule(WideProjectRule.INSTANCE);
    planner.addRule(EnumerableScanRule.INSTANCE);
    planner.addRule(CountScanRule.INSTANCE);
  }
}
