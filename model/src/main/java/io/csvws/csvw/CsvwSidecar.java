package io.csvws.csvw;

import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A W3C CSVW metadata file that describes one table file: {@code q1.csv-metadata.json} beside
 * {@code q1.csv} (the "{+url}-metadata.json" location of CSV on the Web). It overrides what is
 * sniffed: the dialect, header, encoding and null tokens as connection properties would, and the
 * names, types and formats of columns.
 *
 * @param source the metadata file's path from the workspace root, for messages
 * @param stamp the metadata file's version; metadata read with another version is stale
 * @param properties connection properties the file's dialect sets, by key
 * @param columns what it says of columns, by field
 */
public record CsvwSidecar(String source, FileFingerprint stamp, Map<String, String> properties,
    List<ColumnOverride> columns) {
  /** Appended to a table file's name to find its metadata file. */
  public static final String SUFFIX = "-metadata.json";

  public CsvwSidecar {
    properties = Map.copyOf(properties);
    columns = List.copyOf(columns);
  }

  /**
   * The version of {@code file}'s metadata file, or empty if it has none. A symbolic link is not
   * followed: metadata must be a plain file beside the table, inside the workspace.
   */
  public static Optional<FileFingerprint> stampOf(TableFile file) {
    Path p = pathOf(file);
    if (!Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    try {
      return Optional.of(FileFingerprint.of(p));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Where {@code file}'s metadata file would be. */
  public static Path pathOf(TableFile file) {
    return file.path().resolveSibling(file.path().getFileName() + SUFFIX);
  }
}
