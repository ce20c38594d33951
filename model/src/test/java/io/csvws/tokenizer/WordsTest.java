package io.csvws.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The word-at-a-time tricks, against the byte-by-byte answer for every byte value. */
class WordsTest {

  /** The mask {@link Words#zeroBytes} should give: the high bit of each byte equal to c. */
  private static long expected(byte[] b, int at, int c) {
    long mask = 0;
    for (int k = 0; k < 8; k++) {
      if ((b[at + k] & 0xff) == c) {
        mask |= 0x80L << (8 * k);
      }
    }
    return mask;
  }

  @Test
  void gatheringGivesTheWordTheViewReadsAtEveryOffset() {
    Random r = new Random(5);
    byte[] b = new byte[64];
    for (int round = 0; round < 200; round++) {
      r.nextBytes(b);
      for (int i = 0; i + 8 <= b.length; i++) {
        long want = 0;
        for (int k = 7; k >= 0; k--) {
          want = want << 8 | (b[i + k] & 0xff);
        }
        assertThat(Words.gather(b, i)).as("offset %d", i).isEqualTo(Words.at(b, i))
            .isEqualTo(want);
      }
    }
  }

  @Test
  void zeroBytesMarksExactlyTheBytesEqualToTheOneSought() {
    Random r = new Random(17);
    byte[] b = new byte[8];
    for (int round = 0; round < 2000; round++) {
      // Mostly a few distinct values, so many words hold the byte sought several times, next to
      // its neighbours (c - 1, c + 1, c ^ 0x80) that borrow tricks confuse with it.
      int c = r.nextInt(256);
      int[] near = {c, c, (c + 1) & 0xff, (c - 1) & 0xff, c ^ 0x80, r.nextInt(256)};
      for (int k = 0; k < 8; k++) {
        b[k] = (byte) near[r.nextInt(near.length)];
      }
      long word = Words.at(b, 0);
      long found = Words.zeroBytes(word ^ Words.repeated(c));

      long want = expected(b, 0, c);
      if (found != want) {
        assertThat(Long.toHexString(found)).as("byte %02x in %s", c,
            java.util.HexFormat.of().formatHex(b)).isEqualTo(Long.toHexString(want));
      }
      if (want != 0) {
        int first = Long.numberOfTrailingZeros(want) / 8;
        int last = 7 - Long.numberOfLeadingZeros(want) / 8;
        assertThat(Words.firstByte(found)).isEqualTo(first);
        assertThat(Words.lastByte(found)).isEqualTo(last);
        assertThat(b[first] & 0xff).isEqualTo(c);
        assertThat(b[last] & 0xff).isEqualTo(c);
      }
    }
  }

  @Test
  void everyByteValueAloneAndEverywhere() {
    for (int c = 0; c < 256; c++) {
      for (int k = 0; k < 8; k++) {
        byte[] b = new byte[9];
        java.util.Arrays.fill(b, (byte) (c ^ 0xff));
        b[k + 1] = (byte) c;
        long found = Words.zeroBytes(Words.at(b, 1) ^ Words.repeated(c));
        assertThat(found).isEqualTo(0x80L << (8 * k));
        assertThat(Words.firstByte(found)).isEqualTo(k);
        assertThat(Words.lastByte(found)).isEqualTo(k);
      }
      assertThat(Words.zeroBytes(Words.repeated(c) ^ Words.repeated(c)))
          .isEqualTo(Words.HIGH_BITS);
      assertThat(Words.repeated(c) & 0xff).isEqualTo(c);
      assertThat(Words.repeated(c) >>> 56).isEqualTo(c);
    }
  }

  @Test
  void wordsAreReadFirstByteLowest() {
    byte[] b = {0, 1, 2, 3, 4, 5, 6, 7, 8, (byte) 0xff};
    assertThat(Words.at(b, 1)).isEqualTo(0x0807060504030201L);
    assertThat(Words.at(b, 2) >>> 56).isEqualTo(0xff);
  }
}
