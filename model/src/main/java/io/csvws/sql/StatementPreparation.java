package io.csvws.sql;

import io.csvws.error.CsvwsException;
import io.csvws.readonly.StatementGuard;
import io.csvws.scan.QueryDiagnostics;
import io.csvws.schema.CsvwsTable;
import java.lang.reflect.Type;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.linq4j.Queryable;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserImplFactory;

/**
 * How a csvws connection prepares its statements: a statement csvws answers without Calcite's
 * planner ({@link WholeTableCount}, {@link SimpleScan}) is prepared here, any other by {@link
 * CsvwsPrepare}, Calcite's preparation with csvws's guards, given the statement already parsed.
 *
 * <p>A class of its own, not part of {@link CsvwsPrepare}, because making a {@code CsvwsPrepare}
 * initialises Calcite's preparation ({@code CalcitePrepareImpl}) and with it every Enumerable
 * planner rule: in a fresh JVM a tenth of a second that a statement prepared without the planner
 * never uses. One instance prepares one statement; the connection makes a new one each time.
 */
public final class StatementPreparation implements CalcitePrepare {
  @Override
  public <T> CalciteSignature<T> prepareSql(Context given, Query<T> query, Type elementType,
      long maxRowCount) {
    if (query.sql == null) {
      return new CsvwsPrepare().prepareSql(CheckedContext.of(given), query, elementType,
          maxRowCount);
    }
    String sql = StatementGuard.withoutTrailingSemicolons(query.sql);
    SqlNode parsed;
    try {
      QueryDiagnostics.checkInterrupted("preparing the statement");
      // Parsed with csvws's conformance, as CsvwsPrepare parses. Looking up the table and
      // preparing a statement without the planner read no conformance, so they take the
      // connection's own context: the checked one's configuration is a proxy class, which a
      // fresh JVM takes milliseconds to make.
      parsed = StatementGuard.check(sql, parserConfig(given.config()));
      if (parsed != null) {
        CalciteSignature<T> direct = withoutPlanner(given, sql, parsed, maxRowCount);
        if (direct != null) {
          return direct;
        }
      }
    } catch (RelOptPlanner.CannotPlanException | IllegalStateException e) {
      // As CsvwsPrepare reports its own failures.
      CsvwsException unsupported = UnsupportedForm.ofPlanFailure(e);
      if (unsupported != null) {
        throw unsupported;
      }
      throw e;
    }
    return new CsvwsPrepare(sql, parsed).prepareSql(CheckedContext.of(given), query,
        elementType, maxRowCount);
  }

  /** The statement {@code parsed} prepared without the planner, or null if it needs it. */
  static <T> CalciteSignature<T> withoutPlanner(Context context, String sql,
      SqlNode parsed, long maxRowCount) {
    CsvwsPrepare.CatalogReader reader = new CsvwsPrepare.CatalogReader(context.getRootSchema(),
        context.getDefaultSchemaPath(), context.getTypeFactory(), context.config());
    CsvwsTable counted = WholeTableCount.match(parsed, reader);
    if (counted != null) {
      return WholeTableCount.prepare(context, sql, counted, maxRowCount);
    }
    SimpleScan scan = SimpleScan.match(parsed, reader);
    if (scan != null) {
      return scan.prepare(context, sql, maxRowCount);
    }
    SimpleAggregate aggregate = SimpleAggregate.match(parsed, reader, sql);
    if (aggregate != null) {
      return aggregate.prepare(context, sql, maxRowCount);
    }
    return null;
  }

  /**
   * The parser settings Calcite itself uses for {@code config}, with csvws's conformance (checked
   * arithmetic) whatever {@code config}'s is.
   */
  static SqlParser.Config parserConfig(CalciteConnectionConfig config) {
    return LexicalPolicy.parserConfig()
        .withParserFactory(config.parserFactory(SqlParserImplFactory.class, CsvwsParser.FACTORY))
        .withQuotedCasing(config.quotedCasing())
        .withUnquotedCasing(config.unquotedCasing())
        .withQuoting(config.quoting())
        .withConformance(CsvwsConformance.INSTANCE)
        .withCaseSensitive(config.caseSensitive());
  }

  // Everything but the preparation of a statement's text is CsvwsPrepare's.

  @Override
  public ParseResult parse(Context context, String sql) {
    return new CsvwsPrepare().parse(context, sql);
  }

  @Override
  public ConvertResult convert(Context context, String sql) {
    return new CsvwsPrepare().convert(context, sql);
  }

  @Override
  public void executeDdl(Context context, SqlNode node) {
    new CsvwsPrepare().executeDdl(context, node);
  }

  @Override
  public AnalyzeViewResult analyzeView(Context context, String sql, boolean fail) {
    return new CsvwsPrepare().analyzeView(context, sql, fail);
  }

  @Override
  public <T> CalciteSignature<T> prepareQueryable(Context context, Queryable<T> queryable) {
    return new CsvwsPrepare().prepareQueryable(context, queryable);
  }
}
