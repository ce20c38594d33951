package io.csvws.docs;

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

/**
 * docs/architecture.md against the code: every package, class and path it names in code font
 * exists, and every package of the code is in its table of packages.
 */
class ArchitectureDocTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final List<String> MODULES = List.of("model", "driver", "gateway", "bench");
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  private static final Pattern PACKAGE = Pattern.compile("io\\.csvws(\\.[a-z]+)+");
  private static final Pattern CLASS = Pattern.compile("[A-Z][A-Za-z0-9]+");

  private static String page() throws IOException {
    return Files.readString(ROOT.resolve("docs/architecture.md"));
  }

  /** The packages that hold main classes, in every module. */
  private static Set<String> codePackages() throws IOException {
    Set<String> packages = new TreeSet<>();
    for (String module : MODULES) {
      Path sources = ROOT.resolve(module).resolve("src/main/java");
      try (Stream<Path> files = Files.walk(sources)) {
        files.filter(f -> f.toString().endsWith(".java"))
            .filter(f -> !f.getFileName().toString().equals("module-info.java"))
            .forEach(f -> packages.add(
            sources.relativize(f.getParent()).toString().replace('/', '.')));
      }
    }
    return packages;
  }

  private static boolean classExists(String name) throws IOException {
    for (String module : MODULES) {
      for (String folder : List.of("src/main/java", "src/build", "src/test/java")) {
        Path sources = ROOT.resolve(module).resolve(folder);
        if (!Files.isDirectory(sources)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(sources)) {
          if (files.anyMatch(f -> f.getFileName().toString().equals(name + ".java"))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  @Test
  void everyPackageClassAndPathThePageNamesExists() throws IOException {
    Set<String> packages = codePackages();
    List<String> missing = new ArrayList<>();
    int checked = 0;
    Matcher m = CODE.matcher(page());
    while (m.find()) {
      String code = m.group(1);
      if (PACKAGE.matcher(code).matches()) {
        checked++;
        if (!packages.contains(code)) {
          missing.add("package " + code);
        }
      } else if (CLASS.matcher(code).matches()) {
        checked++;
        if (!classExists(code)) {
          missing.add("class " + code);
        }
      } else if (code.matches("[a-z]+/[\\w/.-]*") && !code.contains("target/")) {
        checked++;
        if (!Files.exists(ROOT.resolve(code))) {
          missing.add("path " + code);
        }
      }
    }
    assertThat(checked).as("names checked").isGreaterThan(50);
    assertThat(missing).as("named in docs/architecture.md but not in the code").isEmpty();
  }

  @Test
  void everyPackageOfTheCodeIsInThePage() throws IOException {
    String page = page();
    List<String> absent = codePackages().stream()
        .filter(p -> !page.contains("| `" + p + "` |")).toList();
    assertThat(absent).as("packages missing from docs/architecture.md's table").isEmpty();
  }
}
