package io.csvws.schema;

import io.csvws.config.ConnectionConfig;
import io.csvws.metadata.MetadataCache;
import io.csvws.scan.ScanWorkers;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;

/** Small workspaces on temp folders and catalogs over them, for the schema tree's own tests. */
final class SchemaFixtures {
  private SchemaFixtures() {
  }

  /** A catalog over {@code dir} with metadata in memory, read on the calling thread. */
  static Catalog catalog(Path dir) {
    return catalog(dir, Map.of(), null);
  }

  /** A catalog over {@code dir} with csvws's settings {@code properties} and {@code workers}. */
  static Catalog catalog(Path dir, Map<String, String> properties, ScanWorkers workers) {
    Map<String, String> p = new HashMap<>(properties);
    p.putIfAbsent("metadataCache", "memory");
    return new Catalog(Workspace.open(dir), ConnectionConfig.parse(p), new MetadataCache(100),
        workers);
  }

  /** Writes {@code text} as UTF-8 to {@code dir/relative}, creating the folders on the way. */
  static Path write(Path dir, String relative, String text) {
    Path p = dir.resolve(relative);
    try {
      Files.createDirectories(p.getParent());
      Files.writeString(p, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /** Creates the folder {@code dir/relative} and those above it. */
  static Path folder(Path dir, String relative) {
    try {
      return Files.createDirectories(dir.resolve(relative));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Sets {@code folder}'s modification time a minute back, so that a listing of it is kept (the
   * workspace trusts a listing once the folder has been unchanged for a while).
   */
  static FileTime settle(Path folder) {
    try {
      FileTime old = FileTime.fromMillis(System.currentTimeMillis() - 60_000);
      Files.setLastModifiedTime(folder, old);
      return old;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs {@code change} in a settled folder and gives the folder its old modification time back,
   * so a kept listing still names what {@code change} removed: what a statement sees when the
   * folder changes between its listing and its next look.
   */
  static void changeBehindTheListing(Path folder, IoAction change) {
    try {
      FileTime old = Files.getLastModifiedTime(folder);
      change.run();
      Files.setLastModifiedTime(folder, old);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A change to files. */
  interface IoAction {
    void run() throws IOException;
  }
}
