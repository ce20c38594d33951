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
}
