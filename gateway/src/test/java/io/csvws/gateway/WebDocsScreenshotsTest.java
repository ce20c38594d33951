package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/web.md shows the views the browser tests make, and only those, as the tests made them.
 *
 * <p>The views are the names the browser tests save screenshots under ({@code screenshot("NAME")}
 * and {@code Screenshots.save("NAME", ...)} in this module's test sources). Every one must be
 * shown in docs/web.md as {@code images/web/NAME.png}, every image the page shows must be such a
 * view, and each file must be a PNG that carries the {@code csvws-view} chunk the test wrote
 * (its view's name and the test that made it) at the size the tests take: 1280x800, or a narrow
 * window's (views named {@code narrow...}) 800 high. Browsers are not needed: this checks the
 * committed images, which {@code -Dcsvws.refreshScreenshots=true} refreshes (see docs/web.md).
 */
class WebDocsScreenshotsTest {
  private static final Path DOC = Path.of("..", "docs", "web.md");
  private static final Path SOURCES = Path.of("src", "test", "java");
  private static final Pattern SAVED =
      Pattern.compile("(?:screenshot|Screenshots\\.save)\\(\"([a-z0-9-]+)\"");
  private static final Pattern SHOWN = Pattern.compile("\\]\\(images/web/([^)]+)\\)");
  private static final String REFRESH = "Refresh them with `mvn -B -pl gateway -am test "
      + "-Dtest='Web*BrowserTest' -Dsurefire.failIfNoSpecifiedTests=false "
      + "-Dcsvws.refreshScreenshots=true` and commit docs/images/web/.";

  /** Each view a test saves, with the test source file that saves it. */
  static Map<String, Path> views() throws IOException {
    Map<String, Path> views = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
        Matcher m = SAVED.matcher(Files.readString(f));
        while (m.find()) {
          views.put(m.group(1), f);
        }
      }
    }
    return views;
  }

  @Test
  void webMdShowsEveryViewTheBrowserTestsMakeAndNothingElse() throws Exception {
    Map<String, Path> views = views();
    assertThat(views).as("the browser tests' views").containsKeys("workspace", "chart-column",
        "firefox-chart", "narrow-chart");
    TreeSet<String> shown = new TreeSet<>();
    Matcher m = SHOWN.matcher(Files.readString(DOC));
    while (m.find()) {
      shown.add(m.group(1));
    }
    TreeSet<String> expected = new TreeSet<>();
    views.keySet().forEach(v -> expected.add(v + ".png"));
    assertThat(shown).as("images docs/web.md shows, against the views the tests save. Show each "
        + "view in docs/web.md, or save the image it shows from a test").isEqualTo(expected);
    try (Stream<Path> files = Files.list(Screenshots.DOCS)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
          .as("docs/images/web/ holds the views' images and nothing else")
          .containsExactlyElementsOf(expected);
    }
  }

  @Test
  void eachImageIsThePngItsTestMadeAtTheTestsSize() throws Exception {
    for (Map.Entry<String, Path> view : views().entrySet()) {
      String name = view.getKey();
      Path image = Screenshots.DOCS.resolve(name + ".png");
      assertThat(image).as(image + " is missing. " + REFRESH).exists();
      Screenshots.Info info = Screenshots.read(Files.readAllBytes(image));
      String test = view.getValue().getFileName().toString().replace(".java", "");
      assertThat(info.view()).as(image + " was not made by the test that saves view " + name
          + ". " + REFRESH).startsWith(name + "; made by " + test + ".");
      String method = info.view().substring(info.view().lastIndexOf('.') + 1);
      assertThat(Files.readString(view.getValue())).as(image + " names test method " + method)
          .contains("void " + method + "(");
      if (name.startsWith("narrow")) {
        assertThat(info.width()).as(image + " width").isLessThanOrEqualTo(700);
      } else {
        assertThat(info.width()).as(image + " width").isEqualTo(1280);
      }
      assertThat(info.height()).as(image + " height").isEqualTo(800);
    }
  }
}
