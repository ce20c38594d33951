package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding or copying the example workspace (from the build's classes; the jar is in the ITs). */
class ExampleWorkspaceTest {
  private static final Path CHECKOUT = Path.of("..").toAbsolutePath().normalize();

  @TempDir
  Path elsewhere;

  @Test
  void inACheckoutItIsTheCheckoutsFolderAndNothingIsCopied() throws Exception {
    try (ExampleWorkspace w = ExampleWorkspace.open(CHECKOUT)) {
      assertThat(w.isCopy()).isFalse();
      assertThat(w.folder()).isEqualTo(Path.of("src", "examples", "workspace"));
    }
    assertThat(CHECKOUT.resolve("src/examples/workspace/customers.csv")).isRegularFile();
  }

  @Test
  void elsewhereItIsAByteForByteCopyThatCloseRemoves() throws Exception {
    Path source = CHECKOUT.resolve(ExampleWorkspace.IN_CHECKOUT);
    Path copy;
    try (ExampleWorkspace w = ExampleWorkspace.open(elsewhere)) {
      assertThat(w.isCopy()).isTrue();
      copy = w.folder();
      assertThat(copy).isAbsolute().isDirectory();
      assertThat(files(copy)).isEqualTo(files(source)).isNotEmpty();
      for (Path f : files(source)) {
        assertThat(copy.resolve(f.toString())).hasSameBinaryContentAs(source.resolve(f));
      }
    }
    assertThat(copy).doesNotExist();
    assertThat(copy.getParent()).doesNotExist();
  }

  private static List<Path> files(Path root) throws Exception {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile).map(root::relativize).sorted()
          .collect(Collectors.toList());
    }
  }
}
