package io.csvws.gateway;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, or those named
 * in {@code CSVWS_CHROMIUM} and {@code CSVWS_CHROMEDRIVER}) driving the web console, with the
 * steps every browser test takes: log in, open the page, run a statement, read the grid, save a
 * screenshot under {@code target/web-screenshots/}.
 */
final class WebBrowser implements AutoCloseable {
  static final Path SHOTS = Path.of("target", "web-screenshots");
  private static final String CHROMIUM =
      System.getenv().getOrDefault("CSVWS_CHROMIUM", "/usr/bin/chromium");
  private static final String CHROMEDRIVER =
      System.getenv().getOrDefault("CSVWS_CHROMEDRIVER", "/usr/bin/chromedriver");

  final ChromeDriver driver;
  final WebDriverWait wait;

  private WebBrowser(ChromeDriver driver) {
    this.driver = driver;
    this.wait = new WebDriverWait(driver, Duration.ofSeconds(20));
  }

  /** Starts a headless Chromium whose page (the viewport) is 1280x800. */
  static WebBrowser start() throws IOException {
    Files.createDirectories(SHOTS);
    if (!Files.isExecutable(Path.of(CHROMIUM)) || !Files.isExecutable(Path.of(CHROMEDRIVER))) {
      throw new IllegalStateException("The web console's browser tests need " + CHROMIUM + " and "
          + CHROMEDRIVER + ": install them with `apt-get install -y chromium chromium-driver` "
          + "(.ci/run does), or name others in CSVWS_CHROMIUM and CSVWS_CHROMEDRIVER.");
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM);
    options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
        "--disable-gpu", "--window-size=1280,800");
    // The page's console messages (a CSP violation is one) are read back by browserLog().
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(Path.of(CHROMEDRIVER).toFile()).usingAnyFreePort().build();
    WebBrowser web = new WebBrowser(new ChromeDriver(service, options));
    web.viewport(1280, 800);
    return web;
  }

  /**
   * Sizes the window so that the page itself is {@code width} x {@code height} (the window is
   * larger by its frame, which headless Chromium has too).
   */
  void viewport(int width, int height) {
    org.openqa.selenium.WebDriver.Window window = driver.manage().window();
    for (int i = 0; i < 3; i++) {
      List<?> inner = (List<?>) driver.executeScript(
          "return [window.innerWidth, window.innerHeight]");
      int w = ((Number) inner.get(0)).intValue();
      int h = ((Number) inner.get(1)).intValue();
      if (w == width && h == height) {
        return;
      }
      org.openqa.selenium.Dimension now = window.getSize();
      window.setSize(new org.openqa.selenium.Dimension(now.getWidth() + width - w,
          now.getHeight() + height - h));
    }
  }

  /** Sends HTTP BASIC credentials with every request, as a browser that logged in would. */
  void logIn(String user, String password) {
    driver.executeCdpCommand("Network.enable", Map.of());
    Map<String, Object> headers = user == null ? Map.of() : Map.of("Authorization", "Basic "
        + Base64.getEncoder().encodeToString((user + ":" + password)
            .getBytes(StandardCharsets.UTF_8)));
    driver.executeCdpCommand("Network.setExtraHTTPHeaders", Map.of("headers", headers));
  }

  /** Loads the console and waits until the workspace is listed. */
  void open(GatewayFixture gateway) {
    driver.get(gateway.url() + "/");
    wait.until(d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));
    wait.until(d -> !d.findElements(By.cssSelector("#tables li.table")).isEmpty()
        || d.findElement(By.id("workspace-status")).getText().startsWith("0 tables"));
  }

  /** The messages the page wrote to the browser's console since the last call. */
  List<String> browserLog() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .map(LogEntry::getMessage).toList();
  }

  /**
   * Saves the page as view {@code name} (see {@link Screenshots}); the page is first made 800
   * pixels high, keeping its width (1280, or a narrow window's), so every view has one height.
   */
  void screenshot(String name) throws IOException {
    long width = (Long) driver.executeScript("return window.innerWidth");
    viewport((int) width, 800);
    Screenshots.save(name, driver.getScreenshotAs(OutputType.BYTES), Screenshots.caller());
  }

  /**
   * Replaces the editor's text with {@code sql} (set whole, as a paste would: typed key by key,
   * the editor's completion would take some keys) and puts the cursor at its end.
   */
  void type(String sql) {
    driver.executeScript("const cm = document.querySelector('.CodeMirror').CodeMirror;"
        + " cm.setValue(arguments[0]); cm.focus(); cm.setCursor(cm.lineCount(), 0);", sql);
  }

  /** Types {@code keys} into the editor key by key at its cursor, as a person does. */
  void typeKeys(CharSequence... keys) {
    editorInput().sendKeys(keys);
  }

  /** The element of the editor that receives the keys (CodeMirror's hidden input). */
  WebElement editorInput() {
    return driver.findElement(By.cssSelector(".CodeMirror textarea"));
  }

  /** Starts the statement in the editor as a person would, with Ctrl+Enter. */
  void pressRun() {
    editorInput().sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
  }

  /** Runs {@code sql} and waits for its result or its error. */
  void runSql(String sql) {
    type(sql);
    // Two runs can end with the same status ("Ran in 12 ms"): the last one's is cleared first,
    // so that only this run's status is waited for.
    driver.executeScript("document.getElementById('status').textContent = ''");
    pressRun();
    wait.until(d -> d.findElement(By.id("status")).getText().startsWith("Ran in")
        || d.findElement(By.id("error")).isDisplayed());
  }

  /** The editor's text. */
  String sql() {
    return (String) driver.executeScript(
        "return document.querySelector('.CodeMirror').CodeMirror.getValue()");
  }

  /** The text the editor has selected. */
  String selectedSql() {
    return (String) driver.executeScript(
        "return document.querySelector('.CodeMirror').CodeMirror.getSelection()");
  }

  List<String> headers() {
    return driver.findElements(By.cssSelector("#grid thead th")).stream()
        .map(WebElement::getText).toList();
  }

  List<WebElement> rows() {
    return driver.findElements(By.cssSelector("#grid tbody tr"));
  }

  String range() {
    return driver.findElement(By.id("range")).getText();
  }

  @Override
  public void close() {
    driver.quit();
  }
}
