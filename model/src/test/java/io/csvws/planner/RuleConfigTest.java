package io.csvws.planner;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.tools.RelBuilderFactory;
import org.junit.jupiter.api.Test;

/**
 * A rule's configuration without Calcite's annotation processor: each {@code with} gives a copy
 * that changes that one part, and {@code toRule} builds the rule the configuration describes.
 */
class RuleConfigTest {
  @Test
  void aConfigurationWithoutABuilderFactoryUsesCalcitesDefault() {
    RuleConfig config = ProjectScanRule.INSTANCE.config;

    assertThat(config.builderFactory()).isNull();
    assertThat(config.relBuilderFactory()).isSameAs(RelFactories.LOGICAL_BUILDER);
    assertThat(config.description()).isEqualTo("CsvwsProjectScanRule");
  }

  @Test
  void eachWithChangesOnePart() {
    RuleConfig config = FilterScanRule.INSTANCE.config;
    RelBuilderFactory factory = RelFactories.LOGICAL_BUILDER;
    RelRule.OperandTransform operands = b -> b.operand(LogicalFilter.class).anyInputs();

    RuleConfig described = config.withDescription("Renamed");
    assertThat(described.description()).isEqualTo("Renamed");
    assertThat(described.operandSupplier()).isSameAs(config.operandSupplier());
    assertThat(described.constructor()).isSameAs(config.constructor());

    RuleConfig built = config.withRelBuilderFactory(factory);
    assertThat(built.builderFactory()).isSameAs(factory);
    assertThat(built.relBuilderFactory()).isSameAs(factory);
    assertThat(built.description()).isEqualTo("CsvwsFilterScanRule");

    RuleConfig other = config.withOperandSupplier(operands);
    assertThat(other.operandSupplier()).isSameAs(operands);
    assertThat(other.operands()).isSameAs(operands);
    assertThat(other.description()).isEqualTo("CsvwsFilterScanRule");
  }

  @Test
  void toRuleBuildsTheRuleItDescribes() {
    RelOptRule rule = CountScanRule.INSTANCE.config.withDescription("Counting")
        .toRule();

    assertThat(rule).isInstanceOf(CountScanRule.class).isNotSameAs(CountScanRule.INSTANCE);
    assertThat(rule.toString()).isEqualTo("Counting");
    assertThat(RuleConfig.of("Made", b -> b.operand(LogicalFilter.class).anyInputs(),
        c -> FilterScanRule.INSTANCE).toRule()).isSameAs(FilterScanRule.INSTANCE);
  }
}
