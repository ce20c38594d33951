package io.csvws.config;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where what csvws learns about files (dialect, encoding, types, row counts, row indexes) is kept
 * between processes: the value of the {@code metadataCache} property.
 *
 * @param kind which of the three places
 * @param folder the folder for {@link Kind#FOLDER}; null otherwise
 */
public record CacheLocation(Kind kind, Path folder) {
  /** The three places. */
  public enum Kind {
    /** The user's cache folder ({@link #userFolder}); {@code user}, the default. */
    USER,
    /** Nowhere: metadata lives in the process's memory only; {@code memory}. */
    MEMORY,
    /** A folder given as an absolute path. */
    FOLDER
  }

  /** The default. */
  public static final CacheLocation USER = new CacheLocation(Kind.USER, null);
  /** Memory only. */
  public static final CacheLocation MEMORY = new CacheLocation(Kind.MEMORY, null);

  public CacheLocation {
    if ((kind == Kind.FOLDER) != (folder != null)) {
      throw new IllegalArgumentException("a folder is given exactly for Kind.FOLDER");
    }
  }

  /** Parses {@code user}, {@code memory} or an absolute path. */
  static CacheLocation parse(String text) {
    String t = text.trim();
    if (t.equalsIgnoreCase("user")) {
      return USER;
    }
    if (t.equalsIgnoreCase("memory")) {
      return MEMORY;
    }
    Path p;
    try {
      p = Path.of(t);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("not a path");
    }
    if (!p.isAbsolute()) {
      throw new IllegalArgumentException("a folder must be an absolute path");
    }
    return new CacheLocation(Kind.FOLDER, p.normalize());
  }

  /**
   * The folder entries are kept in: the given one, or the user's cache folder; null for memory
   * only, or when the user's cache folder cannot be named (no home folder).
   */
  public Path resolve() {
    switch (kind) {
      case FOLDER:
        return folder;
      case USER:
        return userFolder(System.getenv(), System.getProperty("os.name", ""),
            System.getProperty("user.home"));
      default:
        return null;
    }
  }

  /**
   * The user's cache folder for csvws: {@code $XDG_CACHE_HOME/csvws} when that is set to an
   * absolute path (the XDG base directory convention, on any system), else
   * {@code %LOCALAPPDATA%\csvws\cache} on Windows, {@code ~/Library/Caches/csvws} on macOS and
   * {@code ~/.cache/csvws} elsewhere; null when none of these can be named.
   */
  static Path userFolder(Map<String, String> env, String osName, String home) {
    String xdg = env.get("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg, "csvws");
    }
    String os = osName.toLowerCase(Locale.ROOT);
    if (os.startsWith("windows")) {
      String local = env.get("LOCALAPPDATA");
      if (local != null && !local.isBlank()) {
        return Path.of(local, "csvws", "cache");
      }
    }
    if (home == null || home.isBlank() || !Path.of(home).isAbsolute()) {
      return null;
    }
    if (os.startsWith("mac")) {
      return Path.of(home, "Library", "Caches", "csvws");
    }
    return Path.of(home, ".cache", "csvws");
  }

  @Override
  public String toString() {
    return kind == Kind.FOLDER ? folder.toString() : kind.name().toLowerCase(Locale.ROOT);
  }
}
