package io.csvws.launch;

import io.csvws.config.CacheLocation;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Runs a jar's program in a second JVM that maps a class-data archive, when {@code java -jar}
 * started this one without it: the console ({@code csvws-driver.jar}), the gateway and the MCP
 * server ({@code csvws-gateway.jar}).
 *
 * <p>JDK 17 reads no JVM option from a jar, so an archive can only reach a plain
 * {@code java -jar} this way: the first JVM starts a second with the same JVM options plus the
 * archive, hands it its standard input, output and error and exits with its status. Starting the
 * first JVM costs a few tens of milliseconds; the archive saves about a second of class loading.
 *
 * <p>The archive is the one the build wrote beside the jar ({@link ClassDataArchive}) when this
 * JVM wrote it; else one in the user's cache folder ({@code ~/.cache/csvws/class-data}, named
 * after the jar and this JVM), which the first such run writes as it ends (that run is a second
 * or so slower) and later runs map. A run that fails writes none; each JVM and jar has its own,
 * so two installations never fight over one. On JDK 25 and later the cache folder's archive is an
 * ahead-of-time cache ({@link Format#AOT_CACHE}), which also keeps the classes linked and the
 * methods' profiles, and is preferred to the build's archive.
 *
 * <p>Nothing is relaunched when there is no usable archive and none can be written, when the JVM
 * was given class-data or agent options (which the user chose, or which cannot be had twice, such
 * as a debugger's port), when this JVM's command line cannot be read, or when the system property
 * this launch is switched with is {@code false}. Immutable.
 */
public final class Relaunch {
  /** System property set in the relaunched JVM, so it does not relaunch again. */
  public static final String RELAUNCHED = "csvws.relaunched";

  /** The first JDK whose cache folder archive is an ahead-of-time cache (one training run). */
  static final int AOT_CACHE_FEATURE = 25;

  /** How long a stopped program may take to end before it is killed. */
  private static final long STOP_SECONDS = 60;

  private static final List<String> OPTIONS_THAT_STAY = List.of("-XX:SharedArchiveFile",
      "-XX:ArchiveClassesAtExit", "-XX:+AutoCreateSharedArchive", "-XX:AOTCache",
      "-XX:AOTMode", "-XX:AOTCacheOutput", "-XX:AOTConfiguration", "-Xshare", "-agentlib",
      "-agentpath", "-javaagent", "-Xdebug", "-Xrunjdwp");

  /**
   * JVM logging for both JVMs' output streams: JVM warnings on standard error, never on standard
   * output (where the console's CSV or the MCP protocol goes), and nothing of class-data sharing
   * (an archive the JVM turns down is skipped without a word). The user's own {@code -Xlog}
   * options come after these and win.
   */
  static final List<String> QUIET = List.of("-Xlog:disable", "-Xlog:all=warning:stderr",
      "-Xlog:cds*=off:stderr");

  private final String enabledProperty;
  private final boolean interruptsStop;

  /**
   * @param enabledProperty the system property whose value {@code false} runs the program in the
   *     JVM {@code java -jar} started
   * @param interruptsStop whether Ctrl-C stops the waiting JVM (and so the program) as it does a
   *     server; false for the console, where the program itself decides what Ctrl-C means
   */
  public Relaunch(String enabledProperty, boolean interruptsStop) {
    this.enabledProperty = enabledProperty;
    this.interruptsStop = interruptsStop;
  }

  /**
   * Runs the program of the jar {@code anchor} comes from again with {@code args}, on a
   * class-data archive, when that is useful and possible.
   *
   * @return the program's exit status, or null when this JVM should run it itself
   */
  public Integer relaunch(String[] args, Class<?> anchor) {
    if (!"true".equals(System.getProperty(enabledProperty, "true"))
        || System.getProperty(RELAUNCHED) != null) {
      return null;
    }
    Path jar = ClassDataArchive.jarOf(anchor);
    if (jar == null) {
      return null;
    }
    Optional<String[]> line = ProcessHandle.current().info().arguments();
    if (line.isEmpty()) {
      return null;
    }
    Archive archive = archiveFor(jar, CacheLocation.USER.resolve());
    if (archive == null) {
      return null;
    }
    Optional<List<String>> command = command(List.of(line.get()), args, jar, archive);
    if (command.isEmpty()) {
      return null;
    }
    Integer status = run(command.get());
    if (status != null && archive.writing() != null) {
      archive.keep(status);
    }
    return status;
  }

  /**
   * The archive a relaunch uses: {@code file} to map, or, when {@code writing} is not null, the
   * file the relaunched JVM writes as it exits and that becomes {@code file} if the run succeeds;
   * in {@code format}.
   */
  record Archive(Path file, Path writing, Format format) {
    /** A class-data archive ({@link Format#CLASS_DATA}). */
    Archive(Path file, Path writing) {
      this(file, writing, Format.CLASS_DATA);
    }

    /** Keeps what a run that ended with {@code status} wrote, if it succeeded. */
    void keep(int status) {
      try {
        if (status == 0 && Files.isRegularFile(writing) && Files.size(writing) > 0) {
          Files.move(writing, file, StandardCopyOption.REPLACE_EXISTING,
              StandardCopyOption.ATOMIC_MOVE);
        }
      } catch (IOException | RuntimeException e) {
        // The next run writes it again.
      } finally {
        try {
          Files.deleteIfExists(writing);
        } catch (IOException e) {
          // A stray partial archive in the cache folder; nothing maps it.
        }
      }
    }
  }

  /** What kind of archive a JVM maps or writes, and the options that say so. */
  enum Format {
    /**
     * The JDK's dynamic class-data archive (JDK 13 and later): the classes a run loaded, parsed
     * and verified.
     */
    CLASS_DATA(".jsa"),
    /**
     * The ahead-of-time cache of JDK 25 and later: the classes loaded and linked, and the
     * profiles of the methods the run used, so the compilers start from them. Its training run
     * assembles the cache in a second JVM as it exits, which costs a few seconds once.
     */
    AOT_CACHE(".aot");

    private final String suffix;

    Format(String suffix) {
      this.suffix = suffix;
    }

    /** The format this JVM gets in the user's cache folder. */
    static Format forFeatureVersion(int feature) {
      return feature >= AOT_CACHE_FEATURE ? AOT_CACHE : CLASS_DATA;
    }

    /** The file name ending of this format's archives. */
    String suffix() {
      return suffix;
    }

    /** The JVM options that map {@code file}. */
    List<String> mapping(Path file) {
      return this == AOT_CACHE ? List.of("-XX:AOTCache=" + file)
          : List.of("-XX:SharedArchiveFile=" + file, "-Xshare:auto");
    }

    /** The JVM options that write the archive to {@code file} as the JVM exits. */
    List<String> writing(Path file) {
      return List.of((this == AOT_CACHE ? "-XX:AOTCacheOutput=" : "-XX:ArchiveClassesAtExit=")
          + file);
    }

    /**
     * Options that keep this format's own messages (a cache turned down, a cache assembled) off
     * standard output, where the console's CSV and the MCP protocol go: JDK 25 prints the
     * assembly of a cache to the JVM's own output stream, not to a log. Empty for the class-data
     * archive, which {@link #QUIET} covers and whose JVMs may not know the ahead-of-time cache's
     * log tags.
     */
    List<String> quiet() {
      return this == AOT_CACHE ? List.of("-Xlog:aot*=off:stderr", "-XX:+DisplayVMOutputToStderr")
          : List.of();
    }
  }

  /**
   * The archive for {@code jar} in this JVM: the build's beside the jar if this JVM wrote it;
   * else the user's in {@code cacheFolder}, to map if it is there or to write; null when there
   * is none and none can be written.
   */
  static Archive archiveFor(Path jar, Path cacheFolder) {
    return archiveFor(jar, cacheFolder, Format.forFeatureVersion(Runtime.version().feature()));
  }

  /**
   * The archive for {@code jar} when the cache folder's archives are in {@code format}: an
   * ahead-of-time cache is worth more than the build's class-data archive, so it comes first.
   */
  static Archive archiveFor(Path jar, Path cacheFolder, Format format) {
    ClassDataArchive built = ClassDataArchive.of(jar);
    if (format == Format.CLASS_DATA && built.usable()) {
      return new Archive(built.archive(), null);
    }
    Archive own = cacheFolder == null ? null : inCacheFolder(jar, cacheFolder, format);
    if (own == null && built.usable()) {
      return new Archive(built.archive(), null);
    }
    return own;
  }

  /**
   * The archive of {@code jar} in the user's cache folder, to map if it is there or to write;
   * null when the folder cannot be written.
   */
  private static Archive inCacheFolder(Path jar, Path cacheFolder, Format format) {
    try {
      Path folder = cacheFolder.resolve("class-data");
      String base = jar.getFileName().toString().replaceFirst("\\.jar$", "");
      String name = base + "-" + fingerprint(jar);
      Path file = folder.resolve(name + format.suffix());
      if (Files.isRegularFile(file)) {
        return new Archive(file, null, format);
      }
      Files.createDirectories(folder);
      removeOthers(folder, base, file);
      // The partial file keeps the format's ending: JDK 25 names the cache's configuration
      // after it.
      return new Archive(file, folder.resolve(name + "." + ProcessHandle.current().pid()
          + ".partial" + format.suffix()), format);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * What an archive depends on: this JVM's build and the jar as it is now. A new JVM or a new
   * jar gets a new file name, so a stale archive is never offered.
   */
  private static String fingerprint(Path jar) throws IOException {
    String what = System.getProperty("java.home") + "\n" + System.getProperty("java.vm.version")
        + "\n" + jar + "\n" + Files.size(jar) + "\n" + Files.getLastModifiedTime(jar).toMillis();
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(
          what.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(d, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  /**
   * Deletes the archives of earlier versions of the same jar (or earlier JVMs), so that the cache
   * folder holds one archive per jar; another process's partial archive is left alone.
   */
  private static void removeOthers(Path folder, String base, Path keep) {
    try (DirectoryStream<Path> s = Files.newDirectoryStream(folder, base + "-*")) {
      for (Path p : s) {
        if (!p.equals(keep) && p.getFileName().toString()
            .matches(Pattern.quote(base) + "-[0-9a-f]{16}\\.(jsa|aot)")) {
          Files.deleteIfExists(p);
        }
      }
    } catch (IOException | RuntimeException e) {
      // Only space is lost.
    }
  }

  /**
   * The relaunch command for a JVM whose command line (without the executable) is {@code line}:
   * the logging options, its options before {@code -jar}, then {@code archive}, then its jar and
   * {@code args}; empty when the line is not {@code [options] -jar JAR args} or has options that
   * stay.
   */
  static Optional<List<String>> command(List<String> line, String[] args, Path jar,
      Archive archive) {
    int jarOption = line.indexOf("-jar");
    // Started as java [options] -jar JAR args: anything else (a main class, a launcher that
    // rewrote the arguments) is left alone.
    if (jarOption < 0 || jarOption + 2 + args.length != line.size()
        || !line.subList(jarOption + 2, line.size()).equals(Arrays.asList(args))) {
      return Optional.empty();
    }
    List<String> options = line.subList(0, jarOption);
    for (String o : options) {
      for (String stays : OPTIONS_THAT_STAY) {
        if (o.startsWith(stays)) {
          return Optional.empty();
        }
      }
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(QUIET);
    command.addAll(archive.format().quiet());
    command.addAll(options);
    command.addAll(archive.writing() == null ? archive.format().mapping(archive.file())
        : archive.format().writing(archive.writing()));
    command.add("-D" + RELAUNCHED + "=true");
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(Arrays.asList(args));
    return Optional.of(command);
  }

  /**
   * Runs {@code command} on this JVM's standard streams and returns its exit status; null when it
   * cannot be started, and this JVM should run the program itself.
   */
  Integer run(List<String> command) {
    Program program = new Program();
    // Before the start, so that no moment has a program running that stopping this JVM misses.
    Runtime.getRuntime().addShutdownHook(new Thread(program::stop, "csvws-relaunched-stop"));
    Process started = program.start(new ProcessBuilder(command).inheritIO());
    if (started == null) {
      return null;
    }
    if (!interruptsStop) {
      // After the start: a process starts with the signals its parent ignores ignored, and the
      // console needs its Ctrl-C.
      ignoreInterrupts();
    }
    while (true) {
      try {
        return started.waitFor();
      } catch (InterruptedException e) {
        // Only the program's end ends the wait.
      }
    }
  }

  /**
   * The relaunched program's process, started unless this JVM is already stopping, and stopped
   * with it. Starting and stopping exclude each other, so a program is never left running.
   */
  private static final class Program {
    private Process process;
    private boolean stopping;

    synchronized Process start(ProcessBuilder builder) {
      if (stopping) {
        return null;
      }
      try {
        process = builder.start();
      } catch (IOException | RuntimeException e) {
        return null;
      }
      return process;
    }

    /**
     * Stops the program when this JVM is stopped (SIGTERM, SIGHUP) while it runs: the same
     * signal, and time to end as it would alone (a gateway lets the requests in flight finish,
     * for up to 30 s), before it is killed.
     */
    synchronized void stop() {
      stopping = true;
      if (process == null || !process.isAlive()) {
        return;
      }
      process.destroy();
      try {
        if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
      }
    }
  }

  /**
   * Ignores SIGINT in this JVM. Ctrl-C at a terminal reaches every process of the foreground
   * job; without this the first JVM would end and give the terminal back to the shell while the
   * console still reads it. The JDK has this only in {@code sun.misc}, reached by reflection so
   * that a JDK without it merely keeps the default.
   */
  private static void ignoreInterrupts() {
    try {
      Class<?> signal = Class.forName("sun.misc.Signal");
      Class<?> handler = Class.forName("sun.misc.SignalHandler");
      Object ignore = handler.getField("SIG_IGN").get(null);
      Method handle = signal.getMethod("handle", signal, handler);
      handle.invoke(null, signal.getConstructor(String.class).newInstance("INT"), ignore);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // The default: Ctrl-C ends this JVM, and its shutdown hook stops the program.
    }
  }
}
