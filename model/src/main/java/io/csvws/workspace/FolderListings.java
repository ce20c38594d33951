package io.csvws.workspace;

import io.csvws.lru.LruCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Folder listings kept between statements, so that naming one table of a folder of ten thousand
 * files does not list (and stat) all of them again: a kept listing is reused while the folder's
 * modification time and identity are unchanged, which one stat of the folder tells.
 *
 * <p>A folder's modification time changes whenever an entry is added, removed or renamed, but a
 * file system may keep it coarsely (whole seconds, or two on FAT): a listing taken less than
 * {@link #SETTLE_MILLIS} after the folder last changed could miss a change made within the same
 * tick, so it is not reused. Nor is a listing that met a symbolic link, whose target may change
 * without the folder changing. Rewriting a file does not change its folder; that needs no new
 * listing, since each table's own fingerprint is read when it is looked up.
 *
 * <p>Shared by the connections of a process (like the metadata cache) and bounded by the number
 * of entries it holds. Thread-safe.
 */
public final class FolderListings {
  /** How long after a folder changed its listing is trusted to have seen that change. */
  static final long SETTLE_MILLIS = 2_000;
  private final LruCache<Key, Kept> kept;

  /** @param maxEntries how many files and folders, over all listings, to keep */
  public FolderListings(long maxEntries) {
    this.kept = new LruCache<>(maxEntries, new LruCache.Weigher<Key, Kept>() {
      @Override
      public long weigh(Key k, Kept v) {
        return 1L + v.listing.tables().size() + v.listing.folders().size();
      }
    });
  }

  /**
   * A folder reached through some folder names (a folder linked from two places has two).
   * Package-private so that tests can check its hash, which the cache's speed depends on.
   */
  record Key(Path folder, List<String> schemaPath) {
    // Written out: a record's own equals and hashCode are linked through method handles at their
    // first call, a few milliseconds of every fresh JVM's first query.
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Objects.equals(folder, k.folder)
          && Objects.equals(schemaPath, k.schemaPath);
    }

    @Override
    public int hashCode() {
      return Objects.hash(folder, schemaPath);
    }
  }

  /** A listing and the folder version it was read from. */
  private record Kept(FolderListing listing, long modifiedNanos, Object fileKey) {
  }

  /**
   * The listing of the real folder {@code folder} reached through {@code schemaPath}: a kept one
   * if the folder has not changed since, else {@code read}'s, which is then kept.
   */
  FolderListing get(Path folder, List<String> schemaPath, Supplier<FolderListing> read) {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(folder, BasicFileAttributes.class);
    } catch (IOException | SecurityException e) {
      // Let the listing itself fail with its own message.
      return read.get();
    }
    long modified = a.lastModifiedTime().to(TimeUnit.NANOSECONDS);
    Key key = new Key(folder, schemaPath);
    Kept k = kept.get(key);
    if (k != null && k.modifiedNanos == modified
        && Objects.equals(k.fileKey, a.fileKey())) {
      return k.listing;
    }
    long startedMillis = System.currentTimeMillis();
    FolderListing listing = read.get();
    boolean settled = startedMillis - TimeUnit.NANOSECONDS.toMillis(modified) >= SETTLE_MILLIS;
    if (settled && !listing.hasLinks()) {
      kept.put(key, new Kept(listing, modified, a.fileKey()));
    } else {
      kept.remove(key);
    }
    return listing;
  }
}
