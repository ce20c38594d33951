package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Long work, big results and uploads in the web console, in a real headless Chromium against a
 * real gateway started with {@code --allow-upload}: the engine's progress bar on a long query and
 * its cancel, paging a 100,000-row result (first page, a far page, the last page, each timed), an
 * upload through the page's file input queried at once, and the per-user connection limit shown
 * in the page. Screenshots go to {@code target/web-screenshots/}.
 */
class WebRunBrowserTest {
  private static final String LONG_QUERY = "SELECT COUNT(*) FROM big WHERE "
      + IntStream.range(0, 24).mapToObj(i -> "note LIKE '%needle " + i + "%'")
          .collect(Collectors.joining(" OR "));
  /** A loose bound for each page of the 100,000-row result on a loaded machine. */
  private static final Duration PAGE_WITHIN = Duration.ofSeconds(15);

  @TempDir
  static Path root;

  static GatewayFixture gateway;
  static WebBrowser web;
  static ChromeDriver browser;
  static WebDriverWait wait;

  @BeforeAll
  static void start() throws Exception {
    gateway = GatewayFixture.withUsers(root, "--allow-upload", "--max-connections-per-user", "3",
        "--query-timeout-seconds", "120");
    Path alice = root.resolve("alice");
    StringBuilder big = new StringBuilder("id,note\n");
    for (int i = 1; i <= 300_000; i++) {
      big.append(i).append(",plain note ").append(i % 89).append('\n');
    }
    Files.writeString(alice.resolve("big.csv"), big);
    StringBuilder many = new StringBuilder("n,label\n");
    for (int i = 1; i <= 100_000; i++) {
      many.append(i).append(",row ").append(i).append('\n');
    }
    Files.writeString(alice.resolve("many.csv"), many);
    web = WebBrowser.start();
    browser = web.driver;
    wait = web.wait;
  }

  @AfterAll
  static void stop() throws Exception {
    if (web != null) {
      web.close();
    }
    gateway.close();
  }

  private String text(String id) {
    return browser.findElement(By.id(id)).getText();
  }

