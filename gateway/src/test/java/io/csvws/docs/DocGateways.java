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

  private final List<Gateway> started = new ArrayList<>();
  private Gateway protobuf;
  private Gateway json;
  private Gateway users;
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

    /** {@code text} with the documented address replaced by this gateway's. */
    String local(String text) {
      return text.replace(DOC_URL, url);
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
    Process p = shell.start("exec " + serveLine + " --port 0");
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
