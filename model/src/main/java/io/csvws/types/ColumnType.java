package io.csvws.types;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The SQL types a CSV column can have, with the value representation the scan produces for each
 * (Calcite's internal one: epoch days for DATE, milliseconds for TIME and TIMESTAMP).
 *
 * <p>Each constant's Calcite type is looked up when asked for, not held: initialising Calcite's
 * {@code SqlTypeName} (and its system properties) would cost a fresh JVM's count from the
 * metadata cache, which reads column types but plans nothing, a tenth of its time.
 */
public enum ColumnType {
  BOOLEAN,
  INTEGER,
  BIGINT,
  /**
   * Numbers written with a fixed number of decimals ({@code 12.50}), and integers too large for
   * BIGINT: DECIMAL(38, s), the scale s in the column's {@link ValueFormat#scale()}.
   */
  DECIMAL,
  /** Numbers written with an exponent, NaN and Infinity. */
  DOUBLE,
  DATE,
  TIME,
  TIMESTAMP,
  VARCHAR;

  /** Milliseconds are kept: TIME and TIMESTAMP values carry precision 3. */
  static final int TIME_PRECISION = 3;
  static final int DECIMAL_PRECISION = 38;

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

  /** Calcite's type of this name. */
  public SqlTypeName sqlType() {
    switch (this) {
      case BOOLEAN:
        return SqlTypeName.BOOLEAN;
      case INTEGER:
        return SqlTypeName.INTEGER;
      case BIGINT:
        return SqlTypeName.BIGINT;
      case DECIMAL:
        return SqlTypeName.DECIMAL;
      case DOUBLE:
        return SqlTypeName.DOUBLE;
      case DATE:
        return SqlTypeName.DATE;
      case TIME:
        return SqlTypeName.TIME;
      case TIMESTAMP:
        return SqlTypeName.TIMESTAMP;
      default:
        return SqlTypeName.VARCHAR;
    }
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
        t = f.createSqlType(sqlType(), DECIMAL_PRECISION, scale);
        break;
      case TIME:
      case TIMESTAMP:
        t = f.createSqlType(sqlType(), TIME_PRECISION);
        break;
      default:
        t = f.createSqlType(sqlType());
    }
    return f.createTypeWithNullability(t, true);
  }
}
