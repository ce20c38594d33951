package io.csvws.console;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs the console in a second JVM that maps the {@link ClassDataArchive}, when {@code java -jar}
 * started this one without it.
 *
 * <p>JDK 17 reads no JVM option from a jar, so the archive can only reach a plain
 * {@code java -jar csvws-driver.jar} this way: the first JVM starts a second with the same JVM
 * options plus the archive, hands it the terminal (standard input, output and error) and exits
 * with its status. Starting the first JVM costs a few tens of milliseconds; the archive saves
 * about a second of class loading. While the console runs, the first JVM ignores Ctrl-C (the
 * console gets it as well and decides what it means) and stops the console when it is itself
 * stopped.
 *
 * <p>Nothing is relaunched when the archive is missing or not this JVM's, when the JVM was given
 * class-data or agent options (which the user chose, or which cannot be had twice, such as a
 * debugger's port), when this JVM's command line cannot be read, or with
 * {@code -Dcsvws.console.relaunch=false}.
 */
final class Relaunch {
  /** System property: {@code false} runs the console in the JVM {@code java -jar} started. */
  static final String ENABLED = "csvws.console.relaunch";
  /** System property set in the relaunched JVM, so it does not relaunch again. */
  static final String RELAUNCHED = "csvws.console.relaunched";

  private static final List<String> OPTIONS_THAT_STAY = List.of("-XX:SharedArchiveFile",
      "-XX:ArchiveClassesAtExit", "-XX:+AutoCreateSharedArchive", "-Xshare", "-agentlib",
      "-agentpath", "-javaagent", "-Xdebug", "-Xrunjdwp");

  private Relaunch() {
  }

  /**
   * The JVM command that runs the console with {@code args} on the archive, or empty when this
   * JVM should run it itself.
   */
  static Optional<List<String>> command(String[] args) {
    if (!"true".equals(System.getProperty(ENABLED, "true"))
        || System.getProperty(RELAUNCHED) != null) {
      return Optional.empty();
    }
    Path jar = ClassDataArchive.runningJar();
    if (jar == null) {
      return Optional.empty();
    }
    ClassDataArchive archive = ClassDataArchive.of(jar);
    if (!archive.usable()) {
      return Optional.empty();
    }
    Optional<String[]> line = ProcessHandle.current().info().arguments();
    if (line.isEmpty()) {
      return Optional.empty();
    }
    return command(List.of(line.get()), args, archive);
  }

  /**
   * The relaunch command for a JVM whose command line (without the executable) is {@code line}:
   * its options before {@code -jar}, then {@code archive}, then its jar and {@code args}; empty
   * when the line is not {@code [options] -jar JAR args} or has options that stay.
   */
  static Optional<List<String>> command(List<String> line, String[] args,
      ClassDataArchive archive) {
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
    command.addAll(options);
    command.add("-XX:SharedArchiveFile=" + archive.archive());
    // An archive the JVM turns down after all (say, its memory could not be mapped) is skipped
    // without a word, as the console's output may be a CSV file being written.
    command.add("-Xshare:auto");
    command.add("-Xlog:cds=off");
    command.add("-Xlog:cds+dynamic=off");
    command.add("-D" + RELAUNCHED + "=true");
    command.add("-jar");
    command.add(archive.jar().toString());
    command.addAll(Arrays.asList(args));
    return Optional.of(command);
  }

  /**
   * Runs {@code command} on this JVM's standard streams and returns its exit status; null when it
   * cannot be started, and this JVM should run the console itself.
   */
  static Integer run(List<String> command) {
    ConsoleProcess console = new ConsoleProcess();
    // Before the start, so that no moment has a console running that stopping this JVM misses.
    Runtime.getRuntime().addShutdownHook(new Thread(console::stop, "csvws-console-stop"));
    Process started = console.start(new ProcessBuilder(command).inheritIO());
    if (started == null) {
      return null;
    }
    // After the start: a process starts with the signals its parent ignores ignored, and the
    // console needs its Ctrl-C.
    ignoreInterrupts();
    while (true) {
      try {
        return started.waitFor();
      } catch (InterruptedException e) {
        // Only the console's end ends the wait.
      }
    }
  }

  /**
   * The console's process, started unless this JVM is already stopping, and stopped with it.
   * Starting and stopping exclude each other, so a console is never left running.
   */
  private static final class ConsoleProcess {
    private Process process;
    private boolean stopping;

    synchronized Process start(ProcessBuilder builder) {
      if (stopping) {
        return null;
      }
      try {
        process = builder.start();
      } catch (java.io.IOException | RuntimeException e) {
        return null;
      }
      return process;
    }

    /** Stops the console when this JVM is stopped (SIGTERM, SIGHUP) while it runs. */
    synchronized void stop() {
      stopping = true;
      if (process == null || !process.isAlive()) {
        return;
      }
      process.destroy();
      try {
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
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
      // The default: Ctrl-C ends this JVM, and its shutdown hook stops the console.
    }
  }
}
