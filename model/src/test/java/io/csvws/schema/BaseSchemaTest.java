package io.csvws.schema;

import static io.csvws.schema.SchemaFixtures.catalog;
import static io.csvws.schema.SchemaFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.apache.calcite.jdbc.CalciteSchema;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.SchemaVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What csvws's schemas share, on a temp folder: Calcite's older name-based methods answer as the
 * lookups do; no types, no functions; not mutable; a snapshot is the schema itself.
 */
class BaseSchemaTest {
  @TempDir
  Path dir;

  @Test
  @SuppressWarnings("deprecation")
  void theOlderNameBasedMethodsAnswerFromTheLookups() {
    write(dir, "t.csv", "a\n1\n");
    write(dir, "sub/u.csv", "a\n1\n");
    FolderSchema root = new FolderSchema(catalog(dir), List.of());
    assertThat(((CsvwsTable) root.getTable("t")).file().relativePath()).isEqualTo("t.csv");
    assertThat(root.getTable("T")).isNull();
    assertThat(root.getTableNames()).containsExactly("t");
    assertThat(((FolderSchema) root.getSubSchema("sub")).folderNames()).containsExactly("sub");
    assertThat(root.getSubSchema("nothing")).isNull();
    assertThat(root.getSubSchemaNames()).containsExactly("sub");
    WorkspaceSchema workspace = new WorkspaceSchema(catalog(dir));
    assertThat(workspace.getSubSchemaNames()).containsExactly("csvws", "main", "sub");
    assertThat(workspace.getTableNames()).isEmpty();
  }

  @Test
  void noTypesNoFunctionsNeverMutable() {
    FolderSchema root = new FolderSchema(catalog(dir), List.of());
    assertThat(root.getType("x")).isNull();
    assertThat(root.getTypeNames()).isEmpty();
    assertThat(root.getFunctions("x")).isEmpty();
    assertThat(root.getFunctionNames()).isEmpty();
    assertThat(root.isMutable()).isFalse();
    assertThat(root.snapshot(SchemaVersion.class.cast(null))).isSameAs(root);
  }

  @Test
  void itsExpressionReachesItUnderItsParent() {
    SchemaPlus parent = CalciteSchema.createRootSchema(false, false).plus()
        .add("w", new WorkspaceSchema(catalog(dir)));
    FolderSchema root = new FolderSchema(catalog(dir), List.of());
    assertThat(root.getExpression(parent, "main")).isNotNull();
    assertThat(root.getExpression(parent, "main").toString())
        .contains("getSubSchema(\"w\")").contains("getSubSchema(\"main\")");
  }
}
