package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.columns;
import static io.csvws.metadata.InspectorFixtures.put;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import io.csvws.workspace.TableFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A large sample is read in two halves at once: the metadata is exactly that of a read in one
 * piece, whatever the second half alone says (a value that makes a column text, the only values
 * of a column, ragged rows, a quoted line break across the middle, a malformed record).
 */
class TableInspectorHalvesTest {
  /** Small enough that every sample below is halved, and its halves are read at once. */
  private static final int HALVES = 1024;
  private static final int ONE_PIECE = Integer.MAX_VALUE;

  @TempDir
  Path dir;

  private static TableMetadata[] bothWays(TableFile file, Map<String, String> properties) {
    ConnectionConfig config = ConnectionConfig.parse(properties);
    return new TableMetadata[] {TableInspector.inspect(file, config, HALVES),
        TableInspector.inspect(file, config, ONE_PIECE)};
  }

  /**
   * Rows of mixed columns in which only the later rows decide some types: an integer column with
   * one word, a column empty until the second half, integers that turn fractional, dates with a
   * timestamp, null tokens, quoted values with line breaks and delimiters, a few short rows.
   */
  private static String mixed(int rows, long seed, boolean withHeader) {
    Random r = new Random(seed);
    StringBuilder s = new StringBuilder();
    if (withHeader) {
      s.append("id,word_late,late_only,turns_fractional,when,maybe,note,flag\n");
    }
    for (int i = 0; i < rows; i++) {
      boolean late = i > rows * 3 / 4;
      s.append(i).append(',');
      s.append(late && i % 997 == 0 ? "many" : Integer.toString(r.nextInt(1000))).append(',');
      s.append(late ? Integer.toString(r.nextInt(50)) : "").append(',');
      s.append(late && i % 13 == 0 ? r.nextInt(100) + ".25" : Integer.toString(r.nextInt(100)))
          .append(',');
      s.append(i % 5000 == 4999 ? "2024-03-04 10:11:12" : "2024-03-0" + (1 + r.nextInt(9)))
          .append(',');
      s.append(i % 7 == 0 ? "NA" : Double.toString(r.nextDouble())).append(',');
      s.append(i % 11 == 0 ? "\"two\nlines, \"\"quoted\"\"\"" : "plain note " + i);
      if (i % 4001 != 4000) {
        s.append(',').append(r.nextBoolean());
      }
      s.append('\n');
    }
    return s.toString();
  }

  @Test
  void mixedColumnsDecidedLateComeOutTheSame() {
    TableFile file = put(dir, "mixed.csv",
        mixed(40_000, 7, true).getBytes(StandardCharsets.US_ASCII));

    TableMetadata[] m = bothWays(file, Map.of("sampleRows", "100000"));

    assertThat(m[0]).isEqualTo(m[1]);
    // The halves did matter: these types are decided by rows of the second half only.
    assertThat(columns(m[0])).containsExactly("id:INTEGER", "word_late:VARCHAR",
        "late_only:INTEGER", "turns_fractional:DECIMAL", "when:TIMESTAMP", "maybe:DOUBLE",
        "note:VARCHAR", "flag:BOOLEAN");
    assertThat(m[0].warnings()).anyMatch(w -> w.contains("do not have 8 fields"));
  }

  @Test
  void aSampleStoppedByTheRowLimitIsHalvedWithinIt() {
    TableFile file = put(dir, "limited.csv",
        mixed(40_000, 11, true).getBytes(StandardCharsets.US_ASCII));

    TableMetadata[] m = bothWays(file, Map.of("sampleRows", "29000"));

    assertThat(m[0]).isEqualTo(m[1]);
    assertThat(m[0].sampledRows()).isEqualTo(29_000);
    assertThat(m[0].sampleCoversFile()).isFalse();
  }

  @Test
  void withoutAHeaderTheFirstRecordJoinsTheEvidence() {
    TableFile file = put(dir, "noheader.csv",
        mixed(30_000, 13, false).getBytes(StandardCharsets.US_ASCII));

    TableMetadata[] m = bothWays(file, Map.of("sampleRows", "100000", "header", "absent"));

    assertThat(m[0]).isEqualTo(m[1]);
    assertThat(m[0].dialect().header()).isFalse();
    assertThat(m[0].sampledRows()).isEqualTo(30_000);
  }

  @Test
  void aMalformedRecordEndsTheSampleAtTheSamePlace() {
    String good = mixed(30_000, 17, true);
    // The quote opened in the last record is never closed: the tokenizer fails at the end.
    TableFile file = put(dir, "broken.csv", (good + "1,2,3,\"never closed\n4,5,6\n")
        .getBytes(StandardCharsets.US_ASCII));

    TableMetadata[] m = bothWays(file, Map.of("sampleRows", "100000"));

    assertThat(m[0]).isEqualTo(m[1]);
    assertThat(m[0].sampledRows()).isEqualTo(30_000);
    assertThat(m[0].warnings()).anyMatch(w -> w.contains("quote"));
  }

  @Test
  void aDelimiterEndingEveryLineIsSeenInBothHalves() {
    StringBuilder s = new StringBuilder("a;b;c;\n");
    for (int i = 0; i < 60_000; i++) {
      s.append(i).append(';').append(i % 3 == 0 ? "x" : "1,5").append(';').append(i * 2)
          .append(";\n");
    }
    TableFile file = put(dir, "trailing.csv", s.toString().getBytes(StandardCharsets.US_ASCII));

    TableMetadata[] m = bothWays(file, Map.of("sampleRows", "100000"));

    assertThat(m[0]).isEqualTo(m[1]);
    assertThat(m[0].dialect().trailingDelimiter()).isTrue();
    assertThat(columns(m[0])).containsExactly("a:INTEGER", "b:VARCHAR", "c:INTEGER");
  }

  @Test
  void oneLineOfTheSecondHalfWithoutTheEndingDelimiterKeepsTheLastColumn() {
    StringBuilder s = new StringBuilder("a;b;c;\n");
    for (int i = 0; i < 60_000; i++) {
      s.append(i).append(';').append(i % 3 == 0 ? "x" : "1,5").append(';').append(i * 2)
          .append(i == 50_000 ? ";7\n" : ";\n");
    }
    TableFile file = put(dir, "almost.csv", s.toString().getBytes(StandardCharsets.US_ASCII));

    TableMetadata[] m = bothWays(file, Map.of("sampleRows", "100000"));

    assertThat(m[0]).isEqualTo(m[1]);
    assertThat(m[0].dialect().trailingDelimiter()).isFalse();
    assertThat(m[0].columns()).hasSize(4);
  }

  @Test
  void wideRowsWithALateTextCell() {
    StringBuilder s = new StringBuilder("chr,pos");
    for (int c = 0; c < 2000; c++) {
      s.append(",s").append(c);
    }
    s.append('\n');
    Random r = new Random(3);
    for (int i = 0; i < 400; i++) {
      s.append("chr").append(1 + i % 22).append(',').append(10_000 + i * 37);
      for (int c = 0; c < 2000; c++) {
        s.append(',').append(i == 399 && c == 1999 ? "." : Integer.toString(r.nextInt(100)));
      }
      s.append('\n');
    }
    TableFile file = put(dir, "wide.csv", s.toString().getBytes(StandardCharsets.US_ASCII));

    TableMetadata[] m = bothWays(file, Map.of());

    assertThat(m[0]).isEqualTo(m[1]);
    assertThat(m[0].columns().get(2000).type().name()).isEqualTo("INTEGER");
    assertThat(m[0].columns().get(2001).type().name()).isEqualTo("VARCHAR");
  }
}
