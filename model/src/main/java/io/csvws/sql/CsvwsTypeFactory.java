package io.csvws.sql;

import io.csvws.scan.QueryDiagnostics;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.StructKind;

/**
 * Calcite's Java type factory with UTF-8 as the charset of text types, and csvws's
 * {@link ExactTypeSystem} (exact aggregate types, decimals of up to 38 digits).
 *
 * <p>Calcite's default charset, ISO-8859-1, rejects any literal outside Latin-1
 * ({@code WHERE city = 'Łódź'}), while CSV files are read into Java strings that hold any
 * character.
 */
public final class CsvwsTypeFactory extends JavaTypeFactoryImpl {
  /** Row types at least this wide are a moment to check for a cancel or timeout. */
  private static final int WIDE = 256;

  public CsvwsTypeFactory() {
    super(ExactTypeSystem.INSTANCE);
  }

  @Override
  public Charset getDefaultCharset() {
    return StandardCharsets.UTF_8;
  }

  /**
   * Every row type the planner builds comes here; for a wide one (a table of tens of thousands of
   * columns, where each planning step builds such types), a cancel or timeout of the statement
   * is honoured here, which Calcite's own loops would not do.
   */
  @Override
  protected RelDataType canonize(StructKind kind, List<String> names, List<RelDataType> types,
      boolean nullable) {
    if (names.size() >= WIDE) {
      QueryDiagnostics.checkInterrupted("planning");
    }
    return super.canonize(kind, names, types, nullable);
  }
}
