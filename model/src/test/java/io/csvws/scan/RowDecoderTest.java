package io.csvws.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.LenientRead;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.TableFile;
import io.csvws.workspace.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.Predicate1;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A record becomes a row under the settings for what does not fit: type errors, ragged rows and
 * invalid bytes fail naming file, row and column, or are read leniently and counted.
 */
class RowDecoderTest {
  @TempDir
  Path dir;

  /** The rows of a scan of {@code columns}, filtered on {@code filterColumns} by {@code test}. */
  private List<Object> scan(byte[] file, Map<String, String> settings, int[] columns,
      int[] filterColumns, Predicate1<Object[]> test, QueryDiagnostics d) throws IOException {
    Files.write(dir.resolve("t.csv"), file);
    Map<String, String> all = new HashMap<>(settings);
    all.put("metadataCache", "memory");
    ConnectionConfig config = ConnectionConfig.parse(all);
    TableFile table = Workspace.open(dir).table(List.of(), "t.csv", "t");
    MetadataCache cache = new MetadataCache(10);
    TableMetadata m = cache.get(table, config);
    FileScan scan = new FileScan(new ScanPlan(table, m, columns, filterColumns, 1, Long.MAX_VALUE),
        config, cache, null);
    List<Object> out = new ArrayList<>();
    QueryDiagnostics execution = d == null ? new QueryDiagnostics() : d;
    execution.collect(() -> {
      try (Enumerator<Object> e = scan.enumerable(null, test).enumerator()) {
        while (e.moveNext()) {
          Object row = e.current();
          out.add(row instanceof Object[] a ? java.util.Arrays.asList(a) : row);
        }
      }
      return null;
    });
    return out;
  }

