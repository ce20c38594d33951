package io.csvws.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The "entry" scenario: the cold start of each way csvws is started, one fresh process per run,
 * beside DuckDB's JDBC driver in a fresh JVM, in rounds that take every variant in turn (so a
 * busy machine slows all of them alike). Each answers {@code SELECT COUNT(*)} of the many-files
 * scenario's table ({@value ManyFiles#TABLE}, 20 rows), on its folder of
 * {@value ManyFiles#FILES} files or on a folder holding only it:
 *
 * <ul>
 *   <li>the console, {@code java -jar csvws-driver.jar DIR -e ...}, start to end, on the archive
 *       it relaunches on and without ({@code -Dcsvws.console.relaunch=false});
 *   <li>the MCP server, {@code java -jar csvws-gateway.jar mcp DIR}, start to the answer of its
 *       first {@code query} tool call, with and without its archive;
 *   <li>the gateway, {@code java -jar csvws-gateway.jar serve}, start to the answer of a first
 *       query ({@code POST /agent/tools/query}), with and without its archive;
 *   <li>a program with the driver on its class path, {@code java -cp csvws-driver.jar:app.jar},
 *       plain and with the build's archive on its command line;
 *   <li>DuckDB's JDBC driver in a fresh JVM over a copy of the same file.
 * </ul>
 */
final class EntryPoints {
  /** The scenario's name on the command line. */
  static final String NAME = "entry";
  private static final String SQL = "SELECT COUNT(*) FROM " + ManyFiles.TABLE;

  /** One way of starting, and what it measured: wall times, and CPU times where known (ms). */
  static final class Variant {
    final String label;
    final List<Double> wallMs = new ArrayList<>();
    final List<Double> cpuMs = new ArrayList<>();
    String problem;

    Variant(String label) {
      this.label = label;
    }
  }

  /** A run of one variant: wall and CPU time (negative when unknown), ms. */
  private record Run(double wallMs, double cpuMs) {
  }

  private interface Starter {
    Run run() throws IOException, InterruptedException;
  }

  final Map<String, Variant> results = new LinkedHashMap<>();
  String problem;
  private final Options o;
  private final PrintStream log;
  private final Path logs;

  EntryPoints(Options o, PrintStream log, Path logs) {
    this.o = o;
    this.log = log;
    this.logs = logs;
  }

  void run() throws IOException, InterruptedException {
    Path driverJar = o.root.resolve("driver/target/csvws-driver.jar");
    Path gatewayJar = o.root.resolve("gateway/target/csvws-gateway.jar");
    if (!Files.isRegularFile(driverJar) || !Files.isRegularFile(gatewayJar)) {
      problem = "build the driver and the gateway first (mvn -B -DskipTests package)";
      return;
    }
    List<Path> folders = new ManyFiles(o, log, logs).folders();
    Path many = folders.get(0);
    Path one = folders.get(1);
    Path base = many.getParent();
    // DuckDB's view is named after a bench table: a copy of the same file under that name.
    Path duckFolder = Files.createDirectories(base.resolve("duckdb"));
    Files.copy(one.resolve(ManyFiles.TABLE + ".csv"), duckFolder.resolve("tall.csv"),
        StandardCopyOption.REPLACE_EXISTING);
    Path driverArchive = driverJar.resolveSibling("csvws-driver.jsa");

    Map<String, Starter> starters = new LinkedHashMap<>();
    starters.put("DuckDB JDBC, fresh JVM, same file", () -> child(false, duckFolder, null,
        null));
    starters.put("console -e, 1 file", () -> console(driverJar, one, true));
    starters.put("console -e, 10,000 files", () -> console(driverJar, many, true));
    starters.put("console -e, 10,000 files, no archive", () -> console(driverJar, many, false));
    starters.put("MCP server to first answer, 10,000 files", () -> mcp(gatewayJar, many, true));
    starters.put("MCP server, no archive", () -> mcp(gatewayJar, many, false));
    starters.put("gateway serve to first query, 10,000 files",
        () -> serve(gatewayJar, many, true));
    starters.put("gateway serve, no archive", () -> serve(gatewayJar, many, false));
    starters.put("java -cp csvws-driver.jar:app.jar, 10,000 files", () -> child(true, many,
        driverJar, null));
    starters.put("java -cp, with -XX:SharedArchiveFile=csvws-driver.jsa", () -> child(true,
        many, driverJar, Files.isRegularFile(driverArchive) ? driverArchive : null));
    for (String label : starters.keySet()) {
      results.put(label, new Variant(label));
    }
    int rounds = Math.max(3, o.coldRuns);
    for (int round = 0; round < rounds; round++) {
      for (Map.Entry<String, Starter> e : starters.entrySet()) {
        Variant v = results.get(e.getKey());
        if (v.problem != null) {
          continue;
        }
        try {
          Run r = e.getValue().run();
          v.wallMs.add(r.wallMs());
          if (r.cpuMs() >= 0) {
            v.cpuMs.add(r.cpuMs());
          }
        } catch (IOException ex) {
          v.problem = ex.getMessage();
        }
      }
      log.printf(Locale.ROOT, "[entry] round %d of %d done%n", round + 1, rounds);
    }
    for (Variant v : results.values()) {
      log.printf(Locale.ROOT, "[entry] %-55s %s%n", v.label, text(v));
    }
  }

  /** {@code java -jar csvws-driver.jar DIR -e SQL}, start to end. */
  private Run console(Path jar, Path folder, boolean archive)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(Bench.javaExecutable()));
    if (!archive) {
      cmd.add("-Dcsvws.console.relaunch=false");
    }
    cmd.addAll(List.of("-jar", jar.toString(), folder.toString(), "-e", SQL,
        "--outputformat=csv"));
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(cmd).redirectError(logs.resolve("entry-console.log").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    end(p, "the console");
    double wall = ms(t0);
    if (p.exitValue() != 0 || !out.contains("\"" + ManyFiles.ROWS + "\"")) {
      throw new IOException("the console failed (exit " + p.exitValue() + "): " + out.strip()
          + "; see " + logs.resolve("entry-console.log"));
    }
    return new Run(wall, -1);
  }

  /** {@code java -jar csvws-gateway.jar mcp DIR}, start to the answer of a query tool call. */
  private Run mcp(Path jar, Path folder, boolean archive)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(Bench.javaExecutable()));
    if (!archive) {
      cmd.add("-Dcsvws.gateway.relaunch=false");
    }
    cmd.addAll(List.of("-jar", jar.toString(), "mcp", folder.toString()));
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(cmd).redirectError(logs.resolve("entry-mcp.log").toFile())
        .start();
    String answer = null;
    try (OutputStream in = p.getOutputStream()) {
      String messages = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
          + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"bench\",\"version\":\"1\"}}}\n"
          + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
          + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
          + "\"query\",\"arguments\":{\"sql\":\"" + SQL + "\"}}}\n";
      in.write(messages.getBytes(StandardCharsets.UTF_8));
      in.flush();
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.contains("\"id\":2")) {
          answer = line;
          break;
        }
      }
    }
    double wall = ms(t0);
    double cpu = cpuMs(p);
    end(p, "the MCP server");
    if (answer == null || !answer.replace(" ", "").contains("[[" + ManyFiles.ROWS + "]]")) {
      throw new IOException("the MCP server gave no answer: " + answer + "; see "
          + logs.resolve("entry-mcp.log"));
    }
    return new Run(wall, cpu);
  }

  /** {@code java -jar csvws-gateway.jar serve}, start to the answer of a first query. */
  private Run serve(Path jar, Path folder, boolean archive)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(Bench.javaExecutable()));
    if (!archive) {
      cmd.add("-Dcsvws.gateway.relaunch=false");
    }
    cmd.addAll(List.of("-jar", jar.toString(), "serve", "--workspace", folder.toString(),
        "--port", "0", "--access-log", logs.resolve("entry-serve-access.log").toString()));
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(cmd).redirectError(logs.resolve("entry-serve.log").toFile())
        .start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
          StandardCharsets.UTF_8));
      String url = null;
      Pattern listening = Pattern.compile("listening on (https?://\\S+)");
      for (String line = out.readLine(); line != null && url == null; line = out.readLine()) {
        Matcher m = listening.matcher(line);
        if (m.find()) {
          url = m.group(1);
        }
      }
      if (url == null) {
        throw new IOException("the gateway did not start; see " + logs.resolve("entry-serve.log"));
      }
      HttpResponse<String> r = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30))
          .build().send(HttpRequest.newBuilder(URI.create(url + "/agent/tools/query"))
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString("{\"sql\":\"" + SQL + "\"}")).build(),
              HttpResponse.BodyHandlers.ofString());
      double wall = ms(t0);
      double cpu = cpuMs(p);
      if (r.statusCode() != 200 || !r.body().replace(" ", "").contains("[[" + ManyFiles.ROWS
          + "]]")) {
        throw new IOException("the gateway answered " + r.statusCode() + ": " + r.body());
      }
      return new Run(wall, cpu);
    } finally {
      p.destroy();
      end(p, "the gateway");
    }
  }

  /**
   * The bench's own child JVM, cold: csvws with the driver jar first on its class path (and the
   * archive, when given), or DuckDB over {@code folder}.
   */
  private Run child(boolean csvws, Path folder, Path driverJar, Path archive)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(Bench.javaExecutable()));
    cmd.addAll(o.jvmOpts);
    if (archive != null) {
      cmd.addAll(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:cds=off",
          "-Xlog:cds+dynamic=off"));
    }
    cmd.add("-cp");
    cmd.add(Classpath.forChild(csvws, driverJar));
    cmd.add(Child.class.getName());
    Engine e = csvws ? Engine.CSVWS : Engine.DUCKDB;
    cmd.addAll(List.of(Child.args(e, Query.Q1, o.workload, folder, true, 0, 0, 1, o.cap)));
    if (csvws) {
      cmd.add("sql=" + SQL);
      cmd.add("cache=memory");
    }
    ChildProcess.Outcome out = ChildProcess.run(cmd, 60, o.cap,
        logs.resolve("entry-" + (csvws ? "cp" : "duckdb") + ".log"));
    if (out.status != ChildProcess.Status.OK) {
      throw new IOException(out.message);
    }
    return new Run(out.wallMs, out.processCpuMs);
  }

  /** CPU time so far of {@code p} and every process it started (a relaunched JVM), ms. */
  private static double cpuMs(Process p) {
    double[] sum = {p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e6};
    p.descendants().forEach(d -> sum[0] += d.info().totalCpuDuration().map(Duration::toNanos)
        .orElse(0L) / 1e6);
    return sum[0];
  }

  private void end(Process p, String what) throws IOException, InterruptedException {
    if (!p.waitFor((long) (o.cap * 1000), TimeUnit.MILLISECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      ChildProcess.kill(p);
      throw new IOException(what + " did not end within the cap");
    }
  }

  private static double ms(long t0) {
    return (System.nanoTime() - t0) / 1e6;
  }

  private static String text(Variant v) {
    if (v.problem != null) {
      return "failed: " + v.problem;
    }
    String s = Report.ms(Cell.median(v.wallMs));
    if (!v.cpuMs.isEmpty()) {
      s += " (" + Report.ms(Cell.median(v.cpuMs)) + " CPU)";
    }
    return s + ", n=" + v.wallMs.size();
  }

  /** The scenario's section of the report. */
  void markdown(StringBuilder md) {
    md.append("\n## Entry points: a fresh process to its first answer\n\n");
    if (problem != null) {
      md.append("Not run: ").append(problem).append("\n");
      return;
    }
    md.append("`").append(SQL).append("` (").append(ManyFiles.ROWS).append(" rows) in a fresh ")
        .append("process per run, every variant in turn in each round; median wall time from ")
        .append("starting the process to the answer (the console: to its end) and, where known, ")
        .append("the median CPU time of the process and the JVM it relaunched on its archive, ")
        .append("to the answer (the bench's JDBC child: its whole run).\n\n")
        .append("| entry point | time |\n|---|---:|\n");
    for (Variant v : results.values()) {
      md.append("| ").append(v.label).append(" | ").append(text(v)).append(" |\n");
    }
  }
}
