package io.csvws.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** What the benchmark ran on, as read from the JVM and /proc. */
record Machine(int cpus, String cpuModel, long memoryBytes, String jdk, String os,
    String loadAverage) {

  static Machine read() {
    String model = "unknown";
    long mem = -1;
    String load = "unknown";
    try {
      for (String line : lines("/proc/cpuinfo")) {
        if (line.startsWith("model name")) {
          model = line.substring(line.indexOf(':') + 1).trim();
          break;
        }
      }
      for (String line : lines("/proc/meminfo")) {
        if (line.startsWith("MemTotal:")) {
          mem = Long.parseLong(line.substring(9).trim().split("\\s+")[0]) * 1024;
          break;
        }
      }
      List<String> l = lines("/proc/loadavg");
      if (!l.isEmpty()) {
        String[] parts = l.get(0).split("\\s+");
        load = parts[0] + " " + parts[1] + " " + parts[2];
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: keep what is known
    }
    String jdk = System.getProperty("java.vm.name") + " "
        + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor")
        + ")";
    String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch");
    return new Machine(Runtime.getRuntime().availableProcessors(), model, mem, jdk, os, load);
  }

  private static List<String> lines(String file) throws IOException {
    Path p = Path.of(file);
    return Files.isReadable(p) ? Files.readAllLines(p) : List.of();
  }

  String describe() {
    return String.format(Locale.ROOT, "%d CPUs (nproc), %s, %.1f GiB RAM, %s, %s; load average"
        + " at start %s", cpus, cpuModel, memoryBytes / (double) (1L << 30), jdk, os,
        loadAverage);
  }
}
