package io.csvws.metadata;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import io.csvws.config.ConnectionConfig;
import io.csvws.csvw.CsvwSidecar;
import io.csvws.workspace.FileFingerprint;
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

  /** A file read with some settings and, if it has one, some version of its metadata file. */
  private record Key(Path path, ConnectionConfig.ReadingKey reading, FileFingerprint sidecar) {
    static Key of(TableFile file, ConnectionConfig config) {
      return new Key(file.path(), config.readingKey(),
          CsvwSidecar.stampOf(file).orElse(null));
    }
  }

  /**
   * The metadata of {@code file}'s current version, inspecting it if not known. A CSVW metadata
   * file beside it (see {@link CsvwSidecar}) overrides what is sniffed; a change to either file
   * is seen by the next call.
   */
  public TableMetadata get(TableFile file, ConnectionConfig config) {
    Key key = Key.of(file, config);
    TableMetadata m = cache.getIfPresent(key);
    if (m != null && m.fingerprint().equals(file.fingerprint())) {
      return m;
    }
    m = TableInspector.inspect(file, config, key.sidecar());
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
    RowIndex index = rowIndexes.getIfPresent(Key.of(file, config));
    return index != null && index.fingerprint().equals(file.fingerprint()) ? index : null;
  }

  /** Remembers the row index a complete scan built. */
  public void putRowIndex(TableFile file, ConnectionConfig config, RowIndex index) {
    rowIndexes.put(Key.of(file, config), index);
  }
}
