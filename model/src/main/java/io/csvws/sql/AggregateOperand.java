package io.csvws.sql;

import io.csvws.rewrite.ArithmeticChecks;
import io.csvws.rewrite.CheckedMath;
import java.util.List;
import java.util.Map;
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

  /**
   * The operand reading its columns at {@code position[ordinal]} of a row, the arithmetic that
   * {@code slots} names keeping its value in that slot of a row's computed values.
   */
  abstract AggregateOperand at(int[] position, Map<String, Integer> slots);

  /**
   * The value over {@code row}, a row of the bound positions; null for NULL. Arithmetic given a
   * slot reads it from {@code computed}, where {@link #compute} put it.
   */
  abstract Object value(Object[] row, Object[] computed);

  /** The value over {@code row}, computed even when the operand has a slot. */
  Object compute(Object[] row, Object[] computed) {
    return value(row, computed);
  }

  /** The slot of {@code computed} that keeps the value, or -1. */
  int slot() {
    return -1;
  }

  /**
   * What tells operands apart: two with the same key are the same expression to the planner
   * (the text an overflow quotes included), which computes it once per row.
   */
  abstract String key();

  /** The operands of this one, for arithmetic. */
  List<AggregateOperand> operands() {
    return List.of();
  }

  /** The column's table ordinal when the operand is a plain column; else -1. */
  int column() {
    return -1;
  }

  /**
   * The operand {@code node} is, over a table of {@code columns}; null when it is
   * neither a column written as the file names it nor integer arithmetic this class computes
   * (another operator, a DECIMAL or DOUBLE operand, a literal beyond INTEGER, a part without a
   * column, which Calcite would compute while planning).
   *
   * @param sql the statement's text, which an overflow's message quotes
   */
  static AggregateOperand of(SqlNode node, TableColumns columns, RelDataTypeFactory typeFactory,
      String sql) {
    if (node instanceof SqlIdentifier id) {
      int c = columns.ordinal(id);
      return c < 0 ? null : new Column(c, columns.type(c), c);
    }
    return arithmetic(node, columns, typeFactory, sql);
  }

  /**
   * The value at {@code position} of a partial row ({@link ColumnAggregates}), read as it is:
   * only {@link OperandProgram#ofPositions} takes it, which asks no operand its type.
   */
  static AggregateOperand at(int position) {
    return new Column(-1, null, position);
  }

  private static AggregateOperand arithmetic(SqlNode node, TableColumns columns,
      RelDataTypeFactory typeFactory, String sql) {
    if (!(node instanceof SqlBasicCall call) || call.operandCount() != 2
        || call.getFunctionQuantifier() != null) {
      return null;
    }
    SqlKind kind = call.getKind();
    if (kind != SqlKind.PLUS && kind != SqlKind.MINUS && kind != SqlKind.TIMES) {
      return null;
    }
    AggregateOperand left = integerOperand(call.operand(0), columns, typeFactory, sql);
    AggregateOperand right = integerOperand(call.operand(1), columns, typeFactory, sql);
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
  private static AggregateOperand integerOperand(SqlNode node, TableColumns columns,
      RelDataTypeFactory typeFactory, String sql) {
    long literal = RowNumberRange.unsignedInteger(node);
    if (literal >= 0) {
      return literal > Integer.MAX_VALUE ? null : new Literal((int) literal,
          typeFactory.createSqlType(SqlTypeName.INTEGER));
    }
    AggregateOperand o = of(node, columns, typeFactory, sql);
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
    AggregateOperand at(int[] positions, Map<String, Integer> slots) {
      return new Column(ordinal, type, positions[ordinal]);
    }

    @Override
    Object value(Object[] row, Object[] computed) {
      return row[position];
    }

    @Override
    String key() {
      return "$" + ordinal;
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
    AggregateOperand at(int[] position, Map<String, Integer> slots) {
      return this;
    }

    @Override
    Object value(Object[] row, Object[] computed) {
      return value;
    }

    @Override
    String key() {
      return String.valueOf(value);
    }
  }

  /**
   * {@code left op right} in INTEGER or BIGINT, checked. As in the planned statement's generated
   * code, the NULL test comes first, on the operands that may be NULL, and the others are computed
   * only when none is: an overflow in an operand that may not be NULL does not fail a row where
   * the other operand is NULL.
   */
  private static final class Arithmetic extends AggregateOperand {
    private final SqlKind kind;
    private final AggregateOperand left;
    private final AggregateOperand right;
    private final RelDataType type;
    private final boolean bigint;
    private final String text;
    private final int slot;

    Arithmetic(SqlKind kind, AggregateOperand left, AggregateOperand right, RelDataType type,
        String text) {
      this(kind, left, right, type, text, -1);
    }

    private Arithmetic(SqlKind kind, AggregateOperand left, AggregateOperand right,
        RelDataType type, String text, int slot) {
      this.kind = kind;
      this.left = left;
      this.right = right;
      this.type = type;
      this.bigint = type.getSqlTypeName() == SqlTypeName.BIGINT;
      this.text = text;
      this.slot = slot;
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
    AggregateOperand at(int[] position, Map<String, Integer> slots) {
      return new Arithmetic(kind, left.at(position, slots), right.at(position, slots), type,
          text, slots.getOrDefault(key(), -1));
    }

    @Override
    int slot() {
      return slot;
    }

    @Override
    List<AggregateOperand> operands() {
      return List.of(left, right);
    }

    @Override
    String key() {
      return "(" + kind + " " + type.getSqlTypeName() + " " + left.key() + " " + right.key()
          + " '" + text + "')";
    }

    @Override
    Object value(Object[] row, Object[] computed) {
      return slot >= 0 ? computed[slot] : compute(row, computed);
    }

    @Override
    Object compute(Object[] row, Object[] computed) {
      boolean leftNullable = left.type().isNullable();
      boolean rightNullable = right.type().isNullable();
      Object a = leftNullable ? left.value(row, computed) : null;
      Object b = rightNullable ? right.value(row, computed) : null;
      if ((leftNullable && a == null) || (rightNullable && b == null)) {
        return null;
      }
      if (!leftNullable) {
        a = left.value(row, computed);
      }
      if (!rightNullable) {
        b = right.value(row, computed);
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
