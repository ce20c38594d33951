package io.csvws.metadata;

import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32C;

/**
 * Table metadata and row indexes kept in a folder, so that another process (or this one after a
 * restart) need not sniff or count a file again.
 *
 * <p>One file per entry, named by a hash of its key (file path, reading settings, CSVW metadata
 * file version, the build of csvws that wrote it). An entry is used only when everything checks:
 * its format, checksum and whole key, and the file's current size, modification time, inode,
 * inode-change time and first and last bytes ({@link ContentCheck}); anything else is treated as
 * absent, so the caller inspects the file again and replaces the entry. Never a wrong answer from
 * a damaged, truncated or stale entry.
 *
 * <p>Safe for any number of threads and processes at once: an entry is written to a temporary
 * file and renamed over the old one in one step, so a reader sees a whole old entry or a whole new
 * one. The folder is kept under {@code maxBytes}: when it grows past them, the entries least
 * recently used (by modification time, refreshed when an entry is read after an hour) are deleted
 * down to three quarters. Failures to read or write the folder are not errors: the cache only
 * makes queries faster, and the query goes on without it.
 */
final class MetadataStore {
  /** Entries not read or written for this long have their time refreshed when read. */
  private static final long REFRESH_AFTER_MILLIS = TimeUnit.HOURS.toMillis(1);
  /** Temporary files older than this are left over from a process that stopped mid-write. */
  private static final long ABANDONED_AFTER_MILLIS = TimeUnit.HOURS.toMillis(1);
  private static final String SUFFIX = ".entry";
  private static final String TEMP_PREFIX = ".tmp-";

  private final Path folder;
  private final long maxBytes;
  /** Bytes written since the folder's size was last summed; starts "due" so the first write sums. */
  private final AtomicLong writtenSinceSweep;

  /**
   * @param folder where entries are kept; created (readable by its owner only) when missing
   * @param maxBytes the most bytes the entries may take together
   */
  MetadataStore(Path folder, long maxBytes) {
    this.folder = folder;
    this.maxBytes = maxBytes;
    this.writtenSinceSweep = new AtomicLong(maxBytes / 8);
  }

  Path folder() {
    return folder;
  }

  /**
   * Creates the folder if needed.
   *
   * @throws IOException when it does not exist and cannot be created, or is not a folder
   */
  void open() throws IOException {
    if (Files.isDirectory(folder)) {
      return;
    }
    try {
      Files.createDirectories(folder.getParent());
      // Entries name files and columns of the user's data: other users need not read them.
      Files.createDirectory(folder, PosixFilePermissions.asFileAttribute(
          PosixFilePermissions.fromString("rwx------")));
    } catch (UnsupportedOperationException e) {
      Files.createDirectories(folder);
    } catch (FileAlreadyExistsException e) {
      if (!Files.isDirectory(folder)) {
        throw e;
      }
    }
  }

  /** The stored metadata of {@code file}'s current version under {@code key}, or null. */
  TableMetadata metadata(String key, TableFile file) {
    Object m = load(EntryCodec.Kind.METADATA, key, file.fingerprint());
    return m instanceof TableMetadata t ? t : null;
  }

  /** The stored row index of {@code file}'s version {@code version} under {@code key}, or null. */
  RowIndex rowIndex(String key, FileFingerprint version) {
    Object m = load(EntryCodec.Kind.ROW_INDEX, key, version);
    return m instanceof RowIndex r ? r : null;
  }

  void putMetadata(String key, TableMetadata m) {
    putMetadata(key, m, null);
  }

  /**
   * Stores {@code m}, learnt from the file whose check was {@code before} when the reading
   * started (null: read now, for a caller that knows the file did not change since).
   */
  void putMetadata(String key, TableMetadata m, ContentCheck before) {
    store(EntryCodec.Kind.METADATA, key, m.fingerprint(), m, before);
  }

  void putRowIndex(String key, RowIndex index) {
    putRowIndex(key, index, null);
  }

  /** As {@link #putMetadata(String, TableMetadata, ContentCheck)}, for a row index. */
  void putRowIndex(String key, RowIndex index, ContentCheck before) {
    store(EntryCodec.Kind.ROW_INDEX, key, index.fingerprint(), index, before);
  }

  /** The check of {@code file}'s content now, or null if it cannot be read. */
  static ContentCheck checkNow(FileFingerprint version) {
    try {
      return ContentCheck.of(version.path(), version.size());
    } catch (IOException e) {
      return null;
    }
  }

