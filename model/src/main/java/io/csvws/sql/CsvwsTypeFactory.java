package io.csvws.sql;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;

/**
 * Calcite's Java type factory with UTF-8 as the charset of text types, and csvws's
 * {@link ExactTypeSystem} (exact aggregate types, decimals of up to 38 digits).
 *
 * <p>Calcite's default charset, ISO-8859-1, rejects any literal outside Latin-1
 * ({@code WHERE city = 'Łódź'}), while CSV files are read into Java strings that hold any
 * character.
 */
public final class CsvwsTypeFactory extends JavaTypeFactoryImpl {
  public CsvwsTypeFactory() {
    super(ExactTypeSystem.INSTANCE);
  }

  @Override
  public Charset getDefaultCharset() {
    return StandardCharsets.UTF_8;
  }
}
