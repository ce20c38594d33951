package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.console.JarProcess.Result;
import io.csvws.launch.ClassDataArchive;
import io.csvws.launch.InstalledJdks;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's class-data archive as the build leaves it beside the jar, and the console that
 * {@code java -jar} relaunches on it. Which JVM loaded a class, and from where, is read from the
 * JVM's own class-loading log: the first JVM never loads {@link Console}, the relaunched one loads
 * it from the archive.
 */
@DisabledOnOs(OS.WINDOWS)
class ClassDataArchiveIT {
  private static final String COUNT_US = "select count(*) as n from customers where country = 'US'";
  private static final String CLASS_LOG = "-Xlog:class+load=info:stderr";
  private static final String CONSOLE_FROM_ARCHIVE =
      "io.csvws.console.Console source: shared objects file";
  private static final String CONSOLE_FROM_JAR = "io.csvws.console.Console source: file:";

  @TempDir
  Path scratch;
  private int runs;

  @Test
  void theBuildLeftAnArchiveThisJvmCanMap() throws IOException {
    ClassDataArchive archive = ClassDataArchive.of(JarProcess.jar().toRealPath());

    assertThat(archive.archive()).isRegularFile();
    assertThat(archive.usable()).as("stamp %s", Files.readString(
        archive.archive().resolveSibling("csvws-driver.jsa.stamp"))).isTrue();
  }

  @Test
  void javaDashJarRunsTheConsoleOnTheArchiveWithTheSameOutput() throws Exception {
    Result archived = console(List.of(CLASS_LOG), "", "src/examples/workspace", "-e", COUNT_US,
        "--outputformat=csv");
    Result inPlace = console(List.of(CLASS_LOG, "-D" + Main.RELAUNCH + "=false"), "",
        "src/examples/workspace", "-e", COUNT_US, "--outputformat=csv");

    assertThat(archived.status()).as("%s", archived).isZero();
    assertThat(archived.out()).isEqualTo("\"n\"\n\"2\"\n").isEqualTo(inPlace.out());
    assertThat(archived.err()).contains(CONSOLE_FROM_ARCHIVE).doesNotContain(CONSOLE_FROM_JAR);
    assertThat(inPlace.err()).contains(CONSOLE_FROM_JAR).doesNotContain(CONSOLE_FROM_ARCHIVE);
  }

