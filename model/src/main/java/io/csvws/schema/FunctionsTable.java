package io.csvws.schema;

import io.csvws.planner.SystemTableScan;
import io.csvws.sql.functions.FunctionCatalog;
import java.util.List;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * {@code csvws.functions}: one row per name and signature of every function and operator the
 * validator knows, from {@link FunctionCatalog} (the validator's own operator table), with its
 * kind, return type, a one-line description, its topic and where it comes from.
 */
final class FunctionsTable extends AbstractTable implements ScannableTable, TranslatableTable {
  @Override
  public RelDataType getRowType(RelDataTypeFactory f) {
    RelDataTypeFactory.Builder b = f.builder();
    for (String name : List.of("name", "kind", "signature", "return_type", "description",
        "topic", "source")) {
      b.add(name, f.createTypeWithNullability(f.createSqlType(SqlTypeName.VARCHAR), false));
    }
    return b.build();
  }

  @Override
  public Enumerable<Object[]> scan(DataContext root) {
    return Linq4j.asEnumerable(FunctionCatalog.instance().functions().stream()
        .map(fn -> new Object[] {fn.name(), fn.kind(), fn.signature(), fn.returnType(),
            fn.description(), fn.topic(), fn.source()})
        .toList());
  }

  @Override
  public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
    return new SystemTableScan(context.getCluster(), relOptTable, this);
  }

  @Override
  public Schema.TableType getJdbcTableType() {
    return Schema.TableType.SYSTEM_TABLE;
  }
}
