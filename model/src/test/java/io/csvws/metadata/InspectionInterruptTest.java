package io.csvws.metadata;

import static io.csvws.metadata.InspectorFixtures.put;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.scan.QueryDiagnostics;
import io.csvws.tokenizer.CsvSyntax;
import io.csvws.types.NullTokens;
import io.csvws.workspace.TableFile;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An inspection under a cancelled or timed-out statement stops it: the cancel is the statement's
 * error, not the file's failure, and the passes over the sample check for it as they go.
 */
class InspectionInterruptTest {
  private static final CsvSyntax COMMA = CsvSyntax.of(',', '"');

  @TempDir
  Path dir;

  private static byte[] rows(int n) {
    StringBuilder s = new StringBuilder("id,name\n");
    for (int i = 1; i <= n; i++) {
      s.append(i).append(",n").append(i).append('\n');
    }
    return s.toString().getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void aCancelledStatementStopsTheInspectionInsteadOfFailingTheFile() {
    TableFile file = put(dir, "t.csv", rows(10));
    QueryDiagnostics d = new QueryDiagnostics();
    d.cancel();

    assertThatThrownBy(() -> d.collect(() -> TableInspector.inspect(file,
        ConnectionConfig.parse(Map.of()))))
        .isInstanceOfSatisfying(CsvwsException.class, e -> {
          assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED);
          assertThat(e.getMessage()).isEqualTo("Statement cancelled while inspecting t.csv.");
        });
  }

  /**
   * A gzip file of UTF-16 text whose trailer is cut off: the first 8 MiB read whole, and the
   * failure comes only when the sample is transcoded, from a second read that goes further.
   */
  private static byte[] utf16GzipWithoutTrailer() throws IOException {
    ByteArrayOutputStream text = new ByteArrayOutputStream(12 << 20);
    text.write(new byte[] {(byte) 0xFF, (byte) 0xFE});
    byte[] row = "123,abc\n".getBytes(StandardCharsets.UTF_16LE);
    while (text.size() < 12 << 20) {
      text.write(row);
    }
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      text.writeTo(out);
    }
    byte[] whole = gz.toByteArray();
    return Arrays.copyOf(whole, whole.length - 8);
  }

  /** The cancel is seen before the sample is transcoded, whose failure would be the file's. */
  @Test
  void aCancelIsSeenBeforeTheSampleIsTranscoded() throws IOException {
    TableFile file = put(dir, "t.csv.gz", utf16GzipWithoutTrailer());
    ConnectionConfig config = ConnectionConfig.parse(Map.of());
    TableMetadata quiet = TableInspector.inspect(file, config);
    assertThat(quiet.failure()).isNotNull();
    assertThat(quiet.failure().getMessage()).startsWith("t.csv.gz cannot be decoded as UTF-16");
    QueryDiagnostics d = new QueryDiagnostics();
    d.cancel();

    assertThatThrownBy(() -> d.collect(() -> TableInspector.inspect(file, config)))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED));
  }

  @Test
  void aStatementPastItsTimeoutStopsTheInspection() throws InterruptedException {
    TableFile file = put(dir, "t.csv", rows(10));
    QueryDiagnostics d = new QueryDiagnostics();
    d.timeoutAfter(1);
    Thread.sleep(1_050);

    assertThatThrownBy(() -> d.collect(() -> TableInspector.inspect(file,
        ConnectionConfig.parse(Map.of()))))
        .isInstanceOfSatisfying(CsvwsException.class, e -> {
          assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT);
          assertThat(e.getMessage())
              .isEqualTo("Statement exceeded its query timeout while inspecting t.csv.");
        });
  }

  /** Finding the records checks every 1,024 records; a cancel is thrown, not a malformed file. */
  @Test
  void findingTheRecordsOfALargeSampleChecksForACancel() {
    byte[] sample = rows(3000);
    QueryDiagnostics d = new QueryDiagnostics();
    SampleRecords quiet = d.collect(() -> SampleRecords.find(sample, true, "s.csv", COMMA, 0,
        Long.MAX_VALUE));
    assertThat(quiet.count()).isEqualTo(3001);
    assertThat(quiet.failure()).isNull();
    byte[] small = rows(1022);
    d.cancel();
    assertThat(d.collect(() -> SampleRecords.find(small, true, "s.csv", COMMA, 0,
        Long.MAX_VALUE)).count()).as("1,023 records: no check yet").isEqualTo(1023);

    assertThatThrownBy(() -> d.collect(() -> SampleRecords.find(sample, true, "s.csv", COMMA, 0,
        Long.MAX_VALUE)))
        .isInstanceOfSatisfying(CsvwsException.class, e -> {
          assertThat(e.code()).isEqualTo(ErrorCode.CANCELLED);
          assertThat(e.getMessage()).isEqualTo("Statement cancelled while inspecting s.csv.");
        });
  }

  @Test
  void findingTheRecordsStopsPastItsTimeout() throws InterruptedException {
    byte[] sample = rows(3000);
    QueryDiagnostics d = new QueryDiagnostics();
    d.timeoutAfter(1);
    Thread.sleep(1_050);

    assertThatThrownBy(() -> d.collect(() -> SampleRecords.find(sample, true, "s.csv", COMMA, 0,
        Long.MAX_VALUE)))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.TIMEOUT));
  }

  @Test
  void readingTheEvidenceChecksForACancelAtEveryRecord() {
    byte[] sample = rows(5);
    SampleRecords found = SampleRecords.find(sample, true, "s.csv", COMMA, 0, Long.MAX_VALUE);
    QueryDiagnostics d = new QueryDiagnostics();
    RecordEvidence quiet = d.collect(() -> RecordEvidence.read(sample, found, 1, 6, "s.csv",
        COMMA, NullTokens.NONE, 2));
    assertThat(quiet.sameFieldsAsFirst).isEqualTo(5);
    d.cancel();

    assertThatThrownBy(() -> d.collect(() -> RecordEvidence.read(sample, found, 5, 6, "s.csv",
        COMMA, NullTokens.NONE, 2)))
        .isInstanceOfSatisfying(CsvwsException.class,
            e -> assertThat(e.getMessage()).isEqualTo(
                "Statement cancelled while inspecting s.csv."));
  }
}
