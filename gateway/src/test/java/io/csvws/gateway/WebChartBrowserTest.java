package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The web console's charts in a real headless Chromium against a real gateway: each of the five
 * kinds drawn on a known result, its drawn SVG marks measured against the data (how many bars or
 * points, their heights and positions in the order of the values, the series, the axis labels),
 * an axis changed, the chart saved as PNG and SVG through the browser's download, the note on a
 * chart of part of a result, a narrow window, and how fast the page lists the example workspace.
 */
class WebChartBrowserTest {
  /** ECharts' first colours, which chart.js sets: series 1, 2. */
  static final String FIRST = "#5470c6";
  static final String SECOND = "#91cc75";
  /** Every path of the chart's SVG with a series colour, and its box relative to the SVG. */
  static final String MARKS_JS = "const svg = document.querySelector('#chart-canvas svg');"
      + " const at = svg.getBoundingClientRect(); const out = [];"
      + " for (const p of svg.querySelectorAll('path')) {"
      + "   const fill = p.getAttribute('fill') || ''; const stroke = p.getAttribute('stroke') || '';"
      + "   if (!/^#(5470c6|91cc75)$/i.test(fill) && !/^#(5470c6|91cc75)$/i.test(stroke)) continue;"
      + "   const r = p.getBoundingClientRect();"
      + "   out.push({fill: fill.toLowerCase(), stroke: stroke.toLowerCase(), x: r.left - at.left,"
      + "     y: r.top - at.top, w: r.width, h: r.height}); }"
      + " return out;";
  static final String TEXTS_JS = "return Array.from(document.querySelectorAll('#chart-canvas svg "
      + "text')).map(t => t.textContent)";

  @TempDir
  static Path root;
  static GatewayFixture gateway;
  static GatewayFixture example;
  static WebBrowser web;
  static Path downloads;

  /** A drawn mark: its fill and stroke colour and its box, in pixels from the SVG's corner. */
  record Mark(String fill, String stroke, double x, double y, double w, double h) {
    double bottom() {
      return y + h;
    }

    double right() {
      return x + w;
    }

    double centreX() {
      return x + w / 2;
    }

    double centreY() {
      return y + h / 2;
    }
  }

