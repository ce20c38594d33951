package io.csvws.sql;

import io.csvws.rewrite.ArithmeticChecks;
import io.csvws.rewrite.Averages;
import io.csvws.rewrite.CheckedSums;
import io.csvws.rewrite.CodePointText;
import io.csvws.planner.InterruptibleOperators;
import io.csvws.planner.PregeneratedMetadata;
import io.csvws.rewrite.RoundingCastExecutor;
import io.csvws.rewrite.TextCasts;
import io.csvws.rewrite.WindowRanks;
import io.csvws.readonly.ReadOnlyRule;
import io.csvws.readonly.StatementGuard;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.scan.QueryDiagnostics;
import io.csvws.schema.CsvwsTable;
import io.csvws.sql.functions.SqlVocabulary;
import io.csvws.wide.WideProjectRule;
import io.csvws.wide.WideStarQuery;
import java.lang.reflect.Type;
import java.util.EnumSet;
import java.util.Set;
import org.apache.calcite.rel.rules.AggregateReduceFunctionsRule;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.sql.SqlKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.interpreter.BindableConvention;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCostFactory;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.rel.core.Sample;
import org.apache.calcite.rel.rules.SampleToFilterRule;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.prepare.CalcitePrepareImpl;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.prepare.Prepare.PreparedResult;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.tools.Program;
import org.apache.calcite.tools.Programs;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlValidator;

/**
 * Calcite's statement preparation with csvws's guards: only queries are prepared
 * ({@link StatementGuard} on the text, {@link ReadOnlyRule} in every planner), DDL is refused, and
 * queries are validated by {@link CsvwsValidator}, with checked arithmetic
 * ({@link CheckedContext}).
 *
 * <p>One instance prepares one statement; Calcite creates a new one per statement.
 */
public final class CsvwsPrepare extends CalcitePrepareImpl {
  /** The text of the statement being prepared, which parser positions refer to. */
  private String sql;
  /** A statement's text (without trailing semicolons) already parsed, or null. */
  private final String parsedSql;
  /** What {@link StatementGuard#check} made of {@link #parsedSql}. */
  private final SqlNode parsedNode;

  /** A preparation that parses each statement itself. */
  public CsvwsPrepare() {
    this(null, null);
  }

  /** A preparation of {@code parsedSql}, which {@link StatementPreparation} parsed already. */
  CsvwsPrepare(String parsedSql, SqlNode parsedNode) {
    this.parsedSql = parsedSql;
    this.parsedNode = parsedNode;
  }

  @Override
  public <T> CalciteSignature<T> prepareSql(CalcitePrepare.Context context, Query<T> query,
      Type elementType, long maxRowCount) {
    try {
      return prepareGuarded(CheckedContext.of(context), query, elementType, maxRowCount);
    } catch (RelOptPlanner.CannotPlanException | IllegalStateException e) {
      CsvwsException unsupported = UnsupportedForm.ofPlanFailure(e);
      if (unsupported != null) {
        throw unsupported;
      }
      throw e;
    }
  }

  private <T> CalciteSignature<T> prepareGuarded(CalcitePrepare.Context context, Query<T> query,
      Type elementType, long maxRowCount) {
    QueryDiagnostics.checkInterrupted("preparing the statement");
    if (query.sql != null) {
      String sql = StatementGuard.withoutTrailingSemicolons(query.sql);
      if (!sql.equals(query.sql)) {
        query = CalcitePrepare.Query.of(sql);
      }
      // A statement StatementPreparation parsed has been tried without the planner already.
      boolean triedWithoutPlanner = query.sql.equals(parsedSql);
      SqlNode parsed = triedWithoutPlanner ? parsedNode
          : StatementGuard.check(query.sql, StatementPreparation.parserConfig(context.config()));
      if (parsed != null) {
        CalciteSignature<T> direct = triedWithoutPlanner ? null
            : StatementPreparation.withoutPlanner(context, query.sql, parsed, maxRowCount);
        if (direct != null) {
          return direct;
        }
        CatalogReader reader = catalogReader(context);
        WideStarQuery wide = WideStarQuery.match(parsed);
        RelNode plan = wide == null ? null : planWideStar(context, reader, wide);
        if (plan != null) {
          return super.prepareSql(context, CalcitePrepare.Query.of(plan), elementType,
              maxRowCount);
        }
        WideStarQuery.refuseOtherWideStars(parsed, names -> reader.getTable(names));
      } else {
        UnsupportedForm.checkStatement(query.sql);
      }
    }
    sql = query.sql;
    return super.prepareSql(context, query, elementType, maxRowCount);
  }

