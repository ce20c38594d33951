package io.csvws.schema;

import java.util.Arrays;
import java.util.List;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;

/**
 * What the logical {@link CsvwsTableScan} and the executable {@link EnumerableCsvwsTableScan}
 * share: the table, the columns produced (table ordinals) and the condition, and from them the
 * row type, the plan text and the cost.
 */
abstract class CsvwsScanBase extends TableScan {
  final CsvwsTable csvTable;
  final int[] fields;
  /** Over the table's row type (its ordinals), not over this scan's output; null for none. */
  final RexNode condition;

  CsvwsScanBase(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
      CsvwsTable csvTable, int[] fields, RexNode condition) {
    super(cluster, traits, List.of(), table);
    this.csvTable = csvTable;
    this.fields = fields.clone();
    this.condition = condition;
  }

  CsvwsTable csvTable() {
    return csvTable;
  }

  int[] fields() {
    return fields.clone();
  }

  RexNode condition() {
    return condition;
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
    return super.explainTerms(pw)
        .item("fields", shown)
        .itemIf("filter", condition, condition != null);
  }

  @Override
  public double estimateRowCount(RelMetadataQuery mq) {
    double rows = table.getRowCount();
    return condition == null ? rows : rows * RelMdUtil.guessSelectivity(condition);
  }

  /**
   * Cheaper with fewer fields, so the planner prefers the narrowest scan, and cheaper with a
   * condition than without, so filters are evaluated inside the scan. Every component of the cost
   * is scaled, since Volcano compares costs by their row count alone.
   */
  @Override
  public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
    double tableRows = table.getRowCount();
    double factor = (fields.length + 2d) / (table.getRowType().getFieldCount() + 2d)
        * (condition == null ? 1 : 0.9);
    return planner.getCostFactory().makeCost(tableRows * factor, tableRows * factor,
        tableRows * factor);
  }
}
