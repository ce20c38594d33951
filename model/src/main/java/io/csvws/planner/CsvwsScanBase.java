package io.csvws.planner;

import io.csvws.scan.FileScan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.adapter.enumerable.RexToLixTranslator;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.linq4j.tree.ParameterExpression;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
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
 * What the logical and the executable scan of a table file share: the columns produced (as table
 * ordinals), the condition evaluated inside the scan, and their row type, estimates and costs.
 */
abstract class CsvwsScanBase extends TableScan {
  final ScanSource source;
  final int[] fields;
  /** Over the table's row type (its ordinals), not over this scan's output; null for none. */
  final RexNode condition;

  CsvwsScanBase(RelOptCluster cluster, RelTraitSet traits, RelOptTable table,
      ScanSource source, int[] fields, RexNode condition) {
    super(cluster, traits, List.of(), table);
    this.source = source;
    this.fields = fields.clone();
    this.condition = condition;
  }

  ScanSource source() {
    return source;
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

  /**
   * The call on this scan's stashed {@link FileScan} that produces its rows:
   * {@code method(root, [condition,] extra...)}. The generated code is that one call plus the
   * condition alone, whatever the number of columns, so a 20,000-column scan compiles like a
   * two-column one.
   */
  Expression planCall(EnumerableRelImplementor implementor, String method, Expression... extra) {
    int[] filterColumns = condition == null ? new int[0]
        : RelOptUtil.InputFinder.bits(condition).toArray();
    RowBounds bounds = RowBounds.of(condition, source.rowOrdinal());
    Expression scan = implementor.stash(
        source.scan(fields, filterColumns, bounds.first(), bounds.last()), FileScan.class);
    List<Expression> args = new ArrayList<>();
    args.add(implementor.getRootExpression());
    if (condition != null) {
      args.add(predicate(implementor, filterColumns));
    }
    args.addAll(List.of(extra));
    return Expressions.call(scan, method, args);
  }

  /** {@code Predicate1.class} with its type argument, which a class literal cannot carry. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Class<Predicate1<Object[]>> PREDICATE = (Class) Predicate1.class;


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
        CsvwsScanBase::noCorrelation, implementor.getConformance());
    body.add(Expressions.return_(null, test));
    return Expressions.lambda(PREDICATE, body.toBlock(), row);
  }

  /** {@link FilterScanRule} pushes no condition that refers to a correlation variable. */
  private static RexToLixTranslator.InputGetter noCorrelation(String name) {
    throw new IllegalStateException("correlation variable " + name + " in a scan condition");
  }
}
