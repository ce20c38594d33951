package io.csvws.rewrite;

import java.lang.reflect.Method;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.apache.calcite.linq4j.function.Strict;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlUserDefinedFunction;

/**
 * {@code CAST(x AS VARCHAR)} of timestamps, times and booleans writes them as PostgreSQL and
 * DuckDB do: {@code 2023-04-22 04:03:08.917} and {@code 04:03:08} (the fraction's trailing zeros
 * dropped, never its digits: Calcite cuts a TIMESTAMP(3) to whole seconds), and {@code true} /
 * {@code false} (Calcite writes {@code TRUE}). Runs on the converted plan, before planning; the
 * public methods are the runtime generated code calls, stateless and thread-safe.
 */
@Strict
public final class TextCasts {
  private static final Map<SqlTypeName, SqlOperator> OPERATORS = operators();

  private TextCasts() {
  }

  /** {@code plan} with its casts of times and booleans to text written as PostgreSQL does. */
  public static RelNode apply(RelNode plan) {
    return PlanExpressions.rewrite(plan, TextCasts::rewrite);
  }

  /** A TIMESTAMP, given as Calcite holds it (milliseconds since 1970 at UTC), as text. */
  public static String timestamp(long millis) {
    LocalDateTime t = LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000),
        Math.floorMod(millis, 1000) * 1_000_000, ZoneOffset.UTC);
    return t.toLocalDate() + " " + time(t.toLocalTime());
  }

  /** A TIME, given as Calcite holds it (milliseconds of the day), as text. */
  public static String time(int millis) {
    return time(LocalTime.ofNanoOfDay(millis * 1_000_000L));
  }

  /** A BOOLEAN as text. */
  public static String bool(boolean b) {
    return b ? "true" : "false";
  }

  private static String time(LocalTime t) {
    String s = String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
    int millis = t.getNano() / 1_000_000;
    if (millis == 0) {
      return s;
    }
    String fraction = String.format("%03d", millis);
    int end = fraction.length();
    while (fraction.charAt(end - 1) == '0') {
      end--;
    }
    return s + "." + fraction.substring(0, end);
  }

  /** {@code c}, rewritten if it casts a time or a boolean to text. */
  private static RexNode rewrite(RexCall c, RexBuilder rex) {
    if (c.getKind() != SqlKind.CAST
        || !SqlTypeFamily.CHARACTER.contains(c.getType())
        || c.getType().getSqlTypeName() != SqlTypeName.VARCHAR
        || !holdsAnyTimestamp(c.getType())) {
      return c;
    }
    SqlOperator op = OPERATORS.get(c.getOperands().get(0).getType().getSqlTypeName());
    return op == null ? c
        : rex.makeCall(c.getParserPosition(), c.getType(), op, c.getOperands());
  }

  /** Whether {@code type} is long enough for a timestamp with milliseconds. */
  private static boolean holdsAnyTimestamp(RelDataType type) {
    return type.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED
        || type.getPrecision() >= "2000-01-01 00:00:00.000".length();
  }

  private static Map<SqlTypeName, SqlOperator> operators() {
    Map<SqlTypeName, SqlOperator> m = new HashMap<>();
    m.put(SqlTypeName.TIMESTAMP, operator("timestamp", long.class));
    m.put(SqlTypeName.TIME, operator("time", int.class));
    m.put(SqlTypeName.BOOLEAN, operator("bool", boolean.class));
    return Map.copyOf(m);
  }

  private static SqlOperator operator(String name, Class<?> parameter) {
    try {
      Method method = TextCasts.class.getMethod(name, parameter);
      return new SqlUserDefinedFunction(new SqlIdentifier("CSVWS_TEXT_OF_" + name.toUpperCase(
          java.util.Locale.ROOT), SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
          ReturnTypes.VARCHAR_NULLABLE, InferTypes.RETURN_TYPE, null,
          ScalarFunctionImpl.create(method));
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }
}
