package io.csvws.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A real headless Firefox (Debian's {@code firefox-esr}, or the one named in
 * {@code CSVWS_FIREFOX}) driven over WebDriver BiDi, the W3C protocol Firefox speaks natively.
 *
 * <p>Why not Selenium's FirefoxDriver: it needs geckodriver, which Debian does not package and
 * which is not on Maven Central. Firefox itself listens for BiDi when started with
 * {@code --remote-debugging-port}, so this class starts it, opens a WebSocket session at
 * {@code ws://127.0.0.1:PORT/session} ({@code session.new}) and sends the few commands a test
 * needs: navigate, evaluate script, set the viewport, take a screenshot. Not thread-safe: one
 * test thread drives it.
 */
final class FirefoxBidi implements AutoCloseable {
  private static final Pattern LISTENING =
      Pattern.compile("WebDriver BiDi listening on (ws://\\S+)");
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final ObjectMapper json = new ObjectMapper();
  private final Process process;
  private final Path profile;
  private final WebSocket socket;
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final AtomicInteger ids = new AtomicInteger();
  private final StringBuilder partial = new StringBuilder();
  private String context;

  private FirefoxBidi(Process process, Path profile, String address) throws Exception {
    this.process = process;
    this.profile = profile;
    this.socket = HttpClient.newHttpClient().newWebSocketBuilder()
        .buildAsync(URI.create(address + "/session"), new Listener()).get(30, TimeUnit.SECONDS);
  }

  /** The Firefox this machine has, or null. */
  static Path binary() {
    String named = System.getenv("CSVWS_FIREFOX");
    for (String p : named != null ? new String[] {named}
        : new String[] {"/usr/bin/firefox-esr", "/usr/bin/firefox"}) {
      if (Files.isExecutable(Path.of(p))) {
        return Path.of(p);
      }
    }
    return null;
  }

  /** Starts a headless Firefox with a fresh profile and opens a BiDi session on its first tab. */
  static FirefoxBidi start() throws Exception {
    Path firefox = binary();
    if (firefox == null) {
      throw new IllegalStateException("The web console's Firefox test needs Firefox: install it "
          + "with `apt-get install -y firefox-esr` (.ci/run does), or name it in CSVWS_FIREFOX.");
    }
    Path profile = Files.createTempDirectory("csvws-firefox-");
    // No first-run pages, updates or network calls to Mozilla during the test.
    Files.writeString(profile.resolve("user.js"), String.join("\n",
        "user_pref(\"browser.shell.checkDefaultBrowser\", false);",
        "user_pref(\"app.update.disabledForTesting\", true);",
        "user_pref(\"browser.startup.homepage_override.mstone\", \"ignore\");",
        "user_pref(\"datareporting.policy.dataSubmissionEnabled\", false);",
        "user_pref(\"toolkit.telemetry.enabled\", false);",
        "user_pref(\"services.settings.server\", \"http://127.0.0.1:9/\");",
        "user_pref(\"network.captive-portal-service.enabled\", false);", ""));
    Process p = new ProcessBuilder(firefox.toString(), "--headless", "--no-remote", "--profile",
        profile.toString(), "--remote-debugging-port=0", "about:blank")
        .redirectErrorStream(true).start();
    CompletableFuture<String> address = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          Matcher m = LISTENING.matcher(line);
          if (m.find()) {
            address.complete(m.group(1));
          }
        }
        address.completeExceptionally(new IOException("Firefox ended without listening for "
            + "WebDriver BiDi"));
      } catch (IOException e) {
        address.completeExceptionally(e);
      }
    }, "firefox-output");
    reader.setDaemon(true);
    reader.start();
    FirefoxBidi f = null;
    try {
      f = new FirefoxBidi(p, profile, address.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
      f.send("session.new", Map.of("capabilities", Map.of()));
      JsonNode tree = f.send("browsingContext.getTree", Map.of());
      f.context = tree.path("contexts").get(0).path("context").asText();
      return f;
    } catch (Exception e) {
      if (f != null) {
        f.close();
      } else {
        p.destroyForcibly();
        deleteTree(profile);
      }
      throw e;
    }
  }

  /** The browser's name and version, as its session states them. */
  String version() throws Exception {
    return evaluate("navigator.userAgent").asText();
  }

  /** Makes the page (the viewport) {@code width} x {@code height}. */
  void viewport(int width, int height) throws Exception {
    send("browsingContext.setViewport", Map.of("context", context,
        "viewport", Map.of("width", width, "height", height)));
  }

  /** Loads {@code url} and waits until the document has loaded. */
  void navigate(String url) throws Exception {
    send("browsingContext.navigate", Map.of("context", context, "url", url, "wait", "complete"));
  }

  /**
   * Evaluates {@code expression} in the page (awaiting a promise) and returns its value as JSON:
   * strings, numbers, booleans, null, and arrays and objects of those.
   */
  JsonNode evaluate(String expression) throws Exception {
    JsonNode r = send("script.evaluate", Map.of("expression",
        "JSON.stringify(" + expression + ")", "target", Map.of("context", context),
        "awaitPromise", true));
    if (r.path("type").asText().equals("exception")) {
      throw new IllegalStateException("The page's script failed: "
          + r.path("exceptionDetails").path("text").asText());
    }
    JsonNode value = r.path("result");
    return value.path("type").asText().equals("undefined") ? json.nullNode()
        : json.readTree(value.path("value").asText());
  }

  /** Waits until {@code expression} is true in the page. */
  void waitFor(String expression) throws Exception {
    long end = System.nanoTime() + TIMEOUT.toNanos();
    while (!evaluate("!!(" + expression + ")").asBoolean()) {
      if (System.nanoTime() > end) {
        throw new IllegalStateException("Firefox: waited " + TIMEOUT.toSeconds()
            + " s for " + expression);
      }
      Thread.sleep(50);
    }
  }

  /** A PNG of the page's viewport. */
  byte[] screenshot() throws Exception {
    JsonNode r = send("browsingContext.captureScreenshot", Map.of("context", context));
    return Base64.getDecoder().decode(r.path("data").asText());
  }

  /** Sends one BiDi command and waits for its result; an error answer is thrown. */
  JsonNode send(String method, Map<String, Object> params) throws Exception {
    int id = ids.incrementAndGet();
    ObjectNode message = json.createObjectNode();
    message.put("id", id);
    message.put("method", method);
    message.set("params", json.valueToTree(params));
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    pending.put(id, answer);
    socket.sendText(json.writeValueAsString(message), true).get(30, TimeUnit.SECONDS);
    JsonNode r = answer.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    if (r.path("type").asText().equals("error")) {
      throw new IllegalStateException("Firefox refused " + method + ": "
          + r.path("error").asText() + ": " + r.path("message").asText());
    }
    return r.path("result");
  }

  private final class Listener implements WebSocket.Listener {
    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        try {
          JsonNode m = json.readTree(partial.toString());
          // Events (no id) are not used by the tests.
          if (m.has("id")) {
            CompletableFuture<JsonNode> f = pending.remove(m.get("id").asInt());
            if (f != null) {
              f.complete(m);
            }
          }
        } catch (IOException e) {
          pending.values().forEach(f -> f.completeExceptionally(e));
        }
        partial.setLength(0);
      }
      ws.request(1);
      return null;
    }
  }

  @Override
  public void close() {
    // Ending the process ends the session: no session.end round trip to wait for.
    socket.abort();
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    deleteTree(profile);
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A temporary profile left behind is harmless.
    }
  }
}
