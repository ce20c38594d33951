package io.csvws.sql;

import java.sql.DatabaseMetaData;
import java.util.List;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A result column described as Calcite's statement preparation describes it to JDBC
 * ({@code CalcitePrepareImpl}'s column metadata, which is private there), for the statements
 * csvws prepares without the planner: the same label, type name and number, precision, scale,
 * nullability, Java representation and origin. Scalar types only. Stateless.
 */
final class ColumnDescription {
  private ColumnDescription() {
  }

  /**
   * @param origin the qualified name of the table the column comes from, then its name; null
   *     for a computed column
   */
  static ColumnMetaData of(JavaTypeFactory typeFactory, int ordinal, String label,
      RelDataType type, List<String> origin) {
    SqlTypeName name = type.getSqlTypeName();
    ColumnMetaData.AvaticaType avaticaType = ColumnMetaData.scalar(name.getJdbcOrdinal(),
        name.getName(), ColumnMetaData.Rep.of(typeFactory.getJavaClass(type)));
    return new ColumnMetaData(ordinal, false, true, false, false,
        type.isNullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls,
        !SqlTypeName.UNSIGNED_TYPES.contains(name), type.getPrecision(), label,
        origin(origin, 0), origin(origin, 2),
        type.getPrecision() == RelDataType.PRECISION_NOT_SPECIFIED ? 0 : type.getPrecision(),
        type.getScale() == RelDataType.SCALE_NOT_SPECIFIED ? 0 : type.getScale(),
        origin(origin, 1), null, avaticaType, true, false, false,
        avaticaType.columnClassName());
  }

  /** The name {@code fromEnd} places before the end of {@code origin}, or null. */
  private static String origin(List<String> origin, int fromEnd) {
    return origin == null || fromEnd >= origin.size() ? null
        : origin.get(origin.size() - 1 - fromEnd);
  }
}
