package io.csvws.csvw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.types.ColumnType;
import io.csvws.types.DateOrder;
import io.csvws.types.ValueFormat;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.FileKind;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A CSVW metadata file beside a table, read from disk: the dialect becomes connection properties,
 * columns become overrides, and anything csvws cannot honour is an error naming the JSON member.
 */
class CsvwReaderTest {
  @TempDir
  Path dir;

  private CsvwSidecar read(String json) throws IOException {
    Path csv = dir.resolve("q1.csv");
    Files.writeString(csv, "a,b\n1,2\n", StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("q1.csv-metadata.json"), json, StandardCharsets.UTF_8);
    TableFile file = new TableFile(csv, "sales/q1.csv", List.of("sales"), "q1",
        FileKind.values()[0], false, FileFingerprint.of(csv));
    FileFingerprint stamp = CsvwSidecar.stampOf(file).orElseThrow();
    return CsvwReader.read(file, stamp);
  }

  private String error(String json) {
    CsvwsException e = catchThrowableOfType(CsvwsException.class, () -> read(json));
    assertThat(e).as(json).isNotNull();
    assertThat(e.code()).isEqualTo(ErrorCode.VALIDATION_FAILED);
    assertThat(e.getMessage()).startsWith("sales/q1.csv-metadata.json");
    return e.getMessage();
  }

  private static final String CONTEXT = "\"@context\": \"http://www.w3.org/ns/csvw\"";

  @Test
  void theDialectBecomesConnectionProperties() throws IOException {
    CsvwSidecar s = read("{" + CONTEXT + ", \"url\": \"q1.csv\", \"dialect\": {"
        + "\"delimiter\": \";\", \"quoteChar\": \"'\", \"doubleQuote\": false, "
        + "\"commentPrefix\": \"#\", \"header\": true, \"skipRows\": 2, \"trim\": true, "
        + "\"encoding\": \"windows-1252\", \"lineTerminators\": [\"\\n\"]}, "
        + "\"null\": [\"NA\", \"\"]}");

    assertThat(s.source()).isEqualTo("sales/q1.csv-metadata.json");
    assertThat(s.properties()).isEqualTo(Map.of("delimiter", ";", "quote", "'", "escape", "\\",
        "comment", "#", "header", "present", "skipLines", "2", "trim", "always",
        "charset", "windows-1252", "nullTokens", "NA"));
    assertThat(s.columns()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "\"quoteChar\": null, \"doubleQuote\": true|quote=none;escape=none",
      "\"header\": false|header=absent",
      "\"headerRowCount\": 0|header=absent",
      "\"headerRowCount\": 1|header=present",
      "\"trim\": \"false\"|trim=never",
      "\"trim\": \"true\"|trim=always",
      "\"trim\": false|trim=never",
      "\"skipInitialSpace\": true|trim=always",
      "\"skipInitialSpace\": false|trim=never",
      "\"skipBlankRows\": true, \"@type\": \"Dialect\"|"})
  void eachDialectMember(String member, String expected) throws IOException {
    CsvwSidecar s = read("{" + CONTEXT + ", \"dialect\": {" + member + "}}");

    Map<String, String> want = new java.util.HashMap<>();
    if (expected != null) {
      for (String kv : expected.split(";")) {
        want.put(kv.split("=")[0], kv.split("=")[1]);
      }
    }
    assertThat(s.properties()).isEqualTo(want);
  }

