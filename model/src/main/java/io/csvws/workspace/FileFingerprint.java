package io.csvws.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What identifies one version of a file: its real path, size, modification time (to the precision
 * the file system keeps) and file key (inode), so a file replaced by another of the same size and
 * time is still seen as changed.
 */
public record FileFingerprint(Path path, long size, long modifiedNanos, String fileKey) {
  // Written out: a record's own equals and hashCode are linked through method handles at their
  // first call, a few milliseconds of every fresh JVM's first query.
  @Override
  public boolean equals(Object o) {
    return o instanceof FileFingerprint f && size == f.size && modifiedNanos == f.modifiedNanos
        && Objects.equals(path, f.path) && Objects.equals(fileKey, f.fileKey);
  }

  @Override
  public int hashCode() {
    return ((Objects.hashCode(path) * 31 + Long.hashCode(size)) * 31
        + Long.hashCode(modifiedNanos)) * 31 + Objects.hashCode(fileKey);
  }

  /** Reads the fingerprint of {@code path} now. */
  public static FileFingerprint of(Path path) throws IOException {
    return of(path, Files.readAttributes(path, BasicFileAttributes.class));
  }

  /** The fingerprint of {@code path} from attributes just read. */
  public static FileFingerprint of(Path path, BasicFileAttributes a) {
    Object key = a.fileKey();
    return new FileFingerprint(path, a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS),
        key == null ? "" : key.toString());
  }
}
