package io.csvws.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import org.apache.calcite.plan.RelOptPlanner;
import org.junit.jupiter.api.Test;

/** Planner failures become errors that name the construct; other dialects' statements too. */
class UnsupportedFormTest {

  private static String planDump(String relevant) {
    return "There are not enough rules to produce a node with desired properties: "
        + "convention=ENUMERABLE, sort=[].\n"
        + "Missing conversion is " + relevant.replaceAll("\\(.*", "")
        + "[convention: NONE -> ENUMERABLE]\n"
        + "There is 1 empty subset: rel#24:RelSubset#2.ENUMERABLE.[], the relevant part of "
        + "the original plan is as follows\n"
        + "20:" + relevant + "\n"
        + "  18:LogicalProject(subset=[rel#19:RelSubset#1.NONE.[]], $f0=[0.5:DECIMAL(2, 1)])\n"
        + "\nRoot: rel#24:RelSubset#2.ENUMERABLE.[]\nOriginal rel:\n...";
  }

  @Test
  void aPlannerDumpNamesTheAggregateFunction() {
    CsvwsException e = UnsupportedForm.ofPlanFailure(new RelOptPlanner.CannotPlanException(
        planDump("LogicalAggregate(group=[{}], EXPR$0=[PERCENTILE_CONT($0) WITHIN GROUP ([1])], "
            + "EXPR$1=[COUNT()])")));
    assertThat(e.code()).isEqualTo(ErrorCode.QUERY_FAILED);
    assertThat(e.getMessage()).startsWith("csvws cannot run the aggregate functions "
        + "PERCENTILE_CONT, COUNT in this query").doesNotContain("rules");
  }

  @Test
  void aPlannerDumpNamesTheClause() {
    assertThat(UnsupportedForm.ofPlanFailure(new RelOptPlanner.CannotPlanException(
        planDump("Sample(mode=[system], rate=[0.05], repeatableSeed=[-])"))).getMessage())
        .startsWith("csvws cannot run TABLESAMPLE in this query");
    assertThat(UnsupportedForm.ofPlanFailure(new IllegalStateException(
        "Unable to implement EnumerableMatch(partition=[[]])\n  CsvwsTableScan(...)"))
        .getMessage()).startsWith("csvws cannot run MATCH_RECOGNIZE in this query");
  }

  @Test
  void otherFailuresAreLeftAlone() {
    assertThat(UnsupportedForm.ofPlanFailure(new IllegalStateException("something else")))
        .isNull();
  }

  @Test
  void duckdbPivotStatementShowsTheFromClauseForm() {
    CsvwsException e = catchThrowableOfType(CsvwsException.class,
        () -> UnsupportedForm.checkStatement("PIVOT sales ON product USING SUM(amount);"));
    assertThat(e.getMessage()).contains("SELECT * FROM sales PIVOT (SUM(amount) FOR product IN "
        + "('a' AS a, 'b' AS b))");
    CsvwsException grouped = catchThrowableOfType(CsvwsException.class,
        () -> UnsupportedForm.checkStatement(
            "PIVOT sales ON product USING SUM(amount) GROUP BY region"));
    assertThat(grouped.getMessage()).contains("SELECT * FROM (SELECT region, product, ... FROM "
        + "sales) PIVOT (SUM(amount) FOR product IN ('a' AS a, 'b' AS b))");
    UnsupportedForm.checkStatement("SELECT 1 FROM");
  }

  @Test
  void anIntervalTextMixingMonthsAndDaysSaysHowToWriteIt() {
    CsvwsException e = catchThrowableOfType(CsvwsException.class,
        () -> UnsupportedForm.checkStatement("SELECT d + INTERVAL '1 month 2 days' FROM t"));
    assertThat(e.getMessage()).contains("INTERVAL '1 month 2 days'",
        "INTERVAL '1 month' + INTERVAL '2 days'");
    UnsupportedForm.checkStatement("SELECT d + INTERVAL '1' DAY FROM");
  }

  @Test
  void theFailureKeepsThePlannersOwnErrorAttached() {
    RuntimeException planner = new IllegalStateException("Unable to implement EnumerableMatch");
    CsvwsException e = UnsupportedForm.ofPlanFailure(planner);
    assertThat(e.getSuppressed()).containsExactly(planner);
    assertThat(e.getMessage()).isEqualTo("csvws cannot run MATCH_RECOGNIZE in this query: its "
        + "engine has no implementation for it. Rewrite that part of the query (docs/sql.md "
        + "lists the supported forms and functions).");
    assertThat(UnsupportedForm.ofPlanFailure(new IllegalStateException())).isNull();
    assertThat(UnsupportedForm.ofPlanFailure(new IllegalStateException(
        "Missing conversion is LogicalWindow[convention: NONE -> ENUMERABLE]"))).as(
        "a missing conversion is a planner's dump only").isNull();
  }

