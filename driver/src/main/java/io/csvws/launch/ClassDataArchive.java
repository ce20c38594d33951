package io.csvws.launch;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A jar's class-data archive: the classes a session of the jar's program loads, already parsed
 * and verified, in the form the JVM maps into memory at start-up (the JDK's application
 * class-data sharing). A cold csvws spends most of its first second loading Calcite's thousands
 * of classes from the jar; with the archive it maps them instead.
 *
 * <p>The archive lies beside the jar ({@code csvws-driver.jsa} for {@code csvws-driver.jar})
 * with a stamp ({@code .jsa.stamp}) naming the JVM that wrote it and the jar it holds classes of,
 * as the JVM accepts an archive only from the same JVM build for the same jar file, first on the
 * class path. The build writes both with {@link #create}, which runs a training session of the
 * jar's program in a JVM that dumps the classes it loaded when it exits. Immutable.
 */
public final class ClassDataArchive {
  private final Path jar;
  private final Path archive;
  private final Path stamp;

  private ClassDataArchive(Path jar) {
    this.jar = jar;
    String name = jar.getFileName().toString();
    String base = name.endsWith(".jar") ? name.substring(0, name.length() - 4) : name;
    this.archive = jar.resolveSibling(base + ".jsa");
    this.stamp = jar.resolveSibling(base + ".jsa.stamp");
  }

  /** The archive of {@code jar} (a real path), whether or not it exists. */
  public static ClassDataArchive of(Path jar) {
    return new ClassDataArchive(jar);
  }

  /**
   * The jar {@code anchor} was loaded from, as a real path; null when it was not a jar file (a
   * folder of classes, as in an IDE).
   */
  public static Path jarOf(Class<?> anchor) {
    try {
      CodeSource source = anchor.getProtectionDomain().getCodeSource();
      if (source == null || source.getLocation() == null) {
        return null;
      }
      Path p = Path.of(source.getLocation().toURI());
      return Files.isRegularFile(p) ? p.toRealPath() : null;
    } catch (URISyntaxException | IOException | RuntimeException e) {
      return null;
    }
  }

  /** The jar whose classes the archive holds. */
  public Path jar() {
    return jar;
  }

  /** The archive file beside the jar. */
  public Path archive() {
    return archive;
  }

  /**
   * Whether this JVM can map the archive: it exists and its stamp names this JVM and the jar as
   * it is now. A JVM given an archive it cannot use starts without it, having paid for trying.
   */
  public boolean usable() {
    try {
      return Files.isRegularFile(archive) && Files.isRegularFile(stamp)
          && Files.readString(stamp, StandardCharsets.UTF_8).equals(expectedStamp());
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /** What the stamp says when the archive was written by this JVM for the jar as it is now. */
  private String expectedStamp() throws IOException {
    return "java.home=" + System.getProperty("java.home") + "\n"
        + "java.vm.version=" + System.getProperty("java.vm.version") + "\n"
        + "jar=" + jar + "\n"
        + "jar.size=" + Files.size(jar) + "\n"
        + "jar.modified=" + Files.getLastModifiedTime(jar).toMillis() + "\n";
  }

  /** Stamps the archive as this JVM's for the jar as it is now. */
  void writeStamp() throws IOException {
    Files.writeString(stamp, expectedStamp(), StandardCharsets.UTF_8);
  }

  /**
   * Writes the archive and its stamp by running a training session in a JVM of this JVM's
   * installation that dumps the classes it loaded when it exits. The session's JVM options and
   * program come from {@code training}, given a temporary folder to use as the session's home
   * (deleted afterwards); its class path must be this jar alone ({@code -jar JAR} or
   * {@code -cp JAR}), as the JVM maps an archive only for the class path it was made with.
   * Before it, a shorter session from {@code priming} runs in the same home without writing
   * anything: it fills what the program keeps for the next process (the metadata cache in the
   * user's cache folder) with some of the files the training reads, so that the training loads
   * both the classes that read those entries, as every later run of a user does, and those that
   * inspect the other files, as a first run does. The sessions' output goes to {@code log};
   * their standard input is empty.
   *
   * @return null when written, else why not
   */
  public String create(Function<Path, List<String>> priming,
      Function<Path, List<String>> training, Path log) throws IOException, InterruptedException {
    Path partial = archive.resolveSibling(archive.getFileName() + ".partial");
    Path home = Files.createTempDirectory("csvws-class-data-");
    try {
      Files.deleteIfExists(stamp);
      Files.deleteIfExists(partial);
      Files.deleteIfExists(log);
      String problem = session(priming, home, null, log);
      if (problem != null) {
        return problem;
      }
      problem = session(training, home, partial, log);
      if (problem != null) {
        return problem;
      }
      if (!Files.isRegularFile(partial)) {
        return "the training session wrote no archive; see " + log;
      }
      Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      writeStamp();
      return null;
    } finally {
      Files.deleteIfExists(partial);
      deleteTree(home);
    }
  }

  /**
   * Runs one training session with {@code home} as its home, writing the archive to
   * {@code dump} as it exits unless that is null; its output is appended to {@code log}.
   *
   * @return null when it ended well, else why not
   */
  private static String session(Function<Path, List<String>> training, Path home, Path dump,
      Path log) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (dump != null) {
      command.add("-XX:ArchiveClassesAtExit=" + dump);
    }
    command.addAll(List.of("-D" + Relaunch.RELAUNCHED + "=true",
        // Settings, history and caches of the session stay out of the builder's home.
        "-Duser.home=" + home));
    command.addAll(training.apply(home));
    ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(Path.of(
            System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null")
            .toFile()));
    // The user's cache folder is the session's home's, whatever the builder's says.
    b.environment().remove("XDG_CACHE_HOME");
    Process p = b.start();
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      return "a training session did not end within 5 minutes; see " + log;
    }
    return p.exitValue() == 0 ? null
        : "a training session ended with status " + p.exitValue() + "; see " + log;
  }

  /** Deletes a folder and everything in it; what cannot be deleted stays. */
  static void deleteTree(Path root) {
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException | RuntimeException e) {
      // A temporary folder: the system cleans it up eventually.
    }
  }
}
