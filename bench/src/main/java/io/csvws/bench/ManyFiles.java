package io.csvws.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The "many files" scenario: a folder of {@value #FILES} small CSV files (the way exports and
 * logs land) against a folder holding only one of them. In one warm JVM ({@link ManyFilesChild}):
 * connect + a one-table query on each folder, {@code getTables}, {@code getColumns} of one and of
 * every table, {@code csvws.columns}, and the heap the listed workspace holds; then the console
 * ({@code java -jar csvws-driver.jar <folder> -e ...}) on each folder, in fresh JVMs.
 */
final class ManyFiles {
  static final int FILES = 10_000;
  static final int ROWS = 20;
  /** The table queried: one file in the middle of the folder. */
  static final String TABLE = "f04242";
  private static final String STAMP = ".many-files-stamp";

  private final Options o;
  private final PrintStream log;
  private final Path logs;
  private final Path base;

  ManyFiles(Options o, PrintStream log, Path logs) {
    this.o = o;
    this.log = log;
    this.logs = logs;
    this.base = o.data.resolve("many-" + FILES);
  }

  /** What the scenario measured, or why it could not. */
  record Result(Map<String, Double> warm, List<Double> consoleMany, List<Double> consoleOne,
      String problem) {

    /** The section of the report. */
    String markdown() {
      StringBuilder md = new StringBuilder();
      md.append("- many files: a folder of ").append(String.format(Locale.ROOT, "%,d", FILES))
          .append(" CSV files of ").append(ROWS).append(" rows against a folder holding only `")
          .append(TABLE).append(".csv`");
      if (problem != null) {
        return md.append(": ").append(problem).append('\n').toString();
      }
      md.append(" (warm JVM, medians):\n\n  | measure | time | target |\n  |---|---:|---|\n");
      double one = warm.getOrDefault("query_one_file", Double.NaN);
      double many = warm.getOrDefault("query_many_files", Double.NaN);
      row(md, "connect + `SELECT COUNT(*) FROM " + TABLE + "`, one-file folder", one, "");
      row(md, "connect + the same query, " + FILES + "-file folder", many,
          String.format(Locale.ROOT, "within 1.5x of the one-file folder: %.2fx %s", many / one,
              many <= 1.5 * one ? "(met)" : "(missed)"));
      double tables = warm.getOrDefault("get_tables", Double.NaN);
      row(md, "`getTables` (" + (long) (double) warm.getOrDefault("tables", 0.0) + " tables)",
          tables, "< 300 ms " + met(tables < 300) + cpu(warm, "get_tables_cpu"));
      row(md, "`getTables`, first in this JVM (the listing read from the disk), one-file folder",
          warm.getOrDefault("get_tables_first_one_file", Double.NaN), "");
      row(md, "`getTables`, first in this JVM, " + FILES + "-file folder",
          warm.getOrDefault("get_tables_first", Double.NaN), "");
      row(md, "`list_tables` (agent tools, gateway): total and a page of 50, one-file folder",
          warm.getOrDefault("list_tables_page_one_file", Double.NaN), "");
      row(md, "`list_tables`: total and a page of 50, " + FILES + "-file folder",
          warm.getOrDefault("list_tables_page", Double.NaN), "bounded page, says the total");
      double oneColumns = warm.getOrDefault("get_columns_one", Double.NaN);
      row(md, "`getColumns` of one known table", oneColumns, "< 20 ms " + met(oneColumns < 20));
      row(md, "`getColumns` of every table, first in this JVM ("
          + (long) (double) warm.getOrDefault("columns", 0.0) + " columns)",
          warm.getOrDefault("get_columns_all_first", Double.NaN), "");
      double all = warm.getOrDefault("get_columns_all_cached", Double.NaN);
      double limit = 200.0 * FILES / 1000;
      row(md, "`getColumns` of every table, metadata known", all,
          String.format(Locale.ROOT, "< %.0f ms (200 ms per 1,000 files) %s", limit,
              met(all < limit)) + cpu(warm, "get_columns_all_cached_cpu"));
      double system = warm.getOrDefault("csvws_columns_cached", Double.NaN);
      row(md, "`SELECT * FROM csvws.columns`, metadata known", system,
          String.format(Locale.ROOT, "< %.0f ms %s", limit, met(system < limit)));
      md.append(String.format(Locale.ROOT, "  | heap held by the listed workspace beyond an empty"
          + " one | %.1f MB (%.1f MB with every file's metadata) | < 100 MB %s |%n",
          warm.getOrDefault("heap_held_mb", Double.NaN),
          warm.getOrDefault("heap_held_with_metadata_mb", Double.NaN),
          met(warm.getOrDefault("heap_held_mb", Double.NaN) < 100)));
      if (consoleMany.isEmpty()) {
        md.append("  | console `-e` | not run: build the driver jar first | |\n");
      } else {
        double c = Cell.median(consoleMany);
        row(md, "console `-e \"SELECT COUNT(*) FROM " + TABLE + "\"`, fresh JVM, " + FILES
            + "-file folder (to its end)", c, "< 2 s " + met(c < 2000));
        row(md, "the same, one-file folder", Cell.median(consoleOne), "");
      }
      return md.append('\n').toString();
    }

    /** The process CPU time of a measure, which waiting for a busy machine's cores leaves out. */
    private static String cpu(Map<String, Double> warm, String key) {
      Double v = warm.get(key);
      return v == null ? "" : String.format(Locale.ROOT, "; process CPU time %.0f ms", v);
    }

    private static String met(boolean ok) {
      return ok ? "(met)" : "(missed)";
    }

    private static void row(StringBuilder md, String what, double ms, String target) {
      md.append("  | ").append(what).append(" | ")
          .append(String.format(Locale.ROOT, ms < 100 ? "%.1f ms" : "%.0f ms", ms)).append(" | ")
          .append(target).append(" |\n");
    }
  }

