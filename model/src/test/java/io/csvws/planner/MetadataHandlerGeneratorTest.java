package io.csvws.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build step that compiles Calcite's metadata handlers: run again into an empty folder, it
 * writes one handler class for every kind of metadata, the same classes the build wrote, and the
 * index {@link PregeneratedMetadata} reads them by.
 */
class MetadataHandlerGeneratorTest {
  @Test
  void writesTheBuildsHandlersAndTheirIndex(@TempDir Path dir) throws Exception {
    Path classes = dir.resolve("classes");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream out = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      MetadataHandlerGenerator.main(new String[] {classes.toString()});
    } finally {
      System.setOut(out);
    }

    List<String> index = Files.readAllLines(classes.resolve(PregeneratedMetadata.INDEX));
    List<Class<? extends MetadataHandler<?>>> kinds = PregeneratedMetadata.handlerKinds();
    assertThat(index).hasSameSizeAs(kinds).isEqualTo(buildsIndex());
    for (int k = 0; k < kinds.size(); k++) {
      String[] line = index.get(k).split(" ");
      assertThat(line[0]).isEqualTo(kinds.get(k).getName());
      assertThat(line[1]).startsWith(PregeneratedMetadata.PACKAGE + ".");
      Path file = classes.resolve(line[1].replace('.', '/') + ".class");
      assertThat(file).isRegularFile();
      assertThat(Files.readAllBytes(file)).as(line[1]).isEqualTo(buildsClass(line[1]));
    }
    long written;
    try (Stream<Path> files = Files.walk(classes)) {
      written = files.filter(f -> f.toString().endsWith(".class")).count();
    }
    assertThat(written).isGreaterThanOrEqualTo(kinds.size());
    assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo("csvws: wrote " + written
        + " metadata handler classes under " + classes + System.lineSeparator());
  }

  private static List<String> buildsIndex() throws IOException {
    return List.of(new String(resource(PregeneratedMetadata.INDEX), StandardCharsets.UTF_8)
        .split("\n"));
  }

  private static byte[] buildsClass(String name) throws IOException {
    return resource(name.replace('.', '/') + ".class");
  }

  private static byte[] resource(String name) throws IOException {
    try (InputStream in = MetadataHandlerGeneratorTest.class.getClassLoader()
        .getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return in.readAllBytes();
    }
  }
}