  @Test
  void columnsGiveNamesTypesFormatsAndNulls() throws IOException {
    CsvwSidecar s = read("{\"@context\": [\"http://www.w3.org/ns/csvw\", {\"@language\": \"en\"}],"
        + " \"tableSchema\": {\"null\": \"-\", \"columns\": ["
        + "{\"name\": \"id\", \"datatype\": \"int\"},"
        + "{\"titles\": [\"Amount\", \"Montant\"], \"datatype\": {\"base\": \"decimal\", "
        + "\"format\": {\"decimalChar\": \",\"}}},"
        + "{\"titles\": \"When\", \"datatype\": {\"base\": \"date\", \"format\": \"dd.MM.yyyy\"}},"
        + "{\"name\": \"at\", \"datatype\": {\"base\": \"datetime\", "
        + "\"format\": \"MM/dd/yyyy HH:mm\"}, \"null\": [\"n/a\", \"\"]},"
        + "{\"datatype\": \"string\"},"
        + "{\"name\": \"d2\", \"datatype\": {\"base\": \"date\", \"format\": \"yyyy/MM/dd\"}},"
        + "{\"name\": \"d3\", \"datatype\": {\"base\": \"date\", \"format\": \"yyyy-MM-dd\"}},"
        + "{\"name\": \"x\", \"datatype\": {\"base\": \"double\", "
        + "\"format\": {\"decimalChar\": \".\"}}}"
        + "]}}");

    assertThat(s.properties()).isEqualTo(Map.of("nullTokens", "-"));
    List<ColumnOverride> c = s.columns();
    assertThat(c).hasSize(8);
    assertThat(c.get(0)).isEqualTo(new ColumnOverride(0, "id", ColumnType.INTEGER,
        ValueFormat.STANDARD, null));
    assertThat(c.get(1).name()).isEqualTo("Amount");
    assertThat(c.get(1).type()).isEqualTo(ColumnType.DECIMAL);
    assertThat(c.get(1).format().decimalComma()).isTrue();
    assertThat(c.get(2).name()).isEqualTo("When");
    assertThat(c.get(2).format().dateOrder()).isEqualTo(DateOrder.DMY);
    assertThat(c.get(3).type()).isEqualTo(ColumnType.TIMESTAMP);
    assertThat(c.get(3).format().dateOrder()).isEqualTo(DateOrder.MDY);
    assertThat(c.get(3).nullTokens()).containsExactly("n/a");
    assertThat(c.get(4).name()).isNull();
    assertThat(c.get(4).type()).isEqualTo(ColumnType.VARCHAR);
    assertThat(c.get(4).field()).isEqualTo(4);
    assertThat(c.get(5).format().dateOrder()).isEqualTo(DateOrder.YMD);
    assertThat(c.get(6).format()).isEqualTo(ValueFormat.STANDARD);
    assertThat(c.get(7).format()).isEqualTo(ValueFormat.STANDARD);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "string|VARCHAR", "token|VARCHAR", "anyURI|VARCHAR", "normalizedString|VARCHAR",
      "boolean|BOOLEAN", "int|INTEGER", "short|INTEGER", "byte|INTEGER",
      "unsignedShort|INTEGER", "unsignedByte|INTEGER", "integer|BIGINT", "long|BIGINT",
      "nonNegativeInteger|BIGINT", "positiveInteger|BIGINT", "negativeInteger|BIGINT",
      "nonPositiveInteger|BIGINT", "unsignedInt|BIGINT", "decimal|DECIMAL", "number|DOUBLE",
      "double|DOUBLE", "float|DOUBLE", "date|DATE", "datetime|TIMESTAMP", "dateTime|TIMESTAMP",
      "time|TIME"})
  void datatypesMapToSqlTypes(String base, ColumnType type) throws IOException {
    CsvwSidecar s = read("{" + CONTEXT + ", \"tableSchema\": {\"columns\": [{\"name\": \"c\", "
        + "\"datatype\": {\"base\": \"" + base + "\"}}]}}");

    assertThat(s.columns().get(0).type()).isEqualTo(type);
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', value = {
      "[1]|must be a JSON object describing one table",
      "{}|@context must be \"http://www.w3.org/ns/csvw\"",
      "{\"@context\": \"http://example.org\"}|@context must be",
      "{CTX, \"tables\": []}|tables lists a group of tables",
      "{CTX, \"@id\": \"x\"}|@id is not honoured",
      "{CTX, \"url\": \"other.csv\"}|url is \"other.csv\" but this file describes q1.csv",
      "{CTX, \"dialect\": 1}|dialect must be an object",
      "{CTX, \"dialect\": {\"delimiter\": \";;\"}}|dialect.delimiter must be one ASCII character",
      "{CTX, \"dialect\": {\"delimiter\": 5}}|dialect.delimiter must be one ASCII character",
      "{CTX, \"dialect\": {\"header\": \"yes\"}}|dialect.header must be true or false",
      "{CTX, \"dialect\": {\"headerRowCount\": 2}}|dialect.headerRowCount is 2; csvws reads one",
      "{CTX, \"dialect\": {\"skipRows\": -1}}|dialect.skipRows must be a non-negative integer",
      "{CTX, \"dialect\": {\"skipRows\": 1.5}}|dialect.skipRows must be a non-negative integer",
      "{CTX, \"dialect\": {\"trim\": \"start\"}}|dialect.trim is \"start\"; csvws trims both",
      "{CTX, \"dialect\": {\"quoteChars\": 1}}|dialect.quoteChars is not a dialect property",
      "{CTX, \"null\": 1}|null must be a string or an array of strings",
      "{CTX, \"null\": [\"a,b\"]}|null holds \"a,b\"; a null token cannot contain a comma",
      "{CTX, \"tableSchema\": {\"columns\": 1}}|tableSchema.columns must be an array",
      "{CTX, \"tableSchema\": {\"columns\": [1]}}|tableSchema.columns[0] must be an object",
      "{CTX, \"tableSchema\": {\"columns\": [{\"name\": \" \"}]}}|tableSchema.columns[0].name is blank",
      "{CTX, \"tableSchema\": {\"columns\": [{\"titles\": []}]}}|tableSchema.columns[0].name is blank",
      "{CTX, \"dialect\": {\"delimiter\": \"\u00e9\"}}|dialect.delimiter must be one ASCII character",
      "{CTX, \"tableSchema\": {\"columns\": [{\"datatype\": 1}]}}|tableSchema.columns[0].datatype must be a name",
      "{CTX, \"tableSchema\": {\"columns\": [{\"datatype\": \"gYear\"}]}}|has base \"gYear\", which csvws does not read",
      "{CTX, \"tableSchema\": {\"columns\": [{\"datatype\": {\"base\": \"decimal\", \"format\": {\"decimalChar\": \"'\"}}}]}}|decimalChar is \"'\"; csvws reads . or ,",
      "{CTX, \"tableSchema\": {\"columns\": [{\"datatype\": {\"base\": \"date\", \"format\": \"yy-MM-dd\"}}]}}|is \"yy-MM-dd\"; csvws reads dates as",
      "{CTX, \"tableSchema\": {\"columns\": [{\"datatype\": {\"base\": \"int\", \"format\": \"0\"}}]}}|is given for a INTEGER column",
      "{CTX, \"tableSchema\": {\"null\": 1}}|tableSchema.null must be a string",
      "{\"@context\": [\"http://www.w3.org/ns/csvw\", {\"@base\": \"x/\"}]}|@context[1].@base is not honoured",
      "{\"@context\": [\"http://www.w3.org/ns/csvw\", {\"@vocab\": \"x\"}]}|@context[1] may only set @language",
      "{\"@context\": []}|@context must be"})
  void whatCannotBeHonouredIsAnErrorNamingTheMember(String json, String problem) {
    String message = error(json.replace("CTX", CONTEXT));

    assertThat(message).contains(problem).endsWith("Fix the metadata file, or remove it to let "
        + "csvws sniff the table.");
  }

  @Test
  void invalidJsonSaysWhere() {
    CsvwsException e = catchThrowableOfType(CsvwsException.class, () -> read("{\n  \"a\": }"));

    assertThat(e.getMessage()).startsWith("sales/q1.csv-metadata.json is not valid JSON (line 2,")
        .endsWith("Fix it, or remove it to let csvws sniff sales/q1.csv.");
  }

  @Test
  void aTableWithoutMetadataHasNoStamp() throws IOException {
    Path csv = dir.resolve("plain.csv");
    Files.writeString(csv, "a\n", StandardCharsets.UTF_8);
    TableFile file = new TableFile(csv, "plain.csv", List.of(), "plain", FileKind.values()[0],
        false, FileFingerprint.of(csv));

    assertThat(CsvwSidecar.stampOf(file)).isEmpty();
    assertThat(CsvwSidecar.pathOf(file)).isEqualTo(dir.resolve("plain.csv-metadata.json"));
  }
  /** DEL is the last ASCII character, and a metadata file of exactly 1 MiB is still read. */
  @Test
  void theEdgesOfWhatIsAccepted() throws IOException {
    assertThat(read("{" + CONTEXT + ", \"dialect\": {\"delimiter\": \"\u007f\"}}").properties())
        .containsEntry("delimiter", "\u007f");
    String json = "{" + CONTEXT + "}";
    String exact = json + " ".repeat((1 << 20) - json.length());
    assertThat(read(exact).columns()).isEmpty();
    assertThat(error(exact + " ")).isEqualTo("sales/q1.csv-metadata.json is larger than 1048576 "
        + "bytes. Fix the metadata file, or remove it to let csvws sniff the table.");
  }
}