  private Object load(EntryCodec.Kind kind, String key, FileFingerprint expected) {
    Path entry = entryPath(kind, key);
    byte[] bytes;
    try {
      if (Files.size(entry) > maxBytes) {
        deleteQuietly(entry);
        return null;
      }
      bytes = Files.readAllBytes(entry);
    } catch (IOException e) {
      // Absent (NoSuchFileException) or unreadable: inspected again.
      return null;
    }
    EntryCodec.Decoded d;
    try {
      d = EntryCodec.decode(bytes, kind, key);
    } catch (IOException e) {
      // Damaged, truncated, or of another format: it is replaced when the file is next read.
      deleteQuietly(entry);
      return null;
    }
    if (!d.version().fingerprint().equals(expected)) {
      return null;
    }
    try {
      if (!ContentCheck.of(expected.path(), expected.size()).equals(d.version().check())
          || !FileFingerprint.of(expected.path()).equals(expected)) {
        return null;
      }
    } catch (IOException e) {
      return null;
    }
    refresh(entry);
    return d.payload();
  }

  private void store(EntryCodec.Kind kind, String key, FileFingerprint version, Object payload,
      ContentCheck before) {
    try {
      // A file rewritten in place while it was read (same size, its time set back) keeps its
      // fingerprint; its inode-change time and edges do not. The entry carries the check taken
      // before the reading, and only if the file still matches it now: a check read after the
      // reading would vouch for content the payload was not learnt from.
      ContentCheck check = ContentCheck.of(version.path(), version.size());
      if ((before != null && !before.equals(check))
          || !FileFingerprint.of(version.path()).equals(version)) {
        return;
      }
      byte[] bytes = EntryCodec.encode(kind, key, new EntryCodec.Version(version, check), payload);
      open();
      Path temp = folder.resolve(TEMP_PREFIX + Long.toHexString(ThreadLocalRandom.current()
          .nextLong()) + SUFFIX);
      try {
        Files.write(temp, bytes);
        try {
          Files.move(temp, entryPath(kind, key), StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
          Files.move(temp, entryPath(kind, key), StandardCopyOption.REPLACE_EXISTING);
        }
      } finally {
        deleteQuietly(temp);
      }
      if (writtenSinceSweep.addAndGet(bytes.length) >= maxBytes / 8) {
        writtenSinceSweep.set(0);
        sweep();
      }
    } catch (IOException | RuntimeException e) {
      // A full disk, a read-only cache folder, another process's rename on Windows: the entry
      // is simply not kept.
    }
  }

  /** Deletes the least recently used entries while the folder holds more than {@code maxBytes}. */
  void sweep() throws IOException {
    record Held(Path path, long size, long time) {
    }
    List<Held> held = new ArrayList<>();
    long total = 0;
    long now = System.currentTimeMillis();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(folder)) {
      for (Path p : s) {
        String name = p.getFileName().toString();
        if (!name.endsWith(SUFFIX)) {
          continue;
        }
        BasicFileAttributes a;
        try {
          a = Files.readAttributes(p, BasicFileAttributes.class);
        } catch (IOException e) {
          continue;
        }
        long time = a.lastModifiedTime().toMillis();
        if (name.startsWith(TEMP_PREFIX)) {
          if (now - time > ABANDONED_AFTER_MILLIS) {
            deleteQuietly(p);
          }
          continue;
        }
        held.add(new Held(p, a.size(), time));
        total += a.size();
      }
    }
    if (total <= maxBytes) {
      return;
    }
    held.sort(Comparator.comparingLong(Held::time));
    long target = maxBytes / 4 * 3;
    for (Held h : held) {
      if (total <= target) {
        break;
      }
      deleteQuietly(h.path());
      total -= h.size();
    }
  }

  private static void refresh(Path entry) {
    try {
      long now = System.currentTimeMillis();
      if (now - Files.getLastModifiedTime(entry).toMillis() > REFRESH_AFTER_MILLIS) {
        Files.setLastModifiedTime(entry, FileTime.fromMillis(now));
      }
    } catch (IOException | RuntimeException e) {
      // Only the eviction order suffers.
    }
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // Left for the next sweep.
    }
  }

  /** The file of the entry of {@code kind} under {@code key}. */
  Path entryPath(EntryCodec.Kind kind, String key) {
    return folder.resolve(hash(key) + (kind == EntryCodec.Kind.METADATA ? ".m" : ".r") + SUFFIX);
  }

  /**
   * The name of the entries of {@code key}: 96 bits of two hashes of its UTF-8 bytes, 64-bit
   * FNV-1a and CRC-32C. It only spreads entries over names: an entry holds its whole key, which
   * reading checks, so two keys of one name cost each other their entry, never an answer. Not a
   * cryptographic digest, whose provider's set-up took a tenth of a fresh JVM's count from the
   * cache.
   */
  static String hash(String key) {
    byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
    long fnv = 0xcbf29ce484222325L;
    for (byte b : bytes) {
      fnv = (fnv ^ (b & 0xff)) * 0x100000001b3L;
    }
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length);
    HexFormat hex = HexFormat.of();
    return hex.toHexDigits(fnv) + hex.toHexDigits((int) crc.getValue());
  }

}
