package io.csvws.schema;

import io.csvws.workspace.FileKind;
import io.csvws.workspace.FolderListing;
import io.csvws.workspace.TableFile;
import java.util.List;
import java.util.Set;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

/**
 * One workspace folder as a schema: its table files are tables and its sub-folders are schemas.
 *
 * <p>Each statement looks at the folder anew (through the workspace's kept listings, which one
 * stat of the folder revalidates), so the next statement sees files that were added, changed or
 * removed; within one lookup the listing is read once ({@link NameLookup}). Besides table names,
 * a table can be named by its path relative to this folder, such as {@code "sales/q1.csv"}.
 * Immutable and thread-safe.
 */
public final class FolderSchema extends BaseSchema {
  private final Catalog catalog;
  private final List<String> folderNames;

  /** @param folderNames file-system names of the folders from the root to this one */
  public FolderSchema(Catalog catalog, List<String> folderNames) {
    this.catalog = catalog;
    this.folderNames = List.copyOf(folderNames);
  }

  public List<String> folderNames() {
    return folderNames;
  }

  FolderListing listing() {
    return catalog.workspace().list(folderNames);
  }

  @Override
  public Lookup<Table> tables() {
    Lookup<Table> byName = new NameLookup<>(true) {
      @Override
      FolderListing readListing() {
        return listing();
      }

      @Override
      Table create(FolderListing listing, String name, String fileName) {
        return table(listing, name, fileName);
      }
    };
    return new Lookup<>() {
      @Override
      public Table get(String name) {
        Table t = byPath(name);
        return t != null ? t : byName.get(name);
      }

      @Override
      public Named<Table> getIgnoreCase(String name) {
        Table t = byPath(name);
        return t != null ? new Named<>(name, t) : byName.getIgnoreCase(name);
      }

      @Override
      public Set<String> getNames(LikePattern pattern) {
        return byName.getNames(pattern);
      }
    };
  }

  private Table table(FolderListing listing, String name, String fileName) {
    TableFile f = catalog.workspace().table(listing, fileName, name);
    return f == null ? null : new CsvwsTable(catalog, f);
  }

  /** A table named by a relative path such as {@code data/q1.csv}, or null. */
  private Table byPath(String name) {
    if (!looksLikePath(name)) {
      return null;
    }
    TableFile f = catalog.workspace().resolvePath(folderNames, name);
    return f == null ? null : new CsvwsTable(catalog, f);
  }

  static boolean looksLikePath(String name) {
    return name.indexOf('/') >= 0 || name.indexOf('\\') >= 0 || name.startsWith("..")
        || (name.indexOf('.') > 0 && FileKind.of(name) != null);
  }

  @Override
  public Lookup<? extends Schema> subSchemas() {
    return new NameLookup<FolderSchema>(false) {
      @Override
      FolderListing readListing() {
        return listing();
      }

      @Override
      FolderSchema create(FolderListing listing, String name, String folder) {
        return child(folder);
      }
    };
  }

  FolderSchema child(String folderName) {
    List<String> names = new java.util.ArrayList<>(folderNames);
    names.add(folderName);
    return new FolderSchema(catalog, names);
  }
}
