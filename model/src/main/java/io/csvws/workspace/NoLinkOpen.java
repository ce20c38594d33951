package io.csvws.workspace;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;

/**
 * Opens a file at a real path (one without links, as {@link Workspace} resolved and checked it)
 * so that what is opened is what was checked: the check and the open are one step.
 *
 * <p>A path checked and then opened again by name can be raced: between the two, a neighbour
 * replaces the file (or a folder above it) with a link to a file outside the workspace, and the
 * open follows it. Here every folder from the file system's root down is opened relative to the
 * one above it, and the file relative to its folder, none following a link ({@code openat} with
 * {@code O_NOFOLLOW}, through {@link SecureDirectoryStream}). The opened file is therefore the one
 * at the real path at the moment of the open, and that path lies inside the workspace; a link
 * found anywhere on the way fails the open, saying that the file changed. Where the platform has
 * no {@link SecureDirectoryStream}, the file is opened without following a final link and its real
 * path is compared with the expected one after the open.
 *
 * <p>Stateless.
 */
public final class NoLinkOpen {
  private NoLinkOpen() {
  }

  /**
   * Opens {@code real} for reading.
   *
   * @param real an absolute path without links, inside the workspace
   * @param shownAs the path as the user knows it, for messages
   * @throws NoSuchFileException if the file (or a folder above it) is gone
   * @throws CsvwsException {@link ErrorCode#FILE_READ_FAILED} if a link or another kind of file
   *     now stands on the path
   */
  public static SeekableByteChannel channel(Path real, String shownAs) throws IOException {
    Path root = real.getRoot();
    if (root == null || real.getNameCount() == 0) {
      throw new IllegalArgumentException("not an absolute file path: " + real);
    }
    DirectoryStream<Path> top = Files.newDirectoryStream(root);
    if (!(top instanceof SecureDirectoryStream<Path> first)) {
      top.close();
      return checkedAfterOpen(real, shownAs);
    }
    SecureDirectoryStream<Path> dir = first;
    try {
      for (int i = 0; i < real.getNameCount() - 1; i++) {
        SecureDirectoryStream<Path> next;
        try {
          next = dir.newDirectoryStream(real.getName(i), LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
          throw gone(shownAs);
        } catch (AccessDeniedException e) {
          throw e;
        } catch (FileSystemException e) {
          throw changed(shownAs, "a folder on its path is now a link or not a folder", e);
        }
        dir.close();
        dir = next;
      }
      Path name = real.getFileName();
      BasicFileAttributes a;
      try {
        a = dir.getFileAttributeView(name, BasicFileAttributeView.class,
            LinkOption.NOFOLLOW_LINKS).readAttributes();
      } catch (NoSuchFileException e) {
        throw gone(shownAs);
      }
      if (a.isSymbolicLink()) {
        throw changed(shownAs, "it is now a link", null);
      }
      if (!a.isRegularFile()) {
        throw changed(shownAs, "it is no longer a regular file", null);
      }
      try {
        return dir.newByteChannel(name, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
      } catch (NoSuchFileException | AccessDeniedException e) {
        throw e;
      } catch (IOException e) {
        // The JDK reports O_NOFOLLOW's ELOOP as a plain IOException naming NOFOLLOW_LINKS.
        if (e instanceof FileSystemException || String.valueOf(e.getMessage()).contains("NOFOLLOW")
            || String.valueOf(e.getMessage()).contains("symbolic link")) {
          throw changed(shownAs, "it is now a link", e);
        }
        throw e;
      }
    } finally {
      dir.close();
    }
  }

  /** As {@link #channel}, as a {@link FileChannel} (what the platform's open gives). */
  public static FileChannel fileChannel(Path real, String shownAs) throws IOException {
    SeekableByteChannel c = channel(real, shownAs);
    if (c instanceof FileChannel f) {
      return f;
    }
    c.close();
    return checkedAfterOpen(real, shownAs);
  }

  /** As {@link #channel}, as a stream of the file's bytes from the first. */
  public static InputStream stream(Path real, String shownAs) throws IOException {
    return Channels.newInputStream(channel(real, shownAs));
  }

  private static FileChannel checkedAfterOpen(Path real, String shownAs) throws IOException {
    FileChannel c;
    try {
      c = FileChannel.open(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    } catch (NoSuchFileException | AccessDeniedException e) {
      throw e;
    } catch (IOException e) {
      if (e instanceof FileSystemException || String.valueOf(e.getMessage()).contains("NOFOLLOW")
          || String.valueOf(e.getMessage()).contains("symbolic link")) {
        throw changed(shownAs, "it is now a link", e);
      }
      throw e;
    }
    try {
      if (!real.toRealPath().equals(real)) {
        throw changed(shownAs, "a folder on its path is now a link", null);
      }
    } catch (IOException | RuntimeException e) {
      c.close();
      throw e;
    }
    return c;
  }

  /** A missing file named as the user knows it, not by a server path or a folder name. */
  private static NoSuchFileException gone(String shownAs) {
    return new NoSuchFileException(shownAs, null, "removed or renamed while it was being opened");
  }

  private static CsvwsException changed(String shownAs, String how, Throwable cause) {
    return new CsvwsException(ErrorCode.FILE_READ_FAILED, "'" + shownAs + "' changed while it "
        + "was being opened: " + how + ", which csvws does not follow there. Nothing of it was "
        + "read; run the statement again once the file is in place.", cause);
  }
}
