package io.csvws.tokenizer;

import static io.csvws.tokenizer.TokenizerRun.read;
import static io.csvws.tokenizer.TokenizerRun.values;
import static org.assertj.core.api.Assertions.assertThat;

import io.csvws.tokenizer.TokenizerRun.Rec;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Records that cross the tokenizer's buffer boundaries, in inputs much larger than its 64 KiB
 * initial buffer, read whole, in random chunks and a few bytes at a time.
 */
class CsvTokenizerBufferTest {

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3})
  void largeInputReadsBackTheGeneratedRecords(long seed) {
    GeneratedCsv csv = new GeneratedCsv(seed, 600_000, 40);

    List<Rec> records = read(csv.bytes);

    assertThat(values(records)).isEqualTo(csv.records);
    assertThat(records.get(records.size() - 1).endOffset()).isEqualTo(csv.bytes.length);
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {4, 5, 6})
  void aFewBytesPerReadGiveTheSameRecordsAndOffsets(long seed) {
    GeneratedCsv csv = new GeneratedCsv(seed, 150_000, 40);
    List<Rec> whole = read(csv.bytes);

    List<Rec> trickled = read(new TrickleInputStream(csv.bytes, seed), (byte) ',', '"', null,
        TokenizerRun.DEFAULT_MAX_RECORD);

    assertThat(trickled).isEqualTo(whole);
    assertThat(values(trickled)).isEqualTo(csv.records);
  }

  /** Fields far larger than the initial buffer make it grow; random chunk sizes move the cuts. */
  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {7, 8})
  void recordsLargerThanTheInitialBufferGrowIt(long seed) {
    GeneratedCsv csv = new GeneratedCsv(seed, 3_000_000, 60_000);

    List<Rec> records = read(new ChunkedInputStream(csv.bytes, seed, 20_000), (byte) ',', '"',
        null, 4 << 20);

    assertThat(values(records)).isEqualTo(csv.records);
    assertThat(csv.bytes.length).isGreaterThan(2_000_000);
    assertThat(records.stream().mapToLong(r -> r.endOffset() - r.offset()).max().getAsLong())
        .as("some record is larger than 64 KiB").isGreaterThan(1 << 16);
  }

  @Test
  void oneRecordOfSeveralMegabytes() {
    byte[] big = new byte[5 << 20];
    Arrays.fill(big, (byte) 'x');
    big[1000] = '\n';
    big[2_000_000] = ',';
    String text = "h1,h2\n\"" + new String(big, java.nio.charset.StandardCharsets.US_ASCII)
        + "\",end\r\nlast,row";
    byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    List<Rec> records = read(new ByteArrayInputStream(bytes), (byte) ',', '"', null, 6 << 20);

    assertThat(records).hasSize(3);
    assertThat(records.get(1).fields().get(0).text()).hasSize(big.length);
    assertThat(records.get(1).fields().get(1).text()).isEqualTo("end");
    assertThat(records.get(1).offset()).isEqualTo(6);
    assertThat(records.get(2).offset()).isEqualTo(6 + 2 + big.length + 6);
    assertThat(values(records.subList(2, 3))).containsExactly(List.of("last", "row"));
  }

  /** A CR that ends one read and the LF that begins the next are one line end, not two. */
  @Test
  void crlfSplitAcrossReadsIsOneLineEnd() {
    byte[] bytes = "a\r\n\r\nb\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    for (int cut = 1; cut < bytes.length; cut++) {
      List<Rec> records = read(new ChunkedInputStream(bytes, cut), (byte) ',', '"', null, 1024);

      assertThat(values(records)).as("cut at %d", cut).containsExactly(List.of("a"), List.of("b"));
      assertThat(records.get(1).offset()).isEqualTo(5);
    }
  }

  /** Returns chunks of random size up to a bound, or a fixed first chunk then the rest. */
  private static final class ChunkedInputStream extends InputStream {
    private final byte[] data;
    private final Random random;
    private final int maxChunk;
    private final int firstChunk;
    private int pos;

    ChunkedInputStream(byte[] data, long seed, int maxChunk) {
      this.data = data;
      this.random = new Random(seed);
      this.maxChunk = maxChunk;
      this.firstChunk = -1;
    }

    ChunkedInputStream(byte[] data, int firstChunk) {
      this.data = data;
      this.random = null;
      this.maxChunk = Integer.MAX_VALUE;
      this.firstChunk = firstChunk;
    }

    @Override
    public int read() {
      return pos < data.length ? data[pos++] & 0xff : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (pos >= data.length) {
        return -1;
      }
      int n;
      if (random != null) {
        n = 1 + random.nextInt(maxChunk);
      } else {
        n = pos < firstChunk ? firstChunk - pos : Integer.MAX_VALUE;
      }
      n = Math.min(Math.min(n, len), data.length - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }
  }
}
