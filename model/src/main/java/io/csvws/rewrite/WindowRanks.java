package io.csvws.rewrite;

import com.google.common.collect.ImmutableList;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexFieldCollation;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexOver;
import org.apache.calcite.rex.RexWindow;
import org.apache.calcite.rex.RexWindowBound;
import org.apache.calcite.rex.RexWindowBounds;
import org.apache.calcite.rex.RexWindowExclusion;
import org.apache.calcite.sql.SqlAggFunction;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Rewrites window calls that Calcite's engine lacks or gets wrong into ones it runs right,
 * before planning:
 * <ul>
 *   <li>PERCENT_RANK, which it cannot run, becomes {@code (RANK - 1) / (COUNT(*) - 1)} over the
 *   partition, 0 for a partition of one row (PostgreSQL's meaning, a DOUBLE);</li>
 *   <li>CUME_DIST, which it cannot run, becomes the count of rows up to the current row's last
 *   peer over the partition's count (a DOUBLE);</li>
 *   <li>NTH_VALUE(x, n), which Calcite takes from the partition even when the frame holds fewer
 *   than n rows, becomes NULL unless the frame holds at least n rows; its n must be a positive
 *   constant;</li>
 *   <li>FIRST_VALUE, LAST_VALUE and NTH_VALUE over a frame with an EXCLUDE clause, which
 *   Calcite ignores for them, are refused, and so is IGNORE NULLS, which it cannot run.</li>
 * </ul>
 */
public final class WindowRanks {
  private WindowRanks() {
  }

  /** {@code logical}, a converted plan, with those window calls rewritten. */
  public static RelNode rewrite(RelNode logical) {
    return PlanExpressions.rewrite(logical, (call, rex) -> new Calls(rex).rewrite(call));
  }

  /** Rewrites the window calls of one relational expression. */
  private static final class Calls {
    private final RexBuilder rex;

    Calls(RexBuilder rex) {
      this.rex = rex;
    }

    /** {@code c}, rewritten if it is one of the window calls this class handles. */
    RexNode rewrite(RexCall c) {
      if (!(c instanceof RexOver o)) {
        return c;
      }
      if (o.ignoreNulls()) {
        // Calcite's engine has no implementation of it: say so, rather than "Calc".
        throw new CsvwsException(ErrorCode.QUERY_FAILED, "csvws cannot run "
            + o.getAggOperator().getName() + " with IGNORE NULLS: its engine has no "
            + "implementation for it. Drop IGNORE NULLS, or filter the NULLs out first.");
      }
      return switch (o.getAggOperator().getKind()) {
        case PERCENT_RANK -> percentRank(o);
        case CUME_DIST -> cumeDist(o);
        case NTH_VALUE -> nthValue(o);
        case FIRST_VALUE, LAST_VALUE -> valueInFrame(o);
        default -> o;
      };
    }

    /** Calcite takes these values from the frame without its exclusion: refused, not guessed. */
    private RexOver valueInFrame(RexOver o) {
      if (o.getWindow().getExclude() != RexWindowExclusion.EXCLUDE_NO_OTHER) {
        throw new CsvwsException(ErrorCode.QUERY_FAILED, "csvws cannot run "
            + o.getAggOperator().getName() + " over a frame with an EXCLUDE clause ("
            + o.getWindow().getExclude() + "): its engine would not leave those rows out. Drop "
            + "the EXCLUDE clause, or compute the value another way.");
      }
      return o;
    }

    private RexNode percentRank(RexOver o) {
      RexWindow w = o.getWindow();
      RexNode rank = over(o, SqlStdOperatorTable.RANK, List.of(), w.orderKeys,
          RexWindowBounds.UNBOUNDED_PRECEDING, RexWindowBounds.CURRENT_ROW, false);
      RexNode rows = partitionCount(o);
      RexNode one = rex.makeBigintLiteral(BigDecimal.ONE);
      RexNode fraction = rex.makeCall(SqlStdOperatorTable.DIVIDE,
          toDouble(rex.makeCall(SqlStdOperatorTable.MINUS, rank, one)),
          toDouble(rex.makeCall(SqlStdOperatorTable.MINUS, rows, one)));
      RexNode result = rex.makeCall(SqlStdOperatorTable.CASE,
          rex.makeCall(SqlStdOperatorTable.EQUALS, rows, one),
          rex.makeApproxLiteral(BigDecimal.ZERO, doubleType()),
          fraction);
      return rex.makeCast(o.getType(), result, true, false);
    }

    private RexNode cumeDist(RexOver o) {
      // A RANGE frame ending at the current row takes in all its peers.
      RexNode upToPeers = over(o, SqlStdOperatorTable.COUNT, List.of(), o.getWindow().orderKeys,
          RexWindowBounds.UNBOUNDED_PRECEDING, RexWindowBounds.CURRENT_ROW, false);
      RexNode result = rex.makeCall(SqlStdOperatorTable.DIVIDE, toDouble(upToPeers),
          toDouble(partitionCount(o)));
      return rex.makeCast(o.getType(), result, true, false);
    }

    private RexNode nthValue(RexOver o) {
      valueInFrame(o);
      RexNode n = o.getOperands().get(1);
      BigDecimal position = n instanceof RexLiteral l ? l.getValueAs(BigDecimal.class) : null;
      if (position == null) {
        // Calcite would read n from the frame's first row rather than the current one.
        throw new CsvwsException(ErrorCode.QUERY_FAILED, "csvws runs NTH_VALUE only with a "
            + "constant position, like NTH_VALUE(qty, 2), not a column or expression. Put a "
            + "number there.");
      }
      if (position.signum() <= 0) {
        throw new CsvwsException(ErrorCode.INVALID_ARGUMENT, "NTH_VALUE's position must be "
            + "greater than zero, not " + position.toPlainString() + ": the first row of the "
            + "frame is NTH_VALUE(x, 1).");
      }
      RexWindow w = o.getWindow();
      if (position.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
        return rex.makeNullLiteral(o.getType()); // no frame holds that many rows
      }
      // Calcite's code wants the position as an INTEGER literal, whatever its written type.
      RexNode nth = rex.makeOver(o.getParserPosition(), o.getType(), o.getAggOperator(),
          List.of(o.getOperands().get(0), rex.makeExactLiteral(position,
              rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER))),
          w.partitionKeys, w.orderKeys, w.getLowerBound(), w.getUpperBound(), w.getExclude(),
          w.isRows(), true, false, o.isDistinct(), o.ignoreNulls());
      // Calcite counts the n from the frame's start but checks it against the partition only.
      RexNode inFrame = rex.makeOver(o.getParserPosition(), bigint(), SqlStdOperatorTable.COUNT,
          List.of(), w.partitionKeys, w.orderKeys, w.getLowerBound(), w.getUpperBound(),
          w.getExclude(), w.isRows(), true, false, false, false);
      RexNode enough = rex.makeCall(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, inFrame,
          rex.makeBigintLiteral(position));
      return rex.makeCall(SqlStdOperatorTable.CASE, enough, nth,
          rex.makeNullLiteral(o.getType()));
    }

    private RexNode partitionCount(RexOver o) {
      return over(o, SqlStdOperatorTable.COUNT, List.of(), ImmutableList.of(),
          RexWindowBounds.UNBOUNDED_PRECEDING, RexWindowBounds.UNBOUNDED_FOLLOWING, false);
    }

    private RexNode over(RexOver o, SqlAggFunction function, List<RexNode> args,
        ImmutableList<RexFieldCollation> order, RexWindowBound lower, RexWindowBound upper,
        boolean rows) {
      return rex.makeOver(o.getParserPosition(), bigint(), function, args,
          o.getWindow().partitionKeys, order, lower, upper, RexWindowExclusion.EXCLUDE_NO_OTHER,
          rows, true, false, false, false);
    }

    private RexNode toDouble(RexNode n) {
      return rex.makeCast(doubleType(), n, true, false);
    }

    private RelDataType doubleType() {
      return rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE);
    }

    private RelDataType bigint() {
      return rex.getTypeFactory().createSqlType(SqlTypeName.BIGINT);
    }
  }
}
