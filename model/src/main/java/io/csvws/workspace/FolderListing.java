package io.csvws.workspace;

import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The table files and sub-folders of one workspace folder, with their names, indexed so that a
 * name (exact or ignoring case) or a file name is found in constant time however many files the
 * folder holds. Immutable and thread-safe.
 */
public final class FolderListing {
  private final Path folder;
  private final List<String> schemaPath;
  private final Map<String, String> tables;
  private final Map<String, String> folders;
  private final boolean hasLinks;
  private final Map<String, String> tablesByLowerName;
  private final Map<String, String> foldersByLowerName;
  private final Map<String, String> tableByFileName;

  /**
   * @param folder the folder's real path
   * @param schemaPath folder names from the root to this folder
   * @param tables table name to file name, in file-name order
   * @param folders schema name to folder name, in folder-name order
   */
  public FolderListing(Path folder, List<String> schemaPath, Map<String, String> tables,
      Map<String, String> folders) {
    this(folder, schemaPath, tables, folders, false);
  }

  FolderListing(Path folder, List<String> schemaPath, Map<String, String> tables,
      Map<String, String> folders, boolean hasLinks) {
    this.folder = folder;
    this.schemaPath = List.copyOf(schemaPath);
    this.tables = Collections.unmodifiableMap(new LinkedHashMap<>(tables));
    this.folders = Collections.unmodifiableMap(new LinkedHashMap<>(folders));
    this.hasLinks = hasLinks;
    this.tablesByLowerName = lowerCaseIndex(this.tables);
    this.foldersByLowerName = lowerCaseIndex(this.folders);
    Map<String, String> byFile = new HashMap<>();
    for (Map.Entry<String, String> e : this.tables.entrySet()) {
      byFile.put(e.getValue(), e.getKey());
    }
    this.tableByFileName = byFile;
  }

  /** The folder's real path. */
  public Path folder() {
    return folder;
  }

  /** Folder names from the root to this folder. */
  public List<String> schemaPath() {
    return schemaPath;
  }

  /** Table name to file name, in file-name order. */
  public Map<String, String> tables() {
    return tables;
  }

  /** Schema name to folder name, in folder-name order. */
  public Map<String, String> folders() {
    return folders;
  }

  /**
   * Whether an entry was a symbolic link: its target can change without the folder changing, so
   * such a listing is not reused on the strength of the folder's modification time alone.
   */
  boolean hasLinks() {
    return hasLinks;
  }

  /** The table name matching {@code name} ignoring case, or null (names are unique so). */
  public String tableNameIgnoringCase(String name) {
    return tablesByLowerName.get(name.toLowerCase(Locale.ROOT));
  }

  /** The schema name matching {@code name} ignoring case, or null. */
  public String folderNameIgnoringCase(String name) {
    return foldersByLowerName.get(name.toLowerCase(Locale.ROOT));
  }

  /** The table name of the file {@code fileName}, or null if it is not a table here. */
  public String tableOfFile(String fileName) {
    return tableByFileName.get(fileName);
  }

  private static Map<String, String> lowerCaseIndex(Map<String, String> names) {
    Map<String, String> m = new HashMap<>();
    // TableNaming makes names unique ignoring case, so no two keys collide.
    for (String n : names.keySet()) {
      m.putIfAbsent(n.toLowerCase(Locale.ROOT), n);
    }
    return m;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FolderListing l && folder.equals(l.folder)
        && schemaPath.equals(l.schemaPath) && tables.equals(l.tables) && folders.equals(l.folders);
  }

  @Override
  public int hashCode() {
    return Objects.hash(folder, schemaPath, tables, folders);
  }

  @Override
  public String toString() {
    return "FolderListing[" + folder + ", " + tables.size() + " tables, " + folders.size()
        + " folders]";
  }
}
