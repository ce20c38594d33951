package io.csvws.schema;

import io.csvws.scan.ScanPlan;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.rex.RexShuttle;

/**
 * Scan of a table file that produces only the given columns, optionally keeping only the rows a
 * condition accepts.
 *
 * <p>Projections of plain columns are pushed into it by {@link ProjectScanRule}, and filters by
 * {@link FilterScanRule}, so a query converts only the fields it uses, and the fields of rows
 * that fail the condition are never converted beyond those the condition reads. Its generated
 * code is one call on a stashed {@link ScanPlan} plus the condition alone, whatever the number of
 * columns: a 20,000-column scan compiles like a two-column one.
 */
public final class CsvwsTableScan extends TableScan implements EnumerableRel {
  /** {@code Predicate1.class} with its type argument, which a class literal cannot carry. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Class<Predicate1<Object[]>> PREDICATE = (Class) Predicate1.class;

  private final CsvwsTable csvTable;
  private final int[] fields;
  /** Over the table's row type (its ordinals), not over this scan's output; null for none. */
  private final RexNode condition;

  /**
   * Created logical ({@link Convention#NONE}), so the logical rules around it see it and push
   * projections and filters into it; {@link EnumerableScanRule} makes it executable.
   */
  CsvwsTableScan(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
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
  public void register(RelOptPlanner planner) {
    planner.addRule(ProjectScanRule.INSTANCE);
    planner.addRule(FilterScanRule.INSTANCE);
    planner.addRule(AggregateScanRule.INSTANCE);
    planner.addRule(WideProjectRule.INSTANCE);
    planner.addRule(EnumerableScanRule.INSTANCE);
    planner.addRule(CountScanRule.INSTANCE);
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

  @Override
  public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
    PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(),
        pref.preferArray());
    int[] filterColumns = condition == null ? new int[0]
        : RelOptUtil.InputFinder.bits(condition).toArray();
    RowBounds bounds = RowBounds.of(condition, csvTable.rowOrdinal());
    Expression plan = implementor.stash(csvTable.plan(fields, filterColumns, bounds),
        ScanPlan.class);
    Expression rows = condition == null
        ? Expressions.call(plan, "enumerable", implementor.getRootExpression())
        : Expressions.call(plan, "enumerable", implementor.getRootExpression(),
            predicate(implementor, filterColumns));
    return implementor.result(physType, Blocks.toBlock(rows));
  }

  /**
   * Generates the condition as a {@code Predicate1<Object[]>} over an array holding the values of
   * {@code filterColumns}, in that order.
   */
  private Expression predicate(EnumerableRelImplementor implementor, int[] filterColumns) {
    List<RelDataTypeField> all = table.getRowType().getFieldList();
    RelDataTypeFactory.Builder b = getCluster().getTypeFactory().builder();
    int[] position = new int[all.size()];
    for (int j = 0; j < filterColumns.length; j++) {
      b.add(all.get(filterColumns[j]));
      position[filterColumns[j]] = j;
    }
    RelDataType filterRowType = b.build();
    RexNode local = condition.accept(new RexShuttle() {
      @Override
      public RexNode visitInputRef(RexInputRef ref) {
        return new RexInputRef(position[ref.getIndex()], ref.getType());
      }
    });
    RexBuilder rexBuilder = getCluster().getRexBuilder();
    RexProgramBuilder program = new RexProgramBuilder(filterRowType, rexBuilder);
    program.addCondition(local);
    PhysType filterPhysType = PhysTypeImpl.of(implementor.getTypeFactory(), filterRowType,
        JavaRowFormat.ARRAY, false);
    ParameterExpression row = Expressions.parameter(Object[].class, "filterRow");
    BlockBuilder body = new BlockBuilder();
    Expression test = RexToLixTranslator.translateCondition(program.getProgram(),
        implementor.getTypeFactory(), body,
        new RexToLixTranslator.InputGetterImpl(row, filterPhysType),
        CsvwsTableScan::noCorrelation, implementor.getConformance());
    body.add(Expressions.return_(null, test));
    return Expressions.lambda(PREDICATE, body.toBlock(), row);
  }

  /** {@link FilterScanRule} pushes no condition that refers to a correlation variable. */
  private static RexToLixTranslator.InputGetter noCorrelation(String name) {
    throw new IllegalStateException("correlation variable " + name + " in a scan condition");
  }
}
