package io.csvws.rewrite;

import java.util.EnumSet;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.rules.AggregateReduceFunctionsRule;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.sql.SqlKind;

/**
 * Rewrites {@code AVG(x)} as {@code SUM(x) / COUNT(x)} before planning, as Calcite's planner
 * would during planning, so that the division is one {@link ArithmeticChecks} sees: a DECIMAL
 * average then has exactly its decimals, and a sum that overflows says so.
 */
public final class Averages {
  private static final AggregateReduceFunctionsRule RULE =
      CoreRules.AGGREGATE_REDUCE_FUNCTIONS.config
          .withFunctionsToReduce(EnumSet.of(SqlKind.AVG))
          .as(AggregateReduceFunctionsRule.Config.class)
          .toRule();

  private Averages() {
  }

  /** {@code logical} with its averages reduced. */
  public static RelNode reduce(RelNode logical) {
    HepPlanner planner = new HepPlanner(new HepProgramBuilder().addRuleInstance(RULE).build());
    planner.setRoot(logical);
    return planner.findBestExp();
  }
}
