package io.csvws.readonly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.prepare.Prepare;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalTableModify;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.RelBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The second guard: a plan holding a table modification, however it reached the planner, cannot
 * be planned. Built here as a relational plan, without SQL text, so the first guard never sees it.
 */
class ReadOnlyRuleTest {

  /** A one-column table, enough to be the target of a modification. */
  private static final class Numbers extends AbstractTable implements ScannableTable {
    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      return f.builder().add("n", SqlTypeName.INTEGER).build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      return Linq4j.asEnumerable(List.<Object[]>of(new Object[] {1}));
    }
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(value = TableModify.Operation.class, names = {"INSERT", "DELETE"})
  void aTableModificationFailsPlanningNamingTheTable(TableModify.Operation operation) {
    SchemaPlus root = Frameworks.createRootSchema(true);
    root.add("sales", new Numbers());
    FrameworkConfig config = Frameworks.newConfigBuilder().defaultSchema(root).build();
    RelBuilder b = RelBuilder.create(config);
    RelNode scan = b.scan("sales").build();
    RelOptTable table = ((TableScan) scan).getTable();
    RelNode modify = LogicalTableModify.create(table,
        (Prepare.CatalogReader) table.getRelOptSchema(), scan, operation, null, null, false);
    HepPlanner planner = new HepPlanner(HepProgram.builder()
        .addRuleInstance(ReadOnlyRule.INSTANCE).build());
    planner.setRoot(modify);

    CsvwsException e = catchThrowableOfType(CsvwsException.class, planner::findBestExp);

    assertThat(e.code()).isEqualTo(ErrorCode.READ_ONLY);
    assertThat(e.getMessage()).startsWith("csvws is read-only: " + operation + " of sales "
        + "refused.");
  }

  @Test
  void aPlanWithoutModificationIsLeftAlone() {
    SchemaPlus root = Frameworks.createRootSchema(true);
    root.add("sales", new Numbers());
    RelBuilder b = RelBuilder.create(Frameworks.newConfigBuilder().defaultSchema(root).build());
    RelNode scan = b.scan("sales").build();
    HepPlanner planner = new HepPlanner(HepProgram.builder()
        .addRuleInstance(ReadOnlyRule.INSTANCE).build());
    planner.setRoot(scan);

    assertThat(planner.findBestExp().explain()).contains("sales");
  }
}
