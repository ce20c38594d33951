package io.csvws.schema;

import io.csvws.config.ConnectionConfig;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;

/**
 * What one connection can see: its workspace, its settings, and the process-wide metadata cache.
 * Immutable and thread-safe.
 */
public record Catalog(Workspace workspace, ConnectionConfig config, MetadataCache cache) {

  /** The metadata of the file's current version. */
  public TableMetadata metadata(TableFile file) {
    return cache.get(file, config);
  }
}
