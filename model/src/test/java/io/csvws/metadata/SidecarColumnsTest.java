package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.columns;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import io.csvws.csvw.CsvwSidecar;
import io.csvws.error.ErrorCode;
import io.csvws.types.ColumnType;
import io.csvws.types.DateOrder;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CSVW metadata file beside a table, applied to what was sniffed: its names, types, formats and
 * null tokens win; a decimal takes the sample's scale; what it cannot mean is the file's failure.
 */
class SidecarColumnsTest {
  private static final String CONTEXT = "\"@context\": \"http://www.w3.org/ns/csvw\", \"url\": "
      + "\"a.csv\"";

  @TempDir
  Path dir;

  private TableMetadata inspect(String csv, String columnsJson, Map<String, String> props)
      throws IOException {
    Files.writeString(dir.resolve("a.csv"), csv);
    Files.writeString(dir.resolve("a.csv-metadata.json"), "{" + CONTEXT
        + ", \"tableSchema\": {\"columns\": [" + columnsJson + "]}}");
    TableFile file = Workspace.open(dir).table(List.of(), "a.csv", "a");
    return TableInspector.inspect(file, ConnectionConfig.parse(props),
        CsvwSidecar.stampOf(file).orElseThrow());
  }

  private TableMetadata inspect(String csv, String columnsJson) throws IOException {
    return inspect(csv, columnsJson, Map.of());
  }

  @Test
  void namesTypesAndFormatsWinOverWhatWasSniffed() throws IOException {
    TableMetadata m = inspect("a,b,c\n1,03/04/2024,x\n2,05/04/2024,y\n",
        "{\"name\": \"id\", \"datatype\": \"string\"}, "
            + "{\"titles\": [\"day\"], \"datatype\": {\"base\": \"date\", \"format\": "
            + "\"MM/dd/yyyy\"}}");

    assertThat(m.failure()).isNull();
    assertThat(columns(m)).containsExactly("id:VARCHAR", "day:DATE", "c:VARCHAR");
    ColumnInfo id = m.columns().get(0);
    ColumnInfo day = m.columns().get(1);
    ColumnInfo c = m.columns().get(2);
    assertThat(id.decidedBy()).isEqualTo("given by a.csv-metadata.json");
    assertThat(id.field()).isZero();
    assertThat(day.format().dateOrder()).isEqualTo(DateOrder.MDY);
    assertThat(day.field()).isEqualTo(1);
    assertThat(c.decidedBy()).as("left as sniffed").startsWith("inferred from 2 values");
    assertThat(m.warnings()).endsWith("Read as a.csv-metadata.json describes it.");
    assertThat(m.rowCount()).isEqualTo(2);
  }

  @Test
  void aColumnWithoutADatatypeKeepsItsSniffedTypeAndHowItWasDecided() throws IOException {
    TableMetadata m = inspect("a,b\n1,2\n3,4\n", "{\"name\": \"x\"}");

    assertThat(columns(m)).containsExactly("x:INTEGER", "b:INTEGER");
    assertThat(m.columns().get(0).decidedBy()).startsWith("inferred from 2 values");
  }

  @Test
  void nullTokensComeFromTheColumnElseTheConnection() throws IOException {
    TableMetadata m = inspect("a,b\n1,2\n3,4\n", "{\"null\": [\"-\", \"?\"]}, {\"name\": \"b\"}",
        Map.of("nullTokens", "NA"));

    assertThat(m.columns().get(0).format().nullTokens()).containsExactly("-", "?");
    assertThat(m.columns().get(1).format().nullTokens()).containsExactly("NA");
  }

  /** A CSVW decimal has no scale: the sampled values give it, when they are exact numbers. */
  @Test
  void aDecimalTakesTheScaleOfTheSampledValues() throws IOException {
    TableMetadata m = inspect("p,q,r,s\n1.25,7,8000000000,1.5e3\n2.50,8,9000000000,2e3\n",
        "{\"datatype\": \"decimal\"}, {\"datatype\": \"decimal\"}, {\"datatype\": \"decimal\"}, "
            + "{\"datatype\": \"decimal\"}");

    assertThat(columns(m)).containsExactly("p:DECIMAL", "q:DECIMAL", "r:DECIMAL", "s:VARCHAR");
    assertThat(m.columns().get(0).format().scale()).isEqualTo(2);
    assertThat(m.columns().get(0).decidedBy()).isEqualTo("given by a.csv-metadata.json, with the "
        + "2 decimals of the sampled values");
    assertThat(m.columns().get(1).format().scale()).isZero();
    assertThat(m.columns().get(2).format().scale()).isZero();
    assertThat(m.columns().get(3).decidedBy()).startsWith("given by a.csv-metadata.json, but "
        + "read as text: the sampled values are not decimals of at most 38 digits (inferred from");
  }

