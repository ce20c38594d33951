package io.csvws.workspace;

import java.nio.file.Path;
import java.util.List;

/**
 * One file the workspace exposes as a table, as it was on disk when it was looked up.
 *
 * @param path the file's real path, inside the workspace root
 * @param relativePath the path from the workspace root, with {@code /} separators, for messages
 * @param schemaPath the folder names from the root to the file's folder (empty at the root)
 * @param tableName the table name, unique in its folder ignoring case (see {@link TableNaming})
 * @param kind the extension's kind
 * @param gzip whether the file is gzip-compressed
 * @param fingerprint size and modification time; a change means the file must be read again
 */
public record TableFile(Path path, String relativePath, List<String> schemaPath, String tableName,
    FileKind kind, boolean gzip, FileFingerprint fingerprint) {

  public TableFile {
    schemaPath = List.copyOf(schemaPath);
  }

  /** The same file at another version. */
  public TableFile at(FileFingerprint version) {
    return new TableFile(path, relativePath, schemaPath, tableName, kind, gzip, version);
  }
}
