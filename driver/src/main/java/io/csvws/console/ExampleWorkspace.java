package io.csvws.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The workspace the console opens when no folder is given: {@code src/examples/workspace} when
 * the console runs in a csvws checkout, else a temporary copy of the example workspace that the
 * build packs into the jar.
 *
 * <p>A copy is removed by {@link #close()}, and by a shutdown hook when the JVM is stopped
 * before that (Ctrl-C, SIGTERM). Not thread-safe; one per console run.
 */
final class ExampleWorkspace implements AutoCloseable {
  /** Where the example workspace lies in a checkout, relative to its root. */
  static final Path IN_CHECKOUT = Path.of("src", "examples", "workspace");
  /** Where the build puts the copy inside the jar (see the resources of driver/pom.xml). */
  static final String BUNDLED = "io/csvws/console/example-workspace";

  private final Path folder;
  private final Path temporaryRoot;
  private final Thread cleanup;

  private ExampleWorkspace(Path folder, Path temporaryRoot) {
    this.folder = folder;
    this.temporaryRoot = temporaryRoot;
    if (temporaryRoot == null) {
      this.cleanup = null;
    } else {
      this.cleanup = new Thread(this::delete, "csvws-example-cleanup");
      Runtime.getRuntime().addShutdownHook(cleanup);
    }
  }

  /**
   * Finds the example workspace under {@code workingDir}, or copies the bundled one to a new
   * folder under {@code java.io.tmpdir}.
   *
   * @throws IOException if the bundled copy cannot be read or written
   */
  static ExampleWorkspace open(Path workingDir) throws IOException {
    if (Files.isDirectory(workingDir.resolve(IN_CHECKOUT))) {
      return new ExampleWorkspace(IN_CHECKOUT, null);
    }
    Path root = Files.createTempDirectory("csvws-example-");
    try {
      Path target = root.resolve("workspace");
      copyBundled(target);
      return new ExampleWorkspace(target, root);
    } catch (IOException | RuntimeException e) {
      deleteTree(root);
      throw e;
    }
  }

  /** The folder to open; relative to the working directory when it is the checkout's. */
  Path folder() {
    return folder;
  }

  /** Whether {@link #folder()} is a temporary copy. */
  boolean isCopy() {
    return temporaryRoot != null;
  }

  /** Removes a temporary copy; does nothing for the checkout's folder. */
  @Override
  public void close() {
    if (cleanup == null) {
      return;
    }
    delete();
    try {
      Runtime.getRuntime().removeShutdownHook(cleanup);
    } catch (IllegalStateException e) {
      // The JVM is already shutting down: the hook runs (or ran) delete() itself.
    }
  }

  /**
   * Synchronized because a console stopped by a signal may end its session (and close this) while
   * the shutdown hook deletes the same tree.
   */
  private synchronized void delete() {
    try {
      deleteTree(temporaryRoot);
    } catch (IOException e) {
      System.err.println("csvws: could not remove the example copy " + temporaryRoot + ": " + e);
    }
  }

  /** Copies the bundled workspace from this class's jar (or classes folder) to {@code target}. */
  private static void copyBundled(Path target) throws IOException {
    Path codeSource;
    try {
      codeSource = Path.of(ExampleWorkspace.class.getProtectionDomain().getCodeSource()
          .getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IOException("The console's own location cannot be read as a path: " + e, e);
    }
    if (Files.isDirectory(codeSource)) {
      copyTree(codeSource.resolve(BUNDLED), target);
    } else {
      try (FileSystem jar = FileSystems.newFileSystem(codeSource)) {
        copyTree(jar.getPath(BUNDLED), target);
      }
    }
  }

  private static void copyTree(Path source, Path target) throws IOException {
    if (!Files.isDirectory(source)) {
      throw new IOException("The example workspace is missing from " + source.getFileSystem()
          + " (expected " + BUNDLED + "); rebuild the jar with mvn package.");
    }
    List<Path> entries;
    try (Stream<Path> walk = Files.walk(source)) {
      entries = walk.collect(Collectors.toList());
    }
    for (Path p : entries) {
      // Resolve by name: the source may be inside the jar's file system.
      Path to = target;
      for (Path part : source.relativize(p)) {
        to = to.resolve(part.toString());
      }
      if (Files.isDirectory(p)) {
        Files.createDirectories(to);
      } else {
        Files.copy(p, to);
      }
    }
  }

  static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }
}
