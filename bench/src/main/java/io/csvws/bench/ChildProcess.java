package io.csvws.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Starts a {@link Child} JVM and reads what it reports, killing it when a run exceeds the time
 * cap. The child's standard error (library logging, stack traces) goes to a log file.
 */
final class ChildProcess {
  /** How a child ended. */
  enum Status { OK, ERROR, CAPPED, CRASHED }

  /** One reported run. */
  record Run(boolean warmup, double ms, double firstMs, long rows, long value, double cpuMs) {
  }

  /** What a child reported. */
  static final class Outcome {
    Status status = Status.OK;
    String message;
    final List<Run> runs = new ArrayList<>();
    /** For a cold child: from starting the process to the end of its measured run. */
    double wallMs = -1;
    double connectMs = -1;
    /** CPU time of the whole process, JVM start included, as it reported at its end. */
    double processCpuMs = -1;
    long heapUsed = -1;
    long heapAfterGc = -1;
    long rss = -1;

    List<Run> measured() {
      return runs.stream().filter(r -> !r.warmup()).toList();
    }
  }

  private static final String END = "\u0000end";

  private ChildProcess() {
  }

  /**
   * Runs a child to its end.
   *
   * @param command the whole command line
   * @param startGraceSeconds time allowed for the JVM to start and connect, on top of the cap
   * @param capSeconds the longest a single run may take
   * @param log where the child's standard error goes
   */
  static Outcome run(List<String> command, double startGraceSeconds, double capSeconds, Path log)
      throws IOException, InterruptedException {
    Files.createDirectories(log.getParent());
    ProcessBuilder pb = new ProcessBuilder(command)
        .redirectError(log.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    long start = System.nanoTime();
    Process p = pb.start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(
          new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          if (line.startsWith(Child.PREFIX)) {
            lines.add(line.substring(Child.PREFIX.length()));
          }
        }
      } catch (IOException e) {
        // the process went away
      } finally {
        lines.add(END);
      }
    }, "child-reader");
    reader.setDaemon(true);
    reader.start();

    Outcome o = new Outcome();
    double waitSeconds = startGraceSeconds + capSeconds;
    boolean done = false;
    while (!done) {
      String line = lines.poll((long) (waitSeconds * 1000), TimeUnit.MILLISECONDS);
      if (line == null) {
        kill(p);
        o.status = Status.CAPPED;
        o.message = "a run took longer than the cap of " + fmt(capSeconds) + " s";
        break;
      }
      waitSeconds = capSeconds + 5;
      if (line.equals(END)) {
        if (o.status == Status.OK) {
          o.status = Status.CRASHED;
          o.message = "the child ended without reporting; see " + log + ": " + tail(log);
        }
        break;
      }
      int sp = line.indexOf(' ');
      String kind = sp < 0 ? line : line.substring(0, sp);
      String rest = sp < 0 ? "" : line.substring(sp + 1);
      switch (kind) {
        case "connected" -> o.connectMs = Double.parseDouble(fields(rest).get("ms"));
        case "process" -> o.processCpuMs = Double.parseDouble(fields(rest).get("cpu"));
        case "run" -> {
          Map<String, String> f = fields(rest);
          if ("prime".equals(f.get("phase"))) {
            continue;
          }
          Run r = new Run("warmup".equals(f.get("phase")), Double.parseDouble(f.get("ms")),
              Double.parseDouble(f.get("first")), Long.parseLong(f.get("rows")),
              Long.parseLong(f.get("value")), Double.parseDouble(f.get("cpu")));
          if (!r.warmup() && o.wallMs < 0) {
            o.wallMs = (System.nanoTime() - start) / 1e6;
          }
          o.runs.add(r);
        }
        case "heap" -> {
          Map<String, String> f = fields(rest);
          o.heapUsed = Long.parseLong(f.get("used"));
          o.heapAfterGc = Long.parseLong(f.get("after"));
          o.rss = Long.parseLong(f.get("rss"));
        }
        case "error" -> {
          o.status = Status.ERROR;
          o.message = rest;
        }
        case "done" -> done = true;
        default -> { }
      }
    }
    if (done && !p.waitFor(30, TimeUnit.SECONDS)) {
      kill(p);
    }
    return o;
  }

  private static Map<String, String> fields(String s) {
    Map<String, String> m = new HashMap<>();
    for (String part : s.trim().split(" ")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        m.put(part.substring(0, eq), part.substring(eq + 1));
      }
    }
    return m;
  }

  /** Ends the process and anything it started. */
  static void kill(Process p) throws InterruptedException {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    p.waitFor(30, TimeUnit.SECONDS);
  }

  private static String tail(Path log) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join(" | ", all.subList(Math.max(0, all.size() - 3), all.size()));
    } catch (IOException | RuntimeException e) {
      return "(no log)";
    }
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
