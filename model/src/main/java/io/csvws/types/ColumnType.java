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
  /** Integers too large for BIGINT, up to 38 digits. */
  DECIMAL(SqlTypeName.DECIMAL),
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

  public SqlTypeName sqlType() {
    return sqlType;
  }

  /** The nullable Calcite type of a column of this type. */
  public RelDataType toRelType(RelDataTypeFactory f) {
    RelDataType t;
    switch (this) {
      case DECIMAL:
        t = f.createSqlType(sqlType, DECIMAL_PRECISION, 0);
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
