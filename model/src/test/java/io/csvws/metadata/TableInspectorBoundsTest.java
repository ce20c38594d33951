package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.columns;
import static io.csvws.metadata.InspectorFixtures.put;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.ErrorCode;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inspector at its edges: a file without a line end or with a NUL just past the byte sample,
 * a delimiter chosen with a confidence of exactly 0.9, a skipped line of exactly 60 characters,
 * first records wider or narrower than the rest or with an empty value, a file of one line
 * without a line break; and the persistent cache's check taken before a scan.
 */
class TableInspectorBoundsTest {
  @TempDir
  Path dir;
  @TempDir
  Path cacheDir;

  private TableMetadata inspect(String text, Map<String, String> properties) {
    TableFile file = put(dir, "t.csv", text.getBytes(StandardCharsets.UTF_8));
    return TableInspector.inspect(file, ConnectionConfig.parse(properties));
  }

  @Test
  void aFileWithoutALineEndInItsSampleFailsSayingSo() {
    byte[] bytes = new byte[TableInspector.SAMPLE_BYTES + 100];
    Arrays.fill(bytes, (byte) 'x');
    TableFile file = put(dir, "t.csv", bytes);

    TableMetadata m = TableInspector.inspect(file, ConnectionConfig.parse(Map.of()));

    assertThat(m.failure()).isNotNull();
    assertThat(m.failure().code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    assertThat(m.failure().getMessage()).isEqualTo("t.csv has no line end in its first 8 MiB, "
        + "so not even its first record could be inspected: it is not a table of lines (or it "
        + "is one huge line). Check the file, or set delimiter= and charset= if its lines are "
        + "there but not recognized.");
  }

  /** A NUL is a byte like any other: the file goes on past the sample, which is not the file. */
  @Test
  void aNulJustPastTheSampleStillMeansTheFileGoesOn() {
    byte[] bytes = new byte[TableInspector.SAMPLE_BYTES + 4];
    bytes[0] = 'n';
    bytes[1] = '\n';
    for (int i = 2; i < TableInspector.SAMPLE_BYTES; i += 2) {
      bytes[i] = '1';
      bytes[i + 1] = '\n';
    }
    int at = TableInspector.SAMPLE_BYTES;
    bytes[at] = 0;
    bytes[at + 1] = '\n';
    bytes[at + 2] = '2';
    bytes[at + 3] = '\n';
    TableFile file = put(dir, "t.csv", bytes);

    TableMetadata m = TableInspector.inspect(file, ConnectionConfig.parse(Map.of("sampleRows",
        "10000000")));

    assertThat(m.sampleCoversFile()).isFalse();
    assertThat(m.rowCount()).as("unknown").isEqualTo(-1);
    assertThat(m.sampledRows()).isEqualTo((TableInspector.SAMPLE_BYTES - 2) / 2);
  }

  /** Nine of ten records with three fields: a confidence of 0.9 is not low. */
  @Test
  void aConfidenceOfExactlyNineTenthsIsNotWarnedAbout() {
    TableMetadata m = inspect("a,b,c\n" + "1,2,3\n".repeat(8) + "4,5\n", Map.of());

    assertThat(m.dialect().confidence()).isEqualTo(0.9);
    assertThat(m.warnings()).noneMatch(w -> w.startsWith("Delimiter"));
    assertThat(m.warnings()).contains("1 of 9 sampled rows do not have 3 fields like the header; "
        + "missing fields read as NULL and extra fields are ignored.");

    TableMetadata lower = inspect("a,b,c\n" + "1,2,3\n".repeat(7) + "4,5\n6,7\n", Map.of());
    assertThat(lower.dialect().confidence()).isEqualTo(0.8);
    assertThat(lower.warnings()).anyMatch(w -> w.startsWith("Delimiter ',' chosen with low "
        + "confidence (0.80)"));
  }

  @Test
  void aSkippedLineOfSixtyCharactersIsQuotedWhole() {
    String sixty = "Sales report generated on 2024-01-01 by the export tool v2.0";
    assertThat(sixty).hasSize(60);
    TableMetadata m = inspect(sixty + "\nid,name,amount\n1,ann,2.5\n2,bob,3.5\n3,cid,4\n",
        Map.of());

    assertThat(m.dialect().skipLines()).isEqualTo(1);
    assertThat(m.warnings()).contains("Skipped 1 line before the header, starting \"" + sixty
        + "\"; set skipLines=0 to read them as records.");
  }

  /** Later rows wider than a first row of numbers: the first row is still data. */
  @Test
  void aFirstRowOfNumbersNarrowerThanTheRestIsData() {
    // Without skipLines=0 the short first line would be taken for a line before the table.
    TableMetadata m = inspect("1,2\n3,4,5\n6,7,8\n", Map.of("skipLines", "0"));

    assertThat(m.dialect().header()).isFalse();
    assertThat(columns(m)).containsExactly("column_1:INTEGER", "column_2:INTEGER",
        "column_3:INTEGER");
    assertThat(m.rowCount()).isEqualTo(3);
  }

  /** An empty value in the first row says nothing either way; the others decide. */
  @Test
  void anEmptyValueInTheFirstRowIsNoSignOfAHeader() {
    TableMetadata m = inspect("1,,x\n2,3,y\n4,5,z\n", Map.of());

    assertThat(m.dialect().header()).isFalse();
    assertThat(columns(m)).containsExactly("column_1:INTEGER", "column_2:INTEGER",
        "column_3:VARCHAR");
  }

  /** A short row is read for its own fields only, not for those a longer row left behind. */
  @Test
  void aShortRowAddsNoValueToTheColumnsItLacks() {
    TableMetadata m = inspect("a,b,c\n1,2,7\n3,4\n5,6,8\n", Map.of());

    assertThat(columns(m)).containsExactly("a:INTEGER", "b:INTEGER", "c:INTEGER");
    assertThat(m.columns().get(2).decidedBy()).startsWith("inferred from 2 values in 3 sampled rows");
    assertThat(m.columns().get(0).decidedBy()).startsWith("inferred from 3 values in 3 sampled rows");
  }

  /** A file of one line and no line break is a header; a last row without one is a row. */
  @Test
  void aLastLineWithoutALineBreakIsARecord() {
    TableMetadata header = inspect("id,name", Map.of());
    assertThat(columns(header)).containsExactly("id:VARCHAR", "name:VARCHAR");
    assertThat(header.rowCount()).isZero();
    assertThat(header.warnings()).isEmpty();

    TableMetadata rows = inspect("id,name\n1,ann\n2,bob", Map.of());
    assertThat(columns(rows)).containsExactly("id:INTEGER", "name:VARCHAR");
    assertThat(rows.rowCount()).isEqualTo(2);
    assertThat(rows.warnings()).isEmpty();
  }

  /**
   * The check a scan takes before it reads goes with the row index it built: stored in the cache
   * folder when the file is unchanged, and for memory only without a folder.
   */
  @Test
  void aRowIndexIsStoredWithTheCheckTakenBeforeTheScan() throws IOException {
    Files.writeString(dir.resolve("a.csv"), "n\n1\n2\n3\n");
    TableFile file = Workspace.open(dir).table(List.of(), "a.csv", "t");
    ConnectionConfig folder = ConnectionConfig.parse(Map.of("metadataCache",
        cacheDir.toString()));
    RowIndex.Builder b = new RowIndex.Builder();
    b.add(1, 2);
    RowIndex index = b.build(file.fingerprint(), 3);

    MetadataCache cache = new MetadataCache(10);
    MetadataCache.ReadCheck before = cache.readCheck(file, folder);
    cache.putRowIndex(file, folder, index, before);
    assertThat(new MetadataCache(10).rowIndex(file, folder)).as("found by another cache")
        .isEqualTo(index);

    ConnectionConfig memory = ConnectionConfig.parse(Map.of("metadataCache", "memory"));
    MetadataCache.ReadCheck none = cache.readCheck(file, memory);
    assertThat(none.check()).as("no folder, nothing to check").isNull();
    cache.putRowIndex(file, memory, index, none);
    assertThat(cache.rowIndex(file, memory)).isEqualTo(index);
  }

  /** A check taken before an in-place rewrite vouches for nothing the scan did not read. */
  @Test
  void aRowIndexOfAFileRewrittenDuringTheScanIsNotStored() throws IOException {
    Path csv = dir.resolve("a.csv");
    Files.writeString(csv, "n\n1\n2\n3\n");
    TableFile file = Workspace.open(dir).table(List.of(), "a.csv", "t");
    ConnectionConfig folder = ConnectionConfig.parse(Map.of("metadataCache",
        cacheDir.toString()));
    MetadataCache cache = new MetadataCache(10);
    MetadataCache.ReadCheck before = cache.readCheck(file, folder);
    assertThat(before.check()).isNotNull();
    var time = Files.getLastModifiedTime(csv);
    Files.writeString(csv, "n\n7\n8\n9\n");
    Files.setLastModifiedTime(csv, time);
    RowIndex.Builder b = new RowIndex.Builder();
    b.add(1, 2);
    RowIndex index = b.build(file.fingerprint(), 3);

    cache.putRowIndex(file, folder, index, before);

    assertThat(cache.rowIndex(file, folder)).as("this process read it").isEqualTo(index);
    try (Stream<Path> entries = Files.list(cacheDir)) {
      assertThat(entries.filter(p -> p.toString().endsWith(".r.entry")).toList())
          .as("nothing stored").isEmpty();
    }
  }
}
