package io.csvws.rewrite;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * Puts {@link CheckedMath} in place of Calcite's checked integer arithmetic, of casts from
 * BIGINT to INTEGER and of DECIMAL division, with the expression's own SQL text as the last
 * operand, so that an overflow names what overflowed ({@code population * 1000000 (3563564 *
 * 1000000) does not fit INTEGER}) instead of Java's "integer overflow", and a DECIMAL quotient
 * has exactly its type's decimals. Runs on the converted plan, before planning.
 */
public final class ArithmeticChecks {
  /** The longest expression text an error quotes. */
  private static final int MAX_TEXT = 120;
  private ArithmeticChecks() {
  }

  /**
   * Operators by method name and Java operand type, made on first use: making them initialises
   * Calcite's code generation tables, which {@link #expressionText} (used by statements prepared
   * without the planner) does not need.
   */
  private static final class Operators {
    static final Map<String, SqlOperator> BY_KEY = operators();
  }

  /** {@code plan} with named checks; {@code sql} is the statement text positions refer to. */
  public static RelNode apply(RelNode plan, String sql) {
    return PlanExpressions.rewrite(plan, (call, rex) -> new Calls(rex, sql).rewrite(call));
  }

  /** Rewrites the calls of one relational expression. */
  private static final class Calls {
    private final RexBuilder rex;
    private final String sql;

    Calls(RexBuilder rex, String sql) {
      this.rex = rex;
      this.sql = sql;
    }

    /** {@code c}, rewritten if it is one of the calls this class checks. */
    RexNode rewrite(RexCall c) {
      if (isDecimalDivision(c)) {
        return decimalDivision(c);
      }
      if (isRoundingCast(c)) {
        return roundingCast(c);
      }
      String method = method(c);
      if (method == null) {
        return c;
      }
      RelDataType type = c.getType();
      boolean toInt = method.equals("toInt");
      String key = method + (toInt || type.getSqlTypeName() == SqlTypeName.BIGINT ? ":long"
          : ":int");
      List<RexNode> operands = new ArrayList<>();
      for (RexNode o : c.getOperands()) {
        // Operands of arithmetic are widened to the result type first, as Calcite does.
        RelDataType wanted = toInt ? o.getType()
            : rex.getTypeFactory().createTypeWithNullability(type, o.getType().isNullable());
        operands.add(o.getType().equals(wanted) ? o : rex.makeCast(wanted, o));
      }
      operands.add(rex.makeLiteral(text(c)));
      return rex.makeCall(c.getParserPosition(), type, Operators.BY_KEY.get(key), operands);
    }

    /**
     * {@code CAST(x AS INTEGER)} (or another integer type) of a DECIMAL or a DOUBLE, rounded as
     * PostgreSQL rounds (see {@link CheckedMath#toInt(BigDecimal, String)}).
     */
    private RexNode roundingCast(RexCall c) {
      RexNode o = c.getOperands().get(0);
      String from = o.getType().getSqlTypeName() == SqlTypeName.DECIMAL
          ? "java.math.BigDecimal" : "double";
      if (from.equals("double") && o.getType().getSqlTypeName() != SqlTypeName.DOUBLE) {
        o = rex.makeCast(rex.getTypeFactory().createTypeWithNullability(
            rex.getTypeFactory().createSqlType(SqlTypeName.DOUBLE), o.getType().isNullable()), o);
      }
      SqlTypeName target = c.getType().getSqlTypeName();
      if (target == SqlTypeName.BIGINT) {
        return rex.makeCall(c.getParserPosition(), c.getType(),
            Operators.BY_KEY.get("toLong:" + from), List.of(o, rex.makeLiteral(text(c))));
      }
      RelDataType integer = rex.getTypeFactory().createTypeWithNullability(
          rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER), c.getType().isNullable());
      RexNode rounded = rex.makeCall(c.getParserPosition(), integer,
          Operators.BY_KEY.get("toInt:" + from), List.of(o, rex.makeLiteral(text(c))));
      // SMALLINT and TINYINT: rounded as INTEGER, then narrowed as an INTEGER is.
      return target == SqlTypeName.INTEGER ? rounded : rex.makeCast(c.getType(), rounded);
    }

