package io.csvws.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file opened for reading is closed again when opening fails part way (not gzip, shorter than
 * its mark, shorter than the offset) and when the decoded stream is closed: a scan over many
 * files must not run out of file handles. Counted as this process's open descriptors (Linux).
 */
class DecodedInputHandlesTest {
  private static final Path FDS = Path.of("/proc/self/fd");
  private static final int TIMES = 60;

  @TempDir
  Path dir;

  private TableFile write(String name, byte[] bytes) throws IOException {
    Files.write(dir.resolve(name), bytes);
    return Workspace.open(dir).table(List.of(), name, "t");
  }

  private static long openFiles() throws IOException {
    try (Stream<Path> s = Files.list(FDS)) {
      return s.count();
    }
  }

  private interface Open {
    void run() throws Exception;
  }

  /** Runs {@code open} many times; the process must not hold a file per run afterwards. */
  private static void leavesNoFileOpen(Open open) throws Exception {
    Assumptions.assumeTrue(Files.isDirectory(FDS), "needs /proc/self/fd");
    open.run();
    long before = openFiles();
    for (int i = 0; i < TIMES; i++) {
      open.run();
    }
    assertThat(openFiles() - before).isLessThan(TIMES / 2);
  }

  @Test
  void aFileThatIsNotGzipIsClosed() throws Exception {
    TableFile file = write("fake.csv.gz", "a,b\n".getBytes(StandardCharsets.US_ASCII));

    leavesNoFileOpen(() -> assertThatThrownBy(() -> DecodedInput.openRaw(file))
        .isInstanceOf(IOException.class));
  }

  @Test
  void aFileShorterThanItsMarkIsClosed() throws Exception {
    TableFile file = write("tiny.csv", new byte[] {(byte) 0xEF});
    Encoding bom = new Encoding(StandardCharsets.UTF_8, 3, 1.0, "test");

    leavesNoFileOpen(() -> assertThatThrownBy(() -> DecodedInput.open(file, bom))
        .isInstanceOf(java.io.EOFException.class));
  }

  @Test
  void aDecompressedFileShorterThanTheOffsetIsClosed() throws Exception {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (var gz = new java.util.zip.GZIPOutputStream(out)) {
      gz.write("a,b\n".getBytes(StandardCharsets.US_ASCII));
    }
    TableFile file = write("short.csv.gz", out.toByteArray());
    Encoding utf8 = new Encoding(StandardCharsets.UTF_8, 0, 1.0, "test");

    leavesNoFileOpen(() -> assertThatThrownBy(() -> DecodedInput.openAt(file, utf8, 100))
        .isInstanceOf(java.io.EOFException.class));
  }

  @Test
  void closingATranscodedStreamClosesTheFile() throws Exception {
    TableFile file = write("w.csv", new byte[] {(byte) 0xFF, (byte) 0xFE, 'a', 0, '\n', 0});
    Encoding utf16 = new Encoding(StandardCharsets.UTF_16LE, 2, 1.0, "test");

    leavesNoFileOpen(() -> {
      try (InputStream in = DecodedInput.open(file, utf16)) {
        assertThat(in.readAllBytes()).isEqualTo("a\n".getBytes(StandardCharsets.US_ASCII));
      }
    });
  }
}
