package io.csvws.planner;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.schema.ScannableTable;

/**
 * Scan of a system table ({@code csvws.files}, {@code csvws.columns}, {@code csvws.functions}): generated code calls the stashed table directly, so the
 * table needs no path from the root schema that generated code could follow.
 */
public final class SystemTableScan extends TableScan implements EnumerableRel {
  private final ScannableTable source;

  /** A scan of {@code source}, the system table {@code table} stands for. */
  public SystemTableScan(RelOptCluster cluster, RelOptTable table, ScannableTable source) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), List.of(), table);
    this.source = source;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new SystemTableScan(getCluster(), table, source);
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
        JavaRowFormat.ARRAY, false);
    return implementor.result(physType, Blocks.toBlock(Expressions.call(
        implementor.stash(source, ScannableTable.class), "scan",
        implementor.getRootExpression())));
  }
}
