package io.csvws.schema;

import io.csvws.planner.SystemTableScan;
import io.csvws.csvw.CsvwSidecar;
import io.csvws.dialect.Dialect;
import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.TableFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The {@value #NAME} schema: what csvws knows about the workspace, as SQL.
 *
 * <ul>
 *   <li>{@code csvws.files}: one row per table file: where it is, how it is read (encoding,
 *       delimiter, quote, header, line ends, with the confidence of each guess), how many columns
 *       and rows, and warnings;</li>
 *   <li>{@code csvws.columns}: one row per column: position, name, SQL type and how the type was
 *       decided;</li>
 *   <li>{@code csvws.functions}: the functions and operators of csvws's SQL
 *       ({@link FunctionsTable}).</li>
 * </ul>
 * Each query looks at the disk anew; files are inspected through the metadata cache, so an
 * unchanged file is read once, and files not yet known are inspected in parallel. A file or
 * folder that cannot be read is a row with an {@code error}.
 */
final class SystemSchema extends BaseSchema {
  static final String NAME = "csvws";
  /** The names of its tables. */
  static final List<String> TABLE_NAMES = List.of("columns", "files", "functions");

  private final Catalog catalog;

  SystemSchema(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public Lookup<Table> tables() {
    Map<String, Table> tables = Map.of("files", new FilesTable(), "columns", new ColumnsTable(),
        "functions", new FunctionsTable());
    return new Lookup<>() {
      @Override
      public Table get(String name) {
        return tables.get(name);
      }

      @Override
      public Named<Table> getIgnoreCase(String name) {
        for (Map.Entry<String, Table> e : tables.entrySet()) {
          if (e.getKey().equalsIgnoreCase(name)) {
            return new Named<>(e.getKey(), e.getValue());
          }
        }
        return null;
      }

      @Override
      public java.util.Set<String> getNames(LikePattern pattern) {
        java.util.Set<String> names = new java.util.TreeSet<>(tables.keySet());
        names.removeIf(n -> !pattern.matcher().apply(n));
        return names;
      }
    };
  }

  @Override
  public Lookup<? extends Schema> subSchemas() {
    return Lookup.empty();
  }

  /** Calls {@code action} with every table file and its metadata, and folders that failed. */
  private void forEachFile(BiConsumer<TableFile, TableMetadata> action,
      BiConsumer<FolderWalk.Folder, String> folderError) {
    for (FolderWalk.Folder folder : FolderWalk.walk(catalog)) {
      if (folder.listing() == null) {
        folderError.accept(folder, folder.error());
        continue;
      }
      List<TableFile> files = new ArrayList<>();
      for (Map.Entry<String, String> t : folder.listing().tables().entrySet()) {
        TableFile file = catalog.workspace().table(folder.listing(), t.getValue(), t.getKey());
        if (file != null) {
          files.add(file);
        }
      }
      // Files not yet known are inspected in parallel; each is inspected once per change.
      List<TableMetadata> metadata = MetadataPrefetch.metadata(catalog, files);
      for (int i = 0; i < files.size(); i++) {
        action.accept(files.get(i), metadata.get(i));
      }
    }
  }

  /** The {@code csvws.files} row of a table file and its metadata, in the table's column order. */
  static Object[] fileRow(TableFile file, TableMetadata m) {
    Dialect d = m.dialect();
    boolean failed = m.failure() != null;
    return new Object[] {
        schemaName(file), file.tableName(), file.relativePath(), file.fingerprint().size(),
        TimeUnit.NANOSECONDS.toMillis(file.fingerprint().modifiedNanos()),
        failed ? null : m.encoding().charset().name(),
        failed ? null : m.encoding().confidence(),
        failed ? null : m.encoding().decidedBy(),
        failed ? null : describe(d.delimiter()),
        failed ? null : (d.quote() < 0 ? null : String.valueOf((char) d.quote())),
        failed ? null : (d.escape() < 0 ? null : String.valueOf((char) d.escape())),
        failed ? null : (d.comment() < 0 ? null : String.valueOf((char) d.comment())),
        failed ? null : d.skipLines(), failed ? null : d.trim(),
        failed ? null : d.trailingDelimiter(),
        failed ? null : d.header(), failed ? null : d.lineEnding().name(),
        failed ? null : d.confidence(), failed ? null : d.decidedBy(),
        m.columns().size(), m.rowCount() < 0 ? null : m.rowCount(),
        failed ? null : m.sampledRows(),
        CsvwSidecar.stampOf(file).isPresent() ? file.relativePath() + CsvwSidecar.SUFFIX
            : null,
        m.warnings().isEmpty() ? null : String.join(" | ", m.warnings()),
        failed ? m.failure().getMessage() : null};
  }

  static String schemaName(TableFile f) {
    return f.schemaPath().isEmpty() ? WorkspaceSchema.DEFAULT_SCHEMA
        : String.join(".", f.schemaPath());
  }

  /** A system table: scanned by {@link SystemTableScan}. */
  private abstract static class SystemTable extends AbstractTable
      implements ScannableTable, TranslatableTable {
    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
      return new SystemTableScan(context.getCluster(), relOptTable, this);
    }

    @Override
    public Schema.TableType getJdbcTableType() {
      return Schema.TableType.SYSTEM_TABLE;
    }
  }

  /** {@code csvws.files}. */
  private final class FilesTable extends SystemTable {
    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      return new Columns(f)
          .add("schema_name", SqlTypeName.VARCHAR).add("table_name", SqlTypeName.VARCHAR)
          .add("path", SqlTypeName.VARCHAR).add("size_bytes", SqlTypeName.BIGINT)
          .add("modified", SqlTypeName.TIMESTAMP).add("encoding", SqlTypeName.VARCHAR)
          .add("encoding_confidence", SqlTypeName.DOUBLE)
          .add("encoding_decided_by", SqlTypeName.VARCHAR)
          .add("delimiter", SqlTypeName.VARCHAR).add("quote", SqlTypeName.VARCHAR)
          .add("escape_char", SqlTypeName.VARCHAR).add("comment_char", SqlTypeName.VARCHAR)
          .add("skipped_lines", SqlTypeName.INTEGER).add("trimmed", SqlTypeName.BOOLEAN)
          .add("trailing_delimiter", SqlTypeName.BOOLEAN)
          .add("header", SqlTypeName.BOOLEAN).add("line_ending", SqlTypeName.VARCHAR)
          .add("dialect_confidence", SqlTypeName.DOUBLE)
          .add("dialect_decided_by", SqlTypeName.VARCHAR)
          .add("column_count", SqlTypeName.INTEGER).add("row_count", SqlTypeName.BIGINT)
          .add("sampled_rows", SqlTypeName.BIGINT).add("metadata_file", SqlTypeName.VARCHAR)
          .add("warnings", SqlTypeName.VARCHAR).add("error", SqlTypeName.VARCHAR).build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      List<Object[]> rows = new ArrayList<>();
      forEachFile((file, m) -> rows.add(fileRow(file, m)),
          (folder, error) -> rows.add(new Object[] {
          folder.schemaName(), null, String.join("/", folder.folderNames()), null, null, null,
          null, null, null, null, null, null, null, null, null, null, null, null, null, null,
          null, null, null, null, error}));
      return Linq4j.asEnumerable(rows);
    }
  }

  /** {@code csvws.columns}. */
  private final class ColumnsTable extends SystemTable {
    @Override
    public RelDataType getRowType(RelDataTypeFactory f) {
      return new Columns(f)
          .add("schema_name", SqlTypeName.VARCHAR).add("table_name", SqlTypeName.VARCHAR)
          .add("path", SqlTypeName.VARCHAR).add("ordinal_position", SqlTypeName.INTEGER)
          .add("column_name", SqlTypeName.VARCHAR).add("data_type", SqlTypeName.VARCHAR)
          .add("nullable", SqlTypeName.BOOLEAN).add("type_decided_by", SqlTypeName.VARCHAR)
          .build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
      List<Object[]> rows = new ArrayList<>();
      forEachFile((file, m) -> {
        int ordinal = 0;
        for (ColumnInfo c : m.columns()) {
          rows.add(new Object[] {schemaName(file), file.tableName(), file.relativePath(),
              ++ordinal, c.name(), c.type().sqlName(c.format().scale()), true, c.decidedBy()});
        }
      }, (folder, error) -> { });
      return Linq4j.asEnumerable(rows);
    }
  }

  static String describe(char delimiter) {
    return delimiter == '\t' ? "\\t" : String.valueOf(delimiter);
  }

  /** A row type of nullable columns, built column by column. */
  private static final class Columns {
    private final RelDataTypeFactory factory;
    private final RelDataTypeFactory.Builder builder;

    Columns(RelDataTypeFactory factory) {
      this.factory = factory;
      this.builder = factory.builder();
    }

    Columns add(String name, SqlTypeName type) {
      RelDataType t = type == SqlTypeName.TIMESTAMP ? factory.createSqlType(type, 3)
          : factory.createSqlType(type);
      builder.add(name, factory.createTypeWithNullability(t, true));
      return this;
    }

    RelDataType build() {
      return builder.build();
    }
  }
}
