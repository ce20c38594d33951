package io.csvws.readonly;

import org.apache.calcite.plan.RelOptRuleCall;
import io.csvws.planner.RuleConfig;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.TableModify;

/**
 * A planner rule that fails planning of any plan containing a table modification. The second
 * guard: whatever path a statement took around {@link StatementGuard} (a prepared statement, a
 * Queryable, a remote client), an INSERT, UPDATE, DELETE or MERGE cannot be planned.
 */
public final class ReadOnlyRule extends RelRule<RuleConfig> {
  /** The rule; add it to every planner. */
  public static final ReadOnlyRule INSTANCE = new ReadOnlyRule(RuleConfig.of("CsvwsReadOnlyRule",
      b -> b.operand(TableModify.class).anyInputs(), ReadOnlyRule::new));

  private ReadOnlyRule(RuleConfig config) {
    super(config);
  }

  @Override
  public void onMatch(RelOptRuleCall call) {
    TableModify modify = call.rel(0);
    throw StatementGuard.refused(modify.getOperation() + " of "
        + String.join(".", modify.getTable().getQualifiedName()), null);
  }
}
