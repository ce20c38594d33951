package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web console in a real headless Chromium (Debian's {@code chromium} and
 * {@code chromium-driver}), against real gateways on loopback ports: one serving the example
 * workspace without users, one with users alice and bob. One browser for the whole class
 * ({@link WebBrowser}); each view is saved as a screenshot under {@code target/web-screenshots/}.
 */
class WebConsoleBrowserTest {
  @TempDir
  static Path root;

  static GatewayFixture example;
  static GatewayFixture users;
  static WebBrowser web;
  static ChromeDriver browser;
  static WebDriverWait wait;

  @BeforeAll
  static void start() throws Exception {
    example = GatewayFixture.anonymous(Files.createDirectories(root.resolve("example")),
        Path.of("..", "src", "examples", "workspace").toAbsolutePath().normalize());
    users = GatewayFixture.withUsers(Files.createDirectories(root.resolve("users")));
    Path alice = users.root.resolve("alice");
    Files.writeString(alice.resolve("hostile.csv"), "id,note\n"
        + "1,<script>window.pwned=1</script>\n"
        + "2,<img src=x onerror=\"window.pwned=2\">\n"
        + "3,\n"
        + "4,\"" + "x".repeat(500) + "\"\n");
    StringBuilder numbers = new StringBuilder("n,square\n");
    for (int i = 1; i <= 250; i++) {
      numbers.append(i).append(',').append((long) i * i).append('\n');
    }
    Files.writeString(alice.resolve("numbers.csv"), numbers);
    StringBuilder big = new StringBuilder("id,note\n");
    for (int i = 1; i <= 300_000; i++) {
      big.append(i).append(",plain note ").append(i % 89).append('\n');
    }
    Files.writeString(alice.resolve("big.csv"), big);
    web = WebBrowser.start();
    browser = web.driver;
    wait = web.wait;
  }

  @AfterAll
  static void stop() throws Exception {
    if (web != null) {
      web.close();
    }
    if (example != null) {
      example.close();
    }
    if (users != null) {
      users.close();
    }
  }

  @Test
  void browsesTheExampleWorkspaceAndPreviewsATable() throws Exception {
    web.logIn(null, null);
    long loading = System.nanoTime();
    web.open(example);
    long readyMs = (System.nanoTime() - loading) / 1_000_000;
    // Issue 18 asks for under 1 s on a local server; the bound here leaves room for a loaded CI.
    System.out.println("web console: example workspace listed " + readyMs + " ms after loading /");
    assertThat(readyMs).isLessThan(5_000);
    List<String> tables = browser.findElements(By.cssSelector("#tables button.table-name"))
        .stream().map(WebElement::getText).toList();
    assertThat(tables).containsExactly("main.customers", "reference.countries", "sales.orders_2024",
        "sales.orders_2025");
    WebElement customers = browser.findElements(By.cssSelector("#tables li.table")).stream()
        .filter(li -> li.findElement(By.cssSelector("button.table-name")).getText()
            .equals("main.customers")).findFirst().orElseThrow();
    assertThat(customers.getText()).contains("customer_id").contains("signed_up")
        .contains("DATE").contains("BOOLEAN");
    web.screenshot("workspace");

    customers.findElement(By.cssSelector("button.table-name")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("range"), "rows 1–"));
    assertThat(web.sql()).isEqualTo("SELECT * FROM \"main\".\"customers\"");
    assertThat(web.headers().get(1)).contains("customer_id").contains("INTEGER");
    assertThat(web.rows()).hasSize(8);
    assertThat(web.rows().get(0).getText()).contains("Ada Lovelace");
    assertThat(web.range()).isEqualTo("rows 1–8 of 8");
    web.screenshot("preview");

