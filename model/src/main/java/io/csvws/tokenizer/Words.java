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
  /**
   * The view, made on the first {@link #at} and not by the masks' helpers: making and linking it
   * is milliseconds of a fresh JVM (on JDK 17 its class makes the JVM's first lambda), which a
   * tokenizer reading a few records, which gathers its words byte by byte, never needs.
   */
  private static final class Longs {
    static final VarHandle VIEW =
        MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  }

  private static final long ONES = 0x0101010101010101L;
  private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
  /** The high bit of every byte. */
  public static final long HIGH_BITS = ~LOW7;

  private Words() {
  }

  /** Bytes {@code b[i..i+8)}; the caller ensures {@code i + 8 <= b.length}. */
  public static long at(byte[] b, int i) {
    return (long) Longs.VIEW.get(b, i);
  }

  /**
   * Bytes {@code b[i..i+8)} as {@link #at} gives them, from eight single-byte reads: slower once
   * compiled, but it needs no view handle, and interpreted it is a few array loads where the view
   * is several calls.
   */
  public static long gather(byte[] b, int i) {
    return (b[i] & 0xFFL) | (b[i + 1] & 0xFFL) << 8 | (b[i + 2] & 0xFFL) << 16
        | (b[i + 3] & 0xFFL) << 24 | (b[i + 4] & 0xFFL) << 32 | (b[i + 5] & 0xFFL) << 40
        | (b[i + 6] & 0xFFL) << 48 | (b[i + 7] & 0xFFL) << 56;
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
