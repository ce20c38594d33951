package io.csvws.schema;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.rel.type.RelProtoDataType;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.SchemaVersion;
import org.apache.calcite.schema.Schemas;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.LikePattern;

/**
 * What every csvws schema shares: no types or functions, never mutable, and Calcite's older
 * name-based methods answered from {@link #tables()} and {@link #subSchemas()}.
 */
abstract class BaseSchema implements Schema {

  @Deprecated
  @Override
  public final Table getTable(String name) {
    return tables().get(name);
  }

  @Deprecated
  @Override
  public final Set<String> getTableNames() {
    return tables().getNames(LikePattern.any());
  }

  @Deprecated
  @Override
  public final Schema getSubSchema(String name) {
    return subSchemas().get(name);
  }

  @Deprecated
  @Override
  public final Set<String> getSubSchemaNames() {
    return subSchemas().getNames(LikePattern.any());
  }

  @Override
  public final RelProtoDataType getType(String name) {
    return null;
  }

  @Override
  public final Set<String> getTypeNames() {
    return Set.of();
  }

  @Override
  public final Collection<Function> getFunctions(String name) {
    return List.of();
  }

  @Override
  public final Set<String> getFunctionNames() {
    return Set.of();
  }

  @Override
  public final Expression getExpression(SchemaPlus parentSchema, String name) {
    return Schemas.subSchemaExpression(parentSchema, name, getClass());
  }

  @Override
  public final boolean isMutable() {
    return false;
  }

  @Override
  public final Schema snapshot(SchemaVersion version) {
    return this;
  }
}
