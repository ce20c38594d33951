package io.csvws.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A folder of generated files with a stamp ({@value #STAMP}) recording the generator version,
 * seed and sizes they were made with, and each file's length. {@link #ensure} reuses the files
 * when the stamp matches and regenerates them otherwise, so stale data is never measured.
 */
public final class DataSet {
  static final String STAMP = ".bench-stamp";
  /** Raised whenever the generator's output changes, so older data is regenerated. */
  static final int GENERATOR_VERSION = 1;

  private final Path folder;
  private final Workload workload;
  private final boolean wide;

  /**
   * @param wide whether the folder holds wide.csv besides tall.csv
   */
  public DataSet(Path folder, Workload workload, boolean wide) {
    this.folder = folder;
    this.workload = workload;
    this.wide = wide;
  }

  public Path folder() {
    return folder;
  }

  public Path tall() {
    return folder.resolve("tall.csv");
  }

  public Path wide() {
    return folder.resolve("wide.csv");
  }

  public Workload workload() {
    return workload;
  }

  private Map<String, String> expectedSettings() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("generator", Integer.toString(GENERATOR_VERSION));
    m.put("seed", Long.toString(workload.seed()));
    m.put("tall.rows", Long.toString(workload.tallRows()));
    if (wide) {
      m.put("wide.rows", Integer.toString(workload.wideRows()));
      m.put("wide.columns", Integer.toString(workload.wideColumns()));
    }
    return m;
  }

  private List<Path> files() {
    return wide ? List.of(tall(), wide()) : List.of(tall());
  }

  /** Whether the folder holds files made with these settings, unchanged since. */
  public boolean isCurrent() throws IOException {
    Path stamp = folder.resolve(STAMP);
    if (!Files.isRegularFile(stamp)) {
      return false;
    }
    Map<String, String> recorded = new LinkedHashMap<>();
    for (String line : Files.readAllLines(stamp, StandardCharsets.UTF_8)) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        recorded.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    for (Map.Entry<String, String> e : expectedSettings().entrySet()) {
      if (!e.getValue().equals(recorded.get(e.getKey()))) {
        return false;
      }
    }
    for (Path f : files()) {
      String len = recorded.get(f.getFileName() + ".bytes");
      if (len == null || !Files.isRegularFile(f) || Files.size(f) != Long.parseLong(len)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Generates the files unless they are current.
   *
   * @param log where progress is told, or null
   * @return true if files were generated
   */
  public boolean ensure(Appendable log) throws IOException {
    if (isCurrent()) {
      return false;
    }
    Files.createDirectories(folder);
    Files.deleteIfExists(folder.resolve(STAMP));
    say(log, "generating " + tall() + " (" + workload.tallRows() + " rows)");
    long t0 = System.nanoTime();
    write(tall(), out -> DataGenerator.writeTall(out, workload.seed(), workload.tallRows()));
    if (wide) {
      say(log, "generating " + wide() + " (" + workload.wideRows() + " rows x "
          + workload.wideColumns() + " columns)");
      write(wide(), out -> DataGenerator.writeWide(out, workload.seed(), workload.wideRows(),
          workload.wideColumns()));
    }
    List<String> lines = new ArrayList<>();
    expectedSettings().forEach((k, v) -> lines.add(k + "=" + v));
    for (Path f : files()) {
      lines.add(f.getFileName() + ".bytes=" + Files.size(f));
    }
    Files.write(folder.resolve(STAMP), lines, StandardCharsets.UTF_8);
    say(log, String.format(java.util.Locale.ROOT, "generated in %.1f s",
        (System.nanoTime() - t0) / 1e9));
    return true;
  }

  private interface Writer {
    void write(AsciiOut out) throws IOException;
  }

  private static void write(Path target, Writer writer) throws IOException {
    Path part = target.resolveSibling("." + target.getFileName() + ".part");
    try (OutputStream os = Files.newOutputStream(part);
        AsciiOut out = new AsciiOut(os, 1 << 20)) {
      writer.write(out);
    }
    Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static void say(Appendable log, String s) throws IOException {
    if (log != null) {
      log.append(s).append('\n');
      if (log instanceof java.io.Flushable fl) {
        fl.flush();
      }
    }
  }
}
