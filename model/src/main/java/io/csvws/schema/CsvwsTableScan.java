package io.csvws.schema;

import io.csvws.scan.ScanPlan;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * Scan of a table file that produces only the given columns.
 *
 * <p>Projections of plain columns are pushed into it by {@link ProjectScanRule}, so a query
 * converts only the fields it uses. Its generated code is one call on a stashed {@link ScanPlan},
 * whatever the number of columns: a 20,000-column scan compiles like a two-column one.
 */
public final class CsvwsTableScan extends TableScan implements EnumerableRel {
  private final CsvwsTable csvTable;
  private final int[] fields;

  CsvwsTableScan(RelOptCluster cluster, RelOptTable table, CsvwsTable csvTable, int[] fields) {
    super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), List.of(), table);
    this.csvTable = csvTable;
    this.fields = fields.clone();
  }

  CsvwsTable csvTable() {
    return csvTable;
  }

  int[] fields() {
    return fields.clone();
  }

  @Override
  public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
    return new CsvwsTableScan(getCluster(), table, csvTable, fields);
  }

  @Override
  public RelDataType deriveRowType() {
    List<RelDataTypeField> all = table.getRowType().getFieldList();
    RelDataTypeFactory.Builder b = getCluster().getTypeFactory().builder();
    for (int f : fields) {
      b.add(all.get(f));
    }
    return b.build();
  }

  @Override
  public RelWriter explainTerms(RelWriter pw) {
    List<RelDataTypeField> all = table.getRowType().getFieldList();
    String shown;
    if (fields.length <= 50) {
      shown = Arrays.stream(fields).mapToObj(f -> all.get(f).getName()).toList().toString();
    } else {
      shown = fields.length + " of " + all.size();
    }
    return super.explainTerms(pw).item("fields", shown);
  }

  @Override
  public void register(RelOptPlanner planner) {
    planner.addRule(ProjectScanRule.INSTANCE);
  }

  /** Cheaper with fewer fields, so the planner prefers the narrowest scan. */
  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    RelOptCost cost = super.computeSelfCost(planner, mq);
    double factor = (fields.length + 2d) / (table.getRowType().getFieldCount() + 2d);
    return cost == null ? null : cost.multiplyBy(factor);
  }

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
        pref.preferArray());
    Expression plan = implementor.stash(csvTable.plan(fields), ScanPlan.class);
    return implementor.result(physType, Blocks.toBlock(
        Expressions.call(plan, "enumerable", implementor.getRootExpression())));
  }
}
