package io.csvws.sql.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.sql.LexicalPolicy;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlFunctionCategory;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.dialect.CalciteSqlDialect;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlNameMatchers;
import org.apache.calcite.sql2rel.StandardConvertletTable;
import org.junit.jupiter.api.Test;

/**
 * The vocabulary: csvws's operators first, then PostgreSQL's, the standard ones less those csvws
 * replaces, then DuckDB's shared few; and the rewrite before validation (ordered-set aggregates,
 * DOUBLE arguments of the statistics, window forms refused), on parsed statements.
 */
class SqlVocabularyTest {
  private static final SqlVocabulary V = SqlVocabulary.instance();

  private static String rewrite(String sql) throws SqlParseException {
    SqlNode parsed = SqlParser.create(sql, LexicalPolicy.parserConfig()).parseQuery();
    return V.rewrite(parsed).toSqlString(CalciteSqlDialect.DEFAULT).getSql()
        .replaceAll("\\s+", " ");
  }

  private static List<SqlVocabulary.Entry> named(String name) {
    return V.entries().stream().filter(e -> e.operator().getName().equals(name)).toList();
  }

  @Test
  void csvwsOwnOperatorsComeFirst() {
    List<SqlVocabulary.Entry> entries = V.entries();
    assertThat(entries.get(0).operator()).isSameAs(DateArithmetic.PLUS);
    assertThat(entries.get(1).operator()).isSameAs(DateArithmetic.MINUS);
    assertThat(entries.get(0).source()).isEqualTo("csvws");
    assertThat(DateArithmetic.all()).containsExactly(DateArithmetic.PLUS, DateArithmetic.MINUS);
    assertThat(DateArithmetic.PLUS.standard()).isSameAs(SqlStdOperatorTable.PLUS);
    assertThat(DateArithmetic.MINUS.standard()).isSameAs(SqlStdOperatorTable.MINUS);
    List<String> own = entries.stream().filter(e -> e.source().equals("csvws"))
        .map(e -> e.operator().getName()).toList();
    assertThat(own).contains("DATE_TRUNC", "STRFTIME", "STRPTIME", "TRY_STRPTIME", "DAYNAME",
        "MONTHNAME", "MAKE_DATE", "CHAR_LENGTH", "CHARACTER_LENGTH", "LENGTH", "REGEXP_MATCHES",
        "BTRIM", "MEDIAN", "PERCENTILE_CONT", "PERCENTILE_DISC", "CORR", "REGR_SLOPE",
        "REGR_INTERCEPT", "REGR_R2", "REGR_AVGX", "REGR_AVGY", "REGR_SXY", "REGR_SXX",
        "REGR_SYY", "COVAR_POP", "COVAR_SAMP");
    int lastOwn = 0;
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i).source().equals("csvws")) {
        lastOwn = i;
      }
    }
    assertThat(lastOwn).isEqualTo(own.size() - 1);
    List<String> ownFunctions = own.subList(2, own.size());
    assertThat(ownFunctions).isSorted();
    assertThat(named("BTRIM")).as("two overloads").hasSize(2);
  }

  @Test
  void replacedOperatorsAreLeftOut() {
    List<SqlOperator> ops = V.entries().stream().map(SqlVocabulary.Entry::operator).toList();
    for (SqlOperator replaced : List.of(SqlStdOperatorTable.PLUS, SqlStdOperatorTable.MINUS,
        SqlStdOperatorTable.PERCENTILE_CONT, SqlStdOperatorTable.PERCENTILE_DISC,
        SqlStdOperatorTable.COVAR_POP, SqlStdOperatorTable.COVAR_SAMP,
        SqlStdOperatorTable.REGR_SXX, SqlStdOperatorTable.REGR_SYY,
        SqlStdOperatorTable.CHAR_LENGTH, SqlStdOperatorTable.CHARACTER_LENGTH,
        SqlLibraryOperators.LENGTH)) {
      assertThat(ops).as(replaced.getName()).noneMatch(op -> op == replaced);
    }
    assertThat(ops).anyMatch(op -> op == SqlStdOperatorTable.MULTIPLY);
    assertThat(ops).anyMatch(op -> op == SqlLibraryOperators.ILIKE);
  }

  @Test
  void postgresqlsOperatorsComeBeforeTheStandardOnes() {
    List<SqlVocabulary.Entry> entries = V.entries();
    int ilike = indexOf(entries, SqlLibraryOperators.ILIKE);
    int multiply = indexOf(entries, SqlStdOperatorTable.MULTIPLY);
    assertThat(entries.get(ilike).source()).isEqualTo("postgresql");
    assertThat(entries.get(multiply).source()).isEqualTo("standard");
    assertThat(ilike).isLessThan(multiply);
    assertThat(entries.stream().filter(e -> e.source().equals("postgresql")))
        .allMatch(e -> indexOf(entries, e.operator()) < multiply);
  }

  private static int indexOf(List<SqlVocabulary.Entry> entries, SqlOperator op) {
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i).operator() == op) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void duckdbsSharedOperatorsComeLastWhereNoOtherHasTheirName() {
    List<SqlVocabulary.Entry> entries = V.entries();
    for (SqlOperator op : List.of(SqlLibraryOperators.TRY_CAST, SqlLibraryOperators.IF,
        SqlLibraryOperators.IFNULL, SqlLibraryOperators.REVERSE,
        SqlLibraryOperators.ENDS_WITH)) {
      long sameName = entries.stream().filter(e -> e.operator().getName()
          .equalsIgnoreCase(op.getName()) && e.operator().getSyntax() == op.getSyntax()).count();
      assertThat(sameName).as(op.getName()).isEqualTo(1);
    }
    SqlVocabulary.Entry last = entries.get(entries.size() - 1);
    assertThat(last.source()).isNotIn("csvws", "postgresql", "standard");
    assertThat(last.source()).isLowerCase();
    int tryCast = indexOf(entries, SqlLibraryOperators.TRY_CAST);
    int ifOp = indexOf(entries, SqlLibraryOperators.IF);
    assertThat(ifOp).as("IF is no PostgreSQL operator").isGreaterThan(0);
    assertThat(entries.get(ifOp).source()).isNotIn("csvws", "postgresql", "standard");
    assertThat(tryCast).isGreaterThan(0);
  }

  @Test
  void theOperatorTableHoldsTheEntriesInOrder() {
    assertThat(V.operatorTable().getOperatorList()).containsExactlyElementsOf(
        V.entries().stream().map(SqlVocabulary.Entry::operator).toList());
    List<SqlOperator> found = new ArrayList<>();
    V.operatorTable().lookupOperatorOverloads(new SqlIdentifier("date_trunc", SqlParserPos.ZERO),
        SqlFunctionCategory.USER_DEFINED_FUNCTION, SqlSyntax.FUNCTION, found,
        SqlNameMatchers.withCaseSensitive(false));
    assertThat(found).extracting(SqlOperator::getName).containsExactly("DATE_TRUNC");
    assertThat(V).isSameAs(SqlVocabulary.instance());
  }

  @Test
  void theConvertletTableConvertsDateArithmeticItselfAndLeavesTheRestToCalcite() {
    SqlLiteral one = SqlLiteral.createExactNumeric("1", SqlParserPos.ZERO);
    SqlCall dates = DateArithmetic.MINUS.createCall(SqlParserPos.ZERO, one, one);
    SqlCall product = SqlStdOperatorTable.MULTIPLY.createCall(SqlParserPos.ZERO, one, one);
    assertThat(V.convertletTable().get(dates)).isNotNull()
        .isNotSameAs(StandardConvertletTable.INSTANCE.get(dates));
    assertThat(V.convertletTable().get(product)).isNotNull()
        .isSameAs(StandardConvertletTable.INSTANCE.get(product));
  }

  @Test
  void statisticsComputeInDouble() throws SqlParseException {
    assertThat(rewrite("SELECT MEDIAN(x), corr(y, x), REGR_SLOPE(y, x) FROM t"))
        .isEqualTo("SELECT \"MEDIAN\"(CAST(\"x\" AS DOUBLE)), \"corr\"(CAST(\"y\" AS DOUBLE), "
            + "CAST(\"x\" AS DOUBLE)), \"REGR_SLOPE\"(CAST(\"y\" AS DOUBLE), CAST(\"x\" AS "
            + "DOUBLE)) FROM \"t\"");
    assertThat(rewrite("SELECT COUNT(x), SUM(x) FROM t"))
        .isEqualTo("SELECT COUNT(\"x\"), SUM(\"x\") FROM \"t\"");
    assertThat(rewrite("SELECT MEDIAN(DISTINCT x) FROM t"))
        .isEqualTo("SELECT \"MEDIAN\"(DISTINCT CAST(\"x\" AS DOUBLE)) FROM \"t\"");
  }

  @Test
  void statisticsAreRewrittenWhereverTheyAre() throws SqlParseException {
    assertThat(rewrite("SELECT a FROM t GROUP BY a HAVING MEDIAN(x) > 1 ORDER BY MEDIAN(x)"))
        .contains("HAVING \"MEDIAN\"(CAST(\"x\" AS DOUBLE)) > 1")
        .contains("ORDER BY \"MEDIAN\"(CAST(\"x\" AS DOUBLE))");
    assertThat(rewrite("SELECT * FROM (SELECT MEDIAN(x) AS m FROM t) AS s"))
        .contains("\"MEDIAN\"(CAST(\"x\" AS DOUBLE)) AS \"m\"");
    assertThat(rewrite("SELECT MEDIAN(x) FROM t")).as("the statement itself")
        .startsWith("SELECT \"MEDIAN\"(CAST(");
  }

  @Test
  void orderedSetPercentilesBecomeAggregatesOfTheValueAndTheFraction() throws SqlParseException {
    assertThat(rewrite("SELECT PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x) FROM t"))
        .isEqualTo("SELECT PERCENTILE_CONT(CAST(\"x\" AS DOUBLE), CAST(0.25 AS DOUBLE)) "
            + "FROM \"t\"");
    assertThat(rewrite("SELECT PERCENTILE_DISC(0.25) WITHIN GROUP (ORDER BY x) FROM t"))
        .isEqualTo("SELECT PERCENTILE_DISC(\"x\", CAST(0.25 AS DOUBLE)) FROM \"t\"");
    assertThat(rewrite("SELECT percentile_cont(0.25) WITHIN GROUP (ORDER BY x DESC) FROM t"))
        .isEqualTo("SELECT PERCENTILE_CONT(CAST(\"x\" AS DOUBLE), CAST(1 - 0.25 AS "
            + "DOUBLE)) FROM \"t\"");
    assertThat(rewrite("SELECT PERCENTILE_DISC(0.25) WITHIN GROUP (ORDER BY x DESC NULLS "
        + "LAST) FROM t"))
        .isEqualTo("SELECT PERCENTILE_DISC(\"x\", CAST(1 - 0.25 AS DOUBLE)) FROM \"t\"");
    assertThat(rewrite("SELECT PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x NULLS FIRST) "
        + "FROM t")).isEqualTo("SELECT PERCENTILE_CONT(CAST(\"x\" AS DOUBLE), CAST(0.25 "
            + "AS DOUBLE)) FROM \"t\"");
  }

  @Test
  void otherOrderedSetFormsAreLeftAsTheyAre() throws SqlParseException {
    assertThat(rewrite("SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x, y) FROM t"))
        .contains("WITHIN GROUP (ORDER BY \"x\", \"y\")");
    assertThat(rewrite("SELECT LISTAGG(x, ',') WITHIN GROUP (ORDER BY x) FROM t"))
        .contains("WITHIN GROUP (ORDER BY \"x\")");
    assertThat(rewrite("SELECT MODE() WITHIN GROUP (ORDER BY x, y) FROM t"))
        .contains("WITHIN GROUP (ORDER BY \"x\", \"y\")");
  }

  @Test
  void theOrderedSetModeIsModeOfTheValue() throws SqlParseException {
    assertThat(rewrite("SELECT MODE() WITHIN GROUP (ORDER BY x) FROM t"))
        .isEqualTo("SELECT MODE(\"x\") FROM \"t\"");
    assertThat(rewrite("SELECT MODE() WITHIN GROUP (ORDER BY x DESC NULLS FIRST) FROM t"))
        .isEqualTo("SELECT MODE(\"x\") FROM \"t\"");
    assertThat(rewrite("SELECT MODE() WITHIN GROUP (ORDER BY x NULLS LAST) FROM t"))
        .isEqualTo("SELECT MODE(\"x\") FROM \"t\"");
    assertThat(rewrite("SELECT MODE() WITHIN GROUP (ORDER BY x DESC) FROM t"))
        .isEqualTo("SELECT MODE(\"x\") FROM \"t\"");
  }

  @Test
  void listAggregatesOverAWindowAreRefusedNamingWhatWorks() {
    for (String agg : List.of("STRING_AGG(x, ',')", "array_agg(x)", "ARRAY_CONCAT_AGG(x)")) {
      String name = agg.substring(0, agg.indexOf('(')).toUpperCase(java.util.Locale.ROOT);
      assertThatThrownBy(() -> rewrite("SELECT " + agg + " OVER (PARTITION BY y) FROM t"))
          .isInstanceOf(CsvwsException.class)
          .satisfies(e -> assertThat(((CsvwsException) e).code())
              .isEqualTo(ErrorCode.QUERY_FAILED))
          .hasMessage(name + "(...) OVER (...) is not supported as a window function. For a "
              + "running or per-partition list write LISTAGG(x, ',') OVER (PARTITION BY ... "
              + "ORDER BY ...); " + name + " works as an aggregate with GROUP BY.");
    }
  }

  @Test
  void otherWindowsAreLeftAsTheyAre() throws SqlParseException {
    assertThat(rewrite("SELECT SUM(x) OVER (PARTITION BY y) FROM t"))
        .isEqualTo("SELECT SUM(\"x\") OVER (PARTITION BY \"y\") FROM \"t\"");
    assertThat(rewrite("SELECT LISTAGG(x, ',') OVER (PARTITION BY y) FROM t"))
        .contains("LISTAGG");
  }
}
