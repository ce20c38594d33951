package io.csvws.agent;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.util.Set;

/**
 * The folder an export writes into, held open from the export folder down, one level at a time,
 * without following a symbolic link at any level: the per-user export folder and every folder
 * of the target are opened as they are, so a link swapped in after the target was checked makes
 * the export fail instead of writing where the link points. The file is created, renamed and
 * deleted relative to the open folder, never by a path looked up again.
 */
final class TargetFolder implements AutoCloseable {
  private final SecureDirectoryStream<Path> folder;
  private final Path path;

  private TargetFolder(SecureDirectoryStream<Path> folder, Path path) {
    this.folder = folder;
    this.path = path;
  }

  static CsvwsException linkedRoot() {
    return new CsvwsException(ErrorCode.SANDBOX_VIOLATION, "This user's export folder is a "
        + "symbolic link or not a folder; export writes only into a real folder inside the "
        + "export folder. Ask the operator to replace it with a folder.");
  }

  static CsvwsException linked(String target) {
    return new CsvwsException(ErrorCode.SANDBOX_VIOLATION, "The target '"
        + Tables.shorten(target) + "' goes through a symbolic link; export follows no links. "
        + "Choose another target.");
  }

  /**
   * Opens {@code root} (which must not be a link) and then each folder of {@code relative}
   * under it, creating missing ones, none of them a link.
   *
   * @param target the target as the caller gave it, for messages
   */
  static TargetFolder open(Path root, Path relative, String target) throws IOException {
    if (Files.isSymbolicLink(root)) {
      throw linkedRoot();
    }
    DirectoryStream<Path> opened;
    try {
      opened = Files.newDirectoryStream(root);
    } catch (FileSystemException e) {
      throw linkedRoot();
    }
    if (!(opened instanceof SecureDirectoryStream)) {
      // No openat on this platform: the checks of ExportTool.resolveTarget are all there is.
      opened.close();
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "Export needs a file system that "
          + "can open folders without following links; this server's cannot.");
    }
    SecureDirectoryStream<Path> current = (SecureDirectoryStream<Path>) opened;
    if (!sameFile(current, root)) {
      // The root was swapped for a link between the check and the open.
      current.close();
      throw linkedRoot();
    }
    Path at = root;
    try {
      for (Path segment : relative) {
        String name = segment.toString();
        if (name.isEmpty()) {
          continue;
        }
        at = at.resolve(name);
        SecureDirectoryStream<Path> next;
        try {
          next = current.newDirectoryStream(segment, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
          try {
            Files.createDirectory(at);
          } catch (java.nio.file.FileAlreadyExistsException raced) {
            // Made meanwhile: opened (and checked) below like any other.
          }
          next = openLevel(current, segment, target);
        } catch (FileSystemException e) {
          // ELOOP (a link) or ENOTDIR: refused without following it.
          throw linked(target);
        }
        current.close();
        current = next;
      }
      return new TargetFolder(current, at);
    } catch (IOException | RuntimeException e) {
      current.close();
      throw e;
    }
  }

  private static SecureDirectoryStream<Path> openLevel(SecureDirectoryStream<Path> parent,
      Path segment, String target) throws IOException {
    try {
      return parent.newDirectoryStream(segment, LinkOption.NOFOLLOW_LINKS);
    } catch (FileSystemException e) {
      throw linked(target);
    }
  }

  /** Whether the open folder is the folder {@code path} names now. */
  private static boolean sameFile(SecureDirectoryStream<Path> open, Path path)
      throws IOException {
    Object opened = open.getFileAttributeView(BasicFileAttributeView.class).readAttributes()
        .fileKey();
    Object named = Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class,
        LinkOption.NOFOLLOW_LINKS).fileKey();
    return opened != null && opened.equals(named);
  }

  /** A new file in this folder, for writing; fails if the name exists (a link included). */
  OutputStream create(String name) throws IOException {
    return Channels.newOutputStream(folder.newByteChannel(path.getFileSystem().getPath(name),
        Set.<OpenOption>of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
            LinkOption.NOFOLLOW_LINKS)));
  }

  /** Whether {@code name} exists in this folder (a link counts, unfollowed). */
  boolean exists(Path name) throws IOException {
    try {
      folder.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
          .readAttributes();
      return true;
    } catch (NoSuchFileException e) {
      return false;
    }
  }

  /** Renames {@code from} to {@code to} in this folder, replacing {@code to} if it exists. */
  void moveInto(String from, Path to) throws IOException {
    folder.move(path.getFileSystem().getPath(from), folder, to);
  }

  void deleteIfExists(String name) throws IOException {
    try {
      folder.deleteFile(path.getFileSystem().getPath(name));
    } catch (NoSuchFileException e) {
      // Moved into place, or never made.
    }
  }

  @Override
  public void close() throws IOException {
    folder.close();
  }
}
