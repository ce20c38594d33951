package io.csvws.web;

import io.csvws.engine.Engine;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * Files a user uploads into their workspace's {@code uploads/} folder, which makes them tables of
 * schema {@code uploads} at once.
 *
 * <p>The body is streamed to a hidden temporary file ({@code .upload-*.part}, which the workspace
 * never lists) and only a complete upload is given its name: a body cut off halfway, or one
 * passing the size limit, is deleted, so nothing partial is ever queried. The name is linked, not
 * moved, into place: a hard link fails when the name exists, so two uploads of one name can never
 * overwrite each other; the second gets {@code name-2.csv}. Names are sanitised: no folders, no
 * dot-files, no control characters, a table extension csvws reads, at most
 * {@value #MAX_NAME_CHARS} characters.
 */
final class Uploads {
  /** The folder of the workspace uploads go into. */
  static final String FOLDER = "uploads";
  static final int MAX_NAME_CHARS = 100;
  private static final int BUFFER = 1 << 16;

  /** An upload that cannot be taken; {@code status} is the HTTP status to answer. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;
    final String code;

    Refused(int status, String code, String message) {
      super(message);
      this.status = status;
      this.code = code;
    }
  }

  /** An upload written: its file name in {@code uploads/} and its size. */
  record Stored(String name, long bytes) {
  }

  private final long maxBytes;

  Uploads(long maxBytes) {
    this.maxBytes = maxBytes;
  }

  /**
   * Writes the upload {@code body} named {@code given} into {@code workspace}'s uploads folder.
   *
   * @param declaredLength the request's Content-Length, or -1 when not given
   * @throws Refused when the name or size cannot be taken, or the body was cut off
   */
  Stored store(Path workspace, String given, long declaredLength, InputStream body)
      throws Refused, IOException {
    String name = sanitise(given);
    if (declaredLength > maxBytes) {
      throw tooLarge(declaredLength);
    }
    Path folder = workspace.resolve(FOLDER);
    if (Files.isSymbolicLink(folder)) {
      throw new Refused(409, "UPLOAD_FOLDER", "The workspace's " + FOLDER + " is a link; "
          + "uploads go only into a real folder. Remove the link to upload.");
    }
    Files.createDirectories(folder);
    if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
      throw new Refused(409, "UPLOAD_FOLDER", "The workspace's " + FOLDER + " is not a folder; "
          + "uploads cannot be written there.");
    }
    Path part = folder.resolve(".upload-" + UserConsole.randomId() + ".part");
    boolean kept = false;
    try {
      long written = 0;
      try (OutputStream out = Files.newOutputStream(part, StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE)) {
        byte[] buf = new byte[BUFFER];
        int n;
        while ((n = body.read(buf)) >= 0) {
          written += n;
          if (written > maxBytes) {
            throw tooLarge(written);
          }
          out.write(buf, 0, n);
        }
      }
      if (declaredLength >= 0 && written != declaredLength) {
        throw new Refused(400, "UPLOAD_CUT", "The upload of " + name + " ended after " + written
            + " of its " + declaredLength + " bytes; nothing was kept. Upload it again.");
      }
      Stored stored = place(part, folder, name, written);
      kept = true;
      return stored;
    } finally {
      if (!kept) {
        Files.deleteIfExists(part);
      }
    }
  }

  private Refused tooLarge(long bytes) {
    return new Refused(413, "UPLOAD_TOO_LARGE", "The upload is larger than " + maxBytes
        + " bytes (at least " + bytes + "), the most this server takes (--max-upload-bytes); "
        + "nothing was kept.");
  }

  /** Gives the complete {@code part} its name, never replacing a file: name, name-2, name-3... */
  private static Stored place(Path part, Path folder, String name, long bytes)
      throws IOException, Refused {
    String base = baseOf(name);
    String ext = name.substring(base.length());
    for (int k = 1; k <= 1000; k++) {
      String candidate = k == 1 ? name : base + "-" + k + ext;
      Path target = folder.resolve(candidate);
      try {
        Files.createLink(target, part);
        Files.delete(part);
        return new Stored(candidate, bytes);
      } catch (FileAlreadyExistsException e) {
        continue;
      } catch (UnsupportedOperationException e) {
        // No hard links here: an exclusive check-and-move is the next best.
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
          Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
          return new Stored(candidate, bytes);
        }
      }
    }
    throw new Refused(409, "UPLOAD_NAME", "There are already 1000 uploads named like " + name
        + "; upload it under another name.");
  }

  /**
   * The name an upload is stored under: the last part of {@code given} (a browser may send a
   * path), control and format characters dropped, characters that are not letters, digits, space,
   * '.', '-' or '_' replaced by '_', no leading dots, at most {@value #MAX_NAME_CHARS} characters,
   * ending in an extension csvws reads as a table.
   *
   * @throws Refused when nothing usable is left or the extension is not a table's
   */
  static String sanitise(String given) throws Refused {
    if (given == null || given.isBlank()) {
      throw new Refused(400, "UPLOAD_NAME", "Give the file's name as the parameter 'name'.");
    }
    String n = given;
    int slash = Math.max(n.lastIndexOf('/'), n.lastIndexOf('\\'));
    n = n.substring(slash + 1);
    StringBuilder b = new StringBuilder();
    n.codePoints().forEach(cp -> {
      int type = Character.getType(cp);
      if (Character.isISOControl(cp) || type == Character.FORMAT || type == Character.SURROGATE
          || type == Character.PRIVATE_USE || type == Character.UNASSIGNED
          || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR) {
        return;
      }
      b.appendCodePoint(Character.isLetterOrDigit(cp) || cp == '.' || cp == '-' || cp == '_'
          || cp == ' ' ? cp : '_');
    });
    n = b.toString().strip();
    while (n.startsWith(".")) {
      n = n.substring(1);
    }
    String kind = extensionOf(n);
    if (kind == null) {
      throw new Refused(400, "UPLOAD_KIND", "'" + visible(given) + "' is not a file csvws reads "
          + "as a table: upload a .csv, .tsv, .tab, .psv or .txt file, or one of these "
          + "compressed as .gz (e.g. data.csv.gz).");
    }
    String base = n.substring(0, n.length() - kind.length()).strip();
    int room = MAX_NAME_CHARS - kind.length();
    if (base.codePointCount(0, base.length()) > room) {
      base = base.substring(0, base.offsetByCodePoints(0, room)).strip();
    }
    if (base.isEmpty() || base.chars().allMatch(c -> c == '.' || c == '_')) {
      throw new Refused(400, "UPLOAD_NAME", "'" + visible(given) + "' leaves no usable name "
          + "once folders, dots and control characters are taken out; rename the file.");
    }
    return base + kind;
  }

  /** The table extension {@code name} ends with (with any .gz), as written, or null. */
  private static String extensionOf(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    String gz = lower.endsWith(".gz") ? ".gz" : "";
    String rest = lower.substring(0, lower.length() - gz.length());
    for (String extension : Engine.tableFileExtensions()) {
      if (rest.endsWith(extension) && rest.length() > extension.length()) {
        return name.substring(name.length() - extension.length() - gz.length());
      }
    }
    return null;
  }

  private static String baseOf(String name) {
    String kind = extensionOf(name);
    return name.substring(0, name.length() - kind.length());
  }

  /** {@code s} for an error message: control characters shown as '?', at most 120 chars. */
  private static String visible(String s) {
    String v = s.codePoints().map(cp -> Character.isISOControl(cp) ? '?' : cp)
        .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
        .toString();
    return v.length() > 120 ? v.substring(0, 120) + "…" : v;
  }
}