  @Test
  void aLongQueryShowsTheEnginesProgressAndCancelStopsIt() throws Exception {
    web.logIn("alice", GatewayFixture.ALICE_PASSWORD);
    web.open(gateway);
    web.type(LONG_QUERY);
    web.pressRun();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("progress")));
    // Once the scan has read its first rows (planning comes before).
    wait.until(d -> text("progress-text")
        .matches("\\d+% · .* of .* · [1-9][\\d,]* rows · [\\d.]+ s"));
    String shown = text("progress-text");
    long size = Files.size(root.resolve("alice/big.csv"));
    assertThat(shown).contains(String.format("of %.1f MB", size / 1048576.0));
    WebElement bar = browser.findElement(By.id("progress-bar"));
    assertThat(Integer.parseInt(bar.getAttribute("value"))).isBetween(0, 1000);
    web.screenshot("progress");
    long clicked = System.nanoTime();
    browser.findElement(By.id("cancel")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("error")));
    assertThat(text("error")).startsWith("[57014]").contains("big.csv");
    assertThat(Duration.ofNanos(System.nanoTime() - clicked)).isLessThan(Duration.ofSeconds(10));
    wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("progress")));
    System.out.println("progress shown: " + shown);
  }

  @Test
  void aHundredThousandRowResultPagesQuickly() throws Exception {
    web.logIn("alice", GatewayFixture.ALICE_PASSWORD);
    web.open(gateway);
    long t0 = System.nanoTime();
    web.runSql("SELECT * FROM many");
    Duration first = Duration.ofNanos(System.nanoTime() - t0);
    assertThat(web.range()).isEqualTo("rows 1–100 of at least 101");
    assertThat(web.rows().get(0).getText()).isEqualTo("1 1 row 1");

    WebElement number = browser.findElement(By.id("page-number"));
    number.clear();
    number.sendKeys("600");
    long t1 = System.nanoTime();
    browser.findElement(By.id("go")).click();
    wait.until(d -> web.range().startsWith("rows 59901–60000"));
    Duration far = Duration.ofNanos(System.nanoTime() - t1);
    assertThat(web.rows().get(0).getText()).isEqualTo("59901 59901 row 59901");

    long t2 = System.nanoTime();
    browser.findElement(By.id("last")).click();
    wait.until(d -> web.range().equals("rows 99901–100000 of 100000"));
    Duration last = Duration.ofNanos(System.nanoTime() - t2);
    assertThat(web.rows().get(99).getText()).isEqualTo("100000 100000 row 100000");
    assertThat(browser.findElement(By.id("last")).isEnabled()).isFalse();
    assertThat(browser.findElement(By.id("next")).isEnabled()).isFalse();
    web.screenshot("paged-100k");

    long t3 = System.nanoTime();
    browser.findElement(By.id("first")).click();
    wait.until(d -> web.range().equals("rows 1–100 of 100000"));
    Duration back = Duration.ofNanos(System.nanoTime() - t3);
    System.out.printf("100,000-row result in the browser: first page %d ms, page 600 %d ms, "
        + "last page %d ms, back to the first %d ms%n", first.toMillis(), far.toMillis(),
        last.toMillis(), back.toMillis());
    for (Duration d : List.of(first, far, last, back)) {
      assertThat(d).isLessThan(PAGE_WITHIN);
    }
  }

  @Test
  void aFileUploadedThroughThePageIsQueryableAtOnce() throws Exception {
    web.logIn("alice", GatewayFixture.ALICE_PASSWORD);
    web.open(gateway);
    Path file = Files.createDirectories(root.resolve("desktop")).resolve("visits.csv");
    Files.writeString(file, "day,visits\n2024-01-01,5\n2024-01-02,7\n2024-01-03,11\n");
    browser.findElement(By.id("upload-file")).sendKeys(file.toAbsolutePath().toString());
    wait.until(d -> text("upload-status").startsWith("Uploaded uploads/visits.csv"));
    wait.until(d -> String.valueOf(browser.executeScript("return Array.from(document"
        + ".querySelectorAll('#tables button.table-name')).map(b => b.textContent).join('|')"))
        .contains("uploads.visits"));
    web.screenshot("upload");
    assertThat(root.resolve("alice/uploads/visits.csv")).hasSameTextualContentAs(file);
    web.runSql("SELECT SUM(visits) AS total FROM \"uploads\".\"visits\"");
    assertThat(web.rows().get(0).getText()).isEqualTo("1 23");
    // The same name again is kept beside it, never over it.
    browser.findElement(By.id("upload-file")).sendKeys(file.toAbsolutePath().toString());
    wait.until(d -> text("upload-status").startsWith("Uploaded uploads/visits-2.csv"));
    // A file csvws does not read as a table is refused with the server's reason.
    Path exe = root.resolve("desktop").resolve("tool.exe");
    Files.writeString(exe, "MZ");
    browser.findElement(By.id("upload-file")).sendKeys(exe.toAbsolutePath().toString());
    wait.until(d -> text("upload-status").startsWith("Upload of tool.exe refused"));
    assertThat(text("upload-status")).contains(".csv");
    assertThat(root.resolve("alice/uploads/tool.exe")).doesNotExist();
  }

  @Test
  void aUserOverTheConnectionLimitIsToldSoInThePage() throws Exception {
    List<Connection> held = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        Connection c = gateway.bob();
        GatewayFixture.rows(c, "SELECT 1");
        held.add(c);
      }
      web.logIn("bob", GatewayFixture.BOB_PASSWORD);
      web.open(gateway);
      web.runSql("SELECT * FROM secret");
      assertThat(text("error")).startsWith("[53300]").contains("3 remote JDBC")
          .contains("--max-connections-per-user");
      web.screenshot("connection-limit");
    } finally {
      for (Connection c : held) {
        c.close();
      }
    }
    web.runSql("SELECT * FROM secret");
    assertThat(web.rows().get(0).getText()).isEqualTo("1 bob-only 42");
  }
}
