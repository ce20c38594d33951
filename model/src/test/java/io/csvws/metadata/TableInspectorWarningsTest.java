package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.columns;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.ErrorCode;
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
 * What inspection tells a user besides the columns: lines skipped, a delimiter ending every line,
 * too many fields for maxColumns, how each type was decided, and the sizes the planner estimates
 * with.
 */
class TableInspectorWarningsTest {
  @TempDir
  Path dir;

  private TableMetadata inspect(String name, String text, Map<String, String> props)
      throws IOException {
    Files.writeString(dir.resolve(name), text);
    TableFile file = Workspace.open(dir).table(List.of(), name, "t");
    return TableInspector.inspect(file, ConnectionConfig.parse(props));
  }

  @Test
  void preambleLinesSkippedAreNamedWithTheirStart() throws IOException {
    TableMetadata m = inspect("r.csv", "Report of sales, generated 2024-01-01 by the system of "
        + "the company\n# nothing\nid,name,amount\n1,ann,2.5\n2,bob,3.5\n3,cid,4\n", Map.of());

    assertThat(columns(m)).containsExactly("id:INTEGER", "name:VARCHAR", "amount:DECIMAL");
    assertThat(m.warnings()).contains("Skipped 2 lines before the header, starting \"Report of "
        + "sales, generated 2024-01-01 by the system of the c...\"; set skipLines=0 to read "
        + "them as records.");
    assertThat(m.rowCount()).isEqualTo(3);
  }

  @Test
  void oneSkippedLineIsSingular() throws IOException {
    TableMetadata m = inspect("r.csv", "Exported\nid;name;amount\n1;ann;2\n2;bob;3\n3;cid;4\n"
        + "4;dan;5\n", Map.of());

    assertThat(m.dialect().skipLines()).isEqualTo(1);
    assertThat(m.warnings()).contains("Skipped 1 line before the header, starting \"Exported\"; "
        + "set skipLines=0 to read them as records.");
  }

  @Test
  void linesSkippedAsAskedAreNotWarnedAbout() throws IOException {
    TableMetadata m = inspect("r.csv", "Exported\nid;name\n1;ann\n2;bob\n",
        Map.of("skipLines", "1"));

    assertThat(columns(m)).containsExactly("id:INTEGER", "name:VARCHAR");
    assertThat(m.warnings()).noneMatch(w -> w.startsWith("Skipped"));
  }

  @Test
  void aDelimiterEndingEveryLineIsNoColumn() throws IOException {
    TableMetadata m = inspect("t.csv", "a,b,\n1,2,\n3,4,\n", Map.of());

    assertThat(columns(m)).containsExactly("a:INTEGER", "b:INTEGER");
    assertThat(m.dialect().trailingDelimiter()).isTrue();
    assertThat(m.warnings()).containsExactly("Every line ends with a delimiter; the empty field "
        + "after it is not read as a column.");
  }

  @Test
  void aDelimiterEndingSomeLinesOnlyIsAColumn() throws IOException {
    TableMetadata m = inspect("t.csv", "a,b,\n1,2,\n3,4,x\n", Map.of());

    assertThat(m.dialect().trailingDelimiter()).isFalse();
    assertThat(columns(m)).containsExactly("a:INTEGER", "b:INTEGER", "column_3:VARCHAR");
  }

  @Test
  void aFileOfOneLineEndingWithADelimiterKeepsItsEmptyColumn() throws IOException {
    TableMetadata m = inspect("t.csv", "a,b,\n", Map.of());

    assertThat(m.dialect().trailingDelimiter()).isFalse();
    assertThat(m.columns()).hasSize(3);
  }

