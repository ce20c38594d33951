package io.csvws.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's front door holds: the driver, the gateway, the agent tools and the benchmark use
 * only the packages model's {@code module-info.java} exports. csvws runs from the class path, where
 * the module system cannot enforce the descriptor, so this test does, over the sources.
 */
class FrontDoorTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path MODEL_SOURCES = ROOT.resolve("model/src/main/java");
  /** Every source folder of the modules that use the engine. */
  private static final List<String> USERS = List.of("driver/src/main/java",
      "driver/src/build", "gateway/src/main/java", "bench/src/main/java");
  private static final Pattern EXPORTS = Pattern.compile("^\\s*exports\\s+([\\w.]+)\\s*;",
      Pattern.MULTILINE);

  @Test
  void theModuleExportsTheFrontDoorTheConfigurationAndTheErrorsOnly() throws IOException {
    assertThat(exported()).containsExactlyInAnyOrder("io.csvws.engine", "io.csvws.config",
        "io.csvws.error");
  }

  @Test
  void everyExportedPackageExists() throws IOException {
    assertThat(modelPackages()).containsAll(exported());
  }

  @Test
  void nothingOutsideTheModelReachesAnInternalPackage() throws IOException {
    Set<String> internal = internalPackages();
    assertThat(internal).as("the model has internal packages").contains("io.csvws.scan",
        "io.csvws.schema", "io.csvws.tokenizer");
    List<String> violations = new ArrayList<>();
    for (String folder : USERS) {
      Path sources = ROOT.resolve(folder);
      if (Files.isDirectory(sources)) {
        violations.addAll(violations(sources, internal));
      }
    }
    assertThat(violations).as("references from outside the model to its internal packages; "
        + "use io.csvws.engine (add what is missing to the front door)").isEmpty();
  }

  @Test
  void noOtherModuleDeclaresAPackageOfTheModel() throws IOException {
    Set<String> model = modelPackages();
    List<String> clashes = new ArrayList<>();
    for (String folder : USERS) {
      Path sources = ROOT.resolve(folder);
      if (Files.isDirectory(sources)) {
        for (String p : packagesUnder(sources)) {
          if (model.contains(p)) {
            clashes.add(folder + ": " + p);
          }
        }
      }
    }
    assertThat(clashes).as("a package split between the model and another module would reach "
        + "the model's package-private classes").isEmpty();
  }

  @Test
  void theCheckFindsImportsWildcardsStaticImportsAndQualifiedNames(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("io/csvws/tool/Tool.java");
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n",
        "package io.csvws.tool;",
        "import io.csvws.engine.Engine;",
        "import io.csvws.scan.ScanPlan;",
        "import io.csvws.tokenizer.*;",
        "import static io.csvws.types.ValueParsers.parse;",
        "class Tool {",
        "  io.csvws.schema.Catalog catalog;",
        "  // io.csvws.scanner is not a package of the model",
        "  io.csvws.engineering.Thing notOurs;",
        "}"));
    assertThat(violations(dir, internalPackages())).containsExactly(
        "io/csvws/tool/Tool.java:3: io.csvws.scan",
        "io/csvws/tool/Tool.java:4: io.csvws.tokenizer",
        "io/csvws/tool/Tool.java:5: io.csvws.types",
        "io/csvws/tool/Tool.java:7: io.csvws.schema");
  }

  private static Set<String> exported() throws IOException {
    Set<String> out = new TreeSet<>();
    Matcher m = EXPORTS.matcher(Files.readString(MODEL_SOURCES.resolve("module-info.java")));
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  private static Set<String> modelPackages() throws IOException {
    return packagesUnder(MODEL_SOURCES);
  }

  private static Set<String> internalPackages() throws IOException {
    Set<String> internal = new TreeSet<>(modelPackages());
    internal.removeAll(exported());
    return internal;
  }

  /** The packages that have a Java file (other than module-info) under {@code sources}. */
  private static Set<String> packagesUnder(Path sources) throws IOException {
    Set<String> out = new TreeSet<>();
    try (Stream<Path> files = Files.walk(sources)) {
      files.filter(f -> f.toString().endsWith(".java"))
          .filter(f -> !f.getFileName().toString().equals("module-info.java"))
          .forEach(f -> out.add(sources.relativize(f.getParent()).toString()
              .replace(f.getFileSystem().getSeparator(), ".")));
    }
    return out;
  }

  /** "path:line: package" for each line of a Java file under {@code sources} naming one. */
  private static List<String> violations(Path sources, Set<String> internal) throws IOException {
    // A package name followed by a dot or the end of an import: io.csvws.scan.X, io.csvws.scan.*
    Pattern reference = Pattern.compile("\\b(" + String.join("|",
        internal.stream().map(Pattern::quote).toList()) + ")(?=\\.[\\w*])");
    List<String> out = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> walk = Files.walk(sources)) {
      files = walk.filter(f -> f.toString().endsWith(".java")).sorted().toList();
    }
    for (Path f : files) {
      List<String> lines = Files.readAllLines(f);
      for (int i = 0; i < lines.size(); i++) {
        String code = lines.get(i).replaceFirst("//.*", "");
        Matcher m = reference.matcher(code);
        if (m.find()) {
          out.add(sources.relativize(f).toString().replace('\\', '/') + ":" + (i + 1) + ": "
              + m.group(1));
        }
      }
    }
    return out;
  }
}
