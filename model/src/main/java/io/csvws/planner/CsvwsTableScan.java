package io.csvws.planner;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexNode;

/**
 * The executable scan of a table file (see {@link CsvwsScanBase#planCall}). Made from a
 * {@link CsvwsLogicalScan} by {@link EnumerableScanRule}.
 */
final class CsvwsTableScan extends CsvwsScanBase implements EnumerableRel {
  CsvwsTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
      ScanSource source, int[] fields, RexNode condition) {
    super(cluster, traits, table, source, fields, condition);
  }

  @Override
  public RelNode copy(RelTraitSet traits, List<RelNode> inputs) {
    return new CsvwsTableScan(getCluster(), traits, table, source, fields, condition);
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
        pref.preferArray());
    return implementor.result(physType, Blocks.toBlock(planCall(implementor, "enumerable")));
  }
}