  @Test
  void tooManyFieldsInTheFirstRecordIsTheFilesFailure() throws IOException {
    TableMetadata m = inspect("w.csv", "1,2,3,4\n5,6,7,8\n", Map.of("maxColumns", "3"));

    assertThat(m.failure().code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    assertThat(m.failure()).hasMessage("w.csv has 4 fields in its first record, more than the 3 "
        + "columns a table may have (property maxColumns). Check the delimiter (','), or raise "
        + "maxColumns if the file really is that wide.");
    assertThat(inspect("w.csv", "1,2,3\n5,6,7\n", Map.of("maxColumns", "3")).failure())
        .isNull();
  }

  @Test
  void tooManyFieldsInALaterRecordWithoutAHeaderIsTheFilesFailure() throws IOException {
    TableMetadata m = inspect("w.csv", "1,2\n3,4\n5,6\n7,8\n9,10\n11,12,13,14\n",
        Map.of("maxColumns", "3", "header", "absent"));

    assertThat(m.failure().code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    assertThat(m.failure()).hasMessage("w.csv has a record of 4 fields, more than the 3 columns "
        + "a table may have (property maxColumns). Check the delimiter, or raise maxColumns if "
        + "the file really is that wide.");
    assertThat(inspect("w.csv", "1,2\n3,4\n5,6\n7,8\n9,10\n11,12,13\n",
        Map.of("maxColumns", "3", "header", "absent")).columns()).hasSize(3);
  }

  @Test
  void howEachTypeWasDecidedIsSaid() throws IOException {
    TableMetadata m = inspect("h.csv", "a,b,c\n1,,x\n2,,y\n", Map.of());
    TableMetadata text = inspect("h.csv", "a,b,c\n1,,x\n2,,y\n", Map.of("inferTypes", "false"));

    assertThat(m.columns()).extracting(ColumnInfo::decidedBy).containsExactly(
        "inferred from 2 values in 2 sampled rows (the whole file)", "no values in the sample",
        "inferred from 2 values in 2 sampled rows (the whole file)");
    assertThat(text.columns()).extracting(ColumnInfo::decidedBy)
        .containsOnly("inferTypes=false");
    assertThat(columns(text)).containsExactly("a:VARCHAR", "b:VARCHAR", "c:VARCHAR");
  }

  @Test
  void aColumnReadAsTextSaysWhy() throws IOException {
    TableMetadata m = inspect("h.csv", "code\n05/06/2024\n07/08/2024\n", Map.of());

    assertThat(columns(m)).containsExactly("code:VARCHAR");
    assertThat(m.columns().get(0).decidedBy()).startsWith("inferred from 2 values in 2 sampled "
        + "rows (the whole file); text because ");
    assertThat(m.warnings()).anyMatch(w -> w.startsWith("Column \"code\" is read as text: ")
        && w.endsWith("."));
  }

  @Test
  void theSizesThePlannerEstimatesWith() throws IOException {
    TableMetadata m = inspect("s.tsv", "a\tb\n1\t2\n3\t4\n", Map.of());

    assertThat(m.bytesPerRow()).isEqualTo(4.0);
    assertThat(m.sampledRows()).isEqualTo(2);
    assertThat(m.sampleCoversFile()).isTrue();
    assertThat(m.rowCount()).isEqualTo(2);
    assertThat(m.dialect().delimiter()).isEqualTo('\t');
    assertThat(m.warnings()).isEmpty();

    TableMetadata limited = inspect("s.tsv", "a\tb\n1\t2\n3\t4\n5\t6\n",
        Map.of("sampleRows", "2"));
    assertThat(limited.sampleCoversFile()).isFalse();
    assertThat(limited.rowCount()).isEqualTo(-1);
    assertThat(limited.sampledRows()).isEqualTo(2);
  }

  @Test
  void anEmptyFileHasNoColumnsAndNoRows() throws IOException {
    TableMetadata m = inspect("e.csv", "", Map.of());

    assertThat(m.failure()).isNull();
    assertThat(m.columns()).isEmpty();
    assertThat(m.rowCount()).isZero();
    assertThat(m.bytesPerRow()).isZero();
  }

  @Test
  void delimitersAreDescribedReadably() {
    assertThat(TableInspector.describe('\t')).isEqualTo("tab");
    assertThat(TableInspector.describe(',')).isEqualTo("','");
    assertThat(TableInspector.describe(' ')).isEqualTo("' '");
    assertThat(TableInspector.describe('\u001f')).isEqualTo("'\\u001f'");
    assertThat(TableInspector.describe('\u007f')).isEqualTo("'\\u007f'");
    assertThat(TableInspector.describe('~')).isEqualTo("'~'");
    assertThat(TableInspector.describe('\u0080')).isEqualTo("'\u0080'");
  }

  @Test
  void reasonsNameWhatWentWrong() {
    assertThat(TableInspector.reason(new java.nio.file.AccessDeniedException("/x")))
        .isEqualTo("permission denied");
    assertThat(TableInspector.reason(new IOException("gone"))).isEqualTo("gone");
    assertThat(TableInspector.reason(new java.io.EOFException())).isEqualTo("EOFException");
  }
  @Test
  void withoutAHeaderADelimiterEndingEveryLineIsNoColumnEither() throws IOException {
    TableMetadata m = inspect("t.csv", "1,2,\n3,4,\n5,6,\n", Map.of("header", "absent"));

    assertThat(columns(m)).containsExactly("column_1:INTEGER", "column_2:INTEGER");
    assertThat(m.rowCount()).isEqualTo(3);
  }

  @Test
  void twoFieldsTheLastAlwaysEmptyLeaveOneColumn() throws IOException {
    TableMetadata m = inspect("t.csv", "a,\n1,\n2,\n", Map.of());

    assertThat(columns(m)).containsExactly("a:INTEGER");
    assertThat(m.dialect().trailingDelimiter()).isTrue();
  }

  /** Without a header, the first record is data: its values count, its empty cells do not. */
  @Test
  void withoutAHeaderTheFirstRecordsValuesDecideToo() throws IOException {
    TableMetadata wide = inspect("t.csv", "1,2,x\n4\n5\n", Map.of("header", "absent"));
    TableMetadata empty = inspect("t.csv", ",1\n2,3\n4,5\n", Map.of("header", "absent"));

    assertThat(columns(wide)).containsExactly("column_1:INTEGER", "column_2:INTEGER",
        "column_3:VARCHAR");
    assertThat(columns(empty)).containsExactly("column_1:INTEGER", "column_2:INTEGER");
    assertThat(empty.columns().get(0).decidedBy()).startsWith("inferred from 2 values in 3");
  }
}
