package io.csvws.sql.functions;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.config.CalciteConnectionConfig;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.prepare.CalciteCatalogReader;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AggregateFunctionImpl;
import org.apache.calcite.schema.impl.ScalarFunctionImpl;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlDataTypeSpec;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.type.InferTypes;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.ReturnTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.util.Optionality;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.LibraryOperator;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql2rel.SqlRexConvertletTable;
import org.apache.calcite.sql2rel.StandardConvertletTable;

/**
 * The functions and operators csvws's SQL knows: the one source for the validator's operator
 * table, the {@code csvws.functions} system table and the agent tool {@code sql_help}.
 *
 * <p>What is in it, in the order a name is looked up:
 * <ol>
 *   <li>csvws's own operators and functions ({@code source} "csvws"): {@code date - date},
 *       {@code date + integer}, and functions PostgreSQL or DuckDB users expect that Calcite has
 *       in none of its libraries or cannot run ({@code DATE_TRUNC}, {@code STRFTIME},
 *       {@code MEDIAN}, {@code PERCENTILE_CONT}, {@code CORR}, {@code REGR_SLOPE}, ...), and
 *       the covariance aggregates, whose standard expansions compute in the arguments' types
 *       (an INTEGER and a DECIMAL column gave a truncated covariance and a zero REGR_SXX);</li>
 *   <li>every operator Calcite tags as PostgreSQL's ({@link SqlLibrary#POSTGRESQL}), so that where
 *       Calcite's libraries disagree PostgreSQL's meaning wins;</li>
 *   <li>Calcite's standard operators ({@link SqlStdOperatorTable}), less those csvws replaces;</li>
 *   <li>the few operators of other libraries that DuckDB shares ({@link #DUCKDB_SHARED}), each
 *       only where no operator above has its name.</li>
 * </ol>
 * The value is immutable and built once.
 */
public final class SqlVocabulary {
  /**
   * Operators of Calcite's other libraries whose meaning DuckDB shares, by their field in
   * {@link SqlLibraryOperators}.
   */
  private static final List<String> DUCKDB_SHARED = List.of("TRY_CAST", "IF", "IFNULL",
      "REVERSE", "ENDS_WITH");

  /** Standard and library operators that csvws replaces by its own of the same name. */
  private static final Set<SqlOperator> REPLACED = Set.of(SqlStdOperatorTable.PLUS,
      SqlStdOperatorTable.MINUS, SqlStdOperatorTable.PERCENTILE_CONT,
      SqlStdOperatorTable.PERCENTILE_DISC, SqlStdOperatorTable.COVAR_POP,
      SqlStdOperatorTable.COVAR_SAMP, SqlStdOperatorTable.REGR_SXX, SqlStdOperatorTable.REGR_SYY,
      SqlStdOperatorTable.CHAR_LENGTH, SqlStdOperatorTable.CHARACTER_LENGTH,
      SqlLibraryOperators.LENGTH);

  /** Built after the constants above, which its constructor reads. */
  private static final SqlVocabulary INSTANCE = new SqlVocabulary();

  private final List<Entry> entries;
  private final SqlOperatorTable table;

  /** An operator and where it comes from ("csvws", "standard", "postgresql", "mssql", ...). */
  public record Entry(SqlOperator operator, String source) {
  }

