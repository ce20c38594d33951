package io.csvws.metadata;

import io.csvws.config.CacheLocation;
import io.csvws.config.ConnectionConfig;
import io.csvws.csvw.CsvwSidecar;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.lru.LruCache;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Table metadata by file and reading settings, valid while the file's fingerprint (size,
 * modification time, inode) is unchanged. Shared by all connections of a process, so a pool of
 * connections sniffs each file once.
 *
 * <p>Behind the memory, a {@link MetadataStore} in the folder the connection's
 * {@code metadataCache} property names (the user's cache folder by default) keeps what was learnt
 * for other processes: a fresh JVM finds the dialect, types, row count and row index of a file an
 * earlier one read, after checking the file is still the same version.
 *
 * <p>Thread-safe. A thread asking for a file another thread is inspecting waits for that
 * inspection's result rather than reading the file again.
 */
public final class MetadataCache {
  /** The most bytes a cache folder holds: a few thousand wide files, or a million small ones. */
  public static final long MAX_FOLDER_BYTES = 256L << 20;

  private final LruCache<Key, TableMetadata> cache;
  private final LruCache<Key, RowIndex> rowIndexes;
  /** File versions whose row index the cache folder was asked for and did not have. */
  private final LruCache<Key, FileFingerprint> indexesNotStored;
  private final long maxFolderBytes;
  /** Stores by folder; created on first use. */
  private final Map<Path, MetadataStore> stores = new ConcurrentHashMap<>();
  /**
   * Inspections under way, by key: a second thread waits for the first's result (null when it
   * failed, and the second inspects the file itself).
   */
  private final Map<Key, CompletableFuture<TableMetadata>> inspecting = new ConcurrentHashMap<>();

  /** @param maxEntries how many file versions to remember in memory */
  public MetadataCache(long maxEntries) {
    this(maxEntries, MAX_FOLDER_BYTES);
  }

  /**
   * @param maxEntries how many file versions to remember in memory
   * @param maxFolderBytes the most bytes a cache folder may hold
   */
  public MetadataCache(long maxEntries, long maxFolderBytes) {
    // Bounded by memory as well as by count: one 100,000-column file weighs as much as thousands
    // of narrow ones, and a long-lived process meets many of either. Every entry weighs at least
    // budget / maxEntries, so no more than maxEntries are kept.
    long budget = Math.max(8L << 20, Runtime.getRuntime().maxMemory() / 16);
    long least = Math.max(1, budget / Math.max(1, maxEntries));
    // No entry may take more than a quarter of the budget: one huge file is read again rather
    // than pushing out the metadata of hundreds of others.
    long heaviest = Math.max(budget / 4, least);
    this.cache = new LruCache<>(budget, heaviest, new LruCache.Weigher<Key, TableMetadata>() {
      @Override
      public long weigh(Key k, TableMetadata m) {
        return Math.max(estimatedBytes(m), least);
      }
    });
    this.rowIndexes = new LruCache<>(budget, heaviest, new LruCache.Weigher<Key, RowIndex>() {
      @Override
      public long weigh(Key k, RowIndex r) {
        return Math.max(128L + 16L * r.size(), least);
      }
    });
    this.indexesNotStored = LruCache.ofSize(maxEntries);
    this.maxFolderBytes = maxFolderBytes;
  }

  /**
   * Roughly what {@code m} holds on the heap: its columns' names, types, formats and sample
   * evidence (measured: about 600 bytes a column).
   */
  private static long estimatedBytes(TableMetadata m) {
    return 1024L + 640L * m.columns().size();
  }

  /** A file read with some settings and, if it has one, some version of its metadata file. */
  private record Key(Path path, ConnectionConfig.ReadingKey reading, FileFingerprint sidecar) {
    // Written out: a record's own equals and hashCode are linked through method handles at their
    // first call, a few milliseconds of every fresh JVM's first query.
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Objects.equals(path, k.path)
          && Objects.equals(reading, k.reading) && Objects.equals(sidecar, k.sidecar);
    }

    @Override
    public int hashCode() {
      return Objects.hash(path, reading, sidecar);
    }

    static Key of(TableFile file, ConnectionConfig config) {
      return new Key(file.path(), config.readingKey(),
          CsvwSidecar.stampOf(file).orElse(null));
    }

    /** The key of the stored entry: this one, and the build that reads files. */
    String stored() {
      StringBuilder sb = new StringBuilder();
      sb.append("path=").append(path).append('\n');
      sb.append("reading=").append(reading.values()).append('\n');
      sb.append("sidecar=");
      if (sidecar != null) {
        sb.append(sidecar.size()).append('|').append(sidecar.modifiedNanos()).append('|')
            .append(sidecar.fileKey());
      }
      sb.append('\n').append("code=").append(CodeStamp.current()).append('\n');
      return sb.toString();
    }
  }

  /**
   * Checks that the cache folder {@code config} names can be used, creating it if needed.
   *
   * @throws CsvwsException with {@link ErrorCode#VALIDATION_FAILED} when a folder given in the
   *     {@code metadataCache} property cannot be created or written; the user's default folder
   *     is never an error (without it, metadata stays in memory)
   */
  public void checkLocation(ConnectionConfig config) {
    CacheLocation location = config.metadataCache();
    if (location.kind() != CacheLocation.Kind.FOLDER) {
      return;
    }
    try {
      store(location.folder()).open();
    } catch (IOException | RuntimeException e) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "Property 'metadataCache' names "
          + location.folder() + ", which cannot be used as a cache folder (" + e
          + "). Give a folder this user can write, or metadataCache=memory.", e);
    }
  }

  /** The store of {@code config}'s cache folder, or null for memory only. */
  private MetadataStore storeFor(ConnectionConfig config) {
    Path folder = config.metadataCache().resolve();
    return folder == null ? null : store(folder);
  }

  private MetadataStore store(Path folder) {
    MetadataStore s = stores.get(folder);
    if (s == null) {
      MetadataStore made = new MetadataStore(folder, maxFolderBytes);
      s = stores.putIfAbsent(folder, made);
      if (s == null) {
        s = made;
      }
    }
    return s;
  }

  /**
   * The metadata of {@code file}'s current version, inspecting it if not known. A CSVW metadata
   * file beside it (see {@link CsvwSidecar}) overrides what is sniffed; a change to either file
   * is seen by the next call.
   */
  public TableMetadata get(TableFile file, ConnectionConfig config) {
    Key key = Key.of(file, config);
    TableMetadata m = cache.get(key);
    if (m != null && m.fingerprint().equals(file.fingerprint())) {
      return m;
    }
    MetadataStore store = storeFor(config);
    if (store != null) {
      m = store.metadata(key.stored(), file);
      if (m != null) {
        cache.put(key, m);
        return m;
      }
    }
    CompletableFuture<TableMetadata> mine = new CompletableFuture<>();
    CompletableFuture<TableMetadata> other = inspecting.putIfAbsent(key, mine);
    if (other != null) {
      TableMetadata theirs = other.join();
      if (theirs != null && theirs.fingerprint().equals(file.fingerprint())) {
        return theirs;
      }
      return inspect(file, config, key, store);
    }
    TableMetadata inspected = null;
    try {
      inspected = inspect(file, config, key, store);
      return inspected;
    } finally {
      mine.complete(inspected);
      inspecting.remove(key, mine);
    }
  }

  private TableMetadata inspect(TableFile file, ConnectionConfig config, Key key,
      MetadataStore store) {
    ContentCheck before = store == null ? null : MetadataStore.checkNow(file.fingerprint());
    TableMetadata m = TableInspector.inspect(file, config, key.sidecar());
    if (m.failure() == null) {
      cache.put(key, m);
      if (before != null) {
        store.putMetadata(key.stored(), m, before);
      }
    } else {
      cache.remove(key);
    }
    return m;
  }

  /**
   * The row index of {@code file}'s current version read with {@code config}, or null if no scan
   * has read this version to its end yet.
   */
  public RowIndex rowIndex(TableFile file, ConnectionConfig config) {
    Key key = Key.of(file, config);
    RowIndex index = rowIndexes.get(key);
    if (index != null && index.fingerprint().equals(file.fingerprint())) {
      return index;
    }
    MetadataStore store = storeFor(config);
    // Asked once per file version: a file scanned often but never to its end (LIMIT queries on
    // a growing log) would otherwise read its stale entry at every scan.
    if (store != null && !file.fingerprint().equals(indexesNotStored.get(key))) {
      index = store.rowIndex(key.stored(), file.fingerprint());
      if (index != null) {
        rowIndexes.put(key, index);
        return index;
      }
      indexesNotStored.put(key, file.fingerprint());
    }
    return null;
  }

  /**
   * Remembers the row index a complete scan built, for a file known unchanged since the scan
   * began; a scan that cannot know that passes the {@link #readCheck} it took as it began.
   */
  public void putRowIndex(TableFile file, ConnectionConfig config, RowIndex index) {
    putRowIndex(file, config, index, null);
  }

  /**
   * Remembers the row index a complete scan built. {@code before}, taken as the scan began, is
   * what the stored entry vouches for, so a file rewritten in place during the scan (same size,
   * time set back) is never indexed on disk with content the scan did not read.
   */
  public void putRowIndex(TableFile file, ConnectionConfig config, RowIndex index,
      ReadCheck before) {
    Key key = Key.of(file, config);
    rowIndexes.put(key, index);
    indexesNotStored.remove(key);
    MetadataStore store = storeFor(config);
    if (store != null && (before == null || before.check() != null)) {
      store.putRowIndex(key.stored(), index, before == null ? null : before.check());
    }
  }

  /**
   * What the persistent cache checks of {@code file}, read now, before a scan that may build a
   * row index reads it; pass it to {@link #putRowIndex(TableFile, ConnectionConfig, RowIndex,
   * ReadCheck)}.
   */
  public ReadCheck readCheck(TableFile file, ConnectionConfig config) {
    return new ReadCheck(storeFor(config) == null ? null
        : MetadataStore.checkNow(file.fingerprint()));
  }

  /** A file's content check taken before it was read; opaque outside the metadata cache. */
  public static final class ReadCheck {
    private final ContentCheck check;

    private ReadCheck(ContentCheck check) {
      this.check = check;
    }

    ContentCheck check() {
      return check;
    }
  }
}