  @BeforeAll
  static void start() throws Exception {
    Path ws = Files.createDirectories(root.resolve("charts"));
    Files.writeString(ws.resolve("totals.csv"), "month,amount,orders\n"
        + "2024-01-01,30,3\n2024-02-01,10,1\n2024-03-01,50,6\n2024-04-01,20,2\n2024-05-01,40,4\n");
    Files.writeString(ws.resolve("monthly.csv"), "month,region,amount\n"
        + "2024-01-01,North,10\n2024-01-01,South,20\n2024-02-01,North,15\n2024-02-01,South,5\n"
        + "2024-03-01,North,30\n2024-03-01,South,25\n2024-04-01,North,5\n2024-04-01,South,40\n");
    Files.writeString(ws.resolve("points.csv"), "x,y,z\n"
        + "1,5,9\n2,3,1\n4,8,4\n7,1,6\n9,6,2\n3,9,8\n");
    Files.writeString(ws.resolve("labels.csv"), "label,value\n"
        + "<img src=x onerror=window.pwned=1>,3\n<script>window.pwned=2</script>,5\n");
    StringBuilder many = new StringBuilder("n,v\n");
    for (int n = 1; n <= 1500; n++) {
      many.append(n).append(',').append(n % 37).append('\n');
    }
    Files.writeString(ws.resolve("many.csv"), many);
    gateway = GatewayFixture.anonymous(Files.createDirectories(root.resolve("gateway")), ws);
    example = GatewayFixture.anonymous(Files.createDirectories(root.resolve("example")),
        Path.of("..", "src", "examples", "workspace").toAbsolutePath().normalize());
    downloads = Files.createDirectories(root.resolve("downloads"));
    web = WebBrowser.start();
    web.driver.executeCdpCommand("Browser.setDownloadBehavior", Map.of("behavior", "allow",
        "downloadPath", downloads.toString()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (web != null) {
      web.close();
    }
    if (gateway != null) {
      gateway.close();
    }
    if (example != null) {
      example.close();
    }
  }

  @BeforeEach
  void openPage() {
    web.viewport(1280, 800);
    web.open(gateway);
    // Any script or style the page's Content-Security-Policy blocks is recorded here.
    web.driver.executeScript("window.cspViolations = [];"
        + " document.addEventListener('securitypolicyviolation', e => window.cspViolations.push("
        + "e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber))");
  }

  @Test
  void columnChartDrawsOneBarPerRowAsHighAsItsValue() throws Exception {
    List<?> before = (List<?>) web.driver.executeScript("return performance.getEntriesByType("
        + "'resource').map(e => e.name).filter(n => n.includes('echarts'))");
    assertThat(before).as("the chart library is not loaded before a chart is drawn").isEmpty();
    web.runSql("SELECT month, amount FROM totals ORDER BY month");
    openChart();
    assertThat(select("chart-kind").getFirstSelectedOption().getText()).isEqualTo("Column");
    assertThat(select("chart-x").getFirstSelectedOption().getText()).isEqualTo("month");
    List<Mark> bars = bars(FIRST);
    assertThat(bars).hasSize(5);
    double[] values = {30, 10, 50, 20, 40};
    // Left to right in the result's order, one bottom line, heights in proportion to the values.
    assertThat(bars).isSortedAccordingTo(Comparator.comparingDouble(Mark::x));
    double unit = bars.get(2).h() / 50;
    for (int i = 0; i < 5; i++) {
      assertThat(bars.get(i).bottom()).isCloseTo(bars.get(0).bottom(), within(1.0));
      assertThat(bars.get(i).h()).isCloseTo(values[i] * unit, within(1.0));
    }
    assertThat(texts()).contains("2024-01-01", "2024-05-01", "month", "amount", "0", "50");
    assertThat(note()).isEqualTo("All 5 rows of the result.");
    web.screenshot("chart-column");

    // Several number columns are several series; unticking one leaves the other.
    int first = drawn();
    web.runSql("SELECT month, amount, orders FROM totals ORDER BY month");
    waitDrawn(first + 1);
    assertThat(bars(FIRST)).hasSize(5);
    assertThat(bars(SECOND)).hasSize(5);
    assertThat(texts()).contains("amount", "orders");
    int was = drawn();
    yBox("orders").click();
    waitDrawn(was + 1);
    assertThat(bars(SECOND)).isEmpty();
    assertThat(bars(FIRST)).hasSize(5);
    assertThat(cspViolations()).isEmpty();
    List<?> after = (List<?>) web.driver.executeScript("return performance.getEntriesByType("
        + "'resource').map(e => e.name).filter(n => n.includes('echarts'))");
    assertThat(after).hasSize(1);

    // A result without numbers has nothing to draw up, and says what to write instead.
    web.runSql("SELECT month FROM totals");
    web.wait.until(d -> note().startsWith("The result has no number column to draw up."));
    // A failed query leaves no result, and no chart of the one before.
    web.runSql("SELECT no_such_column FROM totals");
    assertThat(web.driver.findElement(By.id("chart")).isDisplayed()).isFalse();
  }

  @Test
  void barChartDrawsHorizontalBarsAsLongAsTheirValuesInResultOrder() throws Exception {
    web.runSql("SELECT month, amount FROM totals ORDER BY month");
    openChart();
    choose("chart-kind", "Bar");
    List<Mark> bars = bars(FIRST);
    assertThat(bars).hasSize(5);
    // The first row on top, every bar from one left edge, lengths in proportion to the values.
    assertThat(bars).isSortedAccordingTo(Comparator.comparingDouble(Mark::y));
    double[] values = {30, 10, 50, 20, 40};
    double unit = bars.get(2).w() / 50;
    for (int i = 0; i < 5; i++) {
      assertThat(bars.get(i).x()).isCloseTo(bars.get(0).x(), within(1.0));
      assertThat(bars.get(i).w()).isCloseTo(values[i] * unit, within(1.0));
    }
    assertThat(texts()).contains("2024-01-01", "2024-05-01", "month", "amount");
    assertThat(cspViolations()).isEmpty();
    web.screenshot("chart-bar");
  }

  @Test
  void stackedColumnSplitsBySecondTextColumnAndStacksTheSegments() throws Exception {
    web.runSql("SELECT month, region, amount FROM monthly ORDER BY month, region");
    openChart();
    choose("chart-kind", "Stacked column");
    assertThat(select("chart-split").getFirstSelectedOption().getText())
        .isEqualTo("one per region");
    List<Mark> north = bars(FIRST);
    List<Mark> south = bars(SECOND);
    assertThat(north).hasSize(4);
    assertThat(south).hasSize(4);
    assertThat(texts()).contains("North", "South", "2024-01-01", "2024-04-01", "month", "amount");
    double[] n = {10, 15, 30, 5};
    double[] s = {20, 5, 25, 40};
    double unit = north.get(2).h() / 30;
    for (int i = 0; i < 4; i++) {
      // South sits on North, in the same column; each segment as high as its value.
      assertThat(north.get(i).bottom()).isCloseTo(north.get(0).bottom(), within(1.0));
      assertThat(south.get(i).bottom()).isCloseTo(north.get(i).y(), within(1.0));
      assertThat(south.get(i).centreX()).isCloseTo(north.get(i).centreX(), within(1.0));
      assertThat(north.get(i).h()).isCloseTo(n[i] * unit, within(1.0));
      assertThat(south.get(i).h()).isCloseTo(s[i] * unit, within(1.0));
    }
    web.screenshot("chart-stacked");

    // Split by the number columns instead: one series, one bar a row (8), not stacked by region.
    int was = drawn();
    select("chart-split").selectByVisibleText("one per number column");
    waitDrawn(was + 1);
    assertThat(bars(FIRST)).hasSize(8);
    assertThat(bars(SECOND)).isEmpty();

    // Two rows for one (month, region) pair cannot be one segment: the chart says so.
    web.runSql("SELECT month, region, amount FROM monthly UNION ALL "
        + "SELECT month, region, amount FROM monthly WHERE region = 'North'");
    waitDrawn(was + 2);
    choose("chart-kind", "Stacked column");
    assertThat(note()).contains("both have month = 2024-01-01 and region = North")
        .contains("GROUP BY month, region");
    assertThat(web.driver.findElement(By.id("chart-png")).isEnabled()).isFalse();
    assertThat(cspViolations()).isEmpty();
  }

  @Test
  void lineChartDrawsAPointPerRowForEachSeries() throws Exception {
    web.runSql("SELECT month, amount, orders FROM totals ORDER BY month");
    openChart();
    choose("chart-kind", "Line");
    List<Mark> lines = marks().stream().filter(m -> m.w() > 100).toList();
    assertThat(lines).extracting(Mark::stroke).containsExactlyInAnyOrder(FIRST, SECOND);
    for (String colour : List.of(FIRST, SECOND)) {
      List<Mark> points = points(colour);
      assertThat(points).hasSize(5);
      assertThat(points).isSortedAccordingTo(Comparator.comparingDouble(Mark::centreX));
    }
    // Higher values are drawn higher (smaller y): amount 30, 10, 50, 20, 40.
    List<Mark> amount = points(FIRST);
    int[] rankFromTop = {2, 4, 0, 3, 1};
    List<Mark> byHeight = amount.stream().sorted(Comparator.comparingDouble(Mark::centreY))
        .toList();
    for (int i = 0; i < 5; i++) {
      assertThat(byHeight.get(rankFromTop[i])).isEqualTo(amount.get(i));
    }
    // The line's box spans its points.
    Mark line = lines.stream().filter(m -> m.stroke().equals(FIRST)).findFirst().orElseThrow();
    assertThat(line.x()).isCloseTo(amount.get(0).centreX(), within(2.0));
    assertThat(line.right()).isCloseTo(amount.get(4).centreX(), within(2.0));
    assertThat(texts()).contains("amount", "orders", "2024-03-01", "month");
    assertThat(cspViolations()).isEmpty();
    web.screenshot("chart-line");
  }

  @Test
  void scatterPlacesPointsByBothValuesAndFollowsAChangedAxis() throws Exception {
    web.runSql("SELECT x, y, z FROM points");
    openChart();
    choose("chart-kind", "Scatter");
    assertThat(select("chart-x").getFirstSelectedOption().getText()).isEqualTo("x");
    assertThat(points(FIRST)).hasSize(6);
    assertThat(points(SECOND)).hasSize(6);
    int[] x = {1, 2, 4, 7, 9, 3};
    int[] y = {5, 3, 8, 1, 6, 9};
    assertPlaced(points(FIRST), x, y);
    web.screenshot("chart-scatter");

    // Across z instead of x: z is no longer drawn up, and the points move to their z.
    int was = drawn();
    select("chart-x").selectByVisibleText("z");
    waitDrawn(was + 1);
    assertThat(points(SECOND)).isEmpty();
    int[] z = {9, 1, 4, 6, 2, 8};
    assertPlaced(points(FIRST), z, y);
    assertThat(texts()).contains("z", "y");

    // Saved as PNG and SVG through the browser's download.
    web.driver.findElement(By.id("chart-png")).click();
    byte[] png = downloaded("csvws-scatter-chart.png");
    Screenshots.Info info = Screenshots.read(png);
    WebElement canvas = web.driver.findElement(By.id("chart-canvas"));
    assertThat(info.width()).isEqualTo(2 * canvas.getSize().getWidth());
    assertThat(info.height()).isEqualTo(2 * canvas.getSize().getHeight());
    web.driver.findElement(By.id("chart-svg")).click();
    byte[] svgBytes = downloaded("csvws-scatter-chart.svg");
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    Document svg = f.newDocumentBuilder().parse(new ByteArrayInputStream(svgBytes));
    assertThat(svg.getDocumentElement().getLocalName()).isEqualTo("svg");
    NodeList paths = svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "path");
    int symbols = 0;
    for (int i = 0; i < paths.getLength(); i++) {
      String fill = ((Element) paths.item(i)).getAttribute("fill");
      String d = ((Element) paths.item(i)).getAttribute("d");
      // A scatter point is a circle: a path of arcs.
      if (fill.equalsIgnoreCase(FIRST) && d.contains("A")) {
        symbols++;
      }
    }
    // The 6 points; one series has no legend, so no legend icon in that colour.
    assertThat(symbols).isEqualTo(6);
    List<String> svgTexts = new ArrayList<>();
    NodeList texts = svg.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
    for (int i = 0; i < texts.getLength(); i++) {
      svgTexts.add(texts.item(i).getTextContent());
    }
    assertThat(svgTexts).contains("z", "y");
    assertThat(cspViolations()).isEmpty();
  }

  @Test
  void aChartOfALongResultDrawsItsFirstRowsAndSaysSo() throws Exception {
    web.runSql("SELECT n, v FROM many ORDER BY n");
    openChart();
    choose("chart-kind", "Scatter");
    assertThat(note()).isEqualTo("Only part of the result: the first 1000 rows of at least 1001. "
        + "Aggregate in SQL (GROUP BY) to chart all of it.");
    assertThat(points(FIRST)).hasSize(1000);
    web.screenshot("chart-partial");
    // The chart call itself is bounded: at most 1000 rows, and says when it is part.
    Object answer = web.driver.executeAsyncScript("const done = arguments[0];"
        + " (async () => {"
        + "   const s = await (await fetch('/web/api/session')).json();"
        + "   const h = {'X-Csvws-Token': s.token, 'Content-Type': 'application/json'};"
        + "   const q = await (await fetch('/web/api/query', {method: 'POST', headers: h,"
        + "     body: JSON.stringify({sql: 'SELECT n FROM many ORDER BY n'})})).json();"
        + "   const url = '/web/api/results/' + q.id + '/chart?rows=';"
        + "   const few = await (await fetch(url + 120, {headers: h})).json();"
        + "   const tooMany = await fetch(url + 1001, {headers: h});"
        + "   done([few.rows.length, few.rows[119][0], few.partial, tooMany.status,"
        + "     (await tooMany.json()).error.message]);"
        + " })().catch(e => done(String(e)))");
    assertThat(answer).isEqualTo(List.of(120L, "120", true, 400L, "A chart draws 1 to 1000 "
        + "rows, not 1001: give the parameter 'rows' in that range, or aggregate the result in "
        + "SQL (GROUP BY) to draw all of it."));
  }

  @Test
  void theLibraryIsServedFromTheWebJarWithItsVersionAndCachedForAYear() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    HttpResponse<String> chart = http.send(HttpRequest.newBuilder(URI.create(gateway.url()
        + "/web/chart.js")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(chart.statusCode()).isEqualTo(200);
    assertThat(chart.headers().firstValue("Content-Type").orElse("")).startsWith("text/javascript");
    assertThat(chart.body()).contains("'/web/lib/echarts-5.5.0.min.js'")
        .doesNotContain("@ECHARTS_URL@");
    HttpResponse<byte[]> lib = http.send(HttpRequest.newBuilder(URI.create(gateway.url()
        + "/web/lib/echarts-5.5.0.min.js")).build(), HttpResponse.BodyHandlers.ofByteArray());
    assertThat(lib.statusCode()).isEqualTo(200);
    assertThat(lib.headers().firstValue("Content-Type").orElse("")).startsWith("text/javascript");
    assertThat(lib.headers().firstValue("Cache-Control").orElse(""))
        .isEqualTo("public, max-age=31536000, immutable");
    assertThat(lib.headers().firstValue("Content-Security-Policy").orElse(""))
        .contains("script-src 'self'").doesNotContain("unsafe");
    assertThat(new String(lib.body(), 0, 2000, java.nio.charset.StandardCharsets.UTF_8))
        .contains("echarts");
    HttpResponse<String> other = http.send(HttpRequest.newBuilder(URI.create(gateway.url()
        + "/web/lib/echarts-4.0.0.min.js")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(other.statusCode()).isEqualTo(404);
  }

  @Test
  void aNarrowWindowReachesEverythingAndTheChartFits() throws Exception {
    web.runSql("SELECT month, region, amount FROM monthly ORDER BY month, region");
    web.viewport(420, 800);
    try {
      openChart();
      choose("chart-kind", "Stacked column");
      assertThat(bars(FIRST)).hasSize(4);
      long innerWidth = (Long) web.driver.executeScript("return window.innerWidth");
      // Nothing sticks out sideways: the page never scrolls horizontally...
      assertThat((Long) web.driver.executeScript(
          "return document.documentElement.scrollWidth")).isLessThanOrEqualTo(innerWidth);
      // ... and every control and the chart lie within the window's width.
      // The SQL editor is CodeMirror's box (the textarea behind it is hidden).
      for (String id : List.of(".CodeMirror", "run", "tables", "grid", "chart-kind", "chart-x",
          "chart-split", "chart-png", "chart-svg", "chart-canvas")) {
        WebElement e = web.driver.findElement(id.startsWith(".") ? By.cssSelector(id)
            : By.id(id));
        double right = ((Number) web.driver.executeScript(
            "return arguments[0].getBoundingClientRect().right", e)).doubleValue();
        if (!id.equals("grid")) {
          assertThat(right).as(id).isLessThanOrEqualTo(innerWidth);
        }
        assertThat(e.isDisplayed()).as(id).isTrue();
      }
      double svgWidth = ((Number) web.driver.executeScript("return document.querySelector("
          + "'#chart-canvas svg').getBoundingClientRect().width")).doubleValue();
      assertThat(svgWidth).isLessThanOrEqualTo(innerWidth).isGreaterThan(innerWidth / 2.0);
      web.screenshot("narrow-chart");
    } finally {
      web.viewport(1280, 800);
    }
  }

  @Test
  void theExampleWorkspaceIsListedWellUnderASecond() throws Exception {
    // The first load warms the server (the workspace's files read once); then five loads, each
    // beside the workspace call alone over HTTP from the test, alternating.
    web.open(example);
    String token = get(example, "/web/api/session", null).path("token").asText();
    List<Long> wall = new ArrayList<>();
    List<Long> listed = new ArrayList<>();
    List<Long> api = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      long t0 = System.nanoTime();
      web.open(example);
      wall.add((System.nanoTime() - t0) / 1_000_000);
      // The page's own clock: when the workspace's answer had arrived, from the page's request
      // (the list is built from it at once); the wall clock above includes WebDriver's polling.
      listed.add(((Number) web.driver.executeScript("return Math.round(performance"
          + ".getEntriesByType('resource').find(e => e.name.endsWith('/web/api/workspace'))"
          + ".responseEnd)")).longValue());
      long t1 = System.nanoTime();
      assertThat(get(example, "/web/api/workspace", token).path("tables")).hasSize(4);
      api.add((System.nanoTime() - t1) / 1_000_000);
    }
    long median = listed.stream().sorted().toList().get(2);
    System.out.println("web console: example workspace listed " + listed + " ms after the page's "
        + "request (median " + median + " ms; WebDriver's wall clock " + wall + " ms); "
        + "GET /web/api/workspace alone " + api + " ms; Chromium");
    // Issue 18 asks for under 1 s on a local server; the bound leaves room for a loaded machine.
    assertThat(median).isLessThan(3_000);
    List<?> loaded = (List<?>) web.driver.executeScript("return performance.getEntriesByType("
        + "'resource').map(e => e.name)");
    assertThat(loaded.toString()).as("the chart library waits for a chart")
        .doesNotContain("echarts");
  }

  @Test
  void namesThatLookLikeHtmlAreDrawnAsText() throws Exception {
    web.runSql("SELECT label, \"value\" FROM labels");
    openChart();
    assertThat(bars(FIRST)).hasSize(2);
    assertThat(texts()).contains("<img src=x onerror=window.pwned=1>",
        "<script>window.pwned=2</script>");
    assertThat(web.driver.findElements(By.cssSelector("#chart img, #chart script"))).isEmpty();
    assertThat(web.driver.executeScript("return window.pwned === undefined")).isEqualTo(true);
  }

  static JsonNode get(GatewayFixture g, String path, String token) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(g.url() + path));
    if (token != null) {
      b.header("X-Csvws-Token", token);
    }
    return new ObjectMapper().readTree(HttpClient.newHttpClient().send(b.build(),
        HttpResponse.BodyHandlers.ofString()).body());
  }

  // ---- helpers ----

  static void openChart() {
    int was = drawn();
    web.driver.findElement(By.id("chart-open")).click();
    waitDrawn(was + 1);
  }

  static Select select(String id) {
    return new Select(web.driver.findElement(By.id(id)));
  }

  /** Picks a kind of chart (or an axis) by its visible text and waits for the redraw. */
  static void choose(String id, String text) {
    if (select(id).getFirstSelectedOption().getText().equals(text)) {
      return;
    }
    int was = drawn();
    select(id).selectByVisibleText(text);
    waitDrawn(was + 1);
  }

  static WebElement yBox(String column) {
    return web.driver.findElements(By.cssSelector("#chart-y label")).stream()
        .filter(l -> l.getText().trim().equals(column)).findFirst().orElseThrow()
        .findElement(By.tagName("input"));
  }

  static int drawn() {
    String d = web.driver.findElement(By.id("chart-canvas")).getAttribute("data-drawn");
    return d == null ? 0 : Integer.parseInt(d);
  }

  static void waitDrawn(int atLeast) {
    web.wait.until(x -> drawn() >= atLeast);
  }

  static String note() {
    return web.driver.findElement(By.id("chart-note")).getText();
  }

  static List<String> texts() {
    return ((List<?>) web.driver.executeScript(TEXTS_JS)).stream().map(String::valueOf).toList();
  }

  static List<?> cspViolations() {
    return (List<?>) web.driver.executeScript("return window.cspViolations");
  }

  static List<Mark> marks() {
    List<Mark> out = new ArrayList<>();
    for (Object o : (List<?>) web.driver.executeScript(MARKS_JS)) {
      Map<?, ?> m = (Map<?, ?>) o;
      out.add(new Mark((String) m.get("fill"), (String) m.get("stroke"), num(m.get("x")),
          num(m.get("y")), num(m.get("w")), num(m.get("h"))));
    }
    return out;
  }

  private static double num(Object o) {
    return ((Number) o).doubleValue();
  }

  /**
   * The bars of one series: boxes filled with its colour in the plot. The legend (shown with two
   * series or more) is a band at the top that ends 20 pixels down, above the plot (40 down then).
   */
  static List<Mark> bars(String colour) {
    return marks().stream().filter(m -> m.fill().equals(colour) && m.bottom() > 24).toList();
  }

  /**
   * The points of one series (line symbols are white circles ringed in its colour, scatter
   * symbols filled circles): boxes under 20 pixels wide in the plot, left to right.
   */
  static List<Mark> points(String colour) {
    return marks().stream().filter(m -> (m.fill().equals(colour) || m.stroke().equals(colour))
        && m.w() < 20 && m.h() < 20 && m.bottom() > 24)
        .sorted(Comparator.comparingDouble(Mark::centreX)).toList();
  }

  /** Points ordered across as {@code across} and up as {@code up} (larger drawn higher). */
  static void assertPlaced(List<Mark> points, int[] across, int[] up) {
    assertThat(points).hasSize(across.length);
    // points come sorted by their x; each must then carry the value of that rank.
    Integer[] byAcross = Stream.iterate(0, i -> i + 1).limit(across.length)
        .sorted(Comparator.comparingInt(i -> across[i])).toArray(Integer[]::new);
    double unitX = (points.get(points.size() - 1).centreX() - points.get(0).centreX())
        / (across[byAcross[across.length - 1]] - across[byAcross[0]]);
    for (int k = 0; k < points.size(); k++) {
      int row = byAcross[k];
      assertThat(points.get(k).centreX() - points.get(0).centreX())
          .isCloseTo((across[row] - across[byAcross[0]]) * unitX, within(1.5));
    }
    double unitY = -1;
    for (int k = 1; k < points.size(); k++) {
      int row = byAcross[k];
      int first = byAcross[0];
      if (up[row] != up[first]) {
        double u = (points.get(0).centreY() - points.get(k).centreY()) / (up[row] - up[first]);
        if (unitY < 0) {
          unitY = u;
        }
        assertThat(u).as("pixels per unit up at point " + k).isCloseTo(unitY, within(0.05));
      }
    }
    assertThat(unitY).isGreaterThan(0);
  }

  static byte[] downloaded(String name) throws Exception {
    Path file = downloads.resolve(name);
    web.wait.until(d -> {
      try {
        return Files.exists(file) && Files.size(file) > 0
            && !Files.exists(downloads.resolve(name + ".crdownload"));
      } catch (java.io.IOException e) {
        return false;
      }
    });
    return Files.readAllBytes(file);
  }
}
