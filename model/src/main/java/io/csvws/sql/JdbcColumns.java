package io.csvws.sql;

import java.sql.Types;
import org.apache.calcite.avatica.MetaImpl.MetaColumn;
import org.apache.calcite.jdbc.CalciteMetaColumnFactory;
import org.apache.calcite.schema.Table;

/**
 * Describes columns for {@code DatabaseMetaData.getColumns} the way JDBC tools expect: a plain
 * type name ({@code VARCHAR}, not Calcite's {@code VARCHAR CHARACTER SET "UTF-8"}), and a
 * COLUMN_SIZE with JDBC's meaning (maximum precision for numbers, maximum length for text, the
 * length of the text form for dates and times) instead of "unknown".
 *
 * <p>Public only because Calcite instantiates it by name; csvws sets it on every connection.
 */
public final class JdbcColumns implements CalciteMetaColumnFactory {
  /** What Calcite looks up when instantiating a plugin by class name. */
  public static final JdbcColumns INSTANCE = new JdbcColumns();

  @Override
  public MetaColumn createColumn(Table table, String tableCat, String tableSchem,
      String tableName, String columnName, int dataType, String typeName, Integer columnSize,
      Integer decimalDigits, int numPrecRadix, int nullable, Integer charOctetLength,
      int ordinalPosition, String isNullable) {
    String name = typeName(dataType, typeName);
    Integer size = size(dataType, columnSize);
    Integer digits = digits(dataType, decimalDigits);
    Integer octets = dataType == Types.VARCHAR || dataType == Types.CHAR ? size : null;
    return new MetaColumn(tableCat, tableSchem, tableName, columnName, dataType, name, size,
        digits, 10, nullable, octets, ordinalPosition, isNullable);
  }

  @Override
  public Class<? extends MetaColumn> getMetaColumnClass() {
    return MetaColumn.class;
  }

  /** The SQL type name alone: {@code TIMESTAMP(3)} stays, a character set is dropped. */
  public static String typeName(int dataType, String calciteName) {
    int charset = calciteName.indexOf(" CHARACTER SET");
    return charset < 0 ? calciteName : calciteName.substring(0, charset);
  }

  static Integer size(int dataType, Integer calciteSize) {
    switch (dataType) {
      case Types.BOOLEAN:
        return 1;
      case Types.INTEGER:
        return 10;
      case Types.BIGINT:
        return 19;
      case Types.DOUBLE:
        return 15;
      case Types.DECIMAL:
        return calciteSize;
      case Types.DATE:
        return 10;
      case Types.TIME:
        return 12;
      case Types.TIMESTAMP:
        return 23;
      case Types.VARCHAR:
      case Types.CHAR:
        return calciteSize == null || calciteSize < 0 ? Integer.MAX_VALUE : calciteSize;
      default:
        return calciteSize == null || calciteSize < 0 ? null : calciteSize;
    }
  }

  static Integer digits(int dataType, Integer calciteDigits) {
    switch (dataType) {
      case Types.TIME:
      case Types.TIMESTAMP:
        return 3;
      case Types.INTEGER:
      case Types.BIGINT:
        return 0;
      default:
        return calciteDigits;
    }
  }
}
