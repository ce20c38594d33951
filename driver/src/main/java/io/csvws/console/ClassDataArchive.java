package io.csvws.console;

import io.csvws.driver.CsvwsUrl;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The console's class-data archive: the classes a console session loads, already parsed and
 * verified, in the form the JVM maps into memory at start-up (the JDK's application class-data
 * sharing). A cold console spends most of its first second loading Calcite's thousands of classes
 * from the jar; with the archive it maps them instead.
 *
 * <p>The archive lies beside the jar ({@code csvws-driver.jsa}) with a stamp
 * ({@code csvws-driver.jsa.stamp}) naming the JVM that wrote it and the jar it holds classes of,
 * as the JVM accepts an archive only from the same JVM build for the same jar file. The build
 * writes both by running {@link #main}, which trains the archive on a console session over the
 * example workspace. Immutable.
 */
final class ClassDataArchive {
  /** Queries the training session runs: scans, filters, groups, joins, sorts and metadata. */
  private static final List<String> TRAINING = List.of(
      "SELECT * FROM customers LIMIT 5",
      "SELECT COUNT(*) FROM customers",
      "SELECT country, COUNT(*) AS n FROM customers WHERE active GROUP BY country ORDER BY n DESC",
      "SELECT c.name, SUM(o.quantity * o.unit_price) AS spent FROM customers c "
          + "JOIN sales.orders_2024 o ON o.customer_id = c.customer_id "
          + "WHERE o.status <> 'cancelled' GROUP BY c.name ORDER BY spent DESC LIMIT 3",
      "SELECT _row, * FROM \"sales/orders_2025.tsv\" WHERE _row <= 2",
      "SELECT DISTINCT status FROM sales.orders_2024",
      "SELECT * FROM csvws.files",
      "!tables",
      "!columns customers");

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
  static ClassDataArchive of(Path jar) {
    return new ClassDataArchive(jar);
  }

  /** The jar this class was loaded from, as a real path; null when it was not a jar file. */
  static Path runningJar() {
    try {
      CodeSource source = ClassDataArchive.class.getProtectionDomain().getCodeSource();
      if (source == null || source.getLocation() == null) {
        return null;
      }
      Path p = Path.of(source.getLocation().toURI());
      return Files.isRegularFile(p) ? p.toRealPath() : null;
    } catch (URISyntaxException | IOException | RuntimeException e) {
      return null;
    }
  }

  Path jar() {
    return jar;
  }

  Path archive() {
    return archive;
  }

  /**
   * Whether this JVM can map the archive: it exists and its stamp names this JVM and the jar as
   * it is now. A JVM given an archive it cannot use starts without it, having paid for trying.
   */
  boolean usable() {
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

  /**
   * Writes the archive and its stamp by running a console session over {@code workspace} in a
   * JVM that dumps the classes it loaded when it exits. The output of that session goes to
   * {@code log}.
   *
   * @return null when written, else why not
   */
  String create(Path workspace, Path log) throws IOException, InterruptedException {
    Path partial = archive.resolveSibling(archive.getFileName() + ".partial");
    Path home = Files.createTempDirectory("csvws-class-data-");
    try {
      Files.deleteIfExists(stamp);
      Files.deleteIfExists(partial);
      List<String> command = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-XX:ArchiveClassesAtExit=" + partial,
          "-D" + Relaunch.ENABLED + "=false",
          // SQLLine's settings and history stay out of the builder's home.
          "-Duser.home=" + home,
          // The metadata cache in the builder's temporary home too: its classes are trained
          // (every real session uses them), and nothing is left in the user's cache folder.
          "-jar", jar.toString(), CsvwsUrl.of(workspace,
              Map.of("metadataCache", home.resolve("metadata-cache").toString())), "--outputformat=csv"));
      for (String statement : TRAINING) {
        command.add("-e");
        command.add(statement);
      }
      Process p = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(log.toFile())
          .redirectInput(ProcessBuilder.Redirect.from(Path.of(
              System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null")
              .toFile()))
          .start();
      if (!p.waitFor(5, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        return "the training session did not end within 5 minutes; see " + log;
      }
      if (p.exitValue() != 0 || !Files.isRegularFile(partial)) {
        return "the training session ended with status " + p.exitValue()
            + (Files.isRegularFile(partial) ? "" : " and wrote no archive") + "; see " + log;
      }
      Files.move(partial, archive, StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
      Files.writeString(stamp, expectedStamp(), StandardCharsets.UTF_8);
      return null;
    } finally {
      Files.deleteIfExists(partial);
      ExampleWorkspace.deleteTree(home);
    }
  }

  /**
   * Builds the archive of a console jar: {@code ClassDataArchive JAR WORKSPACE LOG}. A JVM that
   * cannot write archives leaves the jar without one, which only makes the console start slower,
   * so that is reported and not a failure.
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 3) {
      System.err.println("usage: ClassDataArchive JAR WORKSPACE LOG");
      System.exit(1);
    }
    ClassDataArchive a = of(Path.of(args[0]).toRealPath());
    String problem = a.create(Path.of(args[1]).toAbsolutePath(), Path.of(args[2]));
    System.out.println(problem == null
        ? "csvws: wrote the console's class-data archive " + a.archive
        : "csvws: no class-data archive for the console (it starts slower): " + problem);
  }
}
