package io.csvws.planner;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;

/** Makes a {@link CsvwsLogicalScan} executable as a {@link CsvwsTableScan}, keeping its columns and condition. */
final class EnumerableScanRule extends ConverterRule {
  static final EnumerableScanRule INSTANCE = Config.INSTANCE
      .withConversion(CsvwsLogicalScan.class, Convention.NONE, EnumerableConvention.INSTANCE,
          "CsvwsEnumerableScanRule")
      .withRuleFactory(EnumerableScanRule::new)
      .toRule(EnumerableScanRule.class);

  private EnumerableScanRule(Config config) {
    super(config);
  }

  @Override
  public RelNode convert(RelNode rel) {
    CsvwsLogicalScan scan = (CsvwsLogicalScan) rel;
    return new CsvwsTableScan(scan.getCluster(),
        scan.getTraitSet().replace(EnumerableConvention.INSTANCE), scan.getTable(),
        scan.source(), scan.fields(), scan.condition());
  }
}
