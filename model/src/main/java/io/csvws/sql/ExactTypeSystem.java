package io.csvws.sql;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The result types of csvws's aggregates, chosen so that no answer is silently wrong.
 *
 * <ul>
 *   <li>{@code SUM} of TINYINT, SMALLINT or INTEGER is BIGINT (Calcite keeps the argument's
 *       type, so a sum of a few thousand populations wraps past 2<sup>31</sup>); a BIGINT sum
 *       that leaves BIGINT's range fails ({@code io.csvws.rewrite.CheckedSums}); {@code SUM} of
 *       DECIMAL(p, s) is DECIMAL(38, s).</li>
 *   <li>{@code AVG}, {@code STDDEV}, {@code VARIANCE}, {@code COVAR} and {@code CORR} of an integer
 *       type are DOUBLE (Calcite keeps the integer type and truncates {@code AVG(score)} of 1..5
 *       to 3), as is {@code AVG} of a DECIMAL without decimals (integers beyond BIGINT); and
 *       {@code AVG} of DECIMAL(p, s) is DECIMAL(38, max(s, 16)), as many decimals as PostgreSQL
 *       shows.</li>
 *   <li>DECIMAL holds up to 38 digits: csvws infers integers beyond BIGINT as DECIMAL(38, 0), and
 *       Calcite's default of 19 would refuse a 20-digit literal.</li>
 * </ul>
 *
 * <p>Text values of different lengths meet as VARCHAR, never padded CHAR.
 *
 * <p>PostgreSQL gives {@code SUM(int)} as bigint and {@code SUM(bigint)} as numeric, DuckDB as
 * HUGEINT, where csvws fails instead of growing past BIGINT ({@code SUM(CAST(x AS DECIMAL(38,
 * 0)))} sums further); both keep the fraction of an average. Stateless and thread-safe.
 */
final class ExactTypeSystem extends RelDataTypeSystemImpl {
  /** The most digits of a DECIMAL. */
  static final int MAX_DECIMAL_PRECISION = 38;
  /** The fewest decimals of a DECIMAL quotient, and so of a DECIMAL average. */
  private static final int MIN_AVERAGE_SCALE = 16;

  static final ExactTypeSystem INSTANCE = new ExactTypeSystem();

  private ExactTypeSystem() {
  }

  @Override
  public int getMaxPrecision(SqlTypeName typeName) {
    return typeName == SqlTypeName.DECIMAL ? MAX_DECIMAL_PRECISION
        : super.getMaxPrecision(typeName);
  }

  /**
   * Text of different lengths meets as VARCHAR, as in PostgreSQL and DuckDB:
   * {@code CASE WHEN k THEN 'a' ELSE 'bbb' END} is {@code 'a'}, where Calcite's default types it
   * CHAR(3) and pads it to {@code 'a  '}.
   */
  @Override
  public boolean shouldConvertRaggedUnionTypesToVarying() {
    return true;
  }

  @Override
  public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    switch (argumentType.getSqlTypeName()) {
      case TINYINT:
      case SMALLINT:
      case INTEGER:
        return like(typeFactory, typeFactory.createSqlType(SqlTypeName.BIGINT), argumentType);
      default:
        return super.deriveSumType(typeFactory, argumentType);
    }
  }

  @Override
  public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
    SqlTypeName name = argumentType.getSqlTypeName();
    if (SqlTypeName.INT_TYPES.contains(name)
        || (name == SqlTypeName.DECIMAL && argumentType.getScale() == 0)) {
      return like(typeFactory, typeFactory.createSqlType(SqlTypeName.DOUBLE), argumentType);
    }
    if (name == SqlTypeName.DECIMAL) {
      int scale = Math.max(argumentType.getScale(), MIN_AVERAGE_SCALE);
      return like(typeFactory,
          typeFactory.createSqlType(SqlTypeName.DECIMAL, MAX_DECIMAL_PRECISION, scale),
          argumentType);
    }
    return super.deriveAvgAggType(typeFactory, argumentType);
  }

  @Override
  public RelDataType deriveCovarType(RelDataTypeFactory typeFactory, RelDataType arg0Type,
      RelDataType arg1Type) {
    RelDataType type = super.deriveCovarType(typeFactory, arg0Type, arg1Type);
    if (SqlTypeName.EXACT_TYPES.contains(type.getSqlTypeName())) {
      return like(typeFactory, typeFactory.createSqlType(SqlTypeName.DOUBLE), type);
    }
    return type;
  }

  /**
   * A division involving a DECIMAL keeps at least 16 decimals (and at least the operands'), as
   * PostgreSQL's numeric division does; Calcite's default keeps 6 once the operands may hold 32
   * integer digits, which every inferred DECIMAL(38, s) column may. A quotient whose integer
   * part does not fit the remaining digits fails ({@code io.csvws.rewrite.CheckedMath}).
   */
  @Override
  public RelDataType deriveDecimalDivideType(RelDataTypeFactory typeFactory, RelDataType type1,
      RelDataType type2) {
    RelDataType standard = super.deriveDecimalDivideType(typeFactory, type1, type2);
    if (standard == null) {
      return null;
    }
    int scale = Math.max(standard.getScale(), Math.max(MIN_AVERAGE_SCALE,
        Math.max(type1.getScale(), type2.getScale())));
    return typeFactory.createSqlType(SqlTypeName.DECIMAL, MAX_DECIMAL_PRECISION,
        Math.min(scale, MAX_DECIMAL_PRECISION));
  }

  private static RelDataType like(RelDataTypeFactory typeFactory, RelDataType type,
      RelDataType nullableLike) {
    return typeFactory.createTypeWithNullability(type, nullableLike.isNullable());
  }
}
