package io.csvws.planner;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import io.csvws.scan.FileScan;

/**
 * {@code SELECT COUNT(*) FROM t} as one value: the file's row count when it is known for the
 * file's current version (a sample that covered it, or an earlier complete scan), else counted by
 * a scan that decodes no field and leaves the row index behind. See {@link FileScan#count}.
 */
final class CountScan extends TableScan implements EnumerableRel {
  private final ScanSource source;
  private final RelDataType countType;

  CountScan(RelOptCluster cluster, RelOptTable table, ScanSource source,
      RelDataType countType) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), List.of(), table);
    this.source = source;
    this.countType = countType;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new CountScan(getCluster(), table, source, countType);
  }

  @Override
  public RelDataType deriveRowType() {
    return countType;
  }

  @Override
  public double estimateRowCount(RelMetadataQuery mq) {
    return 1;
  }

  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    return planner.getCostFactory().makeTinyCost();
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
        pref.preferArray());
    FileScan scan = source.scan(new int[0], new int[0], RowBounds.ALL.first(),
        RowBounds.ALL.last());
    return implementor.result(physType, Blocks.toBlock(Expressions.call(Linq4j.class,
        "singletonEnumerable", Expressions.box(Expressions.call(
            implementor.stash(scan, FileScan.class), "count", implementor.getRootExpression())))));
  }
}