    /** {@code a / b} computed at the scale of its DECIMAL type. */
    private RexNode decimalDivision(RexCall c) {
      List<RexNode> operands = new ArrayList<>();
      for (RexNode o : c.getOperands()) {
        RelDataType t = o.getType();
        if (t.getSqlTypeName() != SqlTypeName.DECIMAL) {
          t = rex.getTypeFactory().createTypeWithNullability(rex.getTypeFactory().createSqlType(
              SqlTypeName.DECIMAL, 19, 0), t.isNullable());
          o = rex.makeCast(t, o);
        }
        operands.add(o);
      }
      operands.add(rex.makeExactLiteral(BigDecimal.valueOf(c.getType().getScale()),
          rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER)));
      operands.add(rex.makeLiteral(text(c)));
      return rex.makeCall(c.getParserPosition(), c.getType(), Operators.BY_KEY.get(
          "divide:java.math.BigDecimal"), operands);
    }

    /** The SQL the call was written as, or a description where the text is not known. */
    private String text(RexCall c) {
      return expressionText(sql, c.getParserPosition(), c.getKind(),
          c.getType().getSqlTypeName());
    }
  }

  /**
   * How an error of a checked call names it: the SQL text at {@code pos} in {@code sql} (cut
   * after 120 characters), or where that is not known a description of the call
   * ({@code an addition of INTEGER values}). Public for the statements csvws prepares without
   * the planner, whose errors must read as the planned statement's.
   *
   * @param kind the call's kind ({@code PLUS} or {@code CHECKED_PLUS} alike)
   * @param type the call's result type
   */
  public static String expressionText(String sql, SqlParserPos pos, SqlKind kind,
      SqlTypeName type) {
    String t = Source.text(sql, pos);
    if (t == null) {
      String name = type.getName();
      return switch (kind) {
        case PLUS, CHECKED_PLUS -> "an addition of " + name + " values";
        case MINUS, CHECKED_MINUS -> "a subtraction of " + name + " values";
        case TIMES, CHECKED_TIMES -> "a multiplication of " + name + " values";
        case DIVIDE, CHECKED_DIVIDE -> "a division of " + name + " values";
        case MINUS_PREFIX, CHECKED_MINUS_PREFIX -> "a negation of " + name + " values";
        default -> "a cast to " + name;
      };
    }
    return t.length() > MAX_TEXT ? t.substring(0, MAX_TEXT) + "..." : t;
  }

  /** Whether {@code call} casts a DECIMAL or a floating-point number to an integer type. */
  private static boolean isRoundingCast(RexCall call) {
    SqlTypeName to = call.getType().getSqlTypeName();
    return call.getKind() == SqlKind.CAST
        && SqlTypeName.INT_TYPES.contains(to)
        && SqlTypeName.FRACTIONAL_TYPES.contains(
            call.getOperands().get(0).getType().getSqlTypeName());
  }

  /** Whether {@code call} divides exact numbers into a DECIMAL. */
  private static boolean isDecimalDivision(RexCall call) {
    if (call.getKind() != SqlKind.DIVIDE
        || call.getType().getSqlTypeName() != SqlTypeName.DECIMAL) {
      return false;
    }
    for (RexNode o : call.getOperands()) {
      if (!SqlTypeName.EXACT_TYPES.contains(o.getType().getSqlTypeName())) {
        return false;
      }
    }
    return true;
  }

  /** The {@link CheckedMath} method for {@code call}, or null to leave it as it is. */
  private static String method(RexCall call) {
    SqlTypeName result = call.getType().getSqlTypeName();
    if (result != SqlTypeName.INTEGER && result != SqlTypeName.BIGINT) {
      return null;
    }
    for (RexNode o : call.getOperands()) {
      if (!SqlTypeName.INT_TYPES.contains(o.getType().getSqlTypeName())) {
        return null;
      }
    }
    SqlOperator op = call.getOperator();
    if (op == SqlStdOperatorTable.CHECKED_PLUS) {
      return "plus";
    } else if (op == SqlStdOperatorTable.CHECKED_MINUS) {
      return "minus";
    } else if (op == SqlStdOperatorTable.CHECKED_MULTIPLY) {
      return "times";
    } else if (op == SqlStdOperatorTable.CHECKED_DIVIDE
        || op == SqlStdOperatorTable.CHECKED_DIVIDE_INTEGER) {
      return "divide";
    } else if (op == SqlStdOperatorTable.CHECKED_UNARY_MINUS) {
      return "negate";
    } else if (call.getKind() == SqlKind.CAST && result == SqlTypeName.INTEGER
        && call.getOperands().get(0).getType().getSqlTypeName() == SqlTypeName.BIGINT) {
      return "toInt";
    }
    return null;
  }

  private static Map<String, SqlOperator> operators() {
    Map<String, SqlOperator> m = new HashMap<>();
    for (Method method : CheckedMath.class.getMethods()) {
      if (method.getDeclaringClass() != CheckedMath.class) {
        continue;
      }
      String key = method.getName() + ":" + method.getParameterTypes()[0].getName();
      m.put(key, new SqlUserDefinedFunction(
          new SqlIdentifier("CHECKED_" + method.getName().toUpperCase(Locale.ROOT),
              SqlParserPos.ZERO),
          SqlKind.OTHER_FUNCTION, ReturnTypes.ARG0_NULLABLE, InferTypes.RETURN_TYPE, null,
          ScalarFunctionImpl.create(method)));
    }
    return Map.copyOf(m);
  }

  /** Text of a statement at a parser position. */
  static final class Source {
    private Source() {
    }

    /** The text {@code pos} spans in {@code sql}, or null when unknown. */
    static String text(String sql, SqlParserPos pos) {
      if (sql == null || pos == null || pos.getLineNum() <= 0 || pos.getEndLineNum() <= 0) {
        return null;
      }
      int start = offset(sql, pos.getLineNum(), pos.getColumnNum());
      int end = offset(sql, pos.getEndLineNum(), pos.getEndColumnNum());
      if (start < 0 || end < start || end >= sql.length()) {
        return null;
      }
      return sql.substring(start, end + 1).replaceAll("\\s+", " ").trim();
    }

    /** The index of 1-based {@code line} and {@code column} in {@code sql}, or -1. */
    private static int offset(String sql, int line, int column) {
      int i = 0;
      for (int l = 1; l < line; l++) {
        i = sql.indexOf('\n', i);
        if (i < 0) {
          return -1;
        }
        i++;
      }
      return column >= 1 ? i + column - 1 : -1;
    }
  }
}
