package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command in its own process (the packaged jar, a launch script) and collects its exit
 * status and output. Output goes to files, so a chatty process never blocks on a full pipe.
 * Used by the integration tests, which the build runs after {@code package}.
 */
final class JarProcess {
  private static final long TIMEOUT_SECONDS = 120;

  private JarProcess() {
  }

  /** {@code driver/target/csvws-driver.jar}, as the build passes it to the integration tests. */
  static Path jar() {
    Path jar = Path.of(System.getProperty("csvws.consoleJar", "target/csvws-driver.jar"))
        .toAbsolutePath().normalize();
    assertThat(jar).as("the shaded jar; run the integration tests with mvn verify").isRegularFile();
    return jar;
  }

  /** The root of the checkout. */
  static Path projectRoot() {
    return Path.of(System.getProperty("csvws.projectRoot", "..")).toAbsolutePath().normalize();
  }

  static Path java() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /**
   * The start of a {@code java} command line whose user home and temporary folder are
   * {@code scratch}: SQLLine's settings and history, and the example copy, stay in there.
   */
  static List<String> javaCommand(Path scratch) {
    List<String> c = new ArrayList<>();
    c.add(java().toString());
    c.add("-Xmx512m");
    c.add("-Duser.home=" + scratch.resolve("home"));
    c.add("-Djava.io.tmpdir=" + scratch.resolve("tmp"));
    return c;
  }

  /** {@code java -jar csvws-driver.jar args...} in {@code workingDir}, fed {@code input}. */
  static Result console(Path scratch, Path workingDir, String input, String... args)
      throws IOException, InterruptedException {
    List<String> command = javaCommand(scratch);
    command.add("-jar");
    command.add(jar().toString());
    command.addAll(List.of(args));
    return run(scratch, workingDir, input, command);
  }

  /** Runs {@code command} to its end. */
  static Result run(Path scratch, Path workingDir, String input, List<String> command)
      throws IOException, InterruptedException {
    Process p = start(scratch, workingDir, command);
    try (var stdin = p.getOutputStream()) {
      stdin.write(input.getBytes(StandardCharsets.UTF_8));
    }
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("Still running after " + TIMEOUT_SECONDS + " s: " + command);
    }
    return new Result(p.exitValue(), read(scratch.resolve("stdout")),
        read(scratch.resolve("stderr")));
  }

  /** Starts {@code command}; its output goes to {@code scratch}/stdout and /stderr. */
  static Process start(Path scratch, Path workingDir, List<String> command) throws IOException {
    Files.createDirectories(scratch.resolve("home"));
    Files.createDirectories(scratch.resolve("tmp"));
    ProcessBuilder b = new ProcessBuilder(command).directory(workingDir.toFile())
        .redirectOutput(scratch.resolve("stdout").toFile())
        .redirectError(scratch.resolve("stderr").toFile());
    // The user's cache folder (metadata, class-data archives) under the scratch home too.
    b.environment().remove("XDG_CACHE_HOME");
    return b.start();
  }

  static String read(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
  }

  /** How a process ended: exit status and everything it wrote. */
  record Result(int status, String out, String err) {
    @Override
    public String toString() {
      return "exit " + status + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
    }
  }
}
