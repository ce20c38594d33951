package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory does not grow with file size: a JVM with a 64 MiB heap counts and filters a generated
 * file of more than 300 MB (at least four times the heap), and its answers equal the ones known
 * from generating the file.
 */
class LargeFileMemoryTest {
  private static final int HEAP_MB = 64;
  private static final long MIN_BYTES = 4L * HEAP_MB * 1024 * 1024 + 40L * 1024 * 1024;
  private static final String[] CATEGORIES = {"common", "usual", "frequent", "rare"};

  @TempDir
  Path dir;

  /** What the generator knows about the file. */
  private record Expected(long rows, long filteredRows, long filteredIdSum,
      long filteredNameChars, long evenNotes, long bytes) {
  }

  @Test
  void aSmallHeapCountsAndFiltersAFileManyTimesItsSize() throws Exception {
    Expected expected = generate(dir.resolve("big.csv"));
    assertThat(expected.bytes()).isGreaterThanOrEqualTo(MIN_BYTES);

    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx" + HEAP_MB + "m",
        "-XX:+ExitOnOutOfMemoryError", "-cp", System.getProperty("java.class.path"),
        LargeFileProbe.class.getName(), dir.toString()));
    Path out = dir.resolve("probe.out");
    Path err = dir.resolve("probe.err");
    Process probe = new ProcessBuilder(command).redirectOutput(out.toFile())
        .redirectError(err.toFile()).start();
    if (!probe.waitFor(5, TimeUnit.MINUTES)) {
      probe.destroyForcibly();
      throw new AssertionError("the probe did not finish in 5 minutes; its output:\n"
          + Files.readString(out) + Files.readString(err));
    }
    String stdout = Files.readString(out);
    String stderr = Files.readString(err);
    assertThat(probe.exitValue()).as("exit status; stdout:\n%s\nstderr:\n%s", stdout, stderr)
        .isZero();

    Map<String, Long> answers = new HashMap<>();
    for (String line : stdout.split("\n")) {
      String[] kv = line.trim().split("=", 2);
      if (kv.length == 2) {
        answers.put(kv[0], Long.parseLong(kv[1]));
      }
    }
    assertThat(answers.get("maxHeap")).as("the probe ran with the small heap")
        .isLessThanOrEqualTo(HEAP_MB * 1024L * 1024L);
    assertThat(expected.bytes()).isGreaterThanOrEqualTo(4 * answers.get("maxHeap"));
    assertThat(answers.get("count")).isEqualTo(expected.rows());
    assertThat(answers.get("filteredRows")).isEqualTo(expected.filteredRows());
    assertThat(answers.get("filteredIdSum")).isEqualTo(expected.filteredIdSum());
    assertThat(answers.get("filteredNameChars")).isEqualTo(expected.filteredNameChars());
    assertThat(answers.get("evenNotes")).isEqualTo(expected.evenNotes());
  }

  /**
   * Writes rows {@code id,category,name,amount,note} until the file passes {@link #MIN_BYTES}.
   * Every 7th note is empty (NULL); every 1000th is quoted and spans two lines.
   */
  private static Expected generate(Path file) throws IOException {
    long rows = 0;
    long filteredRows = 0;
    long filteredIdSum = 0;
    long filteredNameChars = 0;
    long evenNotes = 0;
    long bytes;
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      StringBuilder line = new StringBuilder(160);
      String header = "id,category,name,amount,note\n";
      w.write(header);
      bytes = header.length();
      while (bytes < MIN_BYTES) {
        long id = ++rows;
        String category = CATEGORIES[(int) ((id * 7919) % CATEGORIES.length)];
        String name = "name-" + Long.toHexString(id * 2654435761L);
        long amount = (id * 31) % 1000;
        String note = id % 7 == 0 ? ""
            : id % 1000 == 0 ? "\"a note, with a comma\nand a second line " + id + "\""
            : "a plain note for row " + id + " with some padding text";
        line.setLength(0);
        line.append(id).append(',').append(category).append(',').append(name).append(',')
            .append(amount).append(',').append(note).append('\n');
        w.append(line);
        bytes += line.length();
        if (category.equals("rare") && amount > 500) {
          filteredRows++;
          filteredIdSum += id;
          filteredNameChars += name.length();
        }
        if (id % 2 == 0 && !note.isEmpty()) {
          evenNotes++;
        }
      }
    }
    return new Expected(rows, filteredRows, filteredIdSum, filteredNameChars, evenNotes, bytes);
  }
}