  @Test
  void eachOperatorIsNamedByTheSqlThatMakesIt() {
    assertThat(describeMissing("LogicalWindow(window#0=[window(aggs [NTILE($1)])])"))
        .as("no call after '='").startsWith("csvws cannot run a window function in");
    assertThat(describeMissing("LogicalWindow(w=[NTH_VALUE($0)], v=[LEAD($1)])"))
        .startsWith("csvws cannot run the window functions NTH_VALUE, LEAD in");
    assertThat(describeMissing("LogicalWindow(w=[NTH_VALUE($0)])"))
        .startsWith("csvws cannot run the window function NTH_VALUE in");
    assertThat(describeMissing("LogicalAggregate(group=[{0}])"))
        .startsWith("csvws cannot run an aggregate function in");
    assertThat(describeMissing("LogicalCorrelate(correlation=[$cor0])"))
        .startsWith("csvws cannot run a correlated sub-query or LATERAL join in");
    assertThat(describeMissing("LogicalSnapshot(period=[x])"))
        .startsWith("csvws cannot run FOR SYSTEM_TIME AS OF in");
    assertThat(describeMissing("LogicalTableFunctionScan(invocation=[f()])"))
        .startsWith("csvws cannot run a table function in FROM in");
    assertThat(describeMissing("LogicalRepeatUnion(all=[true])"))
        .startsWith("csvws cannot run WITH RECURSIVE in");
    assertThat(describeMissing("LogicalDelta")).startsWith("csvws cannot run SELECT STREAM in");
    assertThat(describeMissing("LogicalTableModify(table=[t])"))
        .startsWith("csvws cannot run a statement that changes a table in");
    assertThat(describeMissing("LogicalExchange(distribution=[hash])"))
        .startsWith("csvws cannot run the operation Exchange in");
    assertThat(UnsupportedForm.ofPlanFailure(new IllegalStateException(
        "Unable to implement BindableFoo(x)")).getMessage())
        .startsWith("csvws cannot run the operation Foo in");
    assertThat(UnsupportedForm.ofPlanFailure(new IllegalStateException(
        "Unable to implement CsvwsBar(x)")).getMessage())
        .startsWith("csvws cannot run the operation Bar in");
  }

  private static String describeMissing(String relevant) {
    return UnsupportedForm.ofPlanFailure(new RelOptPlanner.CannotPlanException(
        planDump(relevant))).getMessage();
  }

  @Test
  void otherDialectsStatementsSayHowToWriteThem() {
    assertThat(refusal("UNPIVOT sales ON a, b INTO NAME n VALUE v")).isEqualTo("DuckDB's "
        + "UNPIVOT statement (UNPIVOT t ON cols INTO NAME n VALUE v) is not supported. Write "
        + "the unpivot in the FROM clause: SELECT * FROM t UNPIVOT (v FOR n IN (col_a, col_b)).");
    assertThat(refusal("pivot_longer sales ON a INTO NAME n VALUE v"))
        .as("DuckDB's other name of UNPIVOT").startsWith("DuckDB's UNPIVOT statement");
    assertThat(refusal("-- long\n/* form */ PIVOT_LONGER sales ON a INTO NAME n VALUE v"))
        .startsWith("DuckDB's UNPIVOT statement");
    assertThat(refusal("PIVOT_WIDER sales ON product USING SUM(amount)"))
        .contains("SELECT * FROM sales PIVOT (SUM(amount) FOR product IN ");
    assertThat(refusal("PIVOT_WIDER sales")).isEqualTo("DuckDB's PIVOT statement (PIVOT t ON "
        + "col USING agg) is not supported. Write the pivot in the FROM clause: SELECT * FROM t "
        + "PIVOT (SUM(x) FOR col IN ('a' AS a, 'b' AS b)), listing the values of col to turn "
        + "into columns.");
    assertThat(refusal("pivot sales on product using sum(amount)")).isEqualTo("DuckDB's PIVOT "
        + "statement (PIVOT t ON col USING agg) is not supported. Write the pivot in the FROM "
        + "clause: SELECT * FROM sales PIVOT (sum(amount) FOR product IN ('a' AS a, 'b' AS b)), "
        + "listing the values of product to turn into columns.");
    assertThat(refusal("FROM sales SELECT a")).isEqualTo("A query that starts with FROM "
        + "(DuckDB's FROM t SELECT ...) is not supported; write SELECT ... FROM t.");
    assertThat(refusal("SELECT INTERVAL '3 fortnights' YEAR")).isNull();
    assertThat(refusal("SELECT INTERVAL '1 day' + 1 FROM t WHERE"))
        .as("an interval read well: the syntax error is elsewhere").isNull();
    assertThat(refusal("SELECT INTERVAL '1 day', INTERVAL '1 year 1 hour' FROM t"))
        .startsWith("INTERVAL '1 year 1 hour' cannot be read");
    assertThat(refusal("SELECT 'pivot' FROM")).isNull();
  }

  private static String refusal(String sql) {
    CsvwsException e = catchThrowableOfType(CsvwsException.class,
        () -> UnsupportedForm.checkStatement(sql));
    if (e != null) {
      assertThat(e.code()).isEqualTo(ErrorCode.QUERY_FAILED);
    }
    return e == null ? null : e.getMessage();
  }
}