  private SqlVocabulary() {
    List<Entry> list = new ArrayList<>();
    for (DateArithmetic op : DateArithmetic.all()) {
      list.add(new Entry(op, "csvws"));
    }
    for (SqlOperator op : ownFunctions()) {
      list.add(new Entry(op, "csvws"));
    }
    Map<String, Field> fields = new LinkedHashMap<>();
    for (Field f : SqlLibraryOperators.class.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && SqlOperator.class.isAssignableFrom(f.getType())) {
        fields.put(f.getName(), f);
      }
    }
    for (Field f : fields.values()) {
      LibraryOperator tag = f.getAnnotation(LibraryOperator.class);
      if (tag != null && List.of(tag.libraries()).contains(SqlLibrary.POSTGRESQL)
          && !REPLACED.contains(operator(f))) {
        list.add(new Entry(operator(f), "postgresql"));
      }
    }
    for (SqlOperator op : SqlStdOperatorTable.instance().getOperatorList()) {
      if (!REPLACED.contains(op)) {
        list.add(new Entry(op, "standard"));
      }
    }
    for (String name : DUCKDB_SHARED) {
      Field f = fields.get(name);
      SqlOperator op = operator(f);
      boolean taken = list.stream().anyMatch(e -> e.operator().getName()
          .equalsIgnoreCase(op.getName()) && e.operator().getSyntax() == op.getSyntax());
      if (!taken) {
        LibraryOperator tag = f.getAnnotation(LibraryOperator.class);
        list.add(new Entry(op, tag.libraries()[0].name().toLowerCase(Locale.ROOT)));
      }
    }
    this.entries = Collections.unmodifiableList(list);
    this.table = new VocabularyTable(list.stream().map(Entry::operator).toList());
  }

  /** The vocabulary. */
  public static SqlVocabulary instance() {
    return INSTANCE;
  }

  /** Every operator, in lookup order, with its source. */
  public List<Entry> entries() {
    return entries;
  }

  /** The operator table the validator looks names up in. */
  public SqlOperatorTable operatorTable() {
    return table;
  }

  /** How csvws's own operators become row expressions; Calcite's table for the others. */
  public SqlRexConvertletTable convertletTable() {
    return call -> {
      if (call.getOperator() instanceof DateArithmetic d) {
        return (cx, c) -> d.convert(cx, c);
      }
      return StandardConvertletTable.INSTANCE.get(call);
    };
  }

  /**
   * Rewrites a statement, before validation, so that csvws's own aggregates run:
   * PostgreSQL's {@code MODE() WITHIN GROUP (ORDER BY x)} becomes {@code MODE(x)};
   * {@code PERCENTILE_CONT(f) WITHIN GROUP (ORDER BY x)} (and {@code _DISC}) becomes the
   * aggregate {@code PERCENTILE_CONT(x, f)} ({@code ORDER BY x DESC} asks for {@code 1 - f}),
   * and the arguments of csvws's statistical aggregates ({@code MEDIAN}, {@code CORR},
   * {@code REGR_SLOPE}, ...) are cast to DOUBLE, the type they compute in.
   */
  public SqlNode rewrite(SqlNode statement) {
    Rewriter.walk(statement);
    return Rewriter.replacement(statement);
  }

  /**
   * See {@link #rewrite}. Calls are replaced in their parents, in place: Calcite's preparation
   * goes on with the statement object it parsed.
   */
  private static final class Rewriter {
    static void walk(SqlNode node) {
      if (node instanceof SqlNodeList list) {
        for (int i = 0; i < list.size(); i++) {
          SqlNode child = list.get(i);
          if (child != null) {
            walk(child);
            SqlNode r = replacement(child);
            if (r != child) {
              list.set(i, r);
            }
          }
        }
      } else if (node instanceof SqlCall call) {
        List<SqlNode> operands = call.getOperandList();
        for (int i = 0; i < operands.size(); i++) {
          SqlNode child = operands.get(i);
          if (child != null) {
            walk(child);
            SqlNode r = replacement(child);
            if (r != child) {
              call.setOperand(i, r);
            }
          }
        }
      }
    }

    static SqlNode replacement(SqlNode node) {
      if (!(node instanceof SqlCall c)) {
        return node;
      }
      if (c.getKind() == SqlKind.WITHIN_GROUP) {
        return withinGroup(c);
      }
      if (c.getKind() == SqlKind.OVER && c.operand(0) instanceof SqlCall agg) {
        refuseWindowed(agg);
      }
      String name = c.getOperator().getName().toUpperCase(Locale.ROOT);
      if (OwnFunctions.STATISTICS.contains(name)
          && c.getOperator() instanceof SqlUnresolvedFunction) {
        SqlParserPos pos = c.getParserPosition();
        List<SqlNode> args = new ArrayList<>();
        for (SqlNode arg : c.getOperandList()) {
          args.add(toDouble(arg));
        }
        return c.getOperator().createCall(c.getFunctionQuantifier(), pos, args);
      }
      return c;
    }

    /**
     * Calcite cannot run {@code STRING_AGG} over a window (its planner gives up) and runs
     * {@code ARRAY_AGG} over an ordered window with the whole partition's array on every row: a
     * wrong answer. Both are refused, naming the form that works.
     */
    private static void refuseWindowed(SqlCall agg) {
      String name = agg.getOperator().getName().toUpperCase(Locale.ROOT);
      if (name.equals("STRING_AGG") || name.equals("ARRAY_AGG")
          || name.equals("ARRAY_CONCAT_AGG")) {
        throw new CsvwsException(ErrorCode.QUERY_FAILED, name + "(...) OVER (...) is not "
            + "supported as a window function. For a running or per-partition list write "
            + "LISTAGG(x, ',') OVER (PARTITION BY ... ORDER BY ...); " + name
            + " works as an aggregate with GROUP BY.");
      }
    }

    private static SqlNode withinGroup(SqlCall within) {
      SqlCall agg = within.operand(0);
      SqlNodeList order = within.operand(1);
      String name = agg.getOperator().getName().toUpperCase(Locale.ROOT);
      if (name.equals("MODE") && agg.operandCount() == 0 && order.size() == 1) {
        // PostgreSQL's ordered-set form MODE() WITHIN GROUP (ORDER BY x) is MODE(x).
        SqlNode key = order.get(0);
        while (key instanceof SqlCall k && (k.getKind() == SqlKind.DESCENDING
            || k.getKind() == SqlKind.NULLS_FIRST || k.getKind() == SqlKind.NULLS_LAST)) {
          key = k.operand(0);
        }
        return SqlStdOperatorTable.MODE.createCall(within.getParserPosition(), key);
      }
      SqlOperator target = name.equals("PERCENTILE_CONT") ? OwnFunctions.percentileCont
          : name.equals("PERCENTILE_DISC") ? OwnFunctions.percentileDisc : null;
      if (target == null || agg.operandCount() != 1 || order.size() != 1) {
        return within;
      }
      SqlNode key = order.get(0);
      boolean descending = false;
      while (key instanceof SqlCall k && (k.getKind() == SqlKind.DESCENDING
          || k.getKind() == SqlKind.NULLS_FIRST || k.getKind() == SqlKind.NULLS_LAST)) {
        descending ^= k.getKind() == SqlKind.DESCENDING;
        key = k.operand(0);
      }
      SqlNode fraction = agg.operand(0);
      SqlParserPos pos = within.getParserPosition();
      if (descending) {
        fraction = SqlStdOperatorTable.MINUS.createCall(pos,
            SqlLiteral.createExactNumeric("1", pos), fraction);
      }
      // PERCENTILE_DISC picks a value and keeps its type; PERCENTILE_CONT interpolates in DOUBLE.
      return target.createCall(agg.getFunctionQuantifier(), pos,
          target == OwnFunctions.percentileDisc ? key : toDouble(key), toDouble(fraction));
    }

    private static SqlNode toDouble(SqlNode node) {
      SqlParserPos pos = node.getParserPosition();
      return SqlStdOperatorTable.CAST.createCall(pos, node,
          new SqlDataTypeSpec(new SqlBasicTypeNameSpec(SqlTypeName.DOUBLE, pos), pos));
    }
  }

  private static SqlOperator operator(Field f) {
    try {
      return (SqlOperator) f.get(null);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot read " + f, e);
    }
  }

  private static List<SqlOperator> ownFunctions() {
    return OwnFunctions.ALL;
  }

  /** csvws's own functions, as user-defined functions Calcite calls by reflection. */
  private static final class OwnFunctions {
    static final List<SqlOperator> ALL;
    /** The aggregates that compute in DOUBLE, whose arguments {@link Rewriter} casts. */
    static final Set<String> STATISTICS = Set.of("MEDIAN", "CORR", "REGR_SLOPE",
        "REGR_INTERCEPT", "REGR_R2", "REGR_AVGX", "REGR_AVGY", "REGR_SXY", "REGR_SXX", "REGR_SYY",
        "COVAR_POP", "COVAR_SAMP", "PERCENTILE_CONT");
    static final SqlOperator percentileCont;
    static final SqlOperator percentileDisc;

    private static org.apache.calcite.schema.Function textFunction(String name,
        Class<?>... parameters) {
      try {
        return ScalarFunctionImpl.create(TextFunctions.class.getMethod(name, parameters));
      } catch (NoSuchMethodException e) {
        throw new IllegalStateException(e);
      }
    }

    static {
      CalciteSchema schema = CalciteSchema.createRootSchema(false, false);
      SchemaPlus s = schema.plus();
      s.add("DATE_TRUNC", ScalarFunctionImpl.create(DateFunctions.class, "dateTrunc"));
      s.add("STRFTIME", ScalarFunctionImpl.create(DateFunctions.class, "strftime"));
      s.add("STRPTIME", ScalarFunctionImpl.create(DateFunctions.class, "strptime"));
      s.add("TRY_STRPTIME", ScalarFunctionImpl.create(DateFunctions.class, "tryStrptime"));
      s.add("DAYNAME", ScalarFunctionImpl.create(DateFunctions.class, "dayname"));
      s.add("MONTHNAME", ScalarFunctionImpl.create(DateFunctions.class, "monthname"));
      s.add("MAKE_DATE", ScalarFunctionImpl.create(DateFunctions.class, "makeDate"));
      s.add("CHAR_LENGTH", ScalarFunctionImpl.create(TextFunctions.class, "charLength"));
      s.add("CHARACTER_LENGTH", ScalarFunctionImpl.create(TextFunctions.class, "charLength"));
      s.add("LENGTH", ScalarFunctionImpl.create(TextFunctions.class, "charLength"));
      s.add("REGEXP_MATCHES", ScalarFunctionImpl.create(TextFunctions.class, "regexpMatches"));
      s.add("BTRIM", textFunction("btrim", String.class));
      s.add("BTRIM", textFunction("btrim", String.class, String.class));
      s.add("MEDIAN", AggregateFunctionImpl.create(Percentiles.Median.class));
      s.add("PERCENTILE_CONT", AggregateFunctionImpl.create(Percentiles.Cont.class));
      s.add("CORR", AggregateFunctionImpl.create(Regression.Corr.class));
      s.add("REGR_SLOPE", AggregateFunctionImpl.create(Regression.Slope.class));
      s.add("REGR_INTERCEPT", AggregateFunctionImpl.create(Regression.Intercept.class));
      s.add("REGR_R2", AggregateFunctionImpl.create(Regression.R2.class));
      s.add("REGR_AVGX", AggregateFunctionImpl.create(Regression.AvgX.class));
      s.add("REGR_AVGY", AggregateFunctionImpl.create(Regression.AvgY.class));
      s.add("REGR_SXY", AggregateFunctionImpl.create(Regression.Sxy.class));
      s.add("REGR_SXX", AggregateFunctionImpl.create(Regression.Sxx.class));
      s.add("REGR_SYY", AggregateFunctionImpl.create(Regression.Syy.class));
      s.add("COVAR_POP", AggregateFunctionImpl.create(Regression.CovarPop.class));
      s.add("COVAR_SAMP", AggregateFunctionImpl.create(Regression.CovarSamp.class));
      CalciteCatalogReader reader = new CalciteCatalogReader(schema, List.of(),
          new JavaTypeFactoryImpl(), CalciteConnectionConfig.DEFAULT);
      List<SqlOperator> ops = new ArrayList<>(reader.getOperatorList());
      ops.add(percentileDisc());
      ops.sort(java.util.Comparator.comparing(SqlOperator::getName));
      ALL = List.copyOf(ops);
      percentileCont = named("PERCENTILE_CONT");
      percentileDisc = named("PERCENTILE_DISC");
    }

    /**
     * {@code PERCENTILE_DISC(x, fraction)}: its result has the type of {@code x}, which a
     * reflective aggregate cannot say, so the operator is built here.
     */
    private static SqlOperator percentileDisc() {
      return new SqlUserDefinedAggFunction(
          new SqlIdentifier("PERCENTILE_DISC", SqlParserPos.ZERO), SqlKind.OTHER_FUNCTION,
          ReturnTypes.ARG0.andThen(SqlTypeTransforms.FORCE_NULLABLE),
          InferTypes.FIRST_KNOWN,
          OperandTypes.operandMetadata(List.of(SqlTypeFamily.ANY, SqlTypeFamily.NUMERIC),
              f -> List.of(f.createSqlType(SqlTypeName.ANY), f.createSqlType(SqlTypeName.DOUBLE)),
              i -> i == 0 ? "value" : "fraction", i -> false),
          AggregateFunctionImpl.create(Percentiles.Disc.class), false, false,
          Optionality.FORBIDDEN);
    }

    private static SqlOperator named(String name) {
      return ALL.stream().filter(op -> op.getName().equals(name)).findFirst().orElseThrow();
    }
  }
}
