package io.csvws.schema;

import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.FolderListing;
import io.csvws.workspace.TableFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The table files of a workspace as a list to page through, for tools that show a big workspace a
 * page at a time: listing them costs the folder listings (kept while each folder is unchanged) and
 * reads or stats no file; only the files of the page shown are looked up and inspected, as
 * {@code csvws.files} would describe them.
 */
public final class WorkspaceFiles {
  private final Catalog catalog;
  private final List<Entry> files;
  private final List<String> folderErrors;

  /** A table file as its folder's listing names it. */
  private record Entry(FolderListing listing, String fileName, String tableName,
      String relativePath) {
  }

  private WorkspaceFiles(Catalog catalog, List<Entry> files, List<String> folderErrors) {
    this.catalog = catalog;
    this.files = files;
    this.folderErrors = folderErrors;
  }

  /** Lists every table file of the catalog's workspace, by path, without reading any. */
  public static WorkspaceFiles list(Catalog catalog) {
    List<Entry> files = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    for (FolderWalk.Folder folder : FolderWalk.walk(catalog)) {
      if (folder.listing() == null) {
        errors.add(String.join("/", folder.folderNames()) + ": " + folder.error());
        continue;
      }
      String prefix = folder.folderNames().isEmpty() ? ""
          : String.join("/", folder.folderNames()) + "/";
      for (Map.Entry<String, String> t : folder.listing().tables().entrySet()) {
        files.add(new Entry(folder.listing(), t.getValue(), t.getKey(), prefix + t.getValue()));
      }
    }
    files.sort(Comparator.comparing(Entry::relativePath));
    return new WorkspaceFiles(catalog, List.copyOf(files), List.copyOf(errors));
  }

  /** How many table files there are. */
  public int size() {
    return files.size();
  }

  /** Folders that could not be listed, as {@code path: why}. */
  public List<String> folderErrors() {
    return folderErrors;
  }

  /**
   * The {@code csvws.files} rows (same columns, same order) of up to {@code count} files from
   * {@code offset}, inspecting those not yet known in parallel.
   */
  public List<Object[]> rows(int offset, int count) {
    int from = Math.max(0, Math.min(offset, files.size()));
    List<TableFile> page = new ArrayList<>();
    // In long: a count such as Integer.MAX_VALUE ("all of them") must not wrap below from.
    int to = (int) Math.min(files.size(), (long) from + Math.max(0, count));
    for (Entry e : files.subList(from, to)) {
      TableFile f = catalog.workspace().table(e.listing(), e.fileName(), e.tableName());
      if (f != null) { // else removed since the folder was listed
        page.add(f);
      }
    }
    List<TableMetadata> metadata = MetadataPrefetch.metadata(catalog, page);
    List<Object[]> out = new ArrayList<>();
    for (int i = 0; i < page.size(); i++) {
      out.add(SystemSchema.fileRow(page.get(i), metadata.get(i)));
    }
    return out;
  }
}
