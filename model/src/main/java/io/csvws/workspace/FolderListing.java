package io.csvws.workspace;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The table files and sub-folders of one workspace folder, with their names.
 *
 * @param folder the folder's real path
 * @param schemaPath folder names from the root to this folder
 * @param tables table name to file name, in file-name order
 * @param folders schema name to folder name, in folder-name order
 */
public record FolderListing(Path folder, List<String> schemaPath, Map<String, String> tables,
    Map<String, String> folders) {

  public FolderListing {
    schemaPath = List.copyOf(schemaPath);
    tables = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(tables));
    folders = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(folders));
  }
}
