package io.csvws.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.docs.MarkdownBlocks.Block;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The gateways the pages talk to, each started by docs/gateway.md's own serve command (with
 * {@code --port 0}, so that a busy 8765 does not matter) and kept for the blocks that follow:
 * the protobuf one of "Run it", the {@code --serialization json} one of the plain-HTTP samples,
 * and one with a users file for the agent tools over HTTP.
 */
final class DocGateways implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("listening on (http\\S+)");
  private static final String DOC_URL = "http://127.0.0.1:8765";
  private static final String DOC_TLS_URL = "https://gw.example:8765";
  /** The keystore and trust store password of the TLS gateway. */
  static final String STORE_PASSWORD = "docs-store-secret";

  private final List<Gateway> started = new ArrayList<>();
  private Gateway protobuf;
  private Gateway json;
  private Gateway users;
  private Gateway tls;
  private Path truststore;
  private String aliceHash;

  /** A gateway process started from a documented command line. */
  static final class Gateway implements AutoCloseable {
    private final Process process;
    private final String url;
    private final String banner;

    private Gateway(Process process, String url, String banner) {
      this.process = process;
      this.url = url;
      this.banner = banner;
    }

    /** {@code text} with the documented addresses (plain and TLS) replaced by this gateway's. */
    String local(String text) {
      return text.replace(DOC_URL, url).replace(DOC_TLS_URL, url);
    }

    /** The first line the gateway printed. */
    String banner() {
      return banner;
    }

    @Override
    public void close() {
      process.destroy();
      try {
        if (!process.waitFor(40, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Starts {@code serveLine --port 0}; returns once it says where it listens. */
  Gateway start(String name, String serveLine, Shell shell) throws Exception {
    return start(name, "", serveLine, shell);
  }

  /** The same, with {@code environment} ({@code VAR=value }) set for the gateway. */
  private Gateway start(String name, String environment, String serveLine, Shell shell)
      throws Exception {
    Process p = shell.start(environment + "exec " + serveLine + " --port 0");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (System.nanoTime() < deadline) {
      String out = shell.read("stdout");
      Matcher m = LISTENING.matcher(out);
      if (m.find()) {
        Gateway gw = new Gateway(p, m.group(1), out.lines().findFirst().orElse(""));
        started.add(gw);
        return gw;
      }
      assertThat(p.isAlive()).as("the %s gateway (%s) ended early: %s", name, serveLine,
          shell.read("stderr")).isTrue();
      Thread.sleep(100);
    }
    p.destroyForcibly();
    throw new AssertionError("the " + name + " gateway did not start within 90 s: "
        + shell.read("stderr"));
  }

  /** The gateway of docs/gateway.md's "Run it", as documented (protobuf). */
  Gateway protobuf() throws Exception {
    if (protobuf == null) {
      protobuf = start("protobuf", serveLine(), shell("protobuf"));
    }
    return protobuf;
  }

  /** The same with {@code --serialization json}, as the plain-HTTP samples say. */
  Gateway json() throws Exception {
    if (json == null) {
      json = start("json", serveLine() + " --serialization json", shell("json"));
    }
    return json;
  }

  /** Remembers the hash docs/gateway.md's hash-password printed, for alice's line. */
  void userHash(String hash) {
    aliceHash = hash;
  }

  /**
   * A gateway with a users file as docs/gateway.md shows one: alice, with the hash the documented
   * hash-password command printed, and the example workspace as her folder.
   */
  Gateway withUsers(Path dir, Shell shell) throws Exception {
    if (users == null) {
      assertThat(aliceHash).as("docs/gateway.md's hash-password block runs before the agent "
          + "tools sample and makes alice's hash").isNotNull();
      Files.createDirectories(dir);
      Path file = dir.resolve("users.txt");
      Files.writeString(file, "# users.txt\nalice " + aliceHash + "  " + DocsIT.EXAMPLE + "\n");
      users = start("users", "java -jar gateway/target/csvws-gateway.jar serve --users "
          + file, shell);
    }
    return users;
  }

  /**
   * The users gateway's setup over HTTPS, as docs/gateway.md's TLS paragraph says: a keystore
   * made with keytool, its password in {@code CSVWS_KEYSTORE_PASSWORD}, and a trust store with
   * its certificate for the client ({@link #truststore()}).
   */
  Gateway tls(Path dir) throws Exception {
    if (tls == null) {
      withUsers(dir, shell("users"));
      Shell keytool = shell("keytool");
      Path keystore = dir.resolve("gateway.p12");
      Path cert = dir.resolve("gateway.cer");
      truststore = dir.resolve("trust.p12");
      String store = " -storepass " + STORE_PASSWORD;
      Shell.Result r = keytool.run("keytool -genkeypair -alias gateway -keyalg RSA -keysize 2048"
          + " -dname CN=localhost -ext SAN=ip:127.0.0.1,dns:localhost -validity 2"
          + " -storetype PKCS12 -keystore " + keystore + store
          + " && keytool -exportcert -alias gateway -keystore " + keystore + store
          + " -file " + cert
          + " && keytool -importcert -noprompt -alias gateway -file " + cert
          + " -storetype PKCS12 -keystore " + truststore + store, "");
      assertThat(r.exit()).as("keytool: %s", r).isZero();
      tls = start("tls", "CSVWS_KEYSTORE_PASSWORD=" + STORE_PASSWORD + " ",
          "java -jar gateway/target/csvws-gateway.jar serve --users " + dir.resolve("users.txt")
              + " --keystore " + keystore, shell("tls"));
      assertThat(tls.url).startsWith("https://");
    }
    return tls;
  }

  /** The trust store holding the TLS gateway's certificate. */
  Path truststore() {
    return truststore;
  }

  private static Shell shell(String name) throws IOException {
    return new Shell(DocsIT.ROOT,
        Files.createDirectories(DocsIT.scratch.resolve("gateway-" + name)));
  }

  /** The serve command of docs/gateway.md's first code block. */
  static String serveLine() throws IOException {
    for (Block b : MarkdownBlocks.read(DocsIT.ROOT, "docs/gateway.md")) {
      for (String line : b.lines()) {
        if (line.startsWith("java -jar gateway/target/csvws-gateway.jar serve ")) {
          return line;
        }
      }
    }
    throw new AssertionError("docs/gateway.md shows no serve command");
  }

  @Override
  public void close() {
    started.forEach(Gateway::close);
  }
}
