package io.csvws.sql;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Set;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code CAST(2.5 AS INTEGER)} of a decimal literal rounds half away from zero, as in
 * PostgreSQL and DuckDB (3), and as csvws rounds the same cast of a column
 * ({@code io.csvws.rewrite.CheckedMath}). Calcite folds a literal's cast while it converts the
 * query and cuts the fraction (2), so the literal is rounded before that.
 */
final class RoundedLiteralCasts {
  private static final Set<String> INTEGER_TYPES = Set.of(SqlTypeName.TINYINT.getName(),
      SqlTypeName.SMALLINT.getName(), SqlTypeName.INTEGER.getName(),
      SqlTypeName.BIGINT.getName());

  private RoundedLiteralCasts() {
  }

  /** {@code node} (which may be null), with the literal rounded if it is such a cast. */
  static SqlNode round(SqlNode node) {
    if (node == null || node.getKind() != SqlKind.CAST || !(node instanceof SqlCall call)
        || call.operandCount() != 2
        || !(call.operand(0) instanceof SqlNumericLiteral literal) || !literal.isExact()
        || !(call.operand(1) instanceof SqlDataTypeSpec type)
        || !INTEGER_TYPES.contains(type.getTypeName().getSimple().toUpperCase(
            java.util.Locale.ROOT))) {
      return node;
    }
    BigDecimal value = literal.getValueAs(BigDecimal.class);
    if (value.scale() <= 0) {
      return node;
    }
    call.setOperand(0, SqlLiteral.createExactNumeric(
        value.setScale(0, RoundingMode.HALF_UP).toPlainString(), literal.getParserPosition()));
    return node;
  }
}
