package io.csvws.schema;

import io.csvws.workspace.FolderListing;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.apache.calcite.schema.Schema;

/**
 * The tables of a workspace as JDBC's {@code getTables} lists them, read from the folder listings
 * alone: no table object is made, no file is stat'ed or read, so listing a folder of 10,000 files
 * costs its listing (kept while the folder is unchanged) and a sort.
 *
 * <p>It lists what Calcite's own walk over {@link WorkspaceSchema} lists: the schemas the
 * workspace schema names ({@code main}, {@code csvws} and every folder by its dotted path, each
 * resolved as a query would resolve it), and in each the tables its lookup names.
 */
public final class TableListing {
  /** JDBC's order: TABLE_TYPE, then TABLE_SCHEM, then TABLE_NAME (the catalog is the same). */
  private static final Comparator<Table> JDBC_ORDER =
      Comparator.comparing((Table t) -> t.type().jdbcName).thenComparing(Table::schema)
          .thenComparing(Table::name);

  private TableListing() {
  }

  /**
   * One table.
   *
   * @param schema its schema name, such as {@code main} or {@code sales.eu}
   * @param name its table name
   * @param type {@code TABLE} for a file, {@code SYSTEM TABLE} for the {@code csvws} tables
   */
  public record Table(String schema, String name, Schema.TableType type) {
  }

  /**
   * The tables whose schema name and table name match, in JDBC order.
   *
   * @throws io.csvws.error.CsvwsException if the workspace's root folder cannot be listed
   */
  public static List<Table> tables(Catalog catalog, Predicate<String> schemaName,
      Predicate<String> tableName) {
    WorkspaceSchema workspace = new WorkspaceSchema(catalog);
    List<Table> out = new ArrayList<>();
    for (String schema : workspace.schemaNames()) {
      if (!schemaName.test(schema)) {
        continue;
      }
      Schema s = workspace.subSchemas().get(schema);
      if (s instanceof SystemSchema) {
        for (String name : SystemSchema.TABLE_NAMES) {
          if (tableName.test(name)) {
            out.add(new Table(schema, name, Schema.TableType.SYSTEM_TABLE));
          }
        }
      } else if (s instanceof FolderSchema folder) {
        FolderListing listing = folder.listing();
        if (listing == null) {
          continue; // removed since its name was read
        }
        for (String name : listing.tables().keySet()) {
          if (tableName.test(name)) {
            out.add(new Table(schema, name, Schema.TableType.TABLE));
          }
        }
      }
    }
    out.sort(JDBC_ORDER);
    return out;
  }
}
