package io.csvws.sql;

import io.csvws.rewrite.ArithmeticChecks;
import io.csvws.rewrite.CheckedMath;
import java.util.Set;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * What an aggregate call of a planner-free statement ({@link SimpleAggregate}) reads from each
 * row: a column, or {@code +}, {@code -} and {@code *} of INTEGER and BIGINT columns and integer
 * literals, computed as the planned statement computes it (csvws's checked arithmetic,
 * {@link CheckedMath}, the arithmetic {@code io.csvws.rewrite.ArithmeticChecks} puts in plans): in
 * the type Calcite gives the expression (INTEGER when both operands are INTEGER, else BIGINT), an
 * overflow failing with the expression's text, a NULL operand giving NULL.
 *
 * <p>Built over table ordinals ({@link #of}), then bound to the positions of a scan's row
 * ({@link #at}). Immutable and thread-safe.
 */
abstract sealed class AggregateOperand {
  /** The operand's type, as the validator derives it. */
  abstract RelDataType type();

  /** Adds the table ordinals of the columns the operand reads to {@code ordinals}. */
  abstract void columns(Set<Integer> ordinals);

  /** The operand reading its columns at {@code position[ordinal]} of a row. */
  abstract AggregateOperand at(int[] position);

  /** The value over {@code row}, a row of the bound positions; null for NULL. */
  abstract Object value(Object[] row);

  /** The column's table ordinal when the operand is a plain column; else -1. */
  int column() {
    return -1;
  }

  /**
   * The operand {@code node} is, over a table of row type {@code rowType}; null when it is
   * neither a column written as the file names it nor integer arithmetic this class computes
   * (another operator, a DECIMAL or DOUBLE operand, a literal beyond INTEGER, a part without a
   * column, which Calcite would compute while planning).
   *
   * @param sql the statement's text, which an overflow's message quotes
   */
  static AggregateOperand of(SqlNode node, RelDataType rowType, RelDataTypeFactory typeFactory,
      String sql) {
    if (node instanceof SqlIdentifier id) {
      int c = TableColumns.ordinal(id, rowType);
      return c < 0 ? null : new Column(c, rowType.getFieldList().get(c).getType(), c);
    }
    return arithmetic(node, rowType, typeFactory, sql);
  }

  /** The value at {@code position} of a row, of type {@code type}. */
  static AggregateOperand at(int position, RelDataType type) {
    return new Column(-1, type, position);
  }

  private static AggregateOperand arithmetic(SqlNode node, RelDataType rowType,
      RelDataTypeFactory typeFactory, String sql) {
    if (!(node instanceof SqlBasicCall call) || call.operandCount() != 2
        || call.getFunctionQuantifier() != null) {
      return null;
    }
    SqlKind kind = call.getKind();
    if (kind != SqlKind.PLUS && kind != SqlKind.MINUS && kind != SqlKind.TIMES) {
      return null;
    }
    AggregateOperand left = integerOperand(call.operand(0), rowType, typeFactory, sql);
    AggregateOperand right = integerOperand(call.operand(1), rowType, typeFactory, sql);
    if (left == null || right == null
        || (left instanceof Literal && right instanceof Literal)) {
      return null;
    }
    boolean bigint = left.type().getSqlTypeName() == SqlTypeName.BIGINT
        || right.type().getSqlTypeName() == SqlTypeName.BIGINT;
    SqlTypeName name = bigint ? SqlTypeName.BIGINT : SqlTypeName.INTEGER;
    RelDataType type = typeFactory.createTypeWithNullability(typeFactory.createSqlType(name),
        left.type().isNullable() || right.type().isNullable());
    String text = ArithmeticChecks.expressionText(sql, call.getParserPosition(), kind, name);
    return new Arithmetic(kind, left, right, type, text);
  }

  /** An INTEGER or BIGINT column, an unsigned literal that fits INTEGER, or arithmetic. */
  private static AggregateOperand integerOperand(SqlNode node, RelDataType rowType,
      RelDataTypeFactory typeFactory, String sql) {
    long literal = RowNumberRange.unsignedInteger(node);
    if (literal >= 0) {
      return literal > Integer.MAX_VALUE ? null : new Literal((int) literal,
          typeFactory.createSqlType(SqlTypeName.INTEGER));
    }
    AggregateOperand o = of(node, rowType, typeFactory, sql);
    if (o == null) {
      return null;
    }
    SqlTypeName t = o.type().getSqlTypeName();
    return t == SqlTypeName.INTEGER || t == SqlTypeName.BIGINT ? o : null;
  }

  /** A column of the table. */
  private static final class Column extends AggregateOperand {
    private final int ordinal;
    private final RelDataType type;
    private final int position;

    Column(int ordinal, RelDataType type, int position) {
      this.ordinal = ordinal;
      this.type = type;
      this.position = position;
    }

    @Override
    RelDataType type() {
      return type;
    }

    @Override
    int column() {
      return ordinal;
    }

    @Override
    void columns(Set<Integer> ordinals) {
      ordinals.add(ordinal);
    }

    @Override
    AggregateOperand at(int[] positions) {
      return new Column(ordinal, type, positions[ordinal]);
    }

    @Override
    Object value(Object[] row) {
      return row[position];
    }
  }

  /** An unsigned integer literal, INTEGER NOT NULL as Calcite types it. */
  private static final class Literal extends AggregateOperand {
    private final Integer value;
    private final RelDataType type;

    Literal(int value, RelDataType type) {
      this.value = value;
      this.type = type;
    }

    @Override
    RelDataType type() {
      return type;
    }

    @Override
    void columns(Set<Integer> ordinals) {
    }

    @Override
    AggregateOperand at(int[] position) {
      return this;
    }

    @Override
    Object value(Object[] row) {
      return value;
    }
  }

  /**
   * {@code left op right} in INTEGER or BIGINT, checked. Both operands are computed before the
   * NULL test, as the planned statement's generated code computes them, so an overflow in one
   * fails even where the other is NULL.
   */
  private static final class Arithmetic extends AggregateOperand {
    private final SqlKind kind;
    private final AggregateOperand left;
    private final AggregateOperand right;
    private final RelDataType type;
    private final boolean bigint;
    private final String text;

    Arithmetic(SqlKind kind, AggregateOperand left, AggregateOperand right, RelDataType type,
        String text) {
      this.kind = kind;
      this.left = left;
      this.right = right;
      this.type = type;
      this.bigint = type.getSqlTypeName() == SqlTypeName.BIGINT;
      this.text = text;
    }

    @Override
    RelDataType type() {
      return type;
    }

    @Override
    void columns(Set<Integer> ordinals) {
      left.columns(ordinals);
      right.columns(ordinals);
    }

    @Override
    AggregateOperand at(int[] position) {
      return new Arithmetic(kind, left.at(position), right.at(position), type, text);
    }

    @Override
    Object value(Object[] row) {
      Object a = left.value(row);
      Object b = right.value(row);
      if (a == null || b == null) {
        return null;
      }
      if (bigint) {
        long x = ((Number) a).longValue();
        long y = ((Number) b).longValue();
        return switch (kind) {
          case PLUS -> CheckedMath.plus(x, y, text);
          case MINUS -> CheckedMath.minus(x, y, text);
          default -> CheckedMath.times(x, y, text);
        };
      }
      int x = (Integer) a;
      int y = (Integer) b;
      return switch (kind) {
        case PLUS -> CheckedMath.plus(x, y, text);
        case MINUS -> CheckedMath.minus(x, y, text);
        default -> CheckedMath.times(x, y, text);
      };
    }
  }
}
