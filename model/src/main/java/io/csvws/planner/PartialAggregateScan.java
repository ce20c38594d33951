package io.csvws.planner;

import io.csvws.scan.PartialAggregation;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexNode;

/**
 * A scan that returns, for each batch of the rows it reads, one row per group with the batch's
 * partial aggregates (see {@link PartialAggregation}); an aggregate above combines them. Made by
 * {@link PartialAggregateRule}. Its row type is the groups, then one column per call.
 */
final class PartialAggregateScan extends CsvwsScanBase implements EnumerableRel {
  /** Rows a batch of the scan holds, so roughly how many fewer rows this scan returns. */
  private static final double ROWS_PER_PARTIAL = 1000;

  private final PartialAggregation partial;
  private final RelDataType partialType;

  PartialAggregateScan(RelOptCluster cluster, RelOptTable table, ScanSource source,
      int[] fields, RexNode condition, PartialAggregation partial, RelDataType partialType) {
    this(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), table, source, fields,
        condition, partial, partialType);
  }

  private PartialAggregateScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
      ScanSource source, int[] fields, RexNode condition, PartialAggregation partial,
      RelDataType partialType) {
    super(cluster, traits, table, source, fields, condition);
    this.partial = partial;
    this.partialType = partialType;
  }

  @Override
  public RelNode copy(RelTraitSet traits, List<RelNode> inputs) {
    return new PartialAggregateScan(getCluster(), traits, table, source, fields, condition,
        partial, partialType);
  }

  @Override
  public RelDataType deriveRowType() {
    return partialType;
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).item("partial", partial);
  }

  @Override
  public double estimateRowCount(RelMetadataQuery mq) {
    return Math.max(1, super.estimateRowCount(mq) / ROWS_PER_PARTIAL);
  }

  /** A little under the plain scan's: it reads the same, and what is above it has less to do. */
  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    return super.computeSelfCost(planner, mq).multiplyBy(0.95);
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
        pref.preferArray());
    return implementor.result(physType, Blocks.toBlock(planCall(implementor,
        "partialAggregates", implementor.stash(partial, PartialAggregation.class))));
  }
}
