package io.csvws.schema;

import io.csvws.error.CsvwsException;
import io.csvws.workspace.FolderListing;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every folder of a workspace with its dotted schema name, breadth first, within bounds so that a
 * huge or looping tree (symlinks to an ancestor) cannot stall a metadata call.
 */
final class FolderWalk {
  static final int MAX_DEPTH = 32;
  static final int MAX_FOLDERS = 10_000;

  /**
   * One folder.
   *
   * @param schemaName its dotted schema path ({@code main} for the root, {@code sales.eu} below)
   * @param folderNames file-system names from the root
   * @param listing its tables and sub-folders; null when it cannot be listed
   * @param error why it cannot be listed, or null
   */
  record Folder(String schemaName, List<String> folderNames, FolderListing listing,
      String error) {
  }

  private FolderWalk() {
  }

  static List<Folder> walk(Catalog catalog) {
    List<Folder> out = new ArrayList<>();
    Deque<Map.Entry<String, List<String>>> queue = new ArrayDeque<>();
    queue.add(Map.entry("", List.of()));
    Set<Path> seen = new HashSet<>();
    while (!queue.isEmpty() && out.size() < MAX_FOLDERS) {
      Map.Entry<String, List<String>> e = queue.poll();
      String name = e.getKey().isEmpty() ? WorkspaceSchema.DEFAULT_SCHEMA : e.getKey();
      FolderListing listing;
      try {
        listing = catalog.workspace().list(e.getValue());
      } catch (CsvwsException failure) {
        // One unreadable sub-folder must not hide the rest of the workspace; callers report it.
        out.add(new Folder(name, e.getValue(), null, failure.getMessage()));
        continue;
      }
      if (listing == null || !seen.add(listing.folder())) {
        continue;
      }
      out.add(new Folder(name, e.getValue(), listing, null));
      if (e.getValue().size() >= MAX_DEPTH) {
        continue;
      }
      for (Map.Entry<String, String> child : listing.folders().entrySet()) {
        List<String> names = new ArrayList<>(e.getValue());
        names.add(child.getValue());
        String dotted = e.getKey().isEmpty() ? child.getKey() : e.getKey() + "." + child.getKey();
        queue.add(Map.entry(dotted, names));
      }
    }
    return out;
  }
}
