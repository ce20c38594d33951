package io.csvws.workspace;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A folder whose delimited text files are tables: the sandbox every file access goes through.
 *
 * <p>Every path is resolved to its real path and must lie inside the root's real path; {@code ..},
 * absolute paths and symlinks that lead outside are refused and never read. Hidden entries
 * (leading {@code .}) are skipped. Folder listings are kept in {@link FolderListings} while the
 * folder is unchanged (one stat of the folder tells); everything else looks at the disk on each
 * call, so files added, changed or removed are seen by the next statement.
 *
 * <p>Thread-safe: instances are immutable.
 */
public final class Workspace {
  /** Files and folders a workspace opened on its own keeps listed. */
  private static final long OWN_LISTING_ENTRIES = 200_000;
  private final Path root;
  private final FolderListings listings;

  private Workspace(Path root, FolderListings listings) {
    this.root = root;
    this.listings = listings;
  }

  /**
   * Opens the workspace rooted at {@code folder}.
   *
   * @throws CsvwsException {@link ErrorCode#FILE_READ_FAILED} if the folder is missing, not a
   *     folder, or cannot be listed
   */
  public static Workspace open(Path folder) {
    return open(folder, new FolderListings(OWN_LISTING_ENTRIES));
  }

  /**
   * Opens the workspace rooted at {@code folder}, keeping its folder listings in {@code listings}
   * (which a process shares between its connections).
   *
   * @throws CsvwsException {@link ErrorCode#FILE_READ_FAILED} if the folder is missing, not a
   *     folder, or cannot be listed
   */
  public static Workspace open(Path folder, FolderListings listings) {
    Path real;
    try {
      real = folder.toAbsolutePath().toRealPath();
    } catch (NoSuchFileException e) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED,
          "Workspace folder " + folder.toAbsolutePath() + " does not exist; give an existing folder.");
    } catch (IOException e) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED,
          "Workspace folder " + folder.toAbsolutePath() + " cannot be opened: " + reason(e), e);
    }
    if (!Files.isDirectory(real)) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED,
          "Workspace " + folder.toAbsolutePath() + " is not a folder; give the folder that holds "
              + "the CSV files.");
    }
    // Opening the folder is what its permissions refuse; reading an entry would read a first
    // block of a big folder's entries at every connect, which the listing does once, when needed.
    try {
      Files.newDirectoryStream(real).close();
    } catch (IOException | SecurityException e) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED,
          "Workspace folder " + real + " cannot be listed: " + reason(e)
              + "; check its permissions.", e);
    }
    return new Workspace(real, listings);
  }

  /** The real path of the root folder. */
  public Path root() {
    return root;
  }

  /**
   * Lists the tables and sub-folders of the folder reached from the root through
   * {@code folderNames} (file-system names), or returns null if there is no such folder.
   */
  public FolderListing list(List<String> folderNames) {
    Path dir = folder(folderNames);
    if (dir == null) {
      return null;
    }
    List<String> names = List.copyOf(folderNames);
    return listings.get(dir, names, new Supplier<FolderListing>() {
      @Override
      public FolderListing get() {
        return read(dir, names);
      }
    });
  }

  /** Lists {@code dir} now: one stat per entry. */
  private FolderListing read(Path dir, List<String> folderNames) {
    boolean[] links = {false};
    List<String> files = new ArrayList<>();
    List<String> folders = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
      for (Path entry : s) {
        String name = entry.getFileName().toString();
        if (name.startsWith(".")) {
          continue;
        }
        BasicFileAttributes a = attributesInside(entry, links);
        if (a == null) {
          continue;
        }
        if (a.isDirectory()) {
          folders.add(name);
        } else if (a.isRegularFile() && FileKind.of(name) != null) {
          files.add(name);
        }
      }
    } catch (IOException | SecurityException e) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED,
          "Folder '" + display(folderNames) + "' cannot be listed: " + reason(e)
              + "; check its permissions.", e);
    }
    Map<String, String> tables = invert(TableNaming.nameTables(files));
    Map<String, String> schemas = invert(TableNaming.nameFolders(folders));
    return new FolderListing(dir, folderNames, tables, schemas, links[0]);
  }

  /**
   * Returns the table file {@code fileName} in the folder reached through {@code folderNames},
   * named {@code tableName}, with its fingerprint read now; null if it no longer exists.
   */
  public TableFile table(List<String> folderNames, String fileName, String tableName) {
    Path dir = folder(folderNames);
    return dir == null ? null : fileIn(dir, folderNames, fileName, tableName);
  }

  /**
   * Returns the table file {@code fileName} of a listing this workspace made, named
   * {@code tableName}, with its fingerprint read now; null if it no longer exists. The folder is
   * not resolved again: the listing holds its real path.
   */
  public TableFile table(FolderListing listing, String fileName, String tableName) {
    return fileIn(listing.folder(), listing.schemaPath(), fileName, tableName);
  }

  /** The table file {@code fileName} in the real folder {@code dir}, or null if it is gone. */
  private TableFile fileIn(Path dir, List<String> folderNames, String fileName,
      String tableName) {
    FileKind kind = FileKind.of(fileName);
    if (kind == null) {
      return null;
    }
    try {
      // One stat settles the common case, a plain file in a real folder: it is its own real path
      // and lies inside. A link is resolved and checked against the root.
      Path entry = dir.resolve(fileName);
      BasicFileAttributes a =
          Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      Path real = entry;
      if (a.isSymbolicLink() || !plainName(fileName)) {
        real = realPathInside(entry, display(folderNames, fileName));
        if (real == null) {
          return null;
        }
        a = Files.readAttributes(real, BasicFileAttributes.class);
      }
      if (!a.isRegularFile()) {
        return null;
      }
      return new TableFile(real, display(folderNames, fileName), folderNames, tableName, kind,
          FileKind.isGzip(fileName), FileFingerprint.of(real, a));
    } catch (NoSuchFileException | NotDirectoryException e) {
      return null;
    } catch (IOException e) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED,
          "File '" + display(folderNames, fileName) + "' cannot be read: " + reason(e), e);
    }
  }

  /**
   * Resolves a path written in a query, such as {@code "data/sales/q1.csv"}, relative to the
   * folder reached through {@code folderNames}. Returns null if no table file is there.
   *
   * @throws CsvwsException {@link ErrorCode#SANDBOX_VIOLATION} if the path is absolute, contains
   *     {@code ..}, or leads outside the workspace through a symlink
   */
  public TableFile resolvePath(List<String> folderNames, String relativePath) {
    if (isAbsolute(relativePath)) {
      throw new CsvwsException(ErrorCode.SANDBOX_VIOLATION,
          "Path '" + relativePath + "' is absolute; tables are named by paths relative to the "
              + "workspace, such as \"data/q1.csv\".");
    }
    List<String> segments = new ArrayList<>(folderNames);
    for (String s : relativePath.split("[/\\\\]")) {
      if (s.isEmpty() || s.equals(".")) {
        continue;
      }
      if (s.equals("..")) {
        throw new CsvwsException(ErrorCode.SANDBOX_VIOLATION,
            "Path '" + relativePath + "' contains '..'; paths may not leave the workspace. Give a "
                + "path relative to the workspace root, such as \"data/q1.csv\".");
      }
      if (s.startsWith(".")) {
        return null;
      }
      segments.add(s);
    }
    if (segments.size() <= folderNames.size()) {
      return null;
    }
    String fileName = segments.remove(segments.size() - 1);
    if (FileKind.of(fileName) == null) {
      return null;
    }
    FolderListing listing;
    try {
      listing = list(segments);
    } catch (CsvwsException e) {
      if (e.code() == ErrorCode.SANDBOX_VIOLATION) {
        throw pathOutside(relativePath);
      }
      throw e;
    }
    if (listing == null) {
      return null;
    }
    String tableName = listing.tableOfFile(fileName);
    Path candidate = listing.folder().resolve(fileName);
    if (Files.isSymbolicLink(candidate) || Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
      if (realPathInside(candidate, relativePath) == null) {
        return null;
      }
    }
    return tableName == null ? null : table(segments, fileName, tableName);
  }

  /**
   * The real path of a folder below the root, or null if it does not exist or is hidden.
   *
   * @throws CsvwsException {@link ErrorCode#FILE_READ_FAILED} if the root itself is gone: an
   *     empty listing would pass for an empty workspace
   */
  private Path folder(List<String> folderNames) {
    if (!Files.isDirectory(root)) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, "Workspace folder " + root
          + " no longer exists or is no longer a folder; reconnect to an existing folder.");
    }
    Path dir = root;
    for (String name : folderNames) {
      if (name.isEmpty() || name.startsWith(".") || name.contains("/") || name.contains("\\")) {
        return null;
      }
      try {
        dir = dir.resolve(name);
      } catch (InvalidPathException e) {
        return null;
      }
    }
    Path real = realPathInside(dir, display(folderNames));
    return real != null && Files.isDirectory(real) ? real : null;
  }

  /**
   * Resolves links and checks the result lies inside the root; null if the path does not exist.
   *
   * @throws CsvwsException {@link ErrorCode#SANDBOX_VIOLATION} if it lies outside
   */
  private Path realPathInside(Path p, String shownAs) {
    Path real;
    try {
      real = p.toRealPath();
    } catch (NoSuchFileException | NotDirectoryException e) {
      return null;
    } catch (IOException e) {
      if (e instanceof AccessDeniedException) {
        throw new CsvwsException(ErrorCode.FILE_READ_FAILED,
            "'" + shownAs + "' cannot be read: permission denied.", e);
      }
      return null;
    }
    if (!real.startsWith(root)) {
      throw pathOutside(shownAs);
    }
    return real;
  }

  private static CsvwsException pathOutside(String shownAs) {
    return new CsvwsException(ErrorCode.SANDBOX_VIOLATION,
        "'" + shownAs + "' leads outside the workspace (through a symlink); it cannot be read.");
  }

  /** Attributes of an entry, following a symlink only if it stays inside; null if it leaves or is broken. */
  private BasicFileAttributes attributesInside(Path entry, boolean[] sawLink) throws IOException {
    BasicFileAttributes a;
    try {
      a = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException e) {
      return null; // removed or renamed since the folder was read: not there any more
    }
    if (!a.isSymbolicLink()) {
      return a;
    }
    sawLink[0] = true;
    try {
      Path real = entry.toRealPath();
      if (!real.startsWith(root)) {
        return null;
      }
      return Files.readAttributes(real, BasicFileAttributes.class);
    } catch (IOException e) {
      return null;
    }
  }

  /** A name that stays in its folder when resolved: no separator, not {@code .} or {@code ..}. */
  private static boolean plainName(String fileName) {
    return !fileName.isEmpty() && fileName.indexOf('/') < 0 && fileName.indexOf('\\') < 0
        && !fileName.equals(".") && !fileName.equals("..");
  }

  private static boolean isAbsolute(String p) {
    return p.startsWith("/") || p.startsWith("\\") || p.startsWith("~")
        || (p.length() >= 2 && p.charAt(1) == ':' && Character.isLetter(p.charAt(0)));
  }

  private static Map<String, String> invert(Map<String, String> m) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, String> e : m.entrySet()) {
      out.put(e.getValue(), e.getKey());
    }
    return out;
  }

  /** A folder path relative to the root, for messages: {@code data/sales}, or {@code .} for the root. */
  public static String display(List<String> folderNames) {
    return folderNames.isEmpty() ? "." : String.join("/", folderNames);
  }

  static String display(List<String> folderNames, String fileName) {
    return folderNames.isEmpty() ? fileName : String.join("/", folderNames) + "/" + fileName;
  }

  static String reason(Throwable e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m;
  }

  /** Folder names in a listing, mapped for quick lookups ignoring case. */
  static Map<String, String> lowerCaseIndex(Map<String, String> names) {
    Map<String, String> m = new HashMap<>();
    for (String n : names.keySet()) {
      m.put(n.toLowerCase(java.util.Locale.ROOT), n);
    }
    return m;
  }
}
