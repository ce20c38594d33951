package io.csvws.schema;

import io.csvws.scan.ScanPlan;
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
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexProgramBuilder;
import org.apache.calcite.rex.RexShuttle;

/**
 * The executable form of a {@link CsvwsTableScan}, with the same columns and condition. Its
 * generated code is one call on a stashed {@link ScanPlan} plus the condition alone, whatever the
 * number of columns: a 20,000-column scan compiles like a two-column one.
 */
final class EnumerableCsvwsTableScan extends CsvwsScanBase implements EnumerableRel {
  /** {@code Predicate1.class} with its type argument, which a class literal cannot carry. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static final Class<Predicate1<Object[]>> PREDICATE = (Class) Predicate1.class;

  EnumerableCsvwsTableScan(CsvwsTableScan logical, RelTraitSet traits) {
    super(logical.getCluster(), traits, logical.getTable(), logical.csvTable(),
        logical.fields(), logical.condition());
  }

  private EnumerableCsvwsTableScan(EnumerableCsvwsTableScan other, RelTraitSet traits) {
    super(other.getCluster(), traits, other.getTable(), other.csvTable, other.fields,
        other.condition);
  }

  @Override
  public RelNode copy(RelTraitSet traits, List<RelNode> inputs) {
    return new EnumerableCsvwsTableScan(this, traits);
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
        EnumerableCsvwsTableScan::noCorrelation, implementor.getConformance());
    body.add(Expressions.return_(null, test));
    return Expressions.lambda(PREDICATE, body.toBlock(), row);
  }

  /** {@link FilterScanRule} pushes no condition that refers to a correlation variable. */
  private static RexToLixTranslator.InputGetter noCorrelation(String name) {
    throw new IllegalStateException("correlation variable " + name + " in a scan condition");
  }
}
