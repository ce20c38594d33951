package io.csvws.sql;

import java.io.Reader;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParserImplFactory;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.apache.calcite.util.SourceStringReader;

/**
 * The SQL parser csvws uses everywhere (the read-only guard, Calcite's own prepare, the gateway):
 * Calcite's Babel parser, which reads the PostgreSQL and DuckDB forms people and models write
 * ({@code x::date}, {@code ~} and {@code ~*}, {@code SELECT * EXCLUDE (a)}, most keywords as
 * names), with its token stream passed through {@link HeaderWordTokens} so that the common CSV
 * header words Babel still reserves ({@code date}, {@code time}, {@code timestamp}...) are names
 * where they are used as names, and {@code GROUP BY ALL} reaches the validator.
 *
 * <p>Public only because Calcite instantiates its parser factory by reflection from the
 * connection property {@code parserFactory} ({@link #FACTORY_PROPERTY}).
 */
public final class CsvwsParser {
  /** Makes a parser per statement; stateless, shared. */
  public static final SqlParserImplFactory FACTORY = CsvwsParser::parser;

  /** The value of Calcite's {@code parserFactory} connection property that names {@link #FACTORY}. */
  public static final String FACTORY_PROPERTY = CsvwsParser.class.getName() + "#FACTORY";

  private CsvwsParser() {
  }

  private static SqlAbstractParserImpl parser(Reader reader) {
    SqlBabelParserImpl parser = new SqlBabelParserImpl(reader);
    if (reader instanceof SourceStringReader) {
      parser.setOriginalSql(((SourceStringReader) reader).getSourceString());
    }
    parser.token_source = new HeaderWordTokens(parser.token_source);
    return parser;
  }
}
