package io.csvws.rewrite;

import io.csvws.sql.functions.TextFunctions;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * {@code SUBSTRING}, {@code POSITION} and {@code STRPOS} of text count characters as PostgreSQL
 * and DuckDB do, one per code point ({@link TextFunctions}): Calcite's count UTF-16 units, so an
 * emoji took two positions and {@code SUBSTRING(s, 1, 1)} could return half of one. The parser
 * builds these calls itself, whatever the operator table, so they are replaced in the converted
 * plan, before planning.
 */
public final class CodePointText {
  private static final SqlOperator SUBSTRING_FROM = operator("substring", String.class,
      int.class);
  private static final SqlOperator SUBSTRING_FOR = operator("substring", String.class,
      int.class, int.class);
  private static final SqlOperator POSITION = operator("position", String.class, String.class);

  private CodePointText() {
  }

  /** {@code plan} with its text positions counted in code points. */
  public static RelNode apply(RelNode plan) {
    return PlanExpressions.rewrite(plan, (call, rex) -> new Calls(rex).rewrite(call));
  }

  /** Rewrites the calls of one relational expression. */
  private static final class Calls {
    private final RexBuilder rex;

    Calls(RexBuilder rex) {
      this.rex = rex;
    }

    /** {@code c}, rewritten if it is a text position call. */
    RexNode rewrite(RexCall c) {
      List<RexNode> args = c.getOperands();
      SqlOperator op = c.getOperator();
      if (op == SqlStdOperatorTable.SUBSTRING && isText(args.get(0))) {
        return call(c, args.size() == 2 ? SUBSTRING_FROM : SUBSTRING_FOR, args);
      }
      if (op == SqlStdOperatorTable.POSITION && args.size() == 2 && isText(args.get(0))
          && isText(args.get(1))) {
        return call(c, POSITION, args);
      }
      if (op == SqlLibraryOperators.STRPOS && args.size() == 2 && isText(args.get(0))
          && isText(args.get(1))) {
        return call(c, POSITION, List.of(args.get(1), args.get(0)));
      }
      return c;
    }

    private RexNode call(RexCall c, SqlOperator op, List<RexNode> args) {
      List<RexNode> operands = new ArrayList<>();
      for (RexNode a : args) {
        if (SqlTypeFamily.CHARACTER.contains(a.getType())
            || a.getType().getSqlTypeName() == SqlTypeName.INTEGER) {
          operands.add(a);
        } else {
          operands.add(rex.makeCast(rex.getTypeFactory().createTypeWithNullability(
              rex.getTypeFactory().createSqlType(SqlTypeName.INTEGER),
              a.getType().isNullable()), a));
        }
      }
      return rex.makeCall(c.getParserPosition(), c.getType(), op, operands);
    }
  }

  private static boolean isText(RexNode node) {
    return SqlTypeFamily.CHARACTER.contains(node.getType());
  }

  private static SqlOperator operator(String name, Class<?>... parameters) {
    try {
      Method method = TextFunctions.class.getMethod(name, parameters);
      return new SqlUserDefinedFunction(new SqlIdentifier(name.toUpperCase(java.util.Locale.ROOT),
          SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION, ReturnTypes.ARG0_NULLABLE,
          InferTypes.RETURN_TYPE, null, ScalarFunctionImpl.create(method));
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }
}
