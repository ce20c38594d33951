package io.csvws.sql;

import java.util.Properties;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;

/**
 * How csvws reads SQL, in one place: identifiers keep their case and match names regardless of
 * case (so {@code select name from sales} finds column {@code Name} of {@code Sales.csv}, and
 * metadata shows names as the files spell them); double quotes quote identifiers; lenient
 * conformance accepts common dialect forms such as {@code !=} and {@code LIMIT a, b}; the parser
 * is {@link CsvwsParser} (PostgreSQL and DuckDB forms, header words as names).
 */
public final class LexicalPolicy {
  private LexicalPolicy() {
  }

  /** The policy as Calcite connection properties. */
  public static Properties calciteProperties() {
    Properties p = new Properties();
    p.setProperty("caseSensitive", "false");
    p.setProperty("unquotedCasing", Casing.UNCHANGED.name());
    p.setProperty("quotedCasing", Casing.UNCHANGED.name());
    p.setProperty("quoting", Quoting.DOUBLE_QUOTE.name());
    p.setProperty("conformance", SqlConformanceEnum.LENIENT.name());
    p.setProperty("parserFactory", CsvwsParser.FACTORY_PROPERTY);
    return p;
  }

  /** The policy as parser settings. */
  public static SqlParser.Config parserConfig() {
    return SqlParser.config()
        .withCaseSensitive(false)
        .withUnquotedCasing(Casing.UNCHANGED)
        .withQuotedCasing(Casing.UNCHANGED)
        .withQuoting(Quoting.DOUBLE_QUOTE)
        .withConformance(SqlConformanceEnum.LENIENT)
        .withParserFactory(CsvwsParser.FACTORY);
  }
}