  /** See {@link WideStarQuery}; null when the query should take the plain path. */
  private RelNode planWideStar(CalcitePrepare.Context context, CalciteCatalogReader reader,
      WideStarQuery wide) {
    JavaTypeFactory typeFactory = context.getTypeFactory();
    RelOptTable table = reader.getTable(wide.tableNames());
    if (!WideStarQuery.mayPlan(table)) {
      return null;
    }
    PreparingStmt stmt = new PreparingStmt(this, context, reader, typeFactory,
        EnumerableRel.Prefer.ARRAY,
        createCluster(createPlanner(context), new RexBuilder(typeFactory)),
        EnumerableConvention.INSTANCE);
    return wide.plan(table, stmt::convert);
  }

  /** Calcite's conversions, with those of csvws's own operators ({@link SqlVocabulary}). */
  @Override
  protected SqlRexConvertletTable createConvertletTable() {
    return SqlVocabulary.instance().convertletTable();
  }

  @Override
  public void executeDdl(CalcitePrepare.Context context, SqlNode node) {
    StatementGuard.checkKind(node);
    throw new CsvwsException(ErrorCode.READ_ONLY, "csvws is read-only: " + node.getKind()
        + " refused.");
  }

  /**
   * csvws's own planner rules, in a class of their own so that a statement prepared without the
   * planner ({@link WholeTableCount}, {@link SimpleScan}, {@link SimpleAggregate}) does not
   * initialise Calcite's rule tables ({@code CoreRules}) by loading this class.
   */
  private static final class Rules {
    private Rules() {
    }

    /**
     * {@code TABLESAMPLE SYSTEM(p)} as Calcite already runs {@code BERNOULLI(p)}: a filter that
     * keeps each row with probability p% ({@code RAND(seed) < p/100} with
     * {@code REPEATABLE(seed)}), streaming. SQL lets SYSTEM choose blocks of any size; csvws's
     * blocks are single rows, so the two methods sample alike. Without it, SYSTEM has no
     * executable form.
     */
    private static final RelOptRule SYSTEM_SAMPLE = SampleToFilterRule.Config.DEFAULT
        .withDescription("CsvwsSystemSampleRule")
        .withOperandSupplier(b -> b.operand(Sample.class)
            .predicate(sample -> !sample.getSamplingParameters().isBernoulli()).anyInputs())
        .as(SampleToFilterRule.Config.class)
        .toRule();

    private static final AggregateReduceFunctionsRule REDUCE_AGGREGATES_BUT_SUM =
        CoreRules.AGGREGATE_REDUCE_FUNCTIONS.config
            .withFunctionsToReduce(allBut(SqlKind.SUM))
            .as(AggregateReduceFunctionsRule.Config.class)
            .toRule();

    private static Set<SqlKind> allBut(SqlKind kind) {
      Set<SqlKind> kinds = EnumSet.copyOf(
          AggregateReduceFunctionsRule.Config.DEFAULT_FUNCTIONS_TO_REDUCE);
      kinds.remove(kind);
      return kinds;
    }
  }

  @Override
  protected RelOptPlanner createPlanner(CalcitePrepare.Context prepareContext,
      org.apache.calcite.plan.Context externalContext, RelOptCostFactory costFactory) {
    RelOptPlanner planner = super.createPlanner(prepareContext, externalContext, costFactory);
    // Constant folding must round a cast to an integer type as the query would (2.5 to 3).
    planner.setExecutor(new RoundingCastExecutor());
    planner.addRule(ReadOnlyRule.INSTANCE);
    // A projection of many plain columns is copied by index, whatever its input; the scan's own
    // rules come with the scan (CsvwsLogicalScan.register).
    planner.addRule(WideProjectRule.INSTANCE);
    // Files are not sorted, so a merge join sorts both inputs first: it reads both files to the
    // end before producing a row, and a join that multiplies rows then runs where no scan sees a
    // cancel, a timeout or the gateway's heap guard. A hash join streams one input instead.
    planner.removeRule(EnumerableRules.ENUMERABLE_MERGE_JOIN_RULE);
    planner.addRule(Rules.SYSTEM_SAMPLE);
    // Calcite also reduces SUM(x) to a CASE over COUNT and $SUM0, which re-derives a DECIMAL
    // sum's type differently from the sum it replaces (DECIMAL(37, 19) for DECIMAL(38, 20)) and
    // fails the query; the reduction only helps rules csvws does not use.
    planner.removeRule(CoreRules.AGGREGATE_REDUCE_FUNCTIONS);
    planner.addRule(Rules.REDUCE_AGGREGATES_BUT_SUM);
    return planner;
  }

  /**
   * Calcite's cluster, whose metadata queries use the metadata handlers compiled when csvws was
   * built ({@link PregeneratedMetadata}) rather than compiling them in each new JVM.
   */
  @Override
  protected RelOptCluster createCluster(RelOptPlanner planner, RexBuilder rexBuilder) {
    RelOptCluster cluster = super.createCluster(planner, rexBuilder);
    cluster.setMetadataQuerySupplier(PregeneratedMetadata::query);
    return cluster;
  }

