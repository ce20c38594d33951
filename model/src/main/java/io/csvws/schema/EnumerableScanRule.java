package io.csvws.schema;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/**
 * Makes a logical {@link CsvwsTableScan} executable ({@link EnumerableCsvwsTableScan}), keeping
 * its columns and condition.
 */
final class EnumerableScanRule extends ConverterRule {
  static final EnumerableScanRule INSTANCE = Config.INSTANCE
      .withConversion(CsvwsTableScan.class, Convention.NONE, EnumerableConvention.INSTANCE,
          "CsvwsEnumerableScanRule")
      .withRuleFactory(EnumerableScanRule::new)
      .toRule(EnumerableScanRule.class);

  private EnumerableScanRule(Config config) {
    super(config);
  }

  @Override
  public RelNode convert(RelNode rel) {
    return new EnumerableCsvwsTableScan((CsvwsTableScan) rel,
        rel.getTraitSet().replace(EnumerableConvention.INSTANCE));
  }
}