  @Test
  void aDecimalWithADecimalCommaKeepsItsComma() throws IOException {
    TableMetadata m = inspect("p;q\n\"1,25\";x\n\"2,5\";y\n",
        "{\"datatype\": {\"base\": \"decimal\", \"format\": {\"decimalChar\": \",\"}}}",
        Map.of("delimiter", ";"));

    assertThat(columns(m)).startsWith("p:DECIMAL");
    assertThat(m.columns().get(0).format().decimalComma()).isTrue();
    assertThat(m.columns().get(0).format().scale()).isEqualTo(2);
  }

  @Test
  void moreColumnsThanTheFileHasIsTheFilesFailure() throws IOException {
    TableMetadata m = inspect("a\n1\n", "{\"name\": \"x\"}, {\"name\": \"y\"}");

    assertThat(m.failure()).isNotNull();
    assertThat(m.failure().code()).isEqualTo(ErrorCode.VALIDATION_FAILED);
    assertThat(m.failure()).hasMessage("a.csv-metadata.json describes 2 columns but the file "
        + "has 1. Fix the metadata file, or remove it to let csvws sniff the table.");
    assertThat(m.columns()).isEmpty();
  }

  @Test
  void asManyColumnsAsTheFileHasIsFine() throws IOException {
    TableMetadata m = inspect("a,b\n1,2\n", "{\"name\": \"x\"}, {\"name\": \"y\"}");

    assertThat(m.failure()).isNull();
    assertThat(columns(m)).containsExactly("x:INTEGER", "y:INTEGER");
  }

  @Test
  void theRowColumnsNameIsRefused() throws IOException {
    TableMetadata m = inspect("a,b\n1,2\n", "{\"name\": \"_ROW\"}");

    assertThat(m.failure().code()).isEqualTo(ErrorCode.VALIDATION_FAILED);
    assertThat(m.failure()).hasMessage("a.csv-metadata.json names a column \"_ROW\", the name of "
        + "the row-number column; rename it.");
  }

  @Test
  void namesDifferingOnlyInCaseAreRefused() throws IOException {
    TableMetadata m = inspect("a,b\n1,2\n", "{\"name\": \"B\"}");

    assertThat(m.failure().code()).isEqualTo(ErrorCode.VALIDATION_FAILED);
    assertThat(m.failure()).hasMessage("a.csv-metadata.json names two columns \"B\" and \"b\", "
        + "which differ only in case; give them distinct names.");
  }

  @Test
  void anUnreadableMetadataFileIsTheFilesFailure() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "a\n1\n");
    Files.writeString(dir.resolve("a.csv-metadata.json"), "{ not json");
    TableFile file = Workspace.open(dir).table(List.of(), "a.csv", "a");

    TableMetadata m = TableInspector.inspect(file, ConnectionConfig.defaults(),
        CsvwSidecar.stampOf(file).orElseThrow());

    assertThat(m.failure().code()).isEqualTo(ErrorCode.VALIDATION_FAILED);
    assertThat(m.warnings()).containsExactly(m.failure().getMessage());
    assertThat(m.dialect().decidedBy()).isEqualTo("not read");
  }

  /** The file's own failure stays the failure when a metadata file is there too. */
  @Test
  void aTableThatCannotBeReadFailsBeforeItsMetadataFileIsApplied() throws IOException {
    Files.writeString(dir.resolve("a.csv.gz"), "not gzip");
    Files.writeString(dir.resolve("a.csv.gz-metadata.json"), "{\"@context\": "
        + "\"http://www.w3.org/ns/csvw\", \"url\": \"a.csv.gz\", \"tableSchema\": {\"columns\": [{\"name\": \"x\"}, {\"name\": \"y\"}]}}");
    TableFile file = Workspace.open(dir).table(List.of(), "a.csv.gz", "a");

    TableMetadata m = TableInspector.inspect(file, ConnectionConfig.defaults(),
        CsvwSidecar.stampOf(file).orElseThrow());

    assertThat(m.failure().code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    assertThat(m.failure().getMessage()).contains("a.csv.gz");
  }

  @Test
  void theDialectOfTheMetadataFileIsHowTheFileIsRead() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "skip me\n1;2\n3;4\n");
    Files.writeString(dir.resolve("a.csv-metadata.json"), "{" + CONTEXT + ", \"dialect\": {"
        + "\"delimiter\": \";\", \"header\": false, \"skipRows\": 1}}");
    TableFile file = Workspace.open(dir).table(List.of(), "a.csv", "a");

    TableMetadata m = TableInspector.inspect(file, ConnectionConfig.defaults(),
        CsvwSidecar.stampOf(file).orElseThrow());

    assertThat(columns(m)).containsExactly("column_1:INTEGER", "column_2:INTEGER");
    assertThat(m.dialect().delimiter()).isEqualTo(';');
    assertThat(m.rowCount()).isEqualTo(2);
    assertThat(m.columns().get(0).type()).isEqualTo(ColumnType.INTEGER);
  }
}
