package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web console's main flow in a real headless Firefox ({@link FirefoxBidi}: WebDriver BiDi,
 * no geckodriver), against a real gateway serving the example workspace: the page loads and lists
 * the workspace, a query runs and fills the grid, a column chart of it draws one bar per row as
 * high as its value, and nothing breaks the page's Content-Security-Policy.
 */
class WebFirefoxBrowserTest {
  @TempDir
  static Path root;
  static GatewayFixture example;
  static FirefoxBidi firefox;

  @BeforeAll
  static void start() throws Exception {
    example = GatewayFixture.anonymous(Files.createDirectories(root.resolve("example")),
        Path.of("..", "src", "examples", "workspace").toAbsolutePath().normalize());
    firefox = FirefoxBidi.start();
    firefox.viewport(1280, 800);
  }

  @AfterAll
  static void stop() throws Exception {
    if (firefox != null) {
      firefox.close();
    }
    if (example != null) {
      example.close();
    }
  }

  void load() throws Exception {
    firefox.navigate(example.url() + "/");
    firefox.waitFor("document.body.dataset.ready === 'true'"
        + " && document.querySelectorAll('#tables li.table').length > 0");
  }

  @Test
  void listsTheWorkspaceRunsAQueryAndDrawsAChart() throws Exception {
    System.out.println("web console in " + firefox.version());
    // The first load warms the server; then five loads, timed on the page's own clock: when the
    // workspace's answer had arrived, from the page's request (the list is built from it at once).
    load();
    List<Long> listed = new ArrayList<>();
    List<Long> wall = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      long t0 = System.nanoTime();
      load();
      wall.add((System.nanoTime() - t0) / 1_000_000);
      listed.add(firefox.evaluate("Math.round(performance.getEntriesByType('resource').find("
          + "e => e.name.endsWith('/web/api/workspace')).responseEnd)").asLong());
    }
    long median = listed.stream().sorted().toList().get(2);
    System.out.println("web console: example workspace listed " + listed + " ms after the page's "
        + "request (median " + median + " ms; the test's wall clock " + wall + " ms), Firefox");
    // Issue 18 asks for under 1 s on a local server; the bound leaves room for a loaded machine.
    assertThat(median).isLessThan(3_000);
    assertThat(firefox.evaluate("Array.from(document.querySelectorAll('#tables "
        + "button.table-name')).map(b => b.textContent)")).extracting(JsonNode::asText)
        .containsExactly("main.customers", "reference.countries", "sales.orders_2024",
            "sales.orders_2025");
    firefox.evaluate("(window.cspViolations = [], document.addEventListener("
        + "'securitypolicyviolation', e => window.cspViolations.push(e.violatedDirective + ' '"
        + " + e.blockedURI)), true)");
    Screenshots.save("firefox-workspace", firefox.screenshot(), Screenshots.caller());

    firefox.evaluate("(window.csvwsEditor.setValue('SELECT country, COUNT(*) AS "
        + "customers FROM customers GROUP BY country ORDER BY country'),"
        + " document.getElementById('run').click(), true)");
    firefox.waitFor("document.getElementById('status').textContent.startsWith('Ran in')");
    assertThat(firefox.evaluate("document.getElementById('range').textContent").asText())
        .isEqualTo("rows 1–5 of 5");
    assertThat(firefox.evaluate("Array.from(document.querySelectorAll('#grid tbody tr')).map("
        + "r => r.textContent)")).extracting(JsonNode::asText)
        .containsExactly("1AT1", "2CN1", "3DE1", "4GB3", "5US2");

    firefox.evaluate("(document.getElementById('chart-open').click(), true)");
    firefox.waitFor("document.getElementById('chart-canvas').dataset.drawn === '1'");
    JsonNode bars = firefox.evaluate("(() => { const svg = document.querySelector("
        + "'#chart-canvas svg'); const at = svg.getBoundingClientRect();"
        + " return Array.from(svg.querySelectorAll('path')).filter(p => (p.getAttribute('fill')"
        + " || '').toLowerCase() === '#5470c6').map(p => { const r = p.getBoundingClientRect();"
        + " return {x: r.left - at.left, h: r.height, bottom: r.bottom - at.top}; }); })()");
    assertThat(bars).hasSize(5);
    double[] customers = {1, 1, 1, 3, 2};
    double unit = bars.get(3).path("h").asDouble() / 3;
    for (int i = 0; i < 5; i++) {
      assertThat(bars.get(i).path("h").asDouble()).isCloseTo(customers[i] * unit, within(1.0));
      assertThat(bars.get(i).path("bottom").asDouble())
          .isCloseTo(bars.get(0).path("bottom").asDouble(), within(1.0));
      if (i > 0) {
        assertThat(bars.get(i).path("x").asDouble()).isGreaterThan(bars.get(i - 1).path("x")
            .asDouble());
      }
    }
    assertThat(firefox.evaluate("Array.from(document.querySelectorAll('#chart-canvas svg text'))"
        + ".map(t => t.textContent)")).extracting(JsonNode::asText)
        .contains("AT", "US", "country", "customers");
    assertThat(firefox.evaluate("document.getElementById('chart-note').textContent").asText())
        .isEqualTo("All 5 rows of the result.");
    assertThat(firefox.evaluate("window.cspViolations")).isEmpty();
    firefox.evaluate("(document.getElementById('chart').scrollIntoView(), true)");
    byte[] shot = firefox.screenshot();
    Screenshots.Info info = Screenshots.read(shot);
    assertThat(info.width()).isEqualTo(1280);
    assertThat(info.height()).isEqualTo(800);
    Screenshots.save("firefox-chart", shot, Screenshots.caller());

    // A narrow window: nothing scrolls sideways and the chart is redrawn to fit.
    firefox.viewport(420, 800);
    try {
      firefox.waitFor("document.querySelector('#chart-canvas svg').getBoundingClientRect().width"
          + " <= window.innerWidth");
      assertThat(firefox.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
          .asBoolean()).isTrue();
      assertThat(firefox.evaluate("['.CodeMirror', '#run', '#tables', '#chart-kind', "
          + "'#chart-png', '#chart-canvas'].filter(s => document.querySelector(s)"
          + ".getBoundingClientRect().right > window.innerWidth)")).isEmpty();
      Screenshots.save("narrow-firefox", firefox.screenshot(), Screenshots.caller());
    } finally {
      firefox.viewport(1280, 800);
    }
  }
}
