package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * How the inspector reads its sample's bytes: all of a stream up to the bound, whatever the
 * expected size and however few bytes each read gives, and nothing past the bound.
 */
class SampleReadTest {
  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    new Random(n).nextBytes(b);
    return b;
  }

  /** A stream that gives at most {@code most} bytes a read, as a socket or gzip stream may. */
  private static InputStream trickling(byte[] b, int most) {
    return new FilterInputStream(new ByteArrayInputStream(b)) {
      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        return super.read(buf, off, Math.min(len, most));
      }
    };
  }

  @Test
  void readsAStreamOfTheExpectedSizeWhole() throws IOException {
    byte[] b = bytes(100_000);

    assertThat(TableInspector.readUpTo(new ByteArrayInputStream(b), 1 << 20, b.length))
        .isEqualTo(b);
  }

  @Test
  void readsPastAnExpectedSizeThatWasTooSmall() throws IOException {
    byte[] b = bytes(3_000_000);

    assertThat(TableInspector.readUpTo(new ByteArrayInputStream(b), 8 << 20, 10))
        .isEqualTo(b);
  }

  @Test
  void readsAStreamShorterThanExpected() throws IOException {
    byte[] b = bytes(5_000);

    assertThat(TableInspector.readUpTo(new ByteArrayInputStream(b), 8 << 20, 1_000_000))
        .isEqualTo(b);
  }

  @Test
  void stopsAtTheBoundAndLeavesTheRestUnread() throws IOException {
    byte[] b = bytes(70_000);
    ByteArrayInputStream in = new ByteArrayInputStream(b);

    byte[] head = TableInspector.readUpTo(in, 65_536, 1_000);

    assertThat(head).hasSize(65_536).isEqualTo(java.util.Arrays.copyOf(b, 65_536));
    assertThat(in.read()).isEqualTo(b[65_536] & 0xFF);
  }

  @Test
  void aStreamOfExactlyTheBoundIsReadWhole() throws IOException {
    byte[] b = bytes(65_536);
    ByteArrayInputStream in = new ByteArrayInputStream(b);

    assertThat(TableInspector.readUpTo(in, 65_536, 65_536)).isEqualTo(b);
    assertThat(in.read()).isEqualTo(-1);
  }

  @Test
  void readsAStreamThatGivesAFewBytesARead() throws IOException {
    byte[] b = bytes(40_000);

    assertThat(TableInspector.readUpTo(trickling(b, 7), 1 << 20, 0)).isEqualTo(b);
    assertThat(TableInspector.readUpTo(trickling(b, 7), 30_001, b.length))
        .isEqualTo(java.util.Arrays.copyOf(b, 30_001));
  }

  /** A zero byte just past the expected size is data, not the end. */
  @Test
  void aZeroByteJustPastTheExpectedSizeIsRead() throws IOException {
    byte[] b = bytes(9_000);
    b[8_192] = 0;

    assertThat(TableInspector.readUpTo(new ByteArrayInputStream(b), 1 << 20, 8_192))
        .isEqualTo(b);
  }

  /** A stream that now and then gives no bytes (some wrapping streams do) is read to its end. */
  @Test
  void readsOnPastReadsThatGiveNothing() throws IOException {
    byte[] b = bytes(20_000);
    InputStream stuttering = new FilterInputStream(new ByteArrayInputStream(b)) {
      private int calls;

      @Override
      public int read(byte[] buf, int off, int len) throws IOException {
        return calls++ % 2 == 0 ? 0 : super.read(buf, off, Math.min(len, 1_000));
      }
    };

    assertThat(TableInspector.readUpTo(stuttering, 1 << 20, b.length)).isEqualTo(b);
  }

  @Test
  void anEmptyStreamGivesNoBytes() throws IOException {
    assertThat(TableInspector.readUpTo(new ByteArrayInputStream(new byte[0]), 1 << 20, 0))
        .isEmpty();
    assertThat(TableInspector.readUpTo(new ByteArrayInputStream(new byte[0]), 1 << 20, 500))
        .isEmpty();
  }
}
