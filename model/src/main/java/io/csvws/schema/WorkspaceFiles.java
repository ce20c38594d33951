package io.csvws.schema;

import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.TableFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The table files of a workspace as a list to page through, for tools that show a big workspace a
 * page at a time: listing them costs the folder listings and one stat per file and reads no file;
 * only the files of the page shown are inspected, as {@code csvws.files} would describe them.
 */
public final class WorkspaceFiles {
  private final Catalog catalog;
  private final List<TableFile> files;
  private final List<String> folderErrors;

  private WorkspaceFiles(Catalog catalog, List<TableFile> files, List<String> folderErrors) {
    this.catalog = catalog;
    this.files = files;
    this.folderErrors = folderErrors;
  }

  /** Lists every table file of the catalog's workspace, by path, without reading any. */
  public static WorkspaceFiles list(Catalog catalog) {
    List<TableFile> files = new ArrayList<>();
    List<String> errors = new ArrayList<>();
    for (FolderWalk.Folder folder : FolderWalk.walk(catalog)) {
      if (folder.listing() == null) {
        errors.add(String.join("/", folder.folderNames()) + ": " + folder.error());
        continue;
      }
      for (Map.Entry<String, String> t : folder.listing().tables().entrySet()) {
        TableFile f = catalog.workspace().table(folder.listing(), t.getValue(), t.getKey());
        if (f != null) {
          files.add(f);
        }
      }
    }
    files.sort(Comparator.comparing(TableFile::relativePath));
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
    List<TableFile> page = files.subList(from, Math.min(files.size(), from + Math.max(0, count)));
    List<TableMetadata> metadata = MetadataPrefetch.metadata(catalog, page);
    List<Object[]> out = new ArrayList<>();
    for (int i = 0; i < page.size(); i++) {
      out.add(SystemSchema.fileRow(page.get(i), metadata.get(i)));
    }
    return out;
  }
}
