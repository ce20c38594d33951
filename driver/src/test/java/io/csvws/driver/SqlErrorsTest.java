package io.csvws.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.apache.calcite.plan.RelOptPlanner;
import org.junit.jupiter.api.Test;

/** The backstop that keeps Calcite's planner dump from a JDBC client. */
class SqlErrorsTest {
  @Test
  void aPlannerDumpBecomesAShortErrorNamingTheOperation() {
    RelOptPlanner.CannotPlanException dump = new RelOptPlanner.CannotPlanException(
        "There are not enough rules to produce a node with desired properties: "
            + "convention=ENUMERABLE, sort=[].\nMissing conversion is LogicalWindow[convention: "
            + "NONE -> ENUMERABLE]\nThere is 1 empty subset: ...\nGraphviz:\ndigraph G {...}");
    SQLException e = SqlErrors.translate(new RuntimeException("Error while executing", dump));
    assertThat(e.getSQLState()).isEqualTo("42000");
    assertThat(e.getMessage()).isEqualTo("csvws cannot run this query: its engine has no "
        + "implementation for its Window operation. Rewrite that part of the query (docs/sql.md "
        + "lists the supported forms and functions).");
  }

  /** Whatever escapes the engine leaves the driver as an SQLException with a SQLState. */
  @Test
  void errorsAndStatelessExceptionsGetASqlState() {
    SQLException assertion = SqlErrors.translate(
        new AssertionError("getRelOptTable returned null for race"));
    assertThat(assertion.getSQLState()).isEqualTo("XX000");
    assertThat(assertion.getMessage()).contains("internal error", "getRelOptTable");

    SQLException deep = SqlErrors.translate(
        new RuntimeException("Error while executing", new StackOverflowError()));
    assertThat(deep.getSQLState()).isEqualTo("54001");
    assertThat(deep.getMessage()).contains("nested too deeply");

    SQLException stateless = SqlErrors.translate(new SQLException("no state"));
    assertThat(stateless.getSQLState()).isEqualTo("HY000");
    assertThat(stateless.getMessage()).isEqualTo("No state.");

    SQLException kept = new SQLException("kept", "22018");
    assertThat((Object) SqlErrors.translate(kept)).isSameAs(kept);
  }
}
