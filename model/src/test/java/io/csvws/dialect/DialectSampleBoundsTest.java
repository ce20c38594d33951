package io.csvws.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.config.ConnectionConfig;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Sniffing at the bounds of what it reads: the sample's length inside a larger array, a sample of
 * one record, the thousandth record, the two hundredth record judged for spacing, quotes in the
 * sample's last bytes.
 */
class DialectSampleBoundsTest {

  private static Dialect sniff(byte[] b, int length, boolean complete, Map<String, String> s) {
    return DialectSniffer.sniff(b, length, complete, ConnectionConfig.parse(new HashMap<>(s)),
        '\0');
  }

  private static Dialect sniff(String text, boolean complete) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    return sniff(b, b.length, complete, Map.of());
  }

  /** Bytes past the sample's length (a reused read buffer) play no part. */
  @Test
  void onlyTheSamplesLengthIsRead() {
    String text = "a;b\r\nc;d\r\n'e;f';g\r\n";
    byte[] sample = text.getBytes(StandardCharsets.UTF_8);
    byte[] buffer = Arrays.copyOf(sample, sample.length + 64);
    byte[] junk = "\n\n,,,,\"\"\"\n\r\n|||\t\t\t'x'\n".repeat(2).getBytes(StandardCharsets.UTF_8);
    System.arraycopy(junk, 0, buffer, sample.length, junk.length);

    Dialect alone = sniff(sample, sample.length, true, Map.of());
    Dialect inBuffer = sniff(buffer, sample.length, true, Map.of());

    assertThat(inBuffer).isEqualTo(alone);
    assertThat(alone.lineEnding()).isEqualTo(LineEnding.CRLF);
    assertThat(LineEnding.of(buffer, sample.length, '"')).isEqualTo(LineEnding.CRLF);
    assertThat(alone.delimiter()).isEqualTo(';');
  }

  /** NUL can be a quote as well as any byte: -1, not 0, means none. */
  @Test
  void aNulQuoteHidesTheLineBreaksItEncloses() {
    byte[] b = "a,\0x\ny\0\r\nb,c\r\n".getBytes(StandardCharsets.ISO_8859_1);

    assertThat(LineEnding.of(b, b.length, 0)).isEqualTo(LineEnding.CRLF);
    assertThat(LineEnding.of(b, b.length, -1)).isEqualTo(LineEnding.MIXED);
  }

  /** A sample that is one long record without a line end still shows its delimiter and spacing. */
  @Test
  void aSampleOfOneLongRecord() {
    String record = "field, ".repeat(400) + "last";
    Dialect whole = sniff(record, true);

    assertThat(whole.delimiter()).isEqualTo(',');
    assertThat(whole.confidence()).isEqualTo(1.0);
    assertThat(whole.trim()).isTrue();
    assertThat(whole.decidedBy()).startsWith("100% of sampled records have 401 fields with comma");
  }

  /** The one record of an incomplete sample is judged: there is nothing else. */
  @Test
  void anIncompleteSampleOfOneRecordIsJudgedOnIt() {
    Dialect d = sniff("a;b;c", false);

    assertThat(d.delimiter()).isEqualTo(';');
    assertThat(d.confidence()).isEqualTo(1.0);
  }

  /** At most a thousand records are judged; a ragged one after them does not count. */
  @Test
  void aThousandRecordsAreJudged() {
    String ok = "a,b,c\n".repeat(1000);
    assertThat(sniff(ok + "x,y\n" + ok, true).confidence()).isEqualTo(1.0);

    String ragged = "a,b,c\n".repeat(999) + "x,y\n";
    assertThat(sniff(ragged + "a,b,c\n", false).confidence()).isEqualTo(0.999);
    String fewer = "a,b,c\n".repeat(998) + "x,y\n";
    assertThat(sniff(fewer, false).confidence()).as("the last of fewer records is cut short")
        .isEqualTo(1.0);
  }

  /**
   * Spacing is judged on the first 200 records: 160 of them spaced is 80%, enough; the records
   * after them do not count, whatever they hold.
   */
  @Test
  void spacingIsJudgedOnTwoHundredRecords() {
    String text = "k,v\n".repeat(40) + "k, v\n".repeat(160) + "k,v\n".repeat(100);
    assertThat(sniff(text, true).trim()).isTrue();

    String fewer = "k,v\n".repeat(41) + "k, v\n".repeat(159) + "k, v\n".repeat(100);
    assertThat(sniff(fewer, true).trim()).isFalse();
  }

  @Test
  void aFileWithoutPreambleSaysNothingOfOne() {
    Dialect d = sniff("id,name\n1,a\n2,b\n", true);

    assertThat(d.skipLines()).isZero();
    assertThat(d.decidedBy()).isEqualTo("100% of sampled records have 2 fields with comma");
  }

  /** With a given delimiter, single quotes are still recognised by how cleanly they enclose. */
  @Test
  void singleQuotesUnderAGivenDelimiter() {
    byte[] b = "'a,b',c\n'd,e',f\n".getBytes(StandardCharsets.UTF_8);

    Dialect d = sniff(b, b.length, true, Map.of("delimiter", ","));

    assertThat(d.quote()).isEqualTo('\'');
  }

  /**
   * Single quotes only in the sample's last bytes (after its last whole word of eight) still make
   * single quotes a candidate, and a double quote there still settles the quote.
   */
  @Test
  void quotesInTheSamplesLastBytes() {
    assertThat(sniff("x,y\n1,2\n'a,b',c", true).quote()).isEqualTo('\'');
    assertThat(sniff("x,y\n1,2\n'a,b',c\n'd,e',f\n1", true).quote()).isEqualTo('\'');
    assertThat(sniff("x,y\n1,2\n'a,b','\"'", true).quote()).isEqualTo('"');
  }

  /** A backslash-quote pair with a single byte after it ends the sample unjudged, anywhere. */
  @Test
  void aBackslashQuoteAtTheSamplesEndIsNotJudged() {
    for (int pad = 0; pad < 20; pad++) {
      String text = "a,b\n1,\"" + "x".repeat(pad) + "\\\"y";
      assertThat(sniff(text, true).escape()).as("pad %d", pad).isEqualTo(-1);
      assertThat(sniff(text + "z", true).escape()).as("pad %d", pad).isEqualTo('\\');
    }
  }

  /** Two backslashes before a quote at the sample's start are an escaped backslash. */
  @Test
  void anEscapedBackslashAtTheStart() {
    assertThat(sniff("\\\\\"ab,c\nd,e\n", true).escape()).isEqualTo(-1);
  }

  /** {@code charset=UTF-32} names no byte order either: the mark gives it. */
  @Test
  void charsetUtf32TakesTheMarksByteOrder() {
    byte[] le = {(byte) 0xFF, (byte) 0xFE, 0, 0, 'a', 0, 0, 0};
    Encoding e = EncodingSniffer.sniff(le, le.length, true,
        java.util.Optional.of(java.nio.charset.Charset.forName("UTF-32")));

    assertThat(e.charset().name()).isEqualTo("UTF-32LE");
    assertThat(e.bomLength()).isEqualTo(4);
    assertThat(e.decidedBy()).isEqualTo("charset=UTF-32, byte order from the byte-order mark");
    Encoding given = EncodingSniffer.sniff(le, le.length, true,
        java.util.Optional.of(java.nio.charset.Charset.forName("UTF-32LE")));
    assertThat(given.decidedBy()).isEqualTo("charset=UTF-32LE");
  }
}
