package io.csvws.workspace;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** How many files this process has open, for tests that nothing is left open. */
final class OpenDescriptors {
  private static final Path FDS = Path.of("/proc/self/fd");

  private OpenDescriptors() {
  }

  /** The count now; the calling test is skipped where the system does not list them. */
  static long count() throws IOException {
    assumeThat(Files.isDirectory(FDS)).as("a Linux /proc to count open files").isTrue();
    try (Stream<Path> s = Files.list(FDS)) {
      return s.count();
    }
  }
}
