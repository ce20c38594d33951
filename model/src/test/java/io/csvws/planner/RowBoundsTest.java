package io.csvws.planner;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.collect.ImmutableRangeSet;
import com.google.common.collect.Range;
import com.google.common.collect.RangeSet;
import java.math.BigDecimal;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.Sarg;
import org.junit.jupiter.api.Test;

/**
 * The rows a scan condition can accept, read from its conjuncts on the row number: each bound is
 * exact (an integer bound keeps its row, a fractional one rounds inward), conjuncts narrow each
 * other, and anything that is not a comparison of the row number with a number leaves the rows
 * unbounded. The table here has columns 0 to 2 and the row number at 3.
 */
class RowBoundsTest {
  private static final int ROW = 3;
  private static final long MAX = Long.MAX_VALUE;

  private final RelDataTypeFactory types = new JavaTypeFactoryImpl();
  private final RexBuilder rex = new RexBuilder(types);
  private final RelDataType bigint = types.createSqlType(SqlTypeName.BIGINT);
  private final RexNode row = new RexInputRef(ROW, bigint);

  private RexLiteral number(String v) {
    return rex.makeExactLiteral(new BigDecimal(v));
  }

  private RexNode compare(SqlOperator op, RexNode left, RexNode right) {
    return rex.makeCall(op, left, right);
  }

  private RexNode rowIs(SqlOperator op, String v) {
    return compare(op, row, number(v));
  }

  private RexNode and(RexNode... conjuncts) {
    return rex.makeCall(SqlStdOperatorTable.AND, conjuncts);
  }

  private RexNode search(RangeSet<BigDecimal> ranges) {
    Sarg<BigDecimal> sarg = Sarg.of(RexUnknownAs.UNKNOWN, ranges);
    return rex.makeCall(SqlStdOperatorTable.SEARCH, row,
        rex.makeSearchArgumentLiteral(sarg, bigint));
  }

  private static BigDecimal d(String v) {
    return new BigDecimal(v);
  }

  private static RowBounds bounds(long first, long last) {
    return new RowBounds(first, last);
  }

  private RowBounds of(RexNode condition) {
    return RowBounds.of(condition, ROW);
  }

  @Test
  void noConditionIsEveryRow() {
    assertThat(RowBounds.of(null, ROW)).isEqualTo(RowBounds.ALL).isEqualTo(bounds(1, MAX));
  }

  @Test
  void eachComparisonWithAWholeNumberKeepsItsRow() {
    assertThat(of(rowIs(SqlStdOperatorTable.EQUALS, "4"))).isEqualTo(bounds(4, 4));
    assertThat(of(rowIs(SqlStdOperatorTable.GREATER_THAN, "4"))).isEqualTo(bounds(5, MAX));
    assertThat(of(rowIs(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, "4")))
        .isEqualTo(bounds(4, MAX));
    assertThat(of(rowIs(SqlStdOperatorTable.LESS_THAN, "4"))).isEqualTo(bounds(1, 3));
    assertThat(of(rowIs(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, "4"))).isEqualTo(bounds(1, 4));
  }

  @Test
  void aFractionalBoundRoundsInward() {
    assertThat(of(rowIs(SqlStdOperatorTable.EQUALS, "4.5"))).isEqualTo(bounds(5, 4));
    assertThat(of(rowIs(SqlStdOperatorTable.GREATER_THAN, "2.5"))).isEqualTo(bounds(3, MAX));
    assertThat(of(rowIs(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, "2.5")))
        .isEqualTo(bounds(3, MAX));
    assertThat(of(rowIs(SqlStdOperatorTable.LESS_THAN, "9.5"))).isEqualTo(bounds(1, 9));
    assertThat(of(rowIs(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, "9.5"))).isEqualTo(bounds(1, 9));
  }

  @Test
  void boundsBeyondHalfALongAreClampedAndTheFirstRowIsOne() {
    assertThat(of(rowIs(SqlStdOperatorTable.LESS_THAN, "9000000000000000000")))
        .isEqualTo(bounds(1, MAX / 2 - 1));
    assertThat(of(rowIs(SqlStdOperatorTable.GREATER_THAN, "-9000000000000000000")))
        .isEqualTo(bounds(1, MAX));
    assertThat(of(rowIs(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, "-7")))
        .isEqualTo(bounds(1, MAX));
    assertThat(of(rowIs(SqlStdOperatorTable.LESS_THAN, "-9000000000000000000")))
        .isEqualTo(bounds(1, Long.MIN_VALUE / 2 - 1));
  }

  @Test
  void aLiteralOnTheLeftIsReadTheOtherWayRound() {
    assertThat(of(compare(SqlStdOperatorTable.GREATER_THAN, number("10"), row)))
        .isEqualTo(bounds(1, 9));
    assertThat(of(compare(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, number("3"), row)))
        .isEqualTo(bounds(3, MAX));
  }

