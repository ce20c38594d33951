package io.csvws.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What the console prints around a result, run in-process: the driver's warnings after it, NULL
 * apart from empty text in every output format, and nothing else on standard error.
 */
class ConsoleOutputTest {
  /** The text of the query over {@code t.csv}: a NULL, an empty string and the text NULL. */
  private static final String NULLS = "select id, label, n from t order by id";

  @TempDir
  Path dir;

  @BeforeEach
  void writeFiles() throws IOException {
    // id 1: label is the empty string, n is NULL; id 2: label NULL (empty unquoted), n = 5;
    // id 3: label is the text NULL.
    Files.writeString(dir.resolve("t.csv"), "id,label,n\n1,\"\",\n2,,5\n3,NULL,7\n");
    // 12 rows: the sample (sampleRows=10) sees integers, row 12 holds text.
    StringBuilder orders = new StringBuilder("id,qty\n");
    for (int r = 1; r <= 12; r++) {
      orders.append(r).append(',').append(r == 12 ? "lots" : String.valueOf(r)).append('\n');
    }
    Files.writeString(dir.resolve("orders.csv"), orders.toString());
    Files.writeString(dir.resolve("dates.csv"), "d\n05/06/2024\n01/02/2024\n");
    Files.writeString(dir.resolve("notes.csv"), "id,note\n1,abcdefghij\n2,ab\n");
  }

  @Test
  void valuesReadAsNullAreReportedAfterTheResultWithoutAskingForWarnings() {
    Run r = run(url("sampleRows=10&onTypeError=null"), "-e",
        "select sum(qty) as total from orders", "--outputformat=csv");

    assertThat(r.status).isZero();
    assertThat(r.out).isEqualTo("\"total\"\n\"66\"\n");
    assertThat(r.err).startsWith("Warning: 1 value did not fit the column type and read as NULL.")
        .contains("orders.csv", "row 12", "lots", "state=01000")
        .containsOnlyOnce("Warning:");
  }

  @Test
  void cutCellsAreReportedAfterTheResult() {
    Run r = run(url("maxCellChars=3"), "-e", "select note from notes order by id",
        "--outputformat=csv");

    assertThat(r.out).startsWith("\"note\"\n\"abc");
    assertThat(r.err).contains("Warning: maxCellChars=3 cut 1 cell of this result",
        "state=01004").containsOnlyOnce("Warning:");
  }

  @Test
  void doubtsAboutHowATableWasReadAreReportedAfterItsResult() {
    Run r = run(dir.toString(), "-e", "select d from dates", "--outputformat=csv");

    assertThat(r.out).isEqualTo("\"d\"\n\"05/06/2024\"\n\"01/02/2024\"\n");
    assertThat(r.err).contains("Warning: dates.csv: Column \"d\" is read as text")
        .containsOnlyOnce("Warning:");
  }

  @Test
  void turningWarningsOffHidesThem() {
    Run r = run(url("sampleRows=10&onTypeError=null"), "-e",
        "select sum(qty) from orders", "--showWarnings=false");

    assertThat(r.err).isEmpty();
  }

  @Test
  void aStatementGivenWithDashEPrintsNothingOnStandardErrorWhenAllIsWell() {
    Run r = run(dir.toString(), "-e", "select count(*) from t");

    assertThat(r.status).isZero();
    assertThat(r.err).isEmpty();
    assertThat(r.out).contains("| 3 ");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
      csv         | `"id","label","n"\n"1","",\n"2",,"5"\n"3","NULL","7"\n`
      tsv         | `"id"\t"label"\t"n"\n"1"\t""\t\n"2"\t\t"5"\n"3"\t"NULL"\t"7"\n`
      json        | `{"resultset":[\n{"id":1,"label":"","n":null},\n{"id":2,"label":null,"n":5},\n{"id":3,"label":"NULL","n":7}\n]}\n`
      xmlattrs    | `<resultset>\n  <result id="1" label=""/>\n  <result id="2" n="5"/>\n  <result id="3" label="NULL" n="7"/>\n</resultset>\n`
      xmlelements | `<resultset>\n  <result>\n    <id>1</id>\n    <label></label>\n  </result>\n  <result>\n    <id>2</id>\n    <n>5</n>\n  </result>\n  <result>\n    <id>3</id>\n    <label>NULL</label>\n    <n>7</n>\n  </result>\n</resultset>\n`
      """)
  void nullIsNeverPrintedLikeEmptyText(String format, String expected) {
    Run r = run(dir.toString(), "-e", NULLS, "--outputformat=" + format);

    assertThat(r.err).isEmpty();
    assertThat(r.out).isEqualTo(expected.replace("\\n", "\n").replace("\\t", "\t"));
  }

  @Test
  void tableOutputMarksNull() {
    Run r = run(dir.toString(), "-e", NULLS);

    assertThat(r.out).contains("| 1  |       | NULL |", "| 2  | NULL  | 5    |",
        "| 3  | NULL  | 7    |");
  }

  @Test
  void aNullValueTheUserSetsIsPrintedInCsvUnquoted() {
    Run r = run(dir.toString(), "-e", NULLS, "--outputformat=csv", "--nullValue=\\N");

    assertThat(r.out).isEqualTo("\"id\",\"label\",\"n\"\n\"1\",\"\",\\N\n\"2\",\\N,\"5\"\n"
        + "\"3\",\"NULL\",\"7\"\n");
  }

  @Test
  void nullStaysDistinctAfterTheCsvDelimiterChanges() {
    Run r = run(dir.toString(), "-e", NULLS, "--outputformat=csv", "--csvDelimiter=;");

    assertThat(r.out).isEqualTo("\"id\";\"label\";\"n\"\n\"1\";\"\";\n\"2\";;\"5\"\n"
        + "\"3\";\"NULL\";\"7\"\n");
  }

  private String url(String properties) {
    return ConsoleArgs.urlForFolder(dir.toString()) + "?" + properties;
  }

  private static Run run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = new Console(new ByteArrayInputStream(new byte[0]),
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    return new Run(status, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private record Run(int status, String out, String err) {
  }
}
