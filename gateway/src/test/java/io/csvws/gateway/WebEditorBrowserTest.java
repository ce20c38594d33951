package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Writing SQL and keeping results in the web console, in a real headless Chromium against a real
 * gateway serving the example workspace: the editor's completion, Ctrl+Enter, the error's span
 * marked, the history, saved results, and downloads as CSV and XLSX read back from the browser's
 * download folder. Screenshots go to {@code target/web-screenshots/}.
 */
class WebEditorBrowserTest {
  @TempDir
  static Path root;

  static GatewayFixture example;
  static WebBrowser web;
  static ChromeDriver browser;
  static WebDriverWait wait;
  static Path downloads;

  @BeforeAll
  static void start() throws Exception {
    example = GatewayFixture.anonymous(Files.createDirectories(root.resolve("example")),
        Path.of("..", "src", "examples", "workspace").toAbsolutePath().normalize());
    downloads = Files.createDirectories(root.resolve("downloads"));
    web = WebBrowser.start();
    browser = web.driver;
    wait = web.wait;
    browser.executeCdpCommand("Browser.setDownloadBehavior", Map.of("behavior", "allow",
        "downloadPath", downloads.toAbsolutePath().toString()));
  }

  @AfterAll
  static void stop() throws Exception {
    if (web != null) {
      web.close();
    }
    if (example != null) {
      example.close();
    }
  }

