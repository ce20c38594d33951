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
  private final Cache<Key, RowIndex> rowIndexes;

  /** @param maxEntries how many file versions to remember */
  public MetadataCache(long maxEntries) {
    this.cache = CacheBuilder.newBuilder().maximumSize(maxEntries).build();
    this.rowIndexes = CacheBuilder.newBuilder().maximumSize(maxEntries).build();
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

  /**
   * The row index of {@code file}'s current version read with {@code config}, or null if no scan
   * has read this version to its end yet.
   */
  public RowIndex rowIndex(TableFile file, ConnectionConfig config) {
    RowIndex index = rowIndexes.getIfPresent(new Key(file.path(), config.readingKey()));
    return index != null && index.fingerprint().equals(file.fingerprint()) ? index : null;
  }

  /** Remembers the row index a complete scan built. */
  public void putRowIndex(TableFile file, ConnectionConfig config, RowIndex index) {
    rowIndexes.put(new Key(file.path(), config.readingKey()), index);
  }
}
