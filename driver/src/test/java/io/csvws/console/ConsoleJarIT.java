package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.console.JarProcess.Result;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The console as users start it: {@code java -jar driver/target/csvws-driver.jar ...} in a
 * process of its own, run from the checkout's root unless the test says otherwise.
 */
class ConsoleJarIT {
  @TempDir
  Path scratch;

  @Test
  void oneQueryPrintsExactCsvAndExits() throws Exception {
    Result r = JarProcess.console(scratch, JarProcess.projectRoot(), "",
        "src/examples/workspace", "-e",
        "select customer_id, name, signed_up from customers where country = 'GB'"
            + " order by customer_id",
        "--outputformat=csv");

    assertThat(r.status()).as("%s", r).isZero();
    assertThat(r.out()).isEqualTo("""
        "customer_id","name","signed_up"
        "1","Ada Lovelace","2023-01-15"
        "3","Alan Turing","2023-03-12"
        "8","Lovelace, Ada (duplicate)","2024-01-02"
        """);
    // No banner, no "3 rows selected", no SLF4J or JLine or isolation warnings: only results.
    assertThat(r.err()).as("standard error of a statement given with -e").isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      select * from nosuch                 | Object 'nosuch' not found
      insert into customers values (1)     | state=25006
      select cast(name as integer) from customers | Ada Lovelace
      """)
  void aFailingQueryIsOneErrorLineAndExitStatus2(String sql, String expected) throws Exception {
    Result r = JarProcess.console(scratch, JarProcess.projectRoot(), "",
        "src/examples/workspace", "-e", sql, "--outputformat=csv");

    assertThat(r.status()).as("%s", r).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    List<String> errors = lines(r.err()).filter(l -> l.startsWith("Error:"))
        .collect(Collectors.toList());
    assertThat(errors).singleElement().asString().contains(expected);
    assertThat(r.err()).as("no stack trace").doesNotContain("\tat ");
  }

  @Test
  void aSessionFedThroughStandardInputListsTablesColumnsAndRows() throws Exception {
    Result r = JarProcess.console(scratch, JarProcess.projectRoot(), """
        !tables
        !columns customers
        select name, country from customers where active and country <> 'US' order by name;
        !quit
        """, "src/examples/workspace");

    assertThat(r.status()).as("%s", r).isZero();
    List<List<String>> rows = tableRows(r.out());
    // !tables: TABLE_CAT, TABLE_SCHEM, TABLE_NAME, TABLE_TYPE, ...
    assertThat(rows).filteredOn(row -> row.size() > 3 && row.get(3).equals("TABLE"))
        .extracting(row -> row.get(1) + "." + row.get(2))
        .containsExactlyInAnyOrder("main.customers", "reference.countries",
            "sales.orders_2024", "sales.orders_2025");
    // !columns customers: TABLE_CAT, TABLE_SCHEM, TABLE_NAME, COLUMN_NAME, DATA_TYPE, ...
    assertThat(rows).filteredOn(row -> row.size() > 4 && row.get(2).equals("customers")
            && row.get(4).matches("-?[0-9]+"))
        .extracting(row -> row.get(3))
        .containsExactly("customer_id", "name", "email", "country", "signed_up", "active");
    // The query: name, country.
    assertThat(rows).filteredOn(row -> row.size() == 2).containsExactly(
        List.of("name", "country"),
        List.of("Ada Lovelace", "GB"),
        List.of("Chien-Shiung Wu", "CN"),
        List.of("Hedy Lamarr", "AT"));
    assertThat(r.out()).contains("0: csvws:workspace> !quit");
    assertThat(r.err()).contains("3 rows selected").doesNotContain("Error");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # folder or URL                            | the line printed starts "csvws: " and this
      no/such/folder                             | Workspace folder {root}/no/such/folder does not exist;
      src/examples/workspace/customers.csv       | Workspace {root}/src/examples/workspace/customers.csv is not
      jdbc:csvws:src/examples/workspace?nosuch=1 | Unknown property 'nosuch'. Valid properties:
      """)
  void aWorkspaceThatCannotBeOpenedIsOneLineAndExitStatus2(String target, String message)
      throws Exception {
    Path root = JarProcess.projectRoot();
    Result r = JarProcess.console(scratch, root, "", target, "-e", "select 1");

    assertThat(r.status()).as("%s", r).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(lines(r.err())).singleElement().asString()
        .startsWith("csvws: " + message.replace("{root}", root.toRealPath().toString()));
  }

