package io.csvws.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start scenario on a small file, with real child JVMs: csvws from this checkout's driver jar
 * (built by the reactor before the bench's tests run) and DuckDB's driver.
 */
class JvmStartTest {
  private static final Workload SMALL = new Workload(7, 2_000, 5, 40);

  @TempDir
  Path dir;

  /**
   * Runs the scenario as {@code bench/run} does, from a jar of the bench's classes: an archive
   * cannot hold classes of a folder, which is where the tests' own class path has them.
   */
  private JvmStart scenario(Workload claimed) throws Exception {
    Path classes = Path.of(StartProgram.class.getProtectionDomain().getCodeSource().getLocation()
        .toURI());
    Path jar = dir.resolve("csvws-bench-test.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        out.write(Files.readAllBytes(f));
        out.closeEntry();
      }
    }
    String duckdb = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> Path.of(e).getFileName().toString().startsWith("duckdb_jdbc-"))
        .findFirst().orElseThrow();
    String classPath = System.getProperty("java.class.path");
    System.setProperty("java.class.path", jar + File.pathSeparator + duckdb);
    try {
      return scenarioOnClassPath(claimed);
    } finally {
      System.setProperty("java.class.path", classPath);
    }
  }

  private JvmStart scenarioOnClassPath(Workload claimed) throws Exception {
    DataSet made = new DataSet(dir.resolve("data"), SMALL, false);
    made.ensure(null);
    Path root = Path.of("").toAbsolutePath().getParent();
    Options o = Options.parse("--root", root.toString(), "--cold-runs", "1");
    Path logs = Files.createDirectories(dir.resolve("logs"));
    PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    JvmStart s = new JvmStart(o, new DataSet(made.folder(), claimed, false), log, logs);
    s.run();
    return s;
  }

  @Test
  void everyCommandLineAnswersEveryStatementAndIsReported() throws Exception {
    JvmStart s = scenario(SMALL);
    assertThat(s.problem).isNull();
    assertThat(s.setups).extracting(x -> x.label).containsExactly(
        "bare JVM (the bench's jar only)", "csvws, no archive", "csvws, the build's archive",
        "csvws, the build's archive mapped where written",
        "csvws, the program's own archive (`-XX:ArchiveClassesAtExit` in one run of its "
            + "statements)",
        "DuckDB JDBC");
    for (JvmStart.Setup x : s.setups) {
      // The tests run on the JVM that built the jar and its archive.
      assertThat(x.problem).as(x.label).isNull();
      for (JvmStart.Case c : JvmStart.Case.values()) {
        if (x.engine == null && c != JvmStart.Case.EMPTY) {
          assertThat(x.median(c)).isNull();
        } else {
          assertThat(x.median(c)).as(x.label + " " + c).isPositive()
              .isLessThanOrEqualTo(x.medianEnd(c));
        }
      }
    }
    try (Stream<Path> left = Files.list(dir.resolve("logs"))) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .noneMatch(n -> n.startsWith("start-own.") || n.equals("start-cache"));
    }

    StringBuilder md = new StringBuilder();
    s.markdown(md);
    String text = md.toString();
    assertThat(text).contains("| command line | empty `main` | `COUNT(*)` | `_row` seek, 21 rows |"
        + " `LIMIT 20` |");
    assertThat(text).contains("to the moment its `main` has every answer", "to its end");
    // Two tables, to the answer and to the process's end.
    assertThat(text.lines().filter(l -> l.startsWith("| csvws") || l.startsWith("| DuckDB")))
        .hasSize(10)
        .allMatch(l -> l.split("\\([+-][0-9]", -1).length == 4,
            "three times beyond the JVM's start");
  }

  @Test
  void theChildsAnswerTimeIsItsOneAnsweredLine() {
    assertThat(JvmStart.answered("rows=1 first=7\nanswered=123456789\n")).isEqualTo(123456789L);
    assertThat(JvmStart.answered("rows=1 first=7\n")).isNull();
    assertThat(JvmStart.answered("answered=1\nanswered=2\n")).isNull();
    assertThat(JvmStart.answered("answered=soon\n")).isNull();
  }

  @Test
  void aWrongAnswerStopsTheScenario() throws Exception {
    // The file has 2,000 rows; a count of 2,001 is expected.
    JvmStart s = scenario(new Workload(7, 2_001, 5, 40));
    assertThat(s.problem).startsWith("priming the metadata cache failed");
    assertThat(s.setups).isEmpty();
    assertThat(Files.readString(dir.resolve("logs/start-prime.log")))
        .contains("expected rows=1 first=2001 for COUNT, got: rows=1 first=2000");
  }
}