    // A narrow window puts the workspace above the editor instead of beside it.
    browser.manage().window().setSize(new org.openqa.selenium.Dimension(420, 800));
    try {
      wait.until(d -> d.findElement(By.id("work")).getLocation().getY()
          > d.findElement(By.id("workspace")).getLocation().getY());
      assertThat(browser.findElement(By.id("work")).getLocation().getX()).isLessThan(40);
      web.screenshot("narrow");
    } finally {
      browser.manage().window().setSize(new org.openqa.selenium.Dimension(1280, 800));
    }
  }

  @Test
  void runsAQueryWithCtrlEnterAndShowsErrorsAsTheEngineWritesThem() throws Exception {
    web.logIn(null, null);
    web.open(example);
    web.runSql("SELECT country, COUNT(*) AS customers, CAST(NULL AS VARCHAR) AS nothing, '' AS blank "
        + "FROM customers GROUP BY country ORDER BY country");
    assertThat(browser.findElement(By.id("error")).isDisplayed()).isFalse();
    assertThat(web.headers()).hasSize(5);
    assertThat(web.headers().get(2)).contains("customers").contains("BIGINT");
    WebElement first = web.rows().get(0);
    List<WebElement> cells = first.findElements(By.tagName("td"));
    assertThat(cells.get(3).getText()).isEqualTo("NULL");
    assertThat(cells.get(3).getAttribute("class")).isEqualTo("null");
    assertThat(cells.get(4).getText()).isEmpty();
    assertThat(cells.get(4).getAttribute("class")).isEqualTo("empty");
    web.screenshot("query");

    web.runSql("SELECT no_such_column FROM customers");
    WebElement error = browser.findElement(By.id("error"));
    assertThat(error.isDisplayed()).isTrue();
    assertThat(error.getText()).startsWith("[42000] From line 1, column 8 to line 1, column 21")
        .contains("no_such_column");
    // The editor selects the span the error names.
    assertThat(web.selectedSql()).isEqualTo("no_such_column");
    assertThat(browser.findElement(By.id("result")).isDisplayed()).isFalse();
    web.screenshot("error");
  }

  @Test
  void pagesAResultOnTheServerAndHostileCellsStayText() throws Exception {
    web.logIn("alice", GatewayFixture.ALICE_PASSWORD);
    web.open(users);
    assertThat(browser.findElement(By.id("user")).getText()).isEqualTo("alice");
    browser.findElements(By.cssSelector("#tables button.column-name")).stream()
        .filter(b -> b.getText().equals("amount")).findFirst().orElseThrow().click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("cell-text")));
    assertThat(browser.findElement(By.id("cell-title")).getText()).isEqualTo("main.orders.amount");
    assertThat(browser.findElement(By.id("cell-text")).getText()).contains("rows: 3")
        .contains("min: 7.25").contains("max: 20");
    web.screenshot("column-stats");
    browser.findElement(By.id("cell-close")).click();
    wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("cell-text")));
    web.runSql("SELECT n, square FROM numbers ORDER BY n");
    assertThat(web.rows()).hasSize(100);
    assertThat(web.range()).isEqualTo("rows 1–100 of at least 101");
    browser.findElement(By.id("next")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("range"), "rows 101–200"));
    assertThat(web.rows().get(0).getText()).isEqualTo("101 101 10201");
    browser.findElement(By.id("next")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("range"),
        "rows 201–250 of 250"));
    assertThat(web.rows()).hasSize(50);
    assertThat(browser.findElement(By.id("next")).isEnabled()).isFalse();
    web.screenshot("paged");
    browser.findElement(By.id("prev")).click();
    wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("range"),
        "rows 101–200 of 250"));

    web.runSql("SELECT id, note FROM hostile ORDER BY id");
    List<WebElement> rows = web.rows();
    assertThat(rows.get(0).findElements(By.tagName("td")).get(2).getText())
        .isEqualTo("<script>window.pwned=1</script>");
    assertThat(rows.get(1).findElements(By.tagName("td")).get(2).getText())
        .isEqualTo("<img src=x onerror=\"window.pwned=2\">");
    assertThat(browser.findElements(By.cssSelector("#grid img"))).isEmpty();
    assertThat(browser.findElements(By.cssSelector("#grid script"))).isEmpty();
    assertThat(((JavascriptExecutor) browser).executeScript("return window.pwned === undefined"))
        .isEqualTo(true);
    WebElement longCell = rows.get(3).findElements(By.tagName("td")).get(2);
    assertThat(longCell.findElement(By.tagName("span")).getDomProperty("textContent"))
        .isEqualTo("x".repeat(200) + "…");
    assertThat(longCell.findElement(By.cssSelector("button.more")).getText())
        .isEqualTo("all 500 characters");
    web.screenshot("hostile");
    longCell.findElement(By.cssSelector("button.more")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("cell-text")));
    assertThat(browser.findElement(By.id("cell-text")).getText()).isEqualTo("x".repeat(500));
    web.screenshot("cell");
    browser.findElement(By.id("cell-close")).click();
  }

  @Test
  void cancelStopsALongQueryOnTheServer() throws Exception {
    web.logIn("alice", GatewayFixture.ALICE_PASSWORD);
    web.open(users);
    // One scan testing each of 300,000 rows against 24 patterns that never match: many seconds.
    StringBuilder sql = new StringBuilder("SELECT COUNT(*) FROM big WHERE note LIKE '%needle 0%'");
    for (int i = 1; i < 24; i++) {
      sql.append(" OR note LIKE '%needle ").append(i).append("%'");
    }
    web.type(sql.toString());
    web.pressRun();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("cancel")));
    web.screenshot("running");
    long clicked = System.nanoTime();
    browser.findElement(By.id("cancel")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("error")));
    assertThat(browser.findElement(By.id("error")).getText()).startsWith("[57014]")
        .contains("big.csv");
    assertThat(Duration.ofNanos(System.nanoTime() - clicked)).isLessThan(Duration.ofSeconds(10));
    assertThat(browser.findElement(By.id("cancel")).isDisplayed()).isFalse();
    web.screenshot("cancelled");
  }

  @Test
  void aSecondUserSeesOnlyTheirOwnWorkspace() throws Exception {
    web.logIn("bob", GatewayFixture.BOB_PASSWORD);
    web.open(users);
    assertThat(browser.findElement(By.id("user")).getText()).isEqualTo("bob");
    List<String> tables = browser.findElements(By.cssSelector("#tables button.table-name"))
        .stream().map(WebElement::getText).toList();
    assertThat(tables).containsExactly("main.secret");
    web.runSql("SELECT * FROM orders");
    assertThat(browser.findElement(By.id("error")).getText()).contains("orders");
    web.screenshot("second-user");

    web.logIn("bob", "wrong");
    browser.get(users.url() + "/web/api/workspace");
    assertThat(browser.getPageSource()).doesNotContain("orders").doesNotContain("secret");
  }

  @Test
  void aCrossSitePostIsRefused() throws Exception {
    web.logIn("alice", GatewayFixture.ALICE_PASSWORD);
    HttpServer other = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    String target = users.url() + "/web/api/query";
    byte[] page = ("<!DOCTYPE html><html><body><form id=f method=post enctype=text/plain action=\""
        + target + "\"><input name='{\"sql\":\"SELECT 1\",\"x\":\"' value='\"}'></form>"
        + "<script>document.getElementById('f').submit()</script></body></html>")
        .getBytes(StandardCharsets.UTF_8);
    other.createContext("/", ex -> {
      ex.getResponseHeaders().set("Content-Type", "text/html");
      ex.sendResponseHeaders(200, page.length);
      ex.getResponseBody().write(page);
      ex.close();
    });
    other.start();
    try {
      browser.get("http://localhost:" + other.getAddress().getPort() + "/");
      wait.until(d -> d.getCurrentUrl().startsWith(target));
      assertThat(browser.getPageSource()).contains("FORBIDDEN").contains("is refused");
      web.screenshot("cross-site-refused");
    } finally {
      other.stop(0);
    }
    assertThat(Files.readString(users.accessLog)).contains("/web/api/query")
        .contains("WEB REFUSED");
  }
}
