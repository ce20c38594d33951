package io.csvws.planner;

import io.csvws.scan.PartialAggregation;
import io.csvws.scan.PartialAggregation.Kind;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelCollations;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Splits a grouping of a table's columns in two: a {@link PartialAggregateScan} that aggregates
 * each batch of rows on the threads that read the file, and the original aggregate over its
 * partial results ({@code COUNT} becomes a sum of counts, {@code SUM}, {@code MIN} and {@code MAX}
 * stay what they are).
 *
 * <p>It applies to {@code COUNT(*)}, {@code COUNT(x)}, {@code SUM(x)} of integers, decimals and
 * doubles, and {@code MIN(x)}/{@code MAX(x)} of integers, decimals, text, dates and times, without
 * {@code DISTINCT}, {@code FILTER} or grouping sets. {@code MIN} and {@code MAX} of doubles stay
 * whole, as their answer for NaN depends on the order values come in. A lone {@code COUNT(*)} of a
 * whole table is left to {@link CountScanRule}.
 */
final class PartialAggregateRule extends RelRule<RuleConfig> {
  static final PartialAggregateRule INSTANCE = new PartialAggregateRule(RuleConfig.of(
      "CsvwsPartialAggregateRule",
      b0 -> b0.operand(LogicalAggregate.class)
          .oneInput(b1 -> b1.operand(CsvwsLogicalScan.class).noInputs()),
      PartialAggregateRule::new));

  private PartialAggregateRule(RuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    LogicalAggregate aggregate = call.rel(0);
    CsvwsLogicalScan scan = call.rel(1);
    List<AggregateCall> calls = aggregate.getAggCallList();
    int groups = aggregate.getGroupCount();
    if (aggregate.getGroupType() != Aggregate.Group.SIMPLE || groups + calls.size() == 0
        || (groups == 0 && scan.condition() == null && calls.size() == 1
            && calls.get(0).getAggregation().getKind() == SqlKind.COUNT
            && calls.get(0).getArgList().isEmpty())) {
      return;
    }
    List<RelDataTypeField> input = scan.getRowType().getFieldList();
    Kind[] kinds = new Kind[calls.size()];
    int[] args = new int[calls.size()];
    boolean[] zeroWhenEmpty = new boolean[calls.size()];
    for (int c = 0; c < calls.size(); c++) {
      AggregateCall a = calls.get(c);
      if (a.isDistinct() || a.isApproximate() || a.filterArg >= 0 || a.getArgList().size() > 1
          || !a.getCollation().getFieldCollations().isEmpty() || !a.rexList.isEmpty()) {
        return;
      }
      args[c] = a.getArgList().isEmpty() ? -1 : a.getArgList().get(0);
      SqlTypeName argType = args[c] < 0 ? null : input.get(args[c]).getType().getSqlTypeName();
      kinds[c] = kind(a.getAggregation().getKind(), argType, a.getType().getSqlTypeName());
      if (kinds[c] == null) {
        return;
      }
      zeroWhenEmpty[c] = a.getAggregation().getKind() == SqlKind.SUM0;
    }
    int[] groupKeys = aggregate.getGroupSet().toArray();
    PartialAggregation partial = new PartialAggregation(input.size(), groupKeys, kinds, args,
        zeroWhenEmpty);

    RelDataTypeFactory.Builder type = aggregate.getCluster().getTypeFactory().builder();
    for (int g : groupKeys) {
      type.add(input.get(g));
    }
    for (int c = 0; c < calls.size(); c++) {
      type.add("$partial" + c, calls.get(c).getType());
    }
    RelDataType partialType = type.build();
    PartialAggregateScan scanned = new PartialAggregateScan(scan.getCluster(), scan.getTable(),
        scan.source(), scan.fields(), scan.condition(), partial, partialType);

    List<AggregateCall> combine = new ArrayList<>();
    for (int c = 0; c < calls.size(); c++) {
      AggregateCall a = calls.get(c);
      combine.add(AggregateCall.create(SqlParserPos.ZERO,
          combining(a.getAggregation().getKind()), false, false, false, List.of(),
          List.of(groups + c), -1, null, RelCollations.EMPTY, groups == 0, scanned, a.getType(),
          a.getName()));
    }
    call.transformTo(LogicalAggregate.create(scanned, aggregate.getHints(),
        ImmutableBitSet.range(groups), null, combine));
  }

  /** What the scan keeps for a call, or null when it cannot. */
  private static Kind kind(SqlKind call, SqlTypeName argType, SqlTypeName resultType) {
    switch (call) {
      case COUNT:
        return argType == null ? Kind.COUNT_ROWS : Kind.COUNT;
      case SUM:
      case SUM0:
        if (!isNumber(argType)) {
          return null;
        }
        return switch (resultType) {
          case BIGINT -> argType == SqlTypeName.DOUBLE || argType == SqlTypeName.DECIMAL ? null
              : Kind.SUM_LONG;
          case DOUBLE -> argType == SqlTypeName.DOUBLE ? Kind.SUM_DOUBLE : null;
          case DECIMAL -> argType == SqlTypeName.DOUBLE ? null : Kind.SUM_DECIMAL;
          default -> null;
        };
      case MIN:
      case MAX:
        if (argType == null || !isOrderedExactly(argType)) {
          return null;
        }
        return call == SqlKind.MIN ? Kind.MIN : Kind.MAX;
      default:
        return null;
    }
  }

  private static boolean isNumber(SqlTypeName t) {
    return t == SqlTypeName.INTEGER || t == SqlTypeName.BIGINT || t == SqlTypeName.DECIMAL
        || t == SqlTypeName.DOUBLE;
  }

  private static boolean isOrderedExactly(SqlTypeName t) {
    return switch (t) {
      case INTEGER, BIGINT, DECIMAL, VARCHAR, CHAR, DATE, TIME, TIMESTAMP -> true;
      default -> false;
    };
  }

  /** The aggregate that combines partial results of {@code call}. */
  private static SqlAggFunction combining(SqlKind call) {
    return switch (call) {
      case COUNT, SUM0 -> SqlStdOperatorTable.SUM0;
      case SUM -> SqlStdOperatorTable.SUM;
      case MIN -> SqlStdOperatorTable.MIN;
      case MAX -> SqlStdOperatorTable.MAX;
      default -> throw new IllegalArgumentException(call.name());
    };
  }
}
