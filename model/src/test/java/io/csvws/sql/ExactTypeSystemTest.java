package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;

/** The result types of aggregates and decimal quotients that csvws chooses. */
class ExactTypeSystemTest {
  private final CsvwsTypeFactory types = new CsvwsTypeFactory();
  private final ExactTypeSystem system = ExactTypeSystem.INSTANCE;

  private RelDataType type(SqlTypeName name, boolean nullable) {
    return types.createTypeWithNullability(types.createSqlType(name), nullable);
  }

  private RelDataType decimal(int precision, int scale, boolean nullable) {
    return types.createTypeWithNullability(
        types.createSqlType(SqlTypeName.DECIMAL, precision, scale), nullable);
  }

  @Test
  void decimalsHoldThirtyEightDigitsOtherTypesKeepCalcitesLimits() {
    assertThat(system.getMaxPrecision(SqlTypeName.DECIMAL)).isEqualTo(38);
    assertThat(system.getMaxPrecision(SqlTypeName.VARCHAR))
        .isEqualTo(RelDataTypeSystem.DEFAULT.getMaxPrecision(SqlTypeName.VARCHAR));
    assertThat(system.getMaxPrecision(SqlTypeName.TIMESTAMP))
        .isEqualTo(RelDataTypeSystem.DEFAULT.getMaxPrecision(SqlTypeName.TIMESTAMP));
    assertThat(system.shouldConvertRaggedUnionTypesToVarying()).isTrue();
  }

  @Test
  void sumsOfSmallIntegersAreBigintsKeepingNullability() {
    for (SqlTypeName small : new SqlTypeName[] {SqlTypeName.TINYINT, SqlTypeName.SMALLINT,
        SqlTypeName.INTEGER}) {
      assertThat(system.deriveSumType(types, type(small, true)).getFullTypeString())
          .isEqualTo("BIGINT");
      assertThat(system.deriveSumType(types, type(small, false)).getFullTypeString())
          .isEqualTo("BIGINT NOT NULL");
    }
    assertThat(system.deriveSumType(types, type(SqlTypeName.BIGINT, false)).getFullTypeString())
        .isEqualTo("BIGINT NOT NULL");
    assertThat(system.deriveSumType(types, decimal(5, 2, true)).getFullTypeString())
        .isEqualTo("DECIMAL(38, 2)");
  }

  @Test
  void averagesOfIntegersAreDoublesAndOfDecimalsKeepSixteenDecimals() {
    assertThat(system.deriveAvgAggType(types, type(SqlTypeName.INTEGER, true))
        .getFullTypeString()).isEqualTo("DOUBLE");
    assertThat(system.deriveAvgAggType(types, type(SqlTypeName.BIGINT, false))
        .getFullTypeString()).isEqualTo("DOUBLE NOT NULL");
    assertThat(system.deriveAvgAggType(types, decimal(38, 0, false)).getFullTypeString())
        .isEqualTo("DOUBLE NOT NULL");
    assertThat(system.deriveAvgAggType(types, decimal(10, 2, true)).getFullTypeString())
        .isEqualTo("DECIMAL(38, 16)");
    assertThat(system.deriveAvgAggType(types, decimal(30, 20, false)).getFullTypeString())
        .isEqualTo("DECIMAL(38, 20) NOT NULL");
    assertThat(system.deriveAvgAggType(types, type(SqlTypeName.DOUBLE, true))
        .getFullTypeString()).isEqualTo("DOUBLE");
  }

  @Test
  void covariancesOfExactNumbersAreDoubles() {
    assertThat(system.deriveCovarType(types, type(SqlTypeName.INTEGER, true),
        type(SqlTypeName.INTEGER, true)).getFullTypeString()).isEqualTo("DOUBLE");
    assertThat(system.deriveCovarType(types, decimal(10, 2, false), decimal(10, 2, false))
        .getFullTypeString()).isEqualTo("DOUBLE NOT NULL");
    assertThat(system.deriveCovarType(types, type(SqlTypeName.REAL, false),
        type(SqlTypeName.REAL, false)).getSqlTypeName()).isEqualTo(SqlTypeName.REAL);
  }

  @Test
  void decimalQuotientsKeepAtLeastSixteenDecimals() {
    assertThat(system.deriveDecimalDivideType(types, decimal(10, 2, false),
        decimal(5, 1, false)).getFullTypeString()).isEqualTo("DECIMAL(38, 16) NOT NULL");
    assertThat(system.deriveDecimalDivideType(types, decimal(30, 20, false),
        decimal(5, 1, false)).getFullTypeString()).isEqualTo("DECIMAL(38, 20) NOT NULL");
    assertThat(system.deriveDecimalDivideType(types, decimal(5, 1, false),
        decimal(30, 22, false)).getFullTypeString()).isEqualTo("DECIMAL(38, 22) NOT NULL");
    assertThat(system.deriveDecimalDivideType(types, type(SqlTypeName.INTEGER, false),
        type(SqlTypeName.INTEGER, false))).isNull();
  }
}
