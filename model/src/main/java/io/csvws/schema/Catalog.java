package io.csvws.schema;

import io.csvws.config.ConnectionConfig;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.TableMetadata;
import io.csvws.scan.ScanWorkers;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;

/**
 * What one connection can see and use: its workspace, its settings, and the process-wide metadata
 * cache and scan threads. Immutable and thread-safe.
 *
 * @param workers threads for parallel scans, or null to read every file on one thread
 */
public record Catalog(Workspace workspace, ConnectionConfig config, MetadataCache cache,
    ScanWorkers workers) {

  /** The metadata of the file's current version. */
  public TableMetadata metadata(TableFile file) {
    return cache.get(file, config);
  }
}
