package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The shaded gateway jar started as its own process, as an operator starts it. */
final class GatewayProcess implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("listening on (http\\S+)");

  final Process process;
  final Path stdout;
  final Path stderr;
  final String url;

  private GatewayProcess(Process process, Path stdout, Path stderr, String url) {
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
    this.url = url;
  }

  static Path jar() {
    Path jar = Path.of(System.getProperty("csvws.gatewayJar", "target/csvws-gateway.jar"));
    assertThat(jar).as("the shaded jar (built by mvn package)").exists();
    return jar;
  }

  static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Starts {@code java [jvmArgs] -jar csvws-gateway.jar serve --port 0 [args]}. */
  static GatewayProcess start(Path dir, List<String> jvmArgs, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(java()));
    command.addAll(jvmArgs);
    command.addAll(List.of("-jar", jar().toString(), "serve", "--port", "0"));
    command.addAll(List.of(args));
    Path out = dir.resolve("gateway.out");
    Path err = dir.resolve("gateway.err");
    Process p = new ProcessBuilder(command).redirectOutput(out.toFile())
        .redirectError(err.toFile()).start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      String text = Files.exists(out) ? Files.readString(out) : "";
      Matcher m = LISTENING.matcher(text);
      if (m.find()) {
        return new GatewayProcess(p, out, err, m.group(1));
      }
      assertThat(p.isAlive()).as("gateway ended early: %s", read(err)).isTrue();
      Thread.sleep(100);
    }
    p.destroyForcibly();
    throw new AssertionError("the gateway did not start within 60 s: " + read(err));
  }

  String jdbcUrl() {
    return "jdbc:avatica:remote:url=" + url + ";serialization=protobuf";
  }

  static String read(Path p) throws IOException {
    return Files.exists(p) ? Files.readString(p) : "";
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