  @Test
  void conjunctsNarrowEachOther() {
    assertThat(of(and(rowIs(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, "3"),
        rowIs(SqlStdOperatorTable.GREATER_THAN_OR_EQUAL, "5"),
        rowIs(SqlStdOperatorTable.GREATER_THAN, "4"),
        rowIs(SqlStdOperatorTable.LESS_THAN_OR_EQUAL, "10"),
        rowIs(SqlStdOperatorTable.LESS_THAN, "8"),
        rowIs(SqlStdOperatorTable.LESS_THAN, "12")))).isEqualTo(bounds(5, 7));
  }

  @Test
  void otherConjunctsLeaveTheRowsUnbounded() {
    RexNode column = new RexInputRef(0, bigint);
    RexNode flag = new RexInputRef(1, types.createSqlType(SqlTypeName.BOOLEAN));
    // A comparison of another column, with another column, of the row with a column, a
    // comparison that is not a bound, an operator of one or three operands, a bare boolean column.
    assertThat(of(compare(SqlStdOperatorTable.LESS_THAN, column, number("5"))))
        .isEqualTo(RowBounds.ALL);
    assertThat(of(compare(SqlStdOperatorTable.LESS_THAN, number("5"), column)))
        .isEqualTo(RowBounds.ALL);
    assertThat(of(compare(SqlStdOperatorTable.LESS_THAN, row, column))).isEqualTo(RowBounds.ALL);
    assertThat(of(compare(SqlStdOperatorTable.LESS_THAN, column, row))).isEqualTo(RowBounds.ALL);
    assertThat(of(rowIs(SqlStdOperatorTable.NOT_EQUALS, "5"))).isEqualTo(RowBounds.ALL);
    assertThat(of(rex.makeCall(SqlStdOperatorTable.IS_NOT_NULL, row))).isEqualTo(RowBounds.ALL);
    assertThat(of(and(flag, rex.makeCall(SqlStdOperatorTable.IS_NOT_NULL, row),
        rowIs(SqlStdOperatorTable.LESS_THAN, "6")))).isEqualTo(bounds(1, 5));
    assertThat(of(flag)).isEqualTo(RowBounds.ALL);
  }

  @Test
  void aComparisonWithTextOrNullIsNoBound() {
    assertThat(of(compare(SqlStdOperatorTable.EQUALS, row, rex.makeLiteral("5"))))
        .isEqualTo(RowBounds.ALL);
    assertThat(of(compare(SqlStdOperatorTable.EQUALS, row,
        rex.makeNullLiteral(bigint)))).isEqualTo(RowBounds.ALL);
  }

  @Test
  void aSearchIsBoundedByTheSpanOfItsRanges() {
    assertThat(of(search(ImmutableRangeSet.of(Range.closed(d("3"), d("7"))))))
        .isEqualTo(bounds(3, 7));
    assertThat(of(search(ImmutableRangeSet.of(Range.closed(d("2.5"), d("7.5"))))))
        .isEqualTo(bounds(3, 7));
    assertThat(of(search(ImmutableRangeSet.of(Range.open(d("2"), d("8"))))))
        .isEqualTo(bounds(3, 7));
    assertThat(of(search(ImmutableRangeSet.of(Range.open(d("2.5"), d("7.5"))))))
        .isEqualTo(bounds(3, 7));
    assertThat(of(search(ImmutableRangeSet.<BigDecimal>builder().add(Range.singleton(d("9")))
        .add(Range.singleton(d("4"))).add(Range.singleton(d("6"))).build())))
        .isEqualTo(bounds(4, 9));
    assertThat(of(search(ImmutableRangeSet.of(Range.atLeast(d("5")))))).isEqualTo(bounds(5, MAX));
    assertThat(of(search(ImmutableRangeSet.of(Range.lessThan(d("5")))))).isEqualTo(bounds(1, 4));
    assertThat(of(and(search(ImmutableRangeSet.of(Range.closed(d("3"), d("20")))),
        rowIs(SqlStdOperatorTable.LESS_THAN, "10")))).isEqualTo(bounds(3, 9));
    assertThat(of(search(ImmutableRangeSet.of()))).isEqualTo(RowBounds.ALL);
  }

  @Test
  void aSearchOfBetweenAndInFromTheBuilderBoundsTheRows() {
    assertThat(of(rex.makeBetween(row, number("1024"), number("1030"))))
        .isEqualTo(bounds(1024, 1030));
    assertThat(of(rex.makeIn(row, List.of(number("12"), number("3"), number("7")))))
        .isEqualTo(bounds(3, 12));
  }
}