  /** The completions the editor shows now, each as its text (name and kind). */
  private static List<WebElement> hints() {
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(".CodeMirror-hints")));
    return browser.findElements(By.cssSelector(".CodeMirror-hints li"));
  }

  private static boolean offers(List<WebElement> hints, String kindClass, String name) {
    return hints.stream().anyMatch(h -> h.getAttribute("class").contains(kindClass)
        && h.getText().startsWith(name));
  }

  private static void awaitRange(String text) {
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("range"), text));
  }

  @Test
  void completesTablesAndColumnsRunsWithCtrlEnterAndMarksTheErrorsSpan() throws Exception {
    web.logIn(null, null);
    web.open(example);
    // How long the page with the editor took to load (Navigation Timing), for the report.
    System.out.println("web console with editor: DOMContentLoaded after "
        + browser.executeScript("const n = performance.getEntriesByType('navigation')[0];"
            + " return Math.round(n.domContentLoadedEventEnd)") + " ms; CodeMirror files "
        + browser.executeScript("return performance.getEntriesByType('resource')"
            + ".filter(r => r.name.includes('/codemirror/'))"
            + ".map(r => r.name.split('/').pop() + ' ' + Math.round(r.duration) + ' ms')"
            + ".join(', ')"));
    // The page's console is read back (a CSP refusal would show there).
    browser.executeScript("console.error('csvws-probe')");
    assertThat(web.browserLog()).anyMatch(m -> m.contains("csvws-probe"));
    // Highlighting: the editor's SQL mode colours keywords.
    web.type("SELECT \"name\" FROM customers WHERE country = 'GB'");
    assertThat(browser.findElements(By.cssSelector(".CodeMirror .cm-keyword")).stream()
        .map(WebElement::getText)).contains("SELECT", "FROM", "WHERE");
    // Single quotes make text; double quotes a name, as csvws reads them.
    assertThat(browser.findElements(By.cssSelector(".CodeMirror .cm-string")).stream()
        .map(WebElement::getText)).containsExactly("'GB'");
    web.type("SELECT * FROM ");

    web.typeKeys("cust");
    List<WebElement> hints = hints();
    assertThat(offers(hints, "hint-table", "customers")).isTrue();
    web.screenshot("editor-completion-table");
    web.typeKeys(Keys.ENTER);
    wait.until(d -> web.sql().equals("SELECT * FROM customers"));

    web.typeKeys(" WHERE coun");
    hints = hints();
    assertThat(offers(hints, "hint-column", "country")).isTrue();
    assertThat(offers(hints, "hint-function", "COUNT")).isTrue();
    web.screenshot("editor-completion");
    web.typeKeys(Keys.ENTER);
    wait.until(d -> web.sql().equals("SELECT * FROM customers WHERE country"));
    // An alias completes to the columns of its table.
    web.type("SELECT c. FROM customers AS c");
    browser.executeScript("const cm = document.querySelector('.CodeMirror').CodeMirror;"
        + " cm.setCursor(0, 9);");
    web.typeKeys(Keys.chord(Keys.CONTROL, Keys.SPACE));
    hints = hints();
    assertThat(offers(hints, "hint-column", "signed_up")).isTrue();
    assertThat(offers(hints, "hint-table", "customers")).isFalse();
    web.typeKeys(Keys.ESCAPE);

    // Ctrl+Enter in the editor runs the query.
    web.type("SELECT * FROM customers WHERE country = 'GB' ORDER BY customer_id");
    web.pressRun();
    awaitRange("of 3");
    assertThat(web.rows().get(0).getText()).contains("Ada Lovelace");

    // An error marks the span it names, on the line it names.
    web.type("SELECT name,\n  nope\nFROM customers");
    web.pressRun();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("error")));
    assertThat(browser.findElement(By.id("error")).getText())
        .startsWith("[42000] From line 2, column 3 to line 2, column 6");
    assertThat(web.selectedSql()).isEqualTo("nope");
    assertThat(browser.findElement(By.cssSelector(".CodeMirror .cm-csvws-error")).getText())
        .isEqualTo("nope");
    web.screenshot("editor-error");
    // Editing removes the mark.
    web.typeKeys("x");
    assertThat(browser.findElements(By.cssSelector(".CodeMirror .cm-csvws-error"))).isEmpty();

    // The editor works under the page's CSP: nothing was refused.
    assertThat(web.browserLog()).noneMatch(m -> m.contains("Content Security Policy")
        || m.contains("Refused to"));
  }

  @Test
  void theHistoryPutsAQueryBackAndASavedResultIsQueried() throws Exception {
    web.logIn(null, null);
    web.open(example);
    String first = "SELECT name FROM customers WHERE active ORDER BY name";
    String second = "SELECT country, COUNT(*) AS customers FROM customers GROUP BY country";
    web.runSql(first);
    web.runSql(second);
    wait.until(d -> d.findElements(By.cssSelector("#history-list button.history-sql")).stream()
        .map(WebElement::getText).toList().indexOf(first) > 0);
    List<String> history = browser.findElements(By.cssSelector("#history-list button.history-sql"))
        .stream().map(WebElement::getText).toList();
    assertThat(history.get(0)).isEqualTo(second);
    web.type("");
    browser.findElements(By.cssSelector("#history-list button.history-sql")).stream()
        .filter(b -> b.getText().equals(first)).findFirst().orElseThrow().click();
    assertThat(web.sql()).isEqualTo(first);
    web.screenshot("history");

    // Save the result on screen (the second query's) under a name, then use it as a table.
    web.runSql(second);
    browser.findElement(By.id("save-name")).sendKeys("by_country");
    browser.findElement(By.id("save")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("saved-list"),
        "by_country"));
    assertThat(browser.findElement(By.id("saved-status")).getText())
        .startsWith("Saved by_country (5 rows)");
    web.runSql("SELECT SUM(customers) AS total FROM by_country");
    assertThat(web.rows().get(0).getText()).isEqualTo("1 8");
    // It completes like a table.
    web.type("SELECT * FROM ");
    web.typeKeys("by_");
    assertThat(offers(hints(), "hint-saved", "by_country")).isTrue();
    web.typeKeys(Keys.ESCAPE);
    // A click on its name queries it.
    browser.findElement(By.cssSelector("#saved-list button.saved-name")).click();
    awaitRange("rows 1–5 of 5");
    assertThat(web.sql()).isEqualTo("SELECT * FROM by_country");
    web.screenshot("saved-results");

    // An error in a query that uses it still marks the right span.
    web.runSql("SELECT nope FROM by_country");
    assertThat(web.selectedSql()).isEqualTo("nope");
    browser.findElement(By.cssSelector("#saved-list button.saved-drop")).click();
    wait.until(d -> d.findElements(By.cssSelector("#saved-list li")).isEmpty());
  }

  /** Waits for the one file of {@code extension} the browser finished downloading. */
  private static Path downloaded(String extension) {
    return wait.until(d -> {
      try (Stream<Path> files = Files.list(downloads)) {
        List<Path> all = files.toList();
        if (all.stream().anyMatch(p -> p.toString().endsWith(".crdownload"))) {
          return null;
        }
        return all.stream().filter(p -> p.toString().endsWith(extension)).findFirst()
            .orElse(null);
      } catch (java.io.IOException e) {
        return null;
      }
    });
  }

  @Test
  void downloadsTheResultAsCsvAndAsAWorkbook() throws Exception {
    web.logIn(null, null);
    web.open(example);
    web.runSql("SELECT customer_id, name, signed_up, active FROM customers ORDER BY customer_id");
    browser.findElement(By.id("download-csv")).click();
    Path csv = downloaded(".csv");
    assertThat(csv.getFileName().toString()).startsWith("csvws-result-");
    assertThat(Files.readString(csv, StandardCharsets.UTF_8)).isEqualTo(
        "customer_id,name,signed_up,active\r\n"
        + "1,Ada Lovelace,2023-01-15,true\r\n"
        + "2,Grace Hopper,2023-02-01,true\r\n"
        + "3,Alan Turing,2023-03-12,false\r\n"
        + "4,Hedy Lamarr,2023-05-30,true\r\n"
        + "5,Katherine Johnson,2023-07-04,true\r\n"
        + "6,Emmy Noether,2023-09-09,false\r\n"
        + "7,Chien-Shiung Wu,2023-10-21,true\r\n"
        + "8,\"Lovelace, Ada (duplicate)\",2024-01-02,false\r\n");

    browser.findElement(By.id("download-xlsx")).click();
    Path xlsx = downloaded(".xlsx");
    try (ZipFile zip = new ZipFile(xlsx.toFile())) {
      assertThat(zip.stream().map(ZipEntry::getName).toList()).contains("[Content_Types].xml",
          "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/styles.xml",
          "xl/worksheets/sheet1.xml");
      // Every part is well-formed XML (a cut or broken workbook is not).
      for (ZipEntry e : zip.stream().toList()) {
        try (java.io.InputStream in = zip.getInputStream(e)) {
          DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
        }
      }
      String sheet = new String(zip.getInputStream(zip.getEntry("xl/worksheets/sheet1.xml"))
          .readAllBytes(), StandardCharsets.UTF_8);
      assertThat(sheet)
          .contains("<c r=\"A1\" t=\"inlineStr\"><is><t xml:space=\"preserve\">customer_id</t>")
          .contains("<c r=\"A2\"><v>1</v></c>")
          // 2023-01-15 as a spreadsheet date serial, with the date style.
          .contains("<c r=\"C2\" s=\"1\"><v>44941</v></c>")
          .contains("<c r=\"D2\" t=\"b\"><v>1</v></c>")
          .contains("Lovelace, Ada (duplicate)")
          .contains("<row r=\"9\">").doesNotContain("<row r=\"10\">");
    }
    web.screenshot("downloads");
  }
}
