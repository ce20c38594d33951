package io.csvws.rewrite;

import java.util.List;
import org.apache.calcite.adapter.enumerable.AggAddContext;
import org.apache.calcite.adapter.enumerable.AggContext;
import org.apache.calcite.adapter.enumerable.AggImplementor;
import org.apache.calcite.adapter.enumerable.EnumUtils;
import org.apache.calcite.adapter.enumerable.StrictAggImplementor;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.ImplementableAggFunction;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlReturnTypeInference;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.util.Optionality;

/**
 * {@code SUM} and {@code $SUM0} of BIGINT that fail on overflow: Calcite adds with Java's
 * {@code +}, which wraps past 2<sup>63</sup> without a word; these add with
 * {@link CheckedMath#sum}, which fails with SQLState {@code 22003}.
 *
 * <p>They are never written by users: {@link CheckedSums} puts them in place of Calcite's once a
 * plan is chosen (and in window calls before planning), so every planner rule still sees
 * Calcite's own sums. Immutable and thread-safe.
 */
final class CheckedSum implements ImplementableAggFunction {
  /** {@code SUM}: null for no values. */
  static final SqlAggFunction SUM = operator("SUM", ReturnTypes.AGG_SUM);
  /** {@code $SUM0}: zero for no values. */
  static final SqlAggFunction SUM0 = operator("$SUM0", ReturnTypes.AGG_SUM_EMPTY_IS_ZERO);

  private CheckedSum() {
  }

  /** An operator typed as Calcite's own, so plans type-check the same with it. */
  private static SqlAggFunction operator(String name, SqlReturnTypeInference type) {
    return new SqlUserDefinedAggFunction(new SqlIdentifier(name, SqlParserPos.ZERO),
        SqlKind.OTHER_FUNCTION, type, InferTypes.RETURN_TYPE, null,
        new CheckedSum(), false, false, Optionality.FORBIDDEN);
  }

  /** Whether a call of {@code kind} with result {@code type} is summed here instead. */
  static boolean replaces(SqlKind kind, RelDataType type) {
    return (kind == SqlKind.SUM || kind == SqlKind.SUM0)
        && type.getSqlTypeName() == SqlTypeName.BIGINT;
  }

  /** The checked operator for Calcite's {@code SUM} or {@code $SUM0}. */
  static SqlAggFunction of(SqlKind kind) {
    return kind == SqlKind.SUM0 ? SUM0 : SUM;
  }

  @Override
  public AggImplementor getImplementor(boolean windowContext) {
    return new Implementor();
  }

  @Override
  public List<FunctionParameter> getParameters() {
    return List.of();
  }

  @Override
  public RelDataType getReturnType(RelDataTypeFactory typeFactory) {
    return typeFactory.createSqlType(SqlTypeName.BIGINT);
  }

  /** Calcite's sum, with the addition checked; null handling and empty groups are Calcite's. */
  private static final class Implementor extends StrictAggImplementor {
    @Override
    protected void implementNotNullAdd(AggContext info, AggAddContext add) {
      Expression acc = add.accumulator().get(0);
      Expression next = Expressions.call(CheckedMath.class, "sum",
          EnumUtils.convert(acc, long.class),
          EnumUtils.convert(add.arguments().get(0), long.class));
      accAdvance(add, acc, next);
    }
  }
}
