package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The console run in-process on streams, as a script reads it. */
class ConsoleTest {
  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"sales 100%", "what?now", "a%3Fb", "année été", "semi;colon&amp",
      "hash#tag", "東京 data"})
  void opensAFolderWhateverItsNameHoldsOfUrlSyntax(String name) throws IOException {
    Path folder = Files.createDirectories(dir.resolve(name));
    Files.writeString(folder.resolve("items.csv"), "id,label\n1,one\n2,two\n");

    Run r = run("", folder.toString(), "-e", "select label from items where id = 2",
        "--outputformat=csv");

    assertThat(r.err).doesNotContain("Error");
    assertThat(r.out).isEqualTo("\"label\"\n\"two\"\n");
    assertThat(r.status).isZero();
  }

  @Test
  void readsStatementsFromAStreamWithoutEchoingThem() {
    Path workspace = workspace();

    Run r = run("select count(*) as n from customers;\n!quit\n", workspace.toString(),
        "--outputformat=csv");

    // The line editor ends the lines it redraws with carriage returns as well.
    assertThat(r.out.replace("\r", "")).isEqualTo(
        "0: csvws:workspace> select count(*) as n from customers;\n"
            + "\"n\"\n\"8\"\n0: csvws:workspace> !quit\n");
    assertThat(r.status).isZero();
  }

  @Test
  void aFailingStatementInTheStreamIsReportedOnOneLine() {
    Run r = run("select nope from customers;\n!quit\n", workspace().toString());

    assertThat(r.err).containsOnlyOnce("Error:").contains("Column 'nope' not found");
    assertThat(r.err).doesNotContain("\tat ");
  }

  @Test
  void aFolderNameThatIsNoPathGetsTheDriversMessage() {
    Run r = run("", "bad\u0000name", "-e", "select 1");

    assertThat(r.status).isEqualTo(Console.FAILED);
    assertThat(r.err).startsWith("csvws: ").contains("is not a valid folder path")
        .doesNotContain("\tat ");
  }

  @Test
  void anOptionThatConnectsLeavesConnectingToSqlLine() {
    Run r = run("", "-u", ConsoleArgs.urlForFolder(workspace().toString()), "-e",
        "select count(*) as n from sales.orders_2025", "--outputformat=csv");

    assertThat(r.out).isEqualTo("\"n\"\n\"2\"\n");
  }

  @Test
  void aFolderAndAConnectOptionTogetherAreAUsageError() {
    Run r = run("", workspace().toString(), "-u", "jdbc:csvws:elsewhere");

    assertThat(r.status).isEqualTo(Console.USAGE);
    assertThat(r.err).isEqualTo("csvws: give either a folder or -u/-c, not both.\n");
  }

  @Test
  void anUnbalancedQuoteInAnOptionIsAUsageErrorNotAStackTrace() {
    Run r = run("", workspace().toString(), "--nullValue=\"", "-e", "select 1");

    assertThat(r.status).isEqualTo(Console.USAGE);
    assertThat(r.err).startsWith("csvws: ").doesNotContain("\tat ");
  }

  /** The example workspace of this checkout (tests run in driver/). */
  @Test
  void theConsoleGivesTheDriversAnswersAndErrors() {
    String ws = workspace().toString();

    Run median = run("", ws, "-e", "select median(quantity) as m, sum(quantity * unit_price) "
        + "as spent from sales.orders_2024", "--outputformat=csv");
    assertThat(median.err).doesNotContain("Error");
    assertThat(median.out).isEqualTo("\"m\",\"spent\"\n\"2.5\",\"216.70\"\n");

    Run ilike = run("", ws, "-e", "select name from customers where name ilike 'a%' order by 1",
        "--outputformat=csv");
    assertThat(ilike.out).isEqualTo("\"name\"\n\"Ada Lovelace\"\n\"Alan Turing\"\n");

    Run overflow = run("", ws, "-e",
        "select quantity * 1000000000 from sales.orders_2024", "--outputformat=csv");
    assertThat(overflow.err).contains("Numeric value out of range: quantity * 1000000000 (")
        .contains("state=22003").doesNotContain("\tat ");
  }

  private static Path workspace() {
    Path p = Path.of("..", "src", "examples", "workspace").toAbsolutePath().normalize();
    assertThat(p).isDirectory();
    return p;
  }

  private static Run run(String input, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = new Console(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    return new Run(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private record Run(int status, String out, String err) {
  }
}
