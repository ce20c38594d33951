package io.csvws.tokenizer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Eight bytes of an array as one {@code long}, first byte lowest, and the bit tricks that find
 * given bytes in all eight at once. Loops over whole files and samples use them to step over
 * runs of uninteresting bytes: fewer iterations when compiled, and far fewer while interpreted.
 */
public final class Words {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
  /** The high bit of every byte. */
  public static final long HIGH_BITS = ~LOW7;

  private Words() {
  }

  /** Bytes {@code b[i..i+8)}; the caller ensures {@code i + 8 <= b.length}. */
  public static long at(byte[] b, int i) {
    return (long) LONGS.get(b, i);
  }

  /** {@code value} (a byte, 0-255) in each of the eight bytes. */
  public static long repeated(int value) {
    return (value & 0xFFL) * ONES;
  }

  /**
   * The high bit of every byte of {@code x} that is zero, and nothing else: exact per byte, unlike
   * the shorter borrow trick, so the bits can be counted. {@code zeroBytes(word ^ repeated(c))}
   * marks the bytes equal to c.
   */
  public static long zeroBytes(long x) {
    long t = (x & LOW7) + LOW7;
    return ~(t | x | LOW7);
  }

  /** The index (0-7) of the byte of the lowest bit set in a mask from {@link #zeroBytes}. */
  public static int firstByte(long mask) {
    return Long.numberOfTrailingZeros(mask) >>> 3;
  }

  /** The index (0-7) of the byte of the highest bit set in a mask from {@link #zeroBytes}. */
  public static int lastByte(long mask) {
    return (63 - Long.numberOfLeadingZeros(mask)) >>> 3;
  }
}