  Result run() throws IOException, InterruptedException {
    Path many = base.resolve("all");
    Path one = base.resolve("one");
    Path empty = base.resolve("empty");
    ensure(many, one, empty);
    List<String> cmd = new ArrayList<>(List.of(Bench.javaExecutable()));
    cmd.addAll(o.jvmOpts);
    cmd.addAll(List.of("-cp", Classpath.forEngine(System.getProperty("java.class.path"),
        Engine.CSVWS), ManyFilesChild.class.getName(), many.toString(), one.toString(),
        empty.toString(), TABLE, ChildProcess.fmt(Math.max(3, o.warmupSeconds)),
        String.valueOf(Math.max(5, o.iterations * 2))));
    Files.createDirectories(logs);
    Path out = logs.resolve("many-files.out");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile())
        .redirectError(logs.resolve("many-files.log").toFile()).start();
    if (!p.waitFor((long) Math.max(600, o.cap) * 1000, TimeUnit.MILLISECONDS)) {
      ChildProcess.kill(p);
      return new Result(Map.of(), List.of(), List.of(), "did not end within the cap");
    }
    if (p.exitValue() != 0) {
      return new Result(Map.of(), List.of(), List.of(), "the child failed with exit code "
          + p.exitValue() + "; see " + logs.resolve("many-files.log"));
    }
    Map<String, Double> warm = new LinkedHashMap<>();
    for (String line : Files.readAllLines(out, StandardCharsets.UTF_8)) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        warm.put(line.substring(0, eq), Double.parseDouble(line.substring(eq + 1)));
      }
    }
    log.println("[many] " + warm);
    List<Double> consoleMany = new ArrayList<>();
    List<Double> consoleOne = new ArrayList<>();
    Path jar = o.root.resolve("driver/target/csvws-driver.jar");
    if (Files.isRegularFile(jar)) {
      for (int i = 0; i < Math.max(3, o.coldRuns); i++) {
        consoleOne.add(console(jar, one));
        consoleMany.add(console(jar, many));
      }
      log.printf(Locale.ROOT, "[many] console -e: %.0f ms on %d files, %.0f ms on one%n",
          Cell.median(consoleMany), FILES, Cell.median(consoleOne));
    }
    return new Result(warm, consoleMany, consoleOne, null);
  }

  /** A fresh console's {@code -e} run, start to end, in ms. */
  private double console(Path jar, Path folder) throws IOException, InterruptedException {
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(Bench.javaExecutable(), "-jar", jar.toString(),
        folder.toString(), "-e", "SELECT COUNT(*) FROM " + TABLE, "--outputformat=csv")
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(logs.resolve("many-console.log").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
    if (!p.waitFor((long) (o.cap * 1000), TimeUnit.MILLISECONDS)) {
      ChildProcess.kill(p);
      throw new IOException("the console on " + folder + " did not end within the cap");
    }
    if (p.exitValue() != 0) {
      throw new IOException("the console on " + folder + " failed with exit code "
          + p.exitValue() + "; see " + logs.resolve("many-console.log"));
    }
    return (System.nanoTime() - t0) / 1e6;
  }

  /**
   * The folder of {@value #FILES} files and the folder holding only {@value #TABLE}, written
   * unless an earlier run left them complete.
   */
  List<Path> folders() throws IOException {
    Path many = base.resolve("all");
    Path one = base.resolve("one");
    ensure(many, one, base.resolve("empty"));
    return List.of(many, one);
  }

  /** Writes the folders unless an earlier run left them complete. */
  private void ensure(Path many, Path one, Path empty) throws IOException {
    Files.createDirectories(empty);
    if (Files.isRegularFile(base.resolve(STAMP)) && count(many) == FILES
        && Files.isRegularFile(one.resolve(TABLE + ".csv"))) {
      return;
    }
    log.println("[many] writing " + FILES + " files to " + many);
    Files.createDirectories(many);
    Files.createDirectories(one);
    for (int i = 0; i < FILES; i++) {
      String name = String.format(Locale.ROOT, "f%05d.csv", i);
      StringBuilder csv = new StringBuilder("id,day,amount,label\n");
      for (int r = 1; r <= ROWS; r++) {
        csv.append(r).append(",2024-01-").append(String.format(Locale.ROOT, "%02d", r % 28 + 1))
            .append(',').append((i * 31 + r * 7) % 1000).append(".25,item ").append(r)
            .append('\n');
      }
      Files.writeString(many.resolve(name), csv, StandardCharsets.UTF_8);
      if (name.equals(TABLE + ".csv")) {
        Files.writeString(one.resolve(name), csv, StandardCharsets.UTF_8);
      }
    }
    Files.writeString(base.resolve(STAMP), FILES + " files of " + ROWS + " rows\n");
  }

  private static long count(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return -1;
    }
    try (Stream<Path> s = Files.list(folder)) {
      return s.count();
    }
  }
}
