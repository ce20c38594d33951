package io.csvws.docs;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Runs a documented command line as a reader would: through {@code bash -c}, in the project root,
 * with the {@code java} of this build first on the PATH. Output goes to files, so a chatty command
 * never blocks on a full pipe.
 */
final class Shell {
  private static final long TIMEOUT_SECONDS = 180;

  private final Path root;
  private final Path scratch;

  Shell(Path root, Path scratch) {
    this.root = root;
    this.scratch = scratch;
  }

  /** What a finished command left. */
  record Result(int exit, String stdout, String stderr) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
  }

  /** True when {@code program} is on the PATH (checked through bash, as the command runs). */
  static boolean has(String program) {
    try {
      Process p = new ProcessBuilder("bash", "-c", "command -v " + program)
          .redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Runs {@code command} to its end, fed {@code input} on standard input. */
  Result run(String command, String input) throws IOException, InterruptedException {
    Process p = start(command);
    try (var stdin = p.getOutputStream()) {
      stdin.write(input.getBytes(StandardCharsets.UTF_8));
    }
    if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("still running after " + TIMEOUT_SECONDS + " s: " + command);
    }
    return new Result(p.exitValue(), read("stdout"), read("stderr"));
  }

  /**
   * Starts {@code command} and leaves it running; its output goes to {@code scratch/stdout} and
   * {@code scratch/stderr}. {@code exec} makes the process the command itself, so ending it ends
   * the program, not just the shell.
   */
  Process start(String command) throws IOException {
    Files.createDirectories(scratch.resolve("home"));
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", command).directory(root.toFile())
        .redirectOutput(scratch.resolve("stdout").toFile())
        .redirectError(scratch.resolve("stderr").toFile());
    String javaBin = Path.of(System.getProperty("java.home"), "bin").toString();
    pb.environment().merge("PATH", javaBin, (old, bin) -> bin + File.pathSeparator + old);
    // SQLLine keeps its history and settings under the home folder: a scratch one, not the user's.
    pb.environment().put("JAVA_TOOL_OPTIONS",
        "-Duser.home=" + scratch.resolve("home") + " -Xmx512m");
    return pb.start();
  }

  String read(String name) throws IOException {
    Path file = scratch.resolve(name);
    if (!Files.exists(file)) {
      return "";
    }
    String text = Files.readString(file, StandardCharsets.UTF_8);
    // The JVM announces JAVA_TOOL_OPTIONS on standard error; that line is ours, not the command's.
    return String.join("\n", text.lines()
        .filter(l -> !l.startsWith("Picked up JAVA_TOOL_OPTIONS")).toList());
  }

  /** The scratch folder of this shell. */
  Path scratch() {
    return scratch;
  }

}
