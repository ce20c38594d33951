package io.csvws.schema;

import io.csvws.error.CsvwsException;
import io.csvws.workspace.FolderListing;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Every folder of a workspace with its dotted schema name, breadth first, within bounds so that a
 * huge or looping tree (symlinks to an ancestor) cannot stall a metadata call. A folder that a
 * symlink inside the workspace also reaches is listed under each of its names.
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
    Deque<Pending> queue = new ArrayDeque<>();
    queue.add(new Pending("", List.of(), List.of()));
    while (!queue.isEmpty() && out.size() < MAX_FOLDERS) {
      Pending p = queue.poll();
      String name = p.dotted.isEmpty() ? WorkspaceSchema.DEFAULT_SCHEMA : p.dotted;
      FolderListing listing;
      try {
        listing = catalog.workspace().list(p.folderNames);
      } catch (CsvwsException failure) {
        // One unreadable sub-folder must not hide the rest of the workspace; callers report it.
        out.add(new Folder(name, p.folderNames, null, failure.getMessage()));
        continue;
      }
      // A folder reached again below itself (a symlink to an ancestor) would nest forever; a
      // folder also reached through a symlink elsewhere is listed under both names.
      if (listing == null || p.ancestors.contains(listing.folder())) {
        continue;
      }
      out.add(new Folder(name, p.folderNames, listing, null));
      if (p.folderNames.size() >= MAX_DEPTH) {
        continue;
      }
      List<Path> ancestors = new ArrayList<>(p.ancestors);
      ancestors.add(listing.folder());
      for (Map.Entry<String, String> child : listing.folders().entrySet()) {
        List<String> names = new ArrayList<>(p.folderNames);
        names.add(child.getValue());
        String dotted = p.dotted.isEmpty() ? child.getKey() : p.dotted + "." + child.getKey();
        queue.add(new Pending(dotted, names, ancestors));
      }
    }
    return out;
  }

  /** A folder still to list, with the real paths of the folders above it. */
  private record Pending(String dotted, List<String> folderNames, List<Path> ancestors) {
  }

}
