package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's progress line: a statement running longer than a second shows how far its scan
 * is on standard error, and the line is erased before the result prints; only on a terminal. Run
 * in-process on a JLine terminal, and as a real console process on a pseudo-terminal
 * ({@code script}) and with its output to a pipe.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConsoleProgressTest {
  /**
   * A scan of big.csv testing each row against 24 patterns that never match: several seconds even
   * on a quiet machine, where six patterns ended in just over the one second the line waits for.
   */
  private static final String SLOW = "SELECT COUNT(*) AS n FROM big WHERE "
      + IntStream.range(0, 24).mapToObj(i -> "note LIKE '%needle " + i + "%'")
          .collect(Collectors.joining(" OR "));
  private static final String ERASE = "\r\u001b[K";

  private Path workspace;
  private Path home;

  @BeforeAll
  void writeWorkspace(@TempDir Path tmp) throws IOException {
    workspace = Files.createDirectories(tmp.resolve("workspace"));
    home = Files.createDirectories(tmp.resolve("home"));
    StringBuilder big = new StringBuilder("id,note\n");
    for (int i = 1; i <= 200_000; i++) {
      big.append(i).append(",plain note ").append(i % 89).append('\n');
    }
    Files.writeString(workspace.resolve("big.csv"), big);
  }

  @Test
  void aLongStatementShowsProgressOnStandardErrorErasedBeforeTheResult() throws IOException {
    ByteArrayOutputStream screen = new ByteArrayOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String keys = SLOW + ";\r!quit\r";
    try (Terminal terminal = TerminalBuilder.builder().name("test").type("xterm")
        .streams(new ByteArrayInputStream(keys.getBytes(StandardCharsets.UTF_8)), screen)
        .size(new Size(120, 40)).encoding(StandardCharsets.UTF_8).build()) {
      int status = new Console(terminal, utf8(out), utf8(err)).run(workspace.toString(),
          "--outputformat=csv", "--color=false", "--historyFile=" + home.resolve("history"));
      assertThat(status).isZero();
    }
    String e = err.toString(StandardCharsets.UTF_8);
    String o = out.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
    assertThat(o).isEqualTo("\"n\"\n\"0\"\n");
    assertThat(e).containsPattern("csvws: \\[=* *\\] \\d+% [\\d.]+ [KM]?B of [\\d.]+ MB, "
        + "[\\d,]+ rows, \\d+\\.\\d s");
    // Every progress line is erased: the last one is followed by the erase sequence.
    int lastLine = e.lastIndexOf("csvws: [");
    assertThat(e.indexOf(ERASE, lastLine)).isGreaterThan(lastLine);
    System.out.println("console progress (in-process): "
        + e.substring(lastLine, e.indexOf(ERASE, lastLine)));
  }

  @Test
  void theRealConsoleShowsProgressOnATerminalAndNotIntoAPipe() throws Exception {
    Path script = Path.of("/usr/bin/script");
    Path scratch = Files.createDirectories(home.resolve("real"));
    Files.writeString(scratch.resolve("query.sql"), SLOW);
    Files.writeString(scratch.resolve("run.sh"), "exec \"$JAVA\" -Xmx512m -Duser.home=\"$HOME_DIR\""
        + " -cp \"$CP\" io.csvws.console.Main \"$WS\" --outputformat=csv"
        + " -e \"$(cat \"$DIR/query.sql\")\"\n");
    Map<String, String> env = Map.of("JAVA", Path.of(System.getProperty("java.home"), "bin",
        "java").toString(), "CP", System.getProperty("java.class.path"), "WS",
        workspace.toString(), "DIR", scratch.toString(), "HOME_DIR", scratch.toString());

    // Into a pipe: the result and nothing else.
    ProcessBuilder piped = new ProcessBuilder("sh", scratch.resolve("run.sh").toString())
        .redirectOutput(scratch.resolve("pipe.out").toFile())
        .redirectError(scratch.resolve("pipe.err").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    piped.environment().putAll(env);
    Process p = piped.start();
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    assertThat(Files.readString(scratch.resolve("pipe.out"))).isEqualTo("\"n\"\n\"0\"\n");
    assertThat(Files.readString(scratch.resolve("pipe.err"))).doesNotContain("csvws: [")
        .doesNotContain(ERASE);

    // On a terminal (script gives the console a pseudo-terminal): progress, erased, then the
    // result.
    if (!Files.isExecutable(script)) {
      throw new IllegalStateException("this test needs /usr/bin/script (util-linux)");
    }
    ProcessBuilder onTty = new ProcessBuilder(script.toString(), "-qec",
        "sh " + scratch.resolve("run.sh"), "/dev/null")
        .redirectOutput(scratch.resolve("tty.out").toFile())
        .redirectError(scratch.resolve("tty.err").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    onTty.environment().putAll(env);
    Process t = onTty.start();
    assertThat(t.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String shown = Files.readString(scratch.resolve("tty.out"));
    int line = shown.lastIndexOf("csvws: [");
    assertThat(line).as("the terminal showed:%n%s", shown).isGreaterThanOrEqualTo(0);
    int erased = shown.indexOf(ERASE, line);
    assertThat(erased).isGreaterThan(line);
    assertThat(shown.substring(erased).replace("\r\n", "\n")).endsWith("\"n\"\n\"0\"\n");
    System.out.println("console progress (real console on a pty): "
        + shown.substring(line, erased));
  }

  private static PrintStream utf8(ByteArrayOutputStream b) {
    return new PrintStream(b, true, StandardCharsets.UTF_8);
  }
}