  @Test
  void helpPrintsUsageThatNamesCsvws() throws Exception {
    Result r = JarProcess.console(scratch, scratch, "", "--help");

    assertThat(r.status()).as("%s", r).isZero();
    assertThat(r.out()).startsWith("csvws ")
        .contains("Usage: java -jar csvws-driver.jar [FOLDER | jdbc:csvws:URL] [SQLLine options]")
        .contains("--outputformat=");
    assertThat(r.err()).isEmpty();
  }

  @Test
  void withoutAFolderInACheckoutItOpensSrcExamplesWorkspace() throws Exception {
    Result r = JarProcess.console(scratch, JarProcess.projectRoot(), "",
        "-e", "select count(*) as n from sales.orders_2024", "--outputformat=csv");

    // Eight orders: one note holds a line break inside quotes.
    assertThat(r.out()).isEqualTo("\"n\"\n\"8\"\n");
    assertThat(r.err()).contains("opening the example workspace src/examples/workspace.");
    assertThat(exampleCopies()).isEmpty();
  }

  @Test
  void elsewhereItOpensACopyOfTheBundledExampleAndRemovesItAtExit() throws Exception {
    Path elsewhere = Files.createDirectories(scratch.resolve("elsewhere"));

    Result r = JarProcess.console(scratch, elsewhere, "",
        "-e", "select count(*) as n from customers where country = 'GB'", "--outputformat=csv");

    assertThat(r.out()).as("%s", r).isEqualTo("\"n\"\n\"3\"\n");
    assertThat(r.err()).contains("opening the example workspace (a temporary copy in "
        + scratch.resolve("tmp").toRealPath());
    assertThat(exampleCopies()).as("the copy is removed at exit").isEmpty();
  }

  @Test
  void aConsoleStoppedBySigtermStillRemovesItsExampleCopy() throws Exception {
    Path elsewhere = Files.createDirectories(scratch.resolve("elsewhere"));
    List<String> command = JarProcess.javaCommand(scratch);
    command.addAll(List.of("-jar", JarProcess.jar().toString()));
    Process p = JarProcess.start(scratch, elsewhere, command);
    try {
      // Standard input stays open: the console waits at its prompt.
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (!JarProcess.read(scratch.resolve("stdout")).contains("csvws:workspace>")) {
        assertThat(p.isAlive()).as("console ended early: %s",
            JarProcess.read(scratch.resolve("stderr"))).isTrue();
        assertThat(System.nanoTime()).as("prompt within 60 s").isLessThan(deadline);
        Thread.sleep(100);
      }
      assertThat(exampleCopies()).hasSize(1);

      p.destroy();
      assertThat(p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    } finally {
      p.destroyForcibly();
    }
    assertThat(exampleCopies()).as("removed by the shutdown hook").isEmpty();
  }

  @Test
  void connectionPropertiesGoInAUrlGivenInPlaceOfTheFolder() throws Exception {
    Result r = JarProcess.console(scratch, JarProcess.projectRoot(), "",
        "jdbc:csvws:src/examples/workspace?maxCellChars=5&inferTypes=false", "-e",
        "select name, customer_id from customers where customer_id = '7'",
        "--outputformat=csv");

    assertThat(r.out()).as("%s", r)
        .isEqualTo("\"name\",\"customer_id\"\n\"Chien...[+10 chars]\",\"7\"\n");
  }

  private List<Path> exampleCopies() throws IOException {
    try (Stream<Path> s = Files.list(scratch.resolve("tmp"))) {
      return s.filter(p -> p.getFileName().toString().startsWith("csvws-example-"))
          .collect(Collectors.toList());
    }
  }

  private static Stream<String> lines(String text) {
    return text.lines().filter(l -> !l.isBlank());
  }

  /** The cells of every row of SQLLine's boxed tables ({@code | a | b |}), trimmed. */
  private static List<List<String>> tableRows(String out) {
    List<List<String>> rows = new ArrayList<>();
    for (String line : out.replace("\r", "").split("\n")) {
      String l = line.strip();
      if (l.startsWith("|") && l.endsWith("|")) {
        rows.add(Arrays.stream(l.substring(1, l.length() - 1).split("\\|", -1))
            .map(String::strip).collect(Collectors.toList()));
      }
    }
    return rows;
  }
}
