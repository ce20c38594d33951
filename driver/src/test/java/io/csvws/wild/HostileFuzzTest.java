package io.csvws.wild;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs {@link HostileFuzz} in a JVM of its own with a 256 MiB heap for a bounded time: every
 * generated hostile file gets an answer or an SQLException with a SQLState within
 * {@link HostileFuzz#CASE_SECONDS}, and the JVM neither runs out of memory nor hangs. The seed is
 * fixed ({@code -Dcsvws.fuzz.seed} and {@code -Dcsvws.fuzz.seconds} change it and the time); a
 * failure names its generator and seed. Once the cases are over, the JVM retains less than a
 * quarter of its heap after a full collection: the metadata cache is bounded, and nothing grows
 * with the number of files or queries.
 */
class HostileFuzzTest {
  private static final int HEAP_MB = 256;

  @TempDir
  Path dir;

  @Test
  void everyHostileFileGetsAnAnswerOrASqlStateInTimeUnderASmallHeap() throws Exception {
    long seed = Long.getLong("csvws.fuzz.seed", 20261125L);
    long seconds = Long.getLong("csvws.fuzz.seconds", 60);
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx" + HEAP_MB + "m",
        "-XX:+ExitOnOutOfMemoryError", "-XX:SoftRefLRUPolicyMSPerMB=0", "-cp", System.getProperty("java.class.path"),
        HostileFuzz.class.getName(), Long.toString(seed), Long.toString(seconds),
        Files.createDirectories(dir.resolve("cases")).toString()));
    Path out = dir.resolve("fuzz.out");
    Path err = dir.resolve("fuzz.err");
    Process fuzz = new ProcessBuilder(command).redirectOutput(out.toFile())
        .redirectError(err.toFile()).start();
    long limit = seconds + HostileFuzz.CASE_SECONDS + 60;
    if (!fuzz.waitFor(limit, TimeUnit.SECONDS)) {
      fuzz.destroyForcibly();
      throw new AssertionError("the fuzzer did not end in " + limit + " s; its output:\n"
          + Files.readString(out));
    }
    String stdout = Files.readString(out);
    List<String> failures = stdout.lines().filter(l -> l.startsWith("FAIL")).toList();
    String summary = stdout.lines().filter(l -> l.startsWith("cases=")).findFirst().orElse("");
    System.out.println("HostileFuzzTest (seed " + seed + ", " + seconds + " s): " + summary);
    assertThat(failures).as("failed cases (replay: HostileFuzz <seed> 0 <dir> <generator>)")
        .isEmpty();
    assertThat(fuzz.exitValue()).as("exit status (3: a case hung; OutOfMemoryError exits too)"
        + "; stdout tail:\n%s\nstderr tail:\n%s", tail(stdout), tail(Files.readString(err)))
        .isZero();
    assertThat(summary).as("the run reported its cases").startsWith("cases=");
    // No leak: once the cases are over, what stays is the bounded metadata cache (1/16 of the
    // heap) and the engine's classes' static data, some 15 to 25 MB; softly held row types are
    // let go (-XX:SoftRefLRUPolicyMSPerMB=0).
    long retained = Long.parseLong(summary.replaceAll(".*retainedAfterGc=(\\d+).*", "$1"));
    assertThat(retained).as("bytes retained after the last case and a full collection")
        .isLessThan(HEAP_MB / 4 * (1L << 20));
    for (String name : List.of("randomBytes", "hugeHeader", "duplicateNames", "badEncoding",
        "byteOrderMarks", "gzipGarbage", "longLine", "deepMetadata", "unclosedQuote",
        "mixedDelimiters", "raggedRows", "controlBytes")) {
      assertThat(stdout).as("generator %s ran", name).contains("generator=" + name + " ");
    }
  }

  private static String tail(String s) {
    return s.length() <= 4000 ? s : s.substring(s.length() - 4000);
  }
}
