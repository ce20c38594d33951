package io.csvws.metadata;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.stream.Stream;

/**
 * Which build of csvws's file-reading code wrote a stored entry: metadata sniffed by one build is
 * not trusted by another, whose sniffing or type inference may decide differently. The stamp is
 * the jar's path, size and modification time; for classes in a folder (a development build) the
 * newest modification time of the class files.
 */
final class CodeStamp {
  private CodeStamp() {
  }

  /** Computed once per class loader: the code it describes cannot change while it runs. */
  private static final class Holder {
    static final String STAMP = of(CodeStamp.class.getProtectionDomain().getCodeSource());
  }

  /** This build's stamp. */
  static String current() {
    return Holder.STAMP;
  }

  /**
   * The stamp of the code {@code source} names: "unknown" without a location, and a stamp no
   * other process gives when its location cannot be read. A plain function of the files, so
   * that a test can give it a jar or a folder of its own.
   */
  static String of(CodeSource source) {
    try {
      if (source == null || source.getLocation() == null) {
        return "unknown";
      }
      Path p = Path.of(source.getLocation().toURI());
      if (Files.isRegularFile(p)) {
        return p + "|" + Files.size(p) + "|" + Files.getLastModifiedTime(p).toMillis();
      }
      if (Files.isDirectory(p)) {
        try (Stream<Path> s = Files.walk(p)) {
          long newest = s.filter(f -> f.toString().endsWith(".class"))
              .mapToLong(f -> {
                try {
                  return Files.getLastModifiedTime(f).toMillis();
                } catch (IOException e) {
                  return Long.MAX_VALUE;
                }
              }).max().orElse(0);
          return p + "|classes|" + newest;
        }
      }
      return p.toString();
    } catch (IOException | URISyntaxException | RuntimeException e) {
      // Entries are still checked against the file; a stamp that cannot be read never matches
      // another process's, so they are merely not shared.
      return "unreadable|" + ProcessHandle.current().pid();
    }
  }
}
