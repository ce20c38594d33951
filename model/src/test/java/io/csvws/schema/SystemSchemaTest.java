package io.csvws.schema;

import static io.csvws.schema.SchemaFixtures.catalog;
import static io.csvws.schema.SchemaFixtures.folder;
import static io.csvws.schema.SchemaFixtures.write;
import static io.csvws.schema.SchemaFixtures.changeBehindTheListing;
import static io.csvws.schema.SchemaFixtures.settle;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.metadata.TableMetadata;
import io.csvws.sql.functions.FunctionCatalog;
import io.csvws.testing.ModelConnection;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.sql.type.SqlTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code csvws} schema on a temp folder: its three tables by name, the rows of
 * {@code csvws.files} and {@code csvws.columns} for files that read well, files that fail, a
 * CSVW metadata file, a dialect given by properties, a folder that cannot be listed; and
 * {@code csvws.functions} as the function catalogue.
 */
class SystemSchemaTest {
  private static final RelDataTypeFactory TYPES = new JavaTypeFactoryImpl();

  @TempDir
  Path dir;

  private static Table table(Catalog catalog, String name) {
    return new SystemSchema(catalog).tables().get(name);
  }

  /** Each row of a system table as column name to value. */
  private static List<Map<String, Object>> rows(Catalog catalog, String name) {
    Table t = table(catalog, name);
    List<String> columns = t.getRowType(TYPES).getFieldNames();
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object[] r : ((ScannableTable) t).scan(null)) {
      assertThat(r).hasSize(columns.size());
      Map<String, Object> m = new LinkedHashMap<>();
      for (int k = 0; k < r.length; k++) {
        m.put(columns.get(k), r[k]);
      }
      out.add(m);
    }
    return out;
  }

  private static Map<String, Object> fileRow(List<Map<String, Object>> rows, String path) {
    return rows.stream().filter(r -> path.equals(r.get("path"))).findFirst().orElseThrow();
  }

  @Test
  void itsTablesAreFilesColumnsAndFunctions() {
    Lookup<Table> tables = new SystemSchema(catalog(dir)).tables();
    assertThat(tables.getNames(LikePattern.any())).containsExactly("columns", "files",
        "functions");
    assertThat(SystemSchema.TABLE_NAMES).containsExactly("columns", "files", "functions");
    assertThat(tables.getNames(new LikePattern("f%"))).containsExactly("files", "functions");
    assertThat(tables.getNames(new LikePattern("files"))).containsExactly("files");
    assertThat(tables.get("functions")).isInstanceOf(FunctionsTable.class);
    assertThat(tables.get("Files")).isNull();
    assertThat(tables.get("tables")).isNull();
    assertThat(tables.getIgnoreCase("FILES").name()).isEqualTo("files");
    assertThat(tables.getIgnoreCase("Columns").entity().getRowType(TYPES).getFieldNames())
        .startsWith("schema_name", "table_name", "path", "ordinal_position");
    assertThat(tables.getIgnoreCase("Functions").entity()).isInstanceOf(FunctionsTable.class);
    assertThat(tables.getIgnoreCase("tables")).isNull();
    for (String name : SystemSchema.TABLE_NAMES) {
      assertThat(tables.get(name).getJdbcTableType()).isEqualTo(Schema.TableType.SYSTEM_TABLE);
    }
    assertThat(new SystemSchema(catalog(dir)).subSchemas().getNames(LikePattern.any()))
        .isEmpty();
    assertThat(SystemSchema.NAME).isEqualTo("csvws");
  }

  @Test
  void filesHasOneRowPerTableFileSayingHowItIsRead() throws IOException {
    write(dir, "a.csv", "id,name\n1,x\n2,y\n");
    write(dir, "sub/deep/t.tsv", "k\tv\na\t1\n");
    write(dir, "empty.csv", "x,y\n");
    write(dir, "notes.json", "{}");
    Catalog catalog = catalog(dir);
    List<Map<String, Object>> rows = rows(catalog, "files");
    assertThat(rows).extracting(r -> r.get("path"))
        .containsExactlyInAnyOrder("a.csv", "empty.csv", "sub/deep/t.tsv");

    Map<String, Object> a = fileRow(rows, "a.csv");
    TableFile file = catalog.workspace().table(List.of(), "a.csv", "a");
    TableMetadata m = catalog.metadata(file);
    assertThat(a.get("schema_name")).isEqualTo("main");
    assertThat(a.get("table_name")).isEqualTo("a");
    assertThat(a.get("size_bytes")).isEqualTo(Files.size(dir.resolve("a.csv")));
    assertThat(a.get("modified")).isEqualTo(Files.getLastModifiedTime(dir.resolve("a.csv"))
        .to(TimeUnit.MILLISECONDS));
    assertThat(a.get("encoding")).isEqualTo(m.encoding().charset().name());
    assertThat(a.get("encoding_confidence")).isEqualTo(m.encoding().confidence());
    assertThat(a.get("encoding_decided_by")).isEqualTo(m.encoding().decidedBy());
    assertThat(a.get("delimiter")).isEqualTo(",");
    assertThat(a.get("quote")).isEqualTo("\"");
    assertThat(a.get("escape_char")).isNull();
    assertThat(a.get("comment_char")).isNull();
    assertThat(a.get("skipped_lines")).isEqualTo(0);
    assertThat(a.get("trimmed")).isEqualTo(false);
    assertThat(a.get("trailing_delimiter")).isEqualTo(false);
    assertThat(a.get("header")).isEqualTo(true);
    assertThat(a.get("line_ending")).isEqualTo("LF");
    assertThat(a.get("dialect_confidence")).isEqualTo(m.dialect().confidence());
    assertThat(a.get("dialect_decided_by")).isEqualTo(m.dialect().decidedBy());
    assertThat(a.get("column_count")).isEqualTo(2);
    assertThat(a.get("row_count")).isEqualTo(2L);
    assertThat(a.get("sampled_rows")).isEqualTo(2L);
    assertThat(a.get("metadata_file")).isNull();
    assertThat(a.get("warnings")).isNull();
    assertThat(a.get("error")).isNull();

    Map<String, Object> t = fileRow(rows, "sub/deep/t.tsv");
    assertThat(t.get("schema_name")).isEqualTo("sub.deep");
    assertThat(t.get("table_name")).isEqualTo("t");
    assertThat(t.get("delimiter")).isEqualTo("\\t");

    Map<String, Object> empty = fileRow(rows, "empty.csv");
    assertThat(empty.get("row_count")).as("known to be none").isEqualTo(0L);
    assertThat(empty.get("column_count")).isEqualTo(2);
  }

  @Test
  void aDialectGivenByPropertiesShowsItsCharacters() {
    write(dir, "q.csv", "#c\n'a';b\n1;\\x\n");
    Catalog catalog = catalog(dir, Map.of("delimiter", ";", "quote", "'", "escape", "\\",
        "comment", "#"), null);
    Map<String, Object> q = fileRow(rows(catalog, "files"), "q.csv");
    assertThat(q.get("delimiter")).isEqualTo(";");
    assertThat(q.get("quote")).isEqualTo("'");
    assertThat(q.get("escape_char")).isEqualTo("\\");
    assertThat(q.get("comment_char")).isEqualTo("#");
  }

  @Test
  void aFileReadOnlyInPartHasNoRowCount() {
    StringBuilder csv = new StringBuilder("n\n");
    for (int i = 0; i < 2000; i++) {
      csv.append(i).append('\n');
    }
    write(dir, "big.csv", csv.toString());
    Map<String, Object> big = fileRow(rows(catalog(dir, Map.of("sampleRows", "10"), null),
        "files"), "big.csv");
    assertThat(big.get("row_count")).isNull();
    assertThat((Long) big.get("sampled_rows")).isBetween(1L, 1999L);
  }

  @Test
  void aFileThatCannotBeReadIsARowWithItsError() {
    write(dir, "bad.csv.gz", "this is not gzip\n");
    Catalog catalog = catalog(dir);
    Map<String, Object> bad = fileRow(rows(catalog, "files"), "bad.csv.gz");
    TableMetadata m = catalog.metadata(catalog.workspace().table(List.of(), "bad.csv.gz",
        "bad"));
    assertThat(m.failure()).isNotNull();
    assertThat(bad.get("error")).isEqualTo(m.failure().getMessage());
    assertThat(bad.get("table_name")).isEqualTo("bad");
    assertThat(bad.get("size_bytes")).isEqualTo(17L);
    for (String column : List.of("encoding", "encoding_confidence", "encoding_decided_by",
        "delimiter", "quote", "escape_char", "comment_char", "skipped_lines", "trimmed",
        "trailing_delimiter", "header", "line_ending", "dialect_confidence",
        "dialect_decided_by", "sampled_rows")) {
      assertThat(bad.get(column)).as(column).isNull();
    }
    assertThat(bad.get("column_count")).isEqualTo(0);
    assertThat(rows(catalog, "columns")).isEmpty();
  }

  @Test
  void aCsvwMetadataFileIsNamedWithItsWarnings() {
    write(dir, "s.csv", "a,b\n1,2\n");
    write(dir, "s.csv-metadata.json", "{\"@context\": \"http://www.w3.org/ns/csvw\", "
        + "\"url\": \"s.csv\", \"tableSchema\": {\"columns\": [{\"name\": \"x\"}]}}");
    Catalog catalog = catalog(dir);
    Map<String, Object> s = fileRow(rows(catalog, "files"), "s.csv");
    TableMetadata m = catalog.metadata(catalog.workspace().table(List.of(), "s.csv", "s"));
    assertThat(s.get("metadata_file")).isEqualTo("s.csv-metadata.json");
    assertThat(m.warnings()).hasSizeGreaterThan(0);
    assertThat(s.get("warnings")).isEqualTo(String.join(" | ", m.warnings()));
  }

  @Test
  void columnsHasOneRowPerColumnInOrder() {
    write(dir, "a.csv", "id,name,price\n1,x,2.50\n2,y,3.25\n");
    write(dir, "sub/b.csv", "k\nv\n");
    Catalog catalog = catalog(dir);
    List<Map<String, Object>> rows = rows(catalog, "columns");
    TableMetadata m = catalog.metadata(catalog.workspace().table(List.of(), "a.csv", "a"));
    assertThat(rows).hasSize(4);
    List<Map<String, Object>> a = rows.stream().filter(r -> r.get("path").equals("a.csv"))
        .toList();
    assertThat(a).extracting(r -> r.get("ordinal_position")).containsExactly(1, 2, 3);
    assertThat(a).extracting(r -> r.get("column_name")).containsExactly("id", "name", "price");
    assertThat(a).extracting(r -> r.get("data_type")).containsExactly("INTEGER", "VARCHAR",
        "DECIMAL(38, 2)");
    assertThat(a).extracting(r -> r.get("nullable")).containsOnly(true);
    assertThat(a).extracting(r -> r.get("schema_name")).containsOnly("main");
    assertThat(a).extracting(r -> r.get("table_name")).containsOnly("a");
    assertThat(a.get(0).get("type_decided_by")).isEqualTo(m.columns().get(0).decidedBy());
    Map<String, Object> b = rows.stream().filter(r -> r.get("path").equals("sub/b.csv"))
        .findFirst().orElseThrow();
    assertThat(b.get("schema_name")).isEqualTo("sub");
    assertThat(b.get("ordinal_position")).isEqualTo(1);
  }

  @Test
  void aFolderThatCannotBeListedIsARowOfFilesAndNoneOfColumns() throws IOException {
    Path root = folder(dir, "w");
    Catalog catalog = catalog(root);
    Files.delete(root);
    List<Map<String, Object>> files = rows(catalog, "files");
    assertThat(files).hasSize(1);
    Map<String, Object> r = files.get(0);
    assertThat(r.get("schema_name")).isEqualTo("main");
    assertThat(r.get("path")).isEqualTo("");
    assertThat((String) r.get("error")).contains("no longer exists");
    assertThat(r.entrySet().stream().filter(e -> e.getValue() != null).map(Map.Entry::getKey))
        .containsExactlyInAnyOrder("schema_name", "path", "error");
    assertThat(rows(catalog, "columns")).isEmpty();
  }

  @Test
  void eachQueryLooksAtTheDiskAnew() {
    Catalog catalog = catalog(dir);
    Table files = table(catalog, "files");
    assertThat(((ScannableTable) files).scan(null).count()).isZero();
    write(dir, "new.csv", "a\n1\n");
    assertThat(((ScannableTable) files).scan(null).count()).isEqualTo(1);
  }

  @Test
  void theRowTypesNameAndTypeEveryColumnNullable() {
    RelDataType files = table(catalog(dir), "files").getRowType(TYPES);
    assertThat(files.getFieldNames()).containsExactly("schema_name", "table_name", "path",
        "size_bytes", "modified", "encoding", "encoding_confidence", "encoding_decided_by",
        "delimiter", "quote", "escape_char", "comment_char", "skipped_lines", "trimmed",
        "trailing_delimiter", "header", "line_ending", "dialect_confidence",
        "dialect_decided_by", "column_count", "row_count", "sampled_rows", "metadata_file",
        "warnings", "error");
    assertThat(files.getFieldList()).allMatch(f -> f.getType().isNullable());
    assertThat(type(files, "modified")).isEqualTo(SqlTypeName.TIMESTAMP);
    assertThat(files.getField("modified", true, false).getType().getPrecision()).isEqualTo(3);
    assertThat(type(files, "size_bytes")).isEqualTo(SqlTypeName.BIGINT);
    assertThat(type(files, "trimmed")).isEqualTo(SqlTypeName.BOOLEAN);
    assertThat(type(files, "encoding_confidence")).isEqualTo(SqlTypeName.DOUBLE);
    assertThat(type(files, "column_count")).isEqualTo(SqlTypeName.INTEGER);
    RelDataType columns = table(catalog(dir), "columns").getRowType(TYPES);
    assertThat(columns.getFieldNames()).containsExactly("schema_name", "table_name", "path",
        "ordinal_position", "column_name", "data_type", "nullable", "type_decided_by");
    assertThat(columns.getFieldList()).allMatch(f -> f.getType().isNullable());
    assertThat(type(columns, "nullable")).isEqualTo(SqlTypeName.BOOLEAN);
  }

  private static SqlTypeName type(RelDataType row, String name) {
    RelDataTypeField f = row.getField(name, true, false);
    return f.getType().getSqlTypeName();
  }

  @Test
  void functionsListsTheCatalogueAsNonNullText() {
    Table functions = table(catalog(dir), "functions");
    RelDataType type = functions.getRowType(TYPES);
    assertThat(type.getFieldNames()).containsExactly("name", "kind", "signature",
        "return_type", "description", "topic", "source");
    assertThat(type.getFieldList()).allMatch(f -> !f.getType().isNullable()
        && f.getType().getSqlTypeName() == SqlTypeName.VARCHAR);
    List<Object[]> rows = ((ScannableTable) functions).scan(null).toList();
    List<FunctionCatalog.Function> catalogue = FunctionCatalog.instance().functions();
    assertThat(rows).hasSize(catalogue.size());
    FunctionCatalog.Function f = catalogue.get(0);
    assertThat(rows.get(0)).containsExactly(f.name(), f.kind(), f.signature(), f.returnType(),
        f.description(), f.topic(), f.source());
    assertThat(functions.getJdbcTableType()).isEqualTo(Schema.TableType.SYSTEM_TABLE);
  }

  @Test
  void theSystemTablesAreQueriedWithSql() throws SQLException {
    write(dir, "a.csv", "id,name\n1,x\n");
    try (Connection c = ModelConnection.open(dir)) {
      assertThat(ModelConnection.rows(c, "SELECT kind, source FROM csvws.functions "
          + "WHERE name = 'MEDIAN'")).containsExactly(List.of("aggregate", "csvws"));
      assertThat(ModelConnection.rows(c, "SELECT table_name, column_count FROM csvws.files"))
          .containsExactly(List.of("a", "2"));
      assertThat(ModelConnection.rows(c, "SELECT column_name FROM csvws.columns "
          + "ORDER BY ordinal_position")).containsExactly(List.of("id"), List.of("name"));
    }
  }

  @Test
  void schemaNamesAreMainOrTheDottedFolderPath() {
    write(dir, "x/y/z.csv", "a\n1\n");
    write(dir, "r.csv", "a\n1\n");
    Catalog catalog = catalog(dir);
    assertThat(SystemSchema.schemaName(catalog.workspace().table(List.of("x", "y"), "z.csv",
        "z"))).isEqualTo("x.y");
    assertThat(SystemSchema.schemaName(catalog.workspace().table(List.of(), "r.csv", "r")))
        .isEqualTo("main");
    assertThat(SystemSchema.describe('\t')).isEqualTo("\\t");
    assertThat(SystemSchema.describe('|')).isEqualTo("|");
  }

  @Test
  void aFileGoneSinceItsFolderWasListedIsNoRow() {
    write(dir, "a.csv", "a\n1\n");
    write(dir, "b.csv", "b\n2\n");
    settle(dir);
    Catalog catalog = catalog(dir);
    assertThat(rows(catalog, "files")).hasSize(2);
    changeBehindTheListing(dir, () -> Files.delete(dir.resolve("b.csv")));
    assertThat(rows(catalog, "files")).extracting(r -> r.get("path")).containsExactly("a.csv");
    assertThat(rows(catalog, "columns")).extracting(r -> r.get("column_name"))
        .containsExactly("a");
  }
}
