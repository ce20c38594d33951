package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.console.JarProcess.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar csvws-driver.jar FOLDER -e ...} on a folder of 10,000 files, as a user runs
 * it: the packaged console, relaunched on its class-data archive, answers from the one file the
 * statement names, and lists every table when asked. (Completion on such a folder is
 * {@link ConsoleCompletionTest}'s; how long it takes is the bench's, not a test's.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ManyFilesConsoleIT {
  private static final int FILES = 10_000;

  private Path scratch;
  private Path folder;

  @BeforeAll
  void writeFolder(@TempDir Path dir) throws IOException {
    scratch = dir;
    folder = Files.createDirectories(scratch.resolve("many"));
    for (int i = 0; i < FILES; i++) {
      Files.writeString(folder.resolve(String.format("f%05d.csv", i)),
          "id,amount\n1," + i + "\n2,1\n", StandardCharsets.UTF_8);
    }
  }

  @Test
  void aQueryOfOneTableAnswersFromThatFile() throws Exception {
    Result r = JarProcess.console(scratch, scratch, "", folder.toString(), "-e",
        "SELECT COUNT(*) AS n, SUM(amount) AS s FROM f04242", "--outputformat=csv");

    assertThat(r.status()).as("%s", r).isZero();
    assertThat(r.out()).isEqualTo("\"n\",\"s\"\n\"2\",\"4243\"\n");
  }

  @Test
  void everyTableIsListedWhenAsked() throws Exception {
    Result r = JarProcess.console(scratch, scratch, "", folder.toString(), "-e", "!tables",
        "--outputformat=csv");

    assertThat(r.status()).as("%s", r).isZero();
    assertThat(r.out()).contains("\"f00000\"").contains("\"f04242\"").contains("\"f09999\"");
    assertThat(r.out().lines().filter(l -> l.contains("\"f0")).count()).isEqualTo(FILES);
  }
}
