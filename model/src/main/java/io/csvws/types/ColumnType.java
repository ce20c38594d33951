package io.csvws.types;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The SQL types a CSV column can have, with the value representation the scan produces for each
 * (Calcite's internal one: epoch days for DATE, milliseconds for TIME and TIMESTAMP).
 */
public enum ColumnType {
  BOOLEAN(SqlTypeName.BOOLEAN),
  INTEGER(SqlTypeName.INTEGER),
  BIGINT(SqlTypeName.BIGINT),
  /**
   * Numbers written with a fixed number of decimals ({@code 12.50}), and integers too large for
   * BIGINT: DECIMAL(38, s), the scale s in the column's {@link ValueFormat#scale()}.
   */
  DECIMAL(SqlTypeName.DECIMAL),
  /** Numbers written with an exponent, NaN and Infinity. */
  DOUBLE(SqlTypeName.DOUBLE),
  DATE(SqlTypeName.DATE),
  TIME(SqlTypeName.TIME),
  TIMESTAMP(SqlTypeName.TIMESTAMP),
  VARCHAR(SqlTypeName.VARCHAR);

  /** Milliseconds are kept: TIME and TIMESTAMP values carry precision 3. */
  static final int TIME_PRECISION = 3;
  static final int DECIMAL_PRECISION = 38;

  private final SqlTypeName sqlType;

  ColumnType(SqlTypeName sqlType) {
    this.sqlType = sqlType;
  }

  /** The SQL name of a column of this type, such as {@code DECIMAL(38, 2)} or {@code TIME(3)}. */
  public String sqlName(int scale) {
    switch (this) {
      case DECIMAL:
        return "DECIMAL(" + DECIMAL_PRECISION + ", " + scale + ")";
      case TIME:
      case TIMESTAMP:
        return name() + "(" + TIME_PRECISION + ")";
      default:
        return name();
    }
  }

  public SqlTypeName sqlType() {
    return sqlType;
  }

  /** The nullable Calcite type of a column of this type, with scale 0 for a DECIMAL. */
  public RelDataType toRelType(RelDataTypeFactory f) {
    return toRelType(f, 0);
  }

  /** The nullable Calcite type of a column of this type, with {@code scale} for a DECIMAL. */
  public RelDataType toRelType(RelDataTypeFactory f, int scale) {
    RelDataType t;
    switch (this) {
      case DECIMAL:
        t = f.createSqlType(sqlType, DECIMAL_PRECISION, scale);
        break;
      case TIME:
      case TIMESTAMP:
        t = f.createSqlType(sqlType, TIME_PRECISION);
        break;
      default:
        t = f.createSqlType(sqlType);
    }
    return f.createTypeWithNullability(t, true);
  }
}
