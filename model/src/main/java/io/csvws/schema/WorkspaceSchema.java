package io.csvws.schema;

import io.csvws.workspace.FolderListing;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

/**
 * The root of a connection's schemas.
 *
 * <p>It holds {@value #DEFAULT_SCHEMA}, the workspace root folder and the connection's default
 * schema, in which sub-folders nest ({@code data/sales/q1.csv} is {@code data.sales.q1}). Every
 * sub-folder is also listed here under its dotted path ({@code "data.sales"}), so JDBC metadata,
 * which lists one level of schemas, shows every folder, and a tool that quotes the schema name it
 * was given ({@code "data.sales"."q1"}) reaches it. A top-level folder that is itself named
 * {@value #DEFAULT_SCHEMA} is reached as {@code main.main}. The system schema
 * {@value SystemSchema#NAME} describes the files and columns; a top-level folder of that name is
 * reached as {@code main.csvws}.
 */
public final class WorkspaceSchema extends BaseSchema {
  /** The schema of files at the workspace root, and the default schema of every connection. */
  public static final String DEFAULT_SCHEMA = "main";
  private final Catalog catalog;
  private final FolderSchema root;
  private final SystemSchema system;

  public WorkspaceSchema(Catalog catalog) {
    this.catalog = catalog;
    this.root = new FolderSchema(catalog, List.of());
    this.system = new SystemSchema(catalog);
  }

  public Catalog catalog() {
    return catalog;
  }

  @Override
  public Lookup<Table> tables() {
    return Lookup.empty();
  }

  @Override
  public Lookup<? extends Schema> subSchemas() {
    return new Lookup<Schema>() {
      @Override
      public Schema get(String name) {
        return resolve(name, false);
      }

      @Override
      public Named<Schema> getIgnoreCase(String name) {
        Schema s = resolve(name, true);
        return s == null ? null : new Named<>(name, s);
      }

      @Override
      public Set<String> getNames(LikePattern pattern) {
        Set<String> names = schemaNames();
        names.removeIf(n -> !pattern.matcher().apply(n));
        return names;
      }
    };
  }

  /** Every schema name, sorted: {@value #DEFAULT_SCHEMA}, the system schema and every folder. */
  Set<String> schemaNames() {
    Set<String> names = new TreeSet<>();
    names.add(DEFAULT_SCHEMA);
    names.add(SystemSchema.NAME);
    names.addAll(dottedFolderNames());
    return names;
  }

  private Schema resolve(String name, boolean ignoreCase) {
    if (ignoreCase ? name.equalsIgnoreCase(DEFAULT_SCHEMA) : name.equals(DEFAULT_SCHEMA)) {
      return root;
    }
    if (ignoreCase ? name.equalsIgnoreCase(SystemSchema.NAME) : name.equals(SystemSchema.NAME)) {
      return system;
    }
    return descend(root, name, ignoreCase);
  }

  /**
   * Resolves a dotted folder path below {@code from}. Folder names may themselves contain dots,
   * so each prefix of the remaining path is tried, shortest first.
   */
  private FolderSchema descend(FolderSchema from, String path, boolean ignoreCase) {
    FolderListing listing = from.listing();
    if (listing == null) {
      return null;
    }
    int dot = -1;
    do {
      dot = path.indexOf('.', dot + 1);
      String head = dot < 0 ? path : path.substring(0, dot);
      String folder = find(listing, head, ignoreCase);
      if (folder != null) {
        FolderSchema child = from.child(folder);
        if (dot < 0) {
          return child;
        }
        FolderSchema deeper = descend(child, path.substring(dot + 1), ignoreCase);
        if (deeper != null) {
          return deeper;
        }
      }
    } while (dot >= 0);
    return null;
  }

  private static String find(FolderListing listing, String name, boolean ignoreCase) {
    String schema = ignoreCase ? listing.folderNameIgnoringCase(name) : name;
    return schema == null ? null : listing.folders().get(schema);
  }

  /** Every folder below the root by dotted schema path. */
  private List<String> dottedFolderNames() {
    List<String> out = new ArrayList<>();
    for (FolderWalk.Folder f : FolderWalk.walk(catalog)) {
      if (f.listing() != null && !f.folderNames().isEmpty() && !f.schemaName().equalsIgnoreCase(DEFAULT_SCHEMA)
          && !f.schemaName().equalsIgnoreCase(SystemSchema.NAME)) {
        out.add(f.schemaName());
      }
    }
    return out;
  }
}