  @Test
  void theConsolesExitStatusAndErrorsComeThrough() throws Exception {
    Result r = console(List.of(), "", "src/examples/workspace", "-e", "select * from nosuch",
        "--outputformat=csv");

    assertThat(r.status()).as("%s", r).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).contains("Object 'nosuch' not found");
  }

  @Test
  void aScriptOnStandardInputReachesTheRelaunchedConsole() throws Exception {
    Result r = console(List.of(CLASS_LOG), COUNT_US + ";\n", "src/examples/workspace",
        "--outputformat=csv");

    assertThat(r.status()).as("%s", r).isZero();
    assertThat(r.out()).contains("\"n\"\n\"2\"\n");
    assertThat(r.err()).contains(CONSOLE_FROM_ARCHIVE);
  }

  @Test
  void aCopiedJarLeavesTheStaleArchiveAloneAndWritesItsOwnInTheUsersCacheFolder()
      throws Exception {
    // The archive and stamp travel with the copy, but they name the jar the build wrote.
    Path jar = JarProcess.jar().toRealPath();
    Path lib = Files.createDirectories(scratch.resolve("lib"));
    Path copy = Files.copy(jar, lib.resolve("csvws-driver.jar"));
    Files.copy(jar.resolveSibling("csvws-driver.jsa"), lib.resolve("csvws-driver.jsa"));
    Files.copy(jar.resolveSibling("csvws-driver.jsa.stamp"), lib.resolve("csvws-driver.jsa.stamp"));
    List<String> command = JarProcess.javaCommand(scratch);
    command.addAll(List.of(CLASS_LOG, "-jar", copy.toString(),
        JarProcess.projectRoot().resolve("src/examples/workspace").toString(), "-e", COUNT_US,
        "--outputformat=csv"));

    writesOneArchiveThenRunsOnIt(command, "csvws-driver-[0-9a-f]{16}\\.jsa");
  }

  @Test
  void onJdk25TheConsoleWritesAnAheadOfTimeCacheOnceAndThenRunsOnIt() throws Exception {
    Optional<Path> java25 = InstalledJdks.javaOfFeature(25);
    Assumptions.assumeTrue(java25.isPresent(), InstalledJdks.missing(25));
    List<String> command = JarProcess.javaCommand(scratch);
    command.set(0, java25.get().toString());
    command.addAll(List.of(CLASS_LOG, "-jar", JarProcess.jar().toRealPath().toString(),
        JarProcess.projectRoot().resolve("src/examples/workspace").toString(), "-e", COUNT_US,
        "--outputformat=csv"));

    writesOneArchiveThenRunsOnIt(command, "csvws-driver-[0-9a-f]{16}\\.aot");
  }

  /**
   * Runs the console {@code command} twice with the user's cache folder in the scratch home: the
   * first run loads the console from the jar and leaves one archive named like
   * {@code fileName} (nothing partial), the second maps the console from it; both print the
   * count alone on standard output and nothing of the JVM's archives on standard error.
   */
  private void writesOneArchiveThenRunsOnIt(List<String> command, String fileName)
      throws Exception {
    Result first = JarProcess.run(scratch, scratch, "", command);

    assertThat(first.status()).as("%s", first).isZero();
    assertThat(first.out()).as("the CSV alone on standard output").isEqualTo("\"n\"\n\"2\"\n");
    assertThat(first.err()).contains(CONSOLE_FROM_JAR).doesNotContain("[aot")
        .doesNotContain("[cds");
    try (var s = Files.list(scratch.resolve("home/.cache/csvws/class-data"))) {
      assertThat(s.map(f -> f.getFileName().toString()).toList())
          .as("one archive, nothing partial").singleElement(InstanceOfAssertFactories.STRING)
          .matches(fileName);
    }

    Result second = JarProcess.run(scratch, scratch, "", command);

    assertThat(second.status()).as("%s", second).isZero();
    assertThat(second.out()).isEqualTo(first.out());
    assertThat(second.err()).contains(CONSOLE_FROM_ARCHIVE).doesNotContain(CONSOLE_FROM_JAR)
        .doesNotContain("[aot").doesNotContain("[cds");
  }

  @Test
  void aFailedRunWritesNoArchive() throws Exception {
    Path jar = JarProcess.jar().toRealPath();
    Path copy = Files.copy(jar, Files.createDirectories(scratch.resolve("lib"))
        .resolve("csvws-driver.jar"));
    List<String> command = JarProcess.javaCommand(scratch);
    command.addAll(List.of("-jar", copy.toString(),
        JarProcess.projectRoot().resolve("src/examples/workspace").toString(), "-e",
        "select * from nosuch", "--outputformat=csv"));

    Result r = JarProcess.run(scratch, scratch, "", command);

    assertThat(r.status()).as("%s", r).isEqualTo(2);
    try (var s = Files.list(scratch.resolve("home/.cache/csvws/class-data"))) {
      assertThat(s.toList()).isEmpty();
    }
  }

  @Test
  void ctrlCReachesTheConsoleAndNotTheJvmThatWaitsForIt() throws Exception {
    try (RandomAccessFile stdin = standardInput()) {
      Process launcher = startInteractive();
      ProcessHandle console = relaunchedConsole(launcher);

      // A terminal's Ctrl-C goes to both JVMs: SQLLine takes it, the one waiting must live on.
      signal("INT", launcher.pid());
      Thread.sleep(1000);
      assertThat(launcher.isAlive()).as(output()).isTrue();
      assertThat(console.isAlive()).isTrue();

      stdin.write((COUNT_US + ";\n!quit\n").getBytes(StandardCharsets.UTF_8));
      assertThat(launcher.waitFor(60, TimeUnit.SECONDS)).as(output()).isTrue();
      assertThat(launcher.exitValue()).as(output()).isZero();
      assertThat(Files.readString(scratch.resolve("stdout"))).contains("\"n\"\n\"2\"\n");
    }
  }

  @Test
  void stoppingTheJvmThatWaitsStopsTheConsole() throws Exception {
    RandomAccessFile stdin = standardInput();
    try {
      Process launcher = startInteractive();
      ProcessHandle console = relaunchedConsole(launcher);

      signal("TERM", launcher.pid());

      assertThat(launcher.waitFor(30, TimeUnit.SECONDS)).as(output()).isTrue();
      // Its input is still open, so only the launcher can have ended it.
      assertThat(console.onExit().get(30, TimeUnit.SECONDS).isAlive()).isFalse();
    } finally {
      stdin.close();
    }
  }

  /**
   * A named pipe for the console's standard input, held open for writing by the test: unlike a
   * process's own input pipe, which Java closes when the launcher exits, it ends only when the
   * test closes it.
   */
  private RandomAccessFile standardInput() throws Exception {
    Path fifo = scratch.resolve("stdin");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertThat(mkfifo.waitFor()).isZero();
    // Read and write: opening a named pipe this way does not wait for the other end.
    return new RandomAccessFile(fifo.toFile(), "rw");
  }

  /** The console reading the named pipe, so it waits for input. */
  private Process startInteractive() throws IOException {
    List<String> command = JarProcess.javaCommand(scratch);
    command.addAll(List.of("-jar", JarProcess.jar().toString(), "src/examples/workspace",
        "--outputformat=csv"));
    Files.createDirectories(scratch.resolve("home"));
    Files.createDirectories(scratch.resolve("tmp"));
    return new ProcessBuilder(command).directory(JarProcess.projectRoot().toFile())
        .redirectInput(scratch.resolve("stdin").toFile())
        .redirectOutput(scratch.resolve("stdout").toFile())
        .redirectError(scratch.resolve("stderr").toFile())
        .start();
  }

  /**
   * The JVM the launcher started, once the launcher ignores Ctrl-C, which it does right after
   * starting it (and after arranging to stop it). Linux shows a process's ignored signals in
   * /proc; a launcher that inherited an ignored Ctrl-C (from a shell running the build in the
   * background) shows it from its start, which is as good for these tests.
   */
  private ProcessHandle relaunchedConsole(Process launcher) throws Exception {
    Path status = Path.of("/proc", Long.toString(launcher.pid()), "status");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      Optional<ProcessHandle> child = launcher.children().findFirst();
      if (child.isPresent() && ignoresSigint(status)) {
        return child.get();
      }
      assertThat(launcher.isAlive()).as(output()).isTrue();
      Thread.sleep(20);
    }
    throw new AssertionError("no relaunched console within 60 s\n" + output());
  }

  private static boolean ignoresSigint(Path status) throws Exception {
    if (!Files.exists(status)) {
      Thread.sleep(2000); // no /proc: give the launcher the time it needs, with a wide margin
      return true;
    }
    for (String line : Files.readAllLines(status)) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring(7).trim(), 16) & (1L << (2 - 1))) != 0;
      }
    }
    return false;
  }

  private static void signal(String name, long pid) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
    assertThat(kill.waitFor()).isZero();
  }

  private String output() {
    try {
      return "stdout:\n" + JarProcess.read(scratch.resolve("stdout")) + "stderr:\n"
          + JarProcess.read(scratch.resolve("stderr"));
    } catch (IOException e) {
      return e.toString();
    }
  }

  private Result console(List<String> jvmOptions, String input, String... args)
      throws Exception {
    Path dir = Files.createDirectories(scratch.resolve("run" + runs++));
    List<String> command = JarProcess.javaCommand(dir);
    command.addAll(jvmOptions);
    command.add("-jar");
    command.add(JarProcess.jar().toString());
    command.addAll(List.of(args));
    return JarProcess.run(dir, JarProcess.projectRoot(), input, command);
  }
}
