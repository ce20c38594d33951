package io.csvws.planner;

import java.util.function.Function;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.tools.RelBuilderFactory;

/**
 * A plain implementation of Calcite's rule configuration, so csvws rules need no annotation
 * processor: operands, a description, and the rule's constructor.
 *
 * @param builderFactory the RelBuilder factory, or null for Calcite's default
 * @param description the rule's name in plans and traces
 * @param operands the operand tree the rule matches
 * @param constructor builds the rule from this configuration
 */
public record RuleConfig(RelBuilderFactory builderFactory, String description,
    RelRule.OperandTransform operands, Function<RuleConfig, RelOptRule> constructor)
    implements RelRule.Config {

  /** A configuration with Calcite's default builder factory. */
  public static RuleConfig of(String description, RelRule.OperandTransform operands,
      Function<RuleConfig, RelOptRule> constructor) {
    return new RuleConfig(null, description, operands, constructor);
  }

  @Override
  public RelOptRule toRule() {
    return constructor.apply(this);
  }

  @Override
  public RelBuilderFactory relBuilderFactory() {
    return builderFactory == null ? RelRule.Config.super.relBuilderFactory() : builderFactory;
  }

  @Override
  public RuleConfig withRelBuilderFactory(RelBuilderFactory factory) {
    return new RuleConfig(factory, description, operands, constructor);
  }

  @Override
  public RuleConfig withDescription(String d) {
    return new RuleConfig(builderFactory, d, operands, constructor);
  }

  @Override
  public RelRule.OperandTransform operandSupplier() {
    return operands;
  }

  @Override
  public RuleConfig withOperandSupplier(RelRule.OperandTransform transform) {
    return new RuleConfig(builderFactory, description, transform, constructor);
  }
}
