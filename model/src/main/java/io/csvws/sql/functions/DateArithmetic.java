package io.csvws.sql.functions;

import java.util.List;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlBinaryOperator;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCallBinding;
import org.apache.calcite.sql.SqlOperatorBinding;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlMonotonicBinaryOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlValidator;
import org.apache.calcite.sql.validate.SqlValidatorScope;
import org.apache.calcite.sql2rel.SqlRexContext;

/**
 * PostgreSQL's date arithmetic with whole days: {@code date - date} is the INTEGER number of days
 * between them, {@code date + integer} and {@code date - integer} (and {@code integer + date})
 * move a date by days.
 *
 * <p>Calcite looks up {@code +} and {@code -} by name when it types a call, so csvws's operator
 * table holds these two in place of the standard ones. Every other pair of operand types is handed
 * back to the standard operator at validation ({@link #preValidateCall}), so numbers, intervals
 * and timestamps keep Calcite's typing and implementation; only the date cases reach
 * {@link #convert}.
 */
final class DateArithmetic extends SqlMonotonicBinaryOperator {
  private final SqlBinaryOperator standard;

  private DateArithmetic(SqlBinaryOperator standard) {
    super(standard.getName(), standard.getKind(), standard.getLeftPrec(), true,
        DateArithmetic::returnType, InferTypes.FIRST_KNOWN,
        standard.getKind() == SqlKind.MINUS
            ? OperandTypes.or(OperandTypes.family(SqlTypeFamily.DATE, SqlTypeFamily.DATE),
                OperandTypes.family(SqlTypeFamily.DATE, SqlTypeFamily.INTEGER))
            : OperandTypes.or(OperandTypes.family(SqlTypeFamily.DATE, SqlTypeFamily.INTEGER),
                OperandTypes.family(SqlTypeFamily.INTEGER, SqlTypeFamily.DATE)));
    this.standard = standard;
  }

  /** {@code +} with {@code date + integer}. */
  static final DateArithmetic PLUS = new DateArithmetic(SqlStdOperatorTable.PLUS);
  /** {@code -} with {@code date - date} and {@code date - integer}. */
  static final DateArithmetic MINUS = new DateArithmetic(SqlStdOperatorTable.MINUS);

  private static RelDataType returnType(SqlOperatorBinding b) {
    RelDataTypeFactory f = b.getTypeFactory();
    boolean nullable = b.getOperandType(0).isNullable() || b.getOperandType(1).isNullable();
    SqlTypeName result = b.getOperandType(0).getSqlTypeName() == SqlTypeName.DATE
        && b.getOperandType(1).getSqlTypeName() == SqlTypeName.DATE
        ? SqlTypeName.INTEGER : SqlTypeName.DATE;
    return f.createTypeWithNullability(f.createSqlType(result), nullable);
  }

  /** Whether the operands are one of the date cases this operator adds. */
  private boolean isDateCase(SqlTypeName left, SqlTypeName right) {
    boolean leftDate = left == SqlTypeName.DATE;
    boolean rightDate = right == SqlTypeName.DATE;
    boolean leftInt = SqlTypeName.INT_TYPES.contains(left);
    boolean rightInt = SqlTypeName.INT_TYPES.contains(right);
    if (getKind() == SqlKind.MINUS) {
      return leftDate && (rightDate || rightInt);
    }
    return leftDate && rightInt || leftInt && rightDate;
  }

  /**
   * Hands a call whose operands are not a date case back to the standard operator, before
   * Calcite checks the operands; {@link #checkOperandTypes} and {@link #inferReturnType} then
   * delegate to it.
   */
  @Override
  protected void preValidateCall(SqlValidator validator, SqlValidatorScope scope, SqlCall call) {
    SqlTypeName left = validator.deriveType(scope, call.operand(0)).getSqlTypeName();
    SqlTypeName right = validator.deriveType(scope, call.operand(1)).getSqlTypeName();
    if (!isDateCase(left, right)) {
      ((SqlBasicCall) call).setOperator(standard);
    }
  }

  @Override
  public boolean checkOperandTypes(SqlCallBinding binding, boolean throwOnFailure) {
    return binding.getOperator() == standard
        ? standard.checkOperandTypes(binding, throwOnFailure)
        : super.checkOperandTypes(binding, throwOnFailure);
  }

  @Override
  public RelDataType inferReturnType(SqlOperatorBinding binding) {
    return binding.getOperator() == standard ? standard.inferReturnType(binding)
        : super.inferReturnType(binding);
  }

  /** The date case as days counted with integers: a DATE is its number of days since 1970. */
  RexNode convert(SqlRexContext cx, SqlCall call) {
    RexBuilder rex = cx.getRexBuilder();
    RelDataTypeFactory f = cx.getTypeFactory();
    RexNode a = cx.convertExpression(call.operand(0));
    RexNode b = cx.convertExpression(call.operand(1));
    if (b.getType().getSqlTypeName() == SqlTypeName.DATE
        && a.getType().getSqlTypeName() != SqlTypeName.DATE) {
      RexNode t = a;
      a = b;
      b = t;
    }
    RelDataType intType = f.createTypeWithNullability(f.createSqlType(SqlTypeName.INTEGER),
        a.getType().isNullable());
    RexNode days = rex.makeReinterpretCast(intType, a, rex.makeLiteral(false));
    if (b.getType().getSqlTypeName() == SqlTypeName.DATE) {
      RelDataType intB = f.createTypeWithNullability(f.createSqlType(SqlTypeName.INTEGER),
          b.getType().isNullable());
      return rex.makeCall(SqlStdOperatorTable.MINUS, days,
          rex.makeReinterpretCast(intB, b, rex.makeLiteral(false)));
    }
    RexNode n = rex.makeCast(f.createTypeWithNullability(f.createSqlType(SqlTypeName.INTEGER),
        b.getType().isNullable()), b);
    RexNode moved = rex.makeCall(getKind() == SqlKind.MINUS ? SqlStdOperatorTable.MINUS
        : SqlStdOperatorTable.PLUS, days, n);
    RelDataType dateType = f.createTypeWithNullability(f.createSqlType(SqlTypeName.DATE),
        moved.getType().isNullable());
    return rex.makeReinterpretCast(dateType, moved, rex.makeLiteral(false));
  }

  /** The standard operator this one extends. */
  SqlBinaryOperator standard() {
    return standard;
  }

  static List<DateArithmetic> all() {
    return List.of(PLUS, MINUS);
  }
}
