package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tab completion in the console, driven in-process through SQLLine's own line editor: keys go
 * into a terminal, SQLLine's completer (fed by {@code DatabaseMetaData}) completes the names, and
 * the statement that results is run. The workspace holds names no keyword list could know, so
 * the completions can only come from the driver's metadata.
 */
class ConsoleCompletionTest {
  @TempDir
  Path workspace;
  @TempDir
  Path home;

  @BeforeEach
  void writeWorkspace() throws IOException {
    Files.writeString(workspace.resolve("plankton_samples.csv"),
        "sample_id,salinity_ppt,station\n1,35.1,north\n2,34.7,south\n3,36.0,north\n");
    Files.createDirectories(workspace.resolve("survey"));
    Files.writeString(workspace.resolve("survey/reef_2023.csv"), "reef,coral_cover\nA,0.41\n");
    Files.writeString(workspace.resolve("survey/reef_2024.csv"),
        "reef,coral_cover\nA,0.38\nB,0.52\n");
  }

  @Test
  void tabCompletesATableNameFromItsPrefix() {
    Session s = type("select count(*) as n from plank\t;\r!quit\r");

    // Typed right after the completion, ";" once cost the name its last letter.
    assertThat(s.statement()).isEqualTo("select count(*) as n from plankton_samples;");
    assertThat(s.out).isEqualTo("\"n\"\n\"3\"\n");
    assertThat(s.status).isZero();
  }

  @Test
  void enterRightAfterACompletedTableNameRunsItWhole() {
    Session s = type("!outputformat csv\rselect count(*) as n from survey.reef_2023 where 1 = 1"
        + " union all select count(*) from plank\t\r;\r!quit\r");

    assertThat(s.out).isEqualTo("\"n\"\n\"1\"\n\"3\"\n");
  }

  @Test
  void tabCompletesAColumnNameAfterItsTable() {
    Session s = type("select plankton_samples.sal\t from plankton_samples where sample_id = 2;\r"
        + "!quit\r");

    assertThat(s.statement()).contains("select plankton_samples.salinity_ppt ");
    assertThat(s.out).isEqualTo("\"salinity_ppt\"\n\"34.7\"\n");
  }

  @Test
  void tabCompletesInsideAFolderSchema() {
    // Two tables share the prefix: Tab inserts the common part, "4" picks one.
    Session s = type("select count(*) as n from survey.reef_\t4;\r!quit\r");

    assertThat(s.statement()).containsPattern("from survey.reef_2024 *;");
    assertThat(s.out).isEqualTo("\"n\"\n\"2\"\n");
  }

  @Test
  void secondTabListsEveryTableWithThePrefix() {
    // Ctrl-U clears the line again, so nothing runs.
    Session s = type("select * from survey.reef_\t\t\u0015!quit\r");

    assertThat(s.terminal).contains("reef_2023").contains("reef_2024");
    assertThat(s.out).isEmpty();
  }

  @Test
  void tablesAndColumnsCompleteInAFolderOfTenThousandFiles() throws IOException {
    for (int i = 0; i < 10_000; i++) {
      Files.writeString(workspace.resolve(String.format("log_%05d.csv", i)),
          "ts,level_" + i + "\n1,info\n");
    }
    Files.writeString(workspace.resolve("zebra_counts.csv"), "herd,size\nA,12\n");
    Session s = type("select count(*) as n from zebra\t;\r"
        + "select log_05000.lev\t from log_05000;\r"
        + "select main.zebra_counts.he\t from main.zeb\t;\r!quit\r");

    assertThat(s.statement()).isEqualTo("select count(*) as n from zebra_counts;");
    assertThat(s.accepted).hasSize(4);
    assertThat(s.accepted.get(1)).endsWith(":select log_05000.level_5000  from log_05000;");
    assertThat(s.accepted.get(2))
        .containsPattern(":select main.zebra_counts.herd  from main.zebra_counts *;");
    assertThat(s.out)
        .isEqualTo("\"n\"\n\"1\"\n\"level_5000\"\n\"info\"\n\"herd\"\n\"A\"\n");
  }

  /** Runs the console on the workspace with {@code keys} typed into its terminal. */
  private Session type(String keys) {
    ByteArrayOutputStream screen = new ByteArrayOutputStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Path history = home.resolve("history");
    try (Terminal terminal = TerminalBuilder.builder().name("test").type("xterm")
        .streams(new ByteArrayInputStream(keys.getBytes(StandardCharsets.UTF_8)), screen)
        .size(new Size(120, 40)).encoding(StandardCharsets.UTF_8).build()) {
      int status = new Console(terminal, utf8(out), utf8(err)).run(workspace.toString(),
          "--outputformat=csv", "--color=false", "--historyFile=" + history);
      // The editor appends each accepted line to the history file: the lines as completed.
      List<String> accepted = Files.exists(history) ? Files.readAllLines(history) : List.of();
      return new Session(status, accepted, text(screen), text(out), text(err));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static PrintStream utf8(ByteArrayOutputStream b) {
    return new PrintStream(b, true, StandardCharsets.UTF_8);
  }

  private static String text(ByteArrayOutputStream b) {
    return b.toString(StandardCharsets.UTF_8).replace("\r\n", "\n");
  }

  /**
   * What happened: the exit status, the lines the editor accepted (history entries, as
   * {@code time:line}), what the terminal showed, and the console's two streams.
   */
  private record Session(int status, List<String> accepted, String terminal, String out,
      String err) {
    /** The first accepted line, without its time stamp. */
    String statement() {
      assertThat(accepted).as("accepted lines; terminal showed:%n%s", terminal).isNotEmpty();
      String entry = accepted.get(0);
      return entry.substring(entry.indexOf(':') + 1);
    }
  }
}