  @Override
  protected CalcitePreparingStmt getPreparingStmt(CalcitePrepare.Context context,
      Type elementType, CalciteCatalogReader catalogReader, RelOptPlanner planner) {
    JavaTypeFactory typeFactory = context.getTypeFactory();
    EnumerableRel.Prefer prefer = elementType == Object[].class
        ? EnumerableRel.Prefer.ARRAY : EnumerableRel.Prefer.CUSTOM;
    Convention resultConvention = enableBindable
        ? BindableConvention.INSTANCE : EnumerableConvention.INSTANCE;
    return new PreparingStmt(this, context, catalogReader(context), typeFactory, prefer,
        createCluster(planner, new RexBuilder(typeFactory)), resultConvention);
  }

  private static CatalogReader catalogReader(CalcitePrepare.Context context) {
    return new CatalogReader(context.getRootSchema(), context.getDefaultSchemaPath(),
        context.getTypeFactory(), context.config());
  }

  /**
   * Calcite's catalog reader with {@link ExactFirstNameMatcher}, and a table that the validator
   * found but that is gone when the plan is built (a file removed, or replaced by a link leading
   * outside, between the two lookups) reported as such rather than as Calcite's assertion.
   */
  static final class CatalogReader extends CalciteCatalogReader {
    private final JavaTypeFactory javaTypeFactory;
    private final CalciteConnectionConfig connectionConfig;
    /**
     * The tables the validator validated, by qualified name: the plan is built from these same
     * tables, whose columns were fixed when they were first read, not from a second lookup that
     * may find the file changed (another shape, or unreadable) in between.
     */
    private final Map<List<String>, Prepare.PreparingTable> validated;

    CatalogReader(CalciteSchema rootSchema, List<String> defaultSchema,
        JavaTypeFactory typeFactory, CalciteConnectionConfig config) {
      this(rootSchema, defaultSchema, typeFactory, config, new ConcurrentHashMap<>());
    }

    private CatalogReader(CalciteSchema rootSchema, List<String> defaultSchema,
        JavaTypeFactory typeFactory, CalciteConnectionConfig config,
        Map<List<String>, Prepare.PreparingTable> validated) {
      super(rootSchema, new ExactFirstNameMatcher(),
          List.of(List.copyOf(defaultSchema), List.of()), typeFactory, config);
      this.javaTypeFactory = typeFactory;
      this.connectionConfig = config;
      this.validated = validated;
    }

    @Override
    public CalciteCatalogReader withSchemaPath(List<String> schemaPath) {
      return new CatalogReader(rootSchema, schemaPath, javaTypeFactory, connectionConfig,
          validated);
    }

    /** Remembers a table the validator resolved, for the plan to use the same one. */
    void validated(Prepare.PreparingTable table) {
      validated.putIfAbsent(List.copyOf(table.getQualifiedName()), table);
    }

    @Override
    public Prepare.PreparingTable getTableForMember(List<String> names) {
      QueryDiagnostics.checkInterrupted("planning");
      Prepare.PreparingTable table = validated.get(names);
      if (table == null) {
        table = getTable(names);
      }
      if (table == null) {
        throw new CsvwsException(ErrorCode.FILE_READ_FAILED, "Table "
            + String.join(".", names) + " changed while the statement was prepared: its file "
            + "was removed, renamed or replaced by a link that leads outside the workspace. Run "
            + "the statement again.");
      }
      return table;
    }
  }

  /** Prepares with {@link CsvwsValidator}. */
  private static final class PreparingStmt extends CalcitePreparingStmt {
    private final String sqlText;
    /** Whether the plan being optimized has unused columns worth trimming. */
    private boolean trimFields = true;

    PreparingStmt(CsvwsPrepare prepare, CalcitePrepare.Context context,
        CalciteCatalogReader catalogReader, JavaTypeFactory typeFactory,
        EnumerableRel.Prefer prefer, org.apache.calcite.plan.RelOptCluster cluster,
        Convention resultConvention) {
      super(prepare, context, catalogReader, typeFactory, context.getRootSchema(), prefer,
          cluster, resultConvention, prepare.createConvertletTable());
      this.sqlText = prepare.sql;
    }

    /**
     * csvws defines no lattices. Calcite would look for them by walking every sub-schema, that
     * is every folder of the workspace, before each statement: slow on a large tree, and endless
     * when a symlink leads back to an ancestor folder.
     */
    @Override
    protected List<CalciteSchema.LatticeEntry> getLattices() {
      return List.of();
    }

