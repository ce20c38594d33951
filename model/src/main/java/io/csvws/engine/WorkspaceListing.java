package io.csvws.engine;

import io.csvws.schema.WorkspaceFiles;
import java.util.List;

/**
 * The table files of a workspace as a list to page through, for tools that show a big workspace a
 * page at a time: listing costs the folder listings (kept while each folder is unchanged) and
 * reads or stats no file; only the files of a page asked for are looked up and inspected.
 * Made by {@link Session#files()}.
 */
public final class WorkspaceListing {
  private final WorkspaceFiles files;

  WorkspaceListing(WorkspaceFiles files) {
    this.files = files;
  }

  /** How many table files there are. */
  public int size() {
    return files.size();
  }

  /** Folders that could not be listed, as {@code path: why}. */
  public List<String> folderErrors() {
    return files.folderErrors();
  }

  /**
   * The {@code csvws.files} rows (same columns, same order) of up to {@code count} files from
   * {@code offset}, in path order, inspecting those not yet known in parallel.
   */
  public List<Object[]> rows(int offset, int count) {
    return files.rows(offset, count);
  }
}
