package io.csvws.wide;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;

/**
 * A projection of plain columns (a subset, a permutation, repeats) computed by copying array
 * elements through an index map, instead of Calcite's projection, which generates one Java
 * expression per column and fails past the 64 KB method limit on very wide rows.
 *
 * <p>Chosen by {@link WideProjectRule} for projections of many columns; the generated code is one
 * call, whatever the width.
 */
final class WideProject extends SingleRel implements EnumerableRel {
  private final int[] mapping;

  WideProject(RelOptCluster cluster, RelTraitSet traits, RelNode input, int[] mapping,
      RelDataType rowType) {
    super(cluster, traits, input);
    this.mapping = mapping.clone();
    this.rowType = rowType;
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new WideProject(getCluster(), traitSet, sole(inputs), mapping, rowType);
  }

  @Override
  protected RelDataType deriveRowType() {
    return rowType;
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    return super.explainTerms(pw).item("columns", mapping.length);
  }

  /**
   * Cheaper than the generated projection it replaces. Volcano compares costs by their row count,
   * so the row count is what must be lower, not only the CPU.
   */
  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    double rows = mq.getRowCount(getInput());
    return planner.getCostFactory().makeCost(rows * 0.5, rows * 0.01, 0);
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    Result input = implementor.visitChild(this, 0, (EnumerableRel) getInput(), Prefer.ARRAY);
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
        JavaRowFormat.ARRAY, false);
    BlockBuilder builder = new BlockBuilder();
    Expression rows = builder.append("wideInput", input.block);
    JavaRowFormat format = input.format;
    if (format != JavaRowFormat.ARRAY && format != JavaRowFormat.LIST
        && format != JavaRowFormat.SCALAR) {
      // Rows of a generated class (or Calcite's Row): copied into arrays field by field, which
      // only an input that is not wide asks for.
      rows = builder.append("wideArrays", input.physType.convertTo(rows, JavaRowFormat.ARRAY));
      format = JavaRowFormat.ARRAY;
    }
    builder.add(Expressions.return_(null, Expressions.call(WideRows.class, "project", rows,
        implementor.stash(mapping, int[].class), Expressions.constant(format))));
    return implementor.result(physType, builder.toBlock());
  }
}