    /**
     * Calcite's field trimmer costs time in the product of the fields a plan has and the fields
     * it uses, and cannot be interrupted: on a 90,000-column {@code SELECT *} it ran for 20 s past
     * the statement's timeout. A plan whose result has a column for every column it reads has
     * nothing to trim, and is left as it is.
     */
    @Override
    protected RelRoot trimUnusedFields(RelRoot root) {
      QueryDiagnostics.checkInterrupted("planning");
      if (usesEveryColumn(root.rel)) {
        return root;
      }
      RelRoot trimmed = super.trimUnusedFields(root);
      QueryDiagnostics.checkInterrupted("planning");
      return trimmed;
    }

    /**
     * Whether {@code rel}'s result has a column for every column of every table it reads (less
     * their hidden {@code _row}): then there is nothing to trim.
     */
    private static boolean usesEveryColumn(RelNode rel) {
      long[] scanned = new long[2]; // columns of the tables read, and how many tables
      countScanned(rel, scanned);
      return rel.getRowType().getFieldCount() + scanned[1] >= scanned[0];
    }

    private static void countScanned(RelNode rel, long[] scanned) {
      if (rel instanceof org.apache.calcite.rel.core.TableScan) {
        scanned[0] += rel.getRowType().getFieldCount();
        scanned[1]++;
      }
      for (RelNode input : rel.getInputs()) {
        countScanned(input, scanned);
      }
    }

    /**
     * Before planning, window calls Calcite lacks or gets wrong are rewritten
     * ({@link WindowRanks}), window sums are made checked ({@link CheckedSums}), averages become
     * divisions ({@link Averages}), and integer overflows name their expression and decimal
     * quotients keep their scale ({@link ArithmeticChecks}), and times and booleans cast to text
     * read as PostgreSQL writes them ({@link TextCasts}); window ranks become what Calcite runs
     * ({@link WindowRanks}) and text positions count code points ({@link CodePointText}).
     */
    @Override
    protected RelRoot optimize(RelRoot root, List<Prepare.Materialization> materializations,
        List<CalciteSchema.LatticeEntry> lattices) {
      QueryDiagnostics.checkInterrupted("planning");
      RelNode checked = CodePointText.apply(TextCasts.apply(ArithmeticChecks.apply(
          Averages.reduce(CheckedSums.inWindows(WindowRanks.rewrite(root.rel))), sqlText)));
      QueryDiagnostics.checkInterrupted("planning");
      trimFields = !usesEveryColumn(checked);
      RelRoot optimized = super.optimize(root.withRel(checked), materializations, lattices);
      QueryDiagnostics.checkInterrupted("planning");
      return optimized;
    }

    /** Calcite's standard program, without its field trimmer where it has nothing to trim. */
    @Override
    protected Program getProgram() {
      return trimFields ? super.getProgram() : Programs.standard(false);
    }

    /** The chosen plan's sums are made checked: see {@link CheckedSums}. */
    @Override
    protected PreparedResult implement(RelRoot root) {
      QueryDiagnostics.checkInterrupted("planning");
      return super.implement(root.withRel(
          InterruptibleOperators.inPlan(CheckedSums.inPlan(root.rel))));
    }

    /** Validates and converts a query to a relational plan, as Calcite's own prepare does. */
    RelRoot convert(SqlNode query) {
      SqlValidator validator = createSqlValidator(catalogReader, UnaryOperator.identity());
      SqlToRelConverter converter = getSqlToRelConverter(validator, catalogReader,
          SqlToRelConverter.config().withTrimUnusedFields(true));
      return converter.convertQuery(query, true, true);
    }

    /**
     * Calcite passes the catalog reader it made itself; the one this statement was built with
     * (with {@link ExactFirstNameMatcher}) is used instead, moved to the given schema path.
     */
    @Override
    protected SqlValidator createSqlValidator(Prepare.CatalogReader given,
        UnaryOperator<SqlValidator.Config> configTransform) {
      Prepare.CatalogReader catalogReader = given == this.catalogReader ? given
          : this.catalogReader.withSchemaPath(given.getSchemaPaths().get(0));
      CalciteConnectionConfig config = context.config();
      List<SqlOperatorTable> tables = new ArrayList<>();
      tables.add(config.fun(SqlOperatorTable.class, SqlVocabulary.instance().operatorTable()));
      tables.add(catalogReader);
      SqlValidator.Config validatorConfig = configTransform.apply(SqlValidator.Config.DEFAULT
          .withLenientOperatorLookup(config.lenientOperatorLookup())
          .withConformance(config.conformance())
          .withDefaultNullCollation(config.defaultNullCollation())
          .withIdentifierExpansion(true));
      return new CsvwsValidator(SqlOperatorTables.chain(tables), catalogReader,
          context.getTypeFactory(), validatorConfig);
    }
  }
}
