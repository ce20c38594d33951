package io.csvws.sql;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's Java type factory with UTF-8 as the charset of text types, and decimals of up to 38
 * digits.
 *
 * <p>Calcite's default charset, ISO-8859-1, rejects any literal outside Latin-1
 * ({@code WHERE city = 'Łódź'}), while CSV files are read into Java strings that hold any
 * character. Its default type system caps DECIMAL at 19 digits, which would describe a column of
 * 24-digit integers as {@code DECIMAL(19, 0)} and refuse a 20-digit literal in a query
 * ({@code WHERE id > 100000000000000000000}); csvws infers integers beyond BIGINT as
 * {@code DECIMAL(38, 0)}, so 38 digits it is.
 */
public final class CsvwsTypeFactory extends JavaTypeFactoryImpl {
  /** The most digits of a DECIMAL. */
  private static final int MAX_DECIMAL_PRECISION = 38;

  private static final RelDataTypeSystem TYPE_SYSTEM = new RelDataTypeSystemImpl() {
    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
      return typeName == SqlTypeName.DECIMAL ? MAX_DECIMAL_PRECISION
          : super.getMaxPrecision(typeName);
    }
  };

  public CsvwsTypeFactory() {
    super(TYPE_SYSTEM);
  }

  @Override
  public Charset getDefaultCharset() {
    return StandardCharsets.UTF_8;
  }
}