  private List<Object> scan(String text, Map<String, String> settings, int... columns)
      throws IOException {
    return scan(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), settings, columns,
        new int[0], null, null);
  }

  private static CsvwsException failure(ThrowingRead read) {
    try {
      read.run();
    } catch (CsvwsException e) {
      return e;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("the read did not fail");
  }

  private interface ThrowingRead {
    void run() throws IOException;
  }

  @Test
  void aValueThatDoesNotFitFailsNamingFileRowColumnAndValue() throws IOException {
    CsvwsException e = failure(() -> scan("id,n\n1,5\n2,6\n3,x\n", Map.of("sampleRows", "2"),
        0, 1));
    assertThat(e.code()).isEqualTo(ErrorCode.TYPE_MISMATCH);
    assertThat(e.getMessage()).startsWith("t.csv: row 3, column \"n\" (2): value \"x\" is not a ")
        .contains("is not a BIGINT (the type was ")
        .endsWith("To read it, query with onTypeError=null (such values read as NULL) or "
            + "inferTypes=false (every column as text).");
  }

  @Test
  void aLongMisfitIsShownCutAt100Characters() throws IOException {
    String value = "y".repeat(150);
    CsvwsException e = failure(() -> scan("n\n1\n2\n" + value + "\n", Map.of("sampleRows", "2"),
        0));
    assertThat(e.getMessage()).contains("value \"" + "y".repeat(100) + "...\" is not a");
    String hundred = "z".repeat(100);
    CsvwsException exact = failure(() -> scan("n\n1\n2\n" + hundred + "\n",
        Map.of("sampleRows", "2"), 0));
    assertThat(exact.getMessage()).contains("value \"" + hundred + "\" is not a");
  }

  @Test
  void misfitsSayWhyAValueThatLooksRightStillDoesNotFit() throws IOException {
    assertThat(failure(() -> scan("d\n1.25\n2.5\n1.125\n", Map.of("sampleRows", "2"), 0))
        .getMessage()).contains(": it has more decimals than the column's 2, and csvws never "
            + "rounds a value it reads");
    assertThat(failure(() -> scan("d\n1.25\n2.5\nabc\n", Map.of("sampleRows", "2"), 0))
        .getMessage()).doesNotContain("more decimals");
    assertThat(failure(() -> scan("t\n10:00:00\n11:00:00.5\n12:00:00.12345\n",
        Map.of("sampleRows", "2"), 0)).getMessage())
        .contains(": it has digits finer than the milliseconds TIME(3) holds, and csvws never cuts "
            + "them");
    assertThat(failure(() -> scan("t\n10:00:00\n11:00:00.5\nnoon\n",
        Map.of("sampleRows", "2"), 0)).getMessage()).doesNotContain("digits finer");
    String timestamps = "t\n2024-01-01 10:00:00\n2024-01-02 11:00:00\n";
    assertThat(failure(() -> scan(timestamps + "2024-01-03 12:00:00+02:00\n",
        Map.of("sampleRows", "2"), 0)).getMessage())
        .contains(": it has a zone offset, which no sampled value has;");
    assertThat(failure(() -> scan(timestamps + "2024-01-03 12:00:00.1234\n",
        Map.of("sampleRows", "2"), 0)).getMessage())
        .contains(": it has digits finer than the milliseconds TIMESTAMP(3) holds");
    assertThat(failure(() -> scan(timestamps + "the third of January at noon\n",
        Map.of("sampleRows", "2"), 0)).getMessage()).doesNotContain("zone offset");
    assertThat(failure(() -> scan("x\n1e5\n2.5e3\n0.12345678901234567890123\n",
        Map.of("sampleRows", "2"), 0)).getMessage())
        .contains(": a DOUBLE would round its digits, and csvws never rounds a value it reads");
    assertThat(failure(() -> scan("x\n1e5\n2.5e3\nlots\n", Map.of("sampleRows", "2"), 0))
        .getMessage()).doesNotContain("would round");
  }

  @Test
  void underOnTypeErrorNullMisfitsAreNullAndCountedWithTheFirstMessage() throws IOException {
    QueryDiagnostics d = new QueryDiagnostics();
    assertThat(scan("id,n\n1,5\n2,6\n3,x\n4,y\n".getBytes(java.nio.charset.StandardCharsets.UTF_8),
        Map.of("sampleRows", "2", "onTypeError", "null"), new int[] {1}, new int[0], null, d))
        .containsExactly(5L, 6L, null, null);
    assertThat(d.count(LenientRead.TYPE_ERROR_NULLED)).isEqualTo(2);
    assertThat(d.first(LenientRead.TYPE_ERROR_NULLED))
        .startsWith("t.csv: row 3, column \"n\" (2): value \"x\" is not a ")
        .endsWith(" Such values read as NULL (onTypeError=null).");
  }

  @Test
  void aMisfitTheConditionAlsoReadsIsDecodedAndCountedOnce() throws IOException {
    QueryDiagnostics d = new QueryDiagnostics();
    String text = "id,n\n1,5\n2,6\n3,x\n";
    assertThat(scan(text.getBytes(java.nio.charset.StandardCharsets.UTF_8),
        Map.of("sampleRows", "2", "onTypeError", "null"), new int[] {1}, new int[] {1},
        v -> true, d)).containsExactly(5L, 6L, null);
    assertThat(d.count(LenientRead.TYPE_ERROR_NULLED)).isEqualTo(1);
    QueryDiagnostics second = new QueryDiagnostics();
    assertThat(scan(text.getBytes(java.nio.charset.StandardCharsets.UTF_8),
        Map.of("sampleRows", "2", "onTypeError", "null"), new int[] {0, 1}, new int[] {0, 1},
        v -> true, second)).hasSize(3);
    assertThat(second.count(LenientRead.TYPE_ERROR_NULLED)).isEqualTo(1);
  }

  @Test
  void raggedRowsFailUnderOnRaggedRowFailNamingTheirFieldCount() throws IOException {
    CsvwsException one = failure(() -> scan("a,b\n1,2\n3\n", Map.of("onRaggedRow", "fail"), 0));
    assertThat(one.code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    assertThat(one.getMessage()).isEqualTo("t.csv: row 2 (byte offset 8) has 1 field where the "
        + "header has 2. Fix the row, or query with onRaggedRow=pad (missing fields read as NULL, "
        + "extra fields are ignored).");
    CsvwsException three = failure(() -> scan("a,b\n1,2\n3,4,5\n", Map.of("onRaggedRow", "fail"),
        0));
    assertThat(three.getMessage()).startsWith("t.csv: row 2 (byte offset 8) has 3 fields where");
  }

  @Test
  void raggedRowsArePaddedAndCutByDefault() throws IOException {
    QueryDiagnostics d = new QueryDiagnostics();
    assertThat(scan("a,b\n1,2\n3\n4,5,6\n".getBytes(java.nio.charset.StandardCharsets.UTF_8),
        Map.of(), new int[] {0, 1}, new int[0], null, d))
        .containsExactly(List.of(1, 2), java.util.Arrays.asList(3, null), List.of(4, 5));
    assertThat(d.count(LenientRead.RAGGED_ROW)).isEqualTo(2);
  }

  @Test
  void invalidBytesAreCountedOrFailButAReplacementCharacterWrittenInTheFileIsNot()
      throws IOException {
    byte[] bad = "s\nok\nb\u00e4d\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    bad[bad.length - 4] = (byte) 0xFF;
    bad[bad.length - 3] = (byte) 'a';
    QueryDiagnostics d = new QueryDiagnostics();
    List<Object> rows = scan(bad, Map.of("charset", "UTF-8"), new int[] {0}, new int[0], null, d);
    assertThat(rows).containsExactly("ok", "b\uFFFDad");
    assertThat(d.count(LenientRead.INVALID_BYTES)).isEqualTo(1);
    assertThat(d.first(LenientRead.INVALID_BYTES)).isEqualTo("t.csv: row 2 (record at byte "
        + "offset 5), column \"s\" has bytes that are not valid UTF-8.");

    CsvwsException e = failure(() -> scan(bad, Map.of("charset", "UTF-8",
        "onEncodingError", "fail"), new int[] {0}, new int[0], null, null));
    assertThat(e.code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    assertThat(e.getMessage()).startsWith("t.csv: row 2 (record at byte offset 5), column \"s\" "
        + "has bytes that are not valid UTF-8. Give the file's charset with charset=");

    QueryDiagnostics literal = new QueryDiagnostics();
    assertThat(scan("s\nok\na\uFFFDb\uFFFD\n".getBytes(java.nio.charset.StandardCharsets.UTF_8),
        Map.of("charset", "UTF-8", "onEncodingError", "fail"), new int[] {0}, new int[0], null,
        literal)).containsExactly("ok", "a\uFFFDb\uFFFD");
    assertThat(literal.count(LenientRead.INVALID_BYTES)).isZero();

    byte[] first = "s\nok\nxbc\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    first[first.length - 4] = (byte) 0xFF;
    QueryDiagnostics atStart = new QueryDiagnostics();
    assertThat(scan(first, Map.of("charset", "UTF-8"), new int[] {0}, new int[0], null, atStart))
        .containsExactly("ok", "\uFFFDbc");
    assertThat(atStart.count(LenientRead.INVALID_BYTES)).as("an invalid first byte").isEqualTo(1);

    byte[] alone = "s\nok\nx\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    alone[alone.length - 2] = (byte) 0xFF;
    QueryDiagnostics lone = new QueryDiagnostics();
    assertThat(scan(alone, Map.of("charset", "UTF-8"), new int[] {0}, new int[0], null, lone))
        .containsExactly("ok", "\uFFFD");
    assertThat(lone.count(LenientRead.INVALID_BYTES)).as("a field of one invalid byte")
        .isEqualTo(1);

    byte[] beforeLiteral = "s,t\nok,ok\nbxd,\uFFFDx\n".getBytes(
        java.nio.charset.StandardCharsets.UTF_8);
    beforeLiteral[11] = (byte) 0xFF;
    QueryDiagnostics next = new QueryDiagnostics();
    assertThat(scan(beforeLiteral, Map.of("charset", "UTF-8"), new int[] {0}, new int[0], null,
        next)).containsExactly("ok", "b\uFFFDd");
    assertThat(next.count(LenientRead.INVALID_BYTES))
        .as("a literal U+FFFD in the next field does not excuse this one's").isEqualTo(1);
  }

  @Test
  void aConditionReadsItsColumnsFirstAndSharesThemWithTheOutput() throws IOException {
    String text = "id,name,score\n1,a,10\n2,b,20\n3,c,30\n";
    Predicate1<Object[]> scoreOver15 = v -> (Integer) v[0] > 15;
    assertThat(scan(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), Map.of(),
        new int[] {2, 1}, new int[] {2}, scoreOver15, null))
        .containsExactly(List.of(20, "b"), List.of(30, "c"));
    assertThat(scan(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), Map.of(),
        new int[] {1, 3}, new int[] {3, 0}, v -> (Long) v[0] != 2L && (Integer) v[1] <= 3, null))
        .containsExactly(List.of("a", 1L), List.of("c", 3L));
    assertThat(scan(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), Map.of(),
        new int[0], new int[] {0}, v -> (Integer) v[0] == 2, null)).containsExactly(List.of());
    assertThat(scan(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), Map.of(),
        new int[] {0}, new int[] {2, 0}, v -> (Integer) v[0] >= 20, null))
        .containsExactly(2, 3);
  }
}
