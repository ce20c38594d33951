package io.csvws.metadata;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.TableFile;
import java.nio.file.Path;

/**
 * Table metadata by file and reading settings, valid while the file's fingerprint (size,
 * modification time, inode) is unchanged. Shared by all connections of a process, so a pool of
 * connections sniffs each file once.
 *
 * <p>Thread-safe. Two threads asking for the same new file may both inspect it; the results are
 * equal and either is kept.
 */
public final class MetadataCache {
  private final Cache<Key, TableMetadata> cache;

  /** @param maxEntries how many file versions to remember */
  public MetadataCache(long maxEntries) {
    this.cache = CacheBuilder.newBuilder().maximumSize(maxEntries).build();
  }

  private record Key(Path path, ConnectionConfig.ReadingKey reading) {
  }

  /** The metadata of {@code file}'s current version, inspecting it if not known. */
  public TableMetadata get(TableFile file, ConnectionConfig config) {
    Key key = new Key(file.path(), config.readingKey());
    TableMetadata m = cache.getIfPresent(key);
    if (m != null && m.fingerprint().equals(file.fingerprint())) {
      return m;
    }
    m = TableInspector.inspect(file, config);
    if (m.failure() == null) {
      cache.put(key, m);
    } else {
      cache.invalidate(key);
    }
    return m;
  }
}
