package io.csvws.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link EntryReader} reads back what a {@link DataOutputStream} wrote, number by number, with the
 * extreme values whose bytes have their high bit set, and stops at its end.
 */
class EntryReaderTest {
  /** What {@code write} puts in a DataOutputStream, followed by two bytes past the reader's end. */
  private interface Writes {
    void to(DataOutputStream out) throws IOException;
  }

  private static EntryReader reader(Writes write) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    write.to(out);
    int end = bytes.size();
    out.write(new byte[] {0x7f, 0x7f});
    return new EntryReader(bytes.toByteArray(), end);
  }

  @Test
  void numbersComeBackAsTheyWereWritten() throws IOException {
    long[] longs = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x0123_4567_89AB_CDEFL,
        0xFEDC_BA98_7654_3210L, 0x8000_0000L, 0xFFFF_FFFFL};
    int[] ints = {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x1234_5678, 0x80FF_00FF,
        0x00FF_8001};
    char[] chars = {0, 'a', 0x7f, 0x80, 0xff, 0x100, 0x8001, 0xFFFF, 0xFF00};
    double[] doubles = {0.0, -0.0, 1.5, -2.25e300, Double.MIN_VALUE, Double.NaN,
        Double.NEGATIVE_INFINITY};
    EntryReader in = reader(out -> {
      for (long v : longs) {
        out.writeLong(v);
      }
      for (int v : ints) {
        out.writeInt(v);
      }
      for (char v : chars) {
        out.writeChar(v);
      }
      for (double v : doubles) {
        out.writeDouble(v);
      }
      for (int v : new int[] {0, 1, 0x7f, 0x80, 0xff}) {
        out.writeByte(v);
      }
      out.writeBoolean(true);
      out.writeBoolean(false);
      out.writeByte(0x80);
    });

    for (long v : longs) {
      assertThat(in.readLong()).isEqualTo(v);
    }
    for (int v : ints) {
      assertThat(in.readInt()).isEqualTo(v);
    }
    for (char v : chars) {
      assertThat(in.readChar()).isEqualTo(v);
    }
    for (double v : doubles) {
      assertThat(Double.doubleToRawLongBits(in.readDouble()))
          .isEqualTo(Double.doubleToRawLongBits(v));
    }
    for (int v : new int[] {0, 1, 0x7f, 0x80, 0xff}) {
      assertThat(in.readUnsignedByte()).isEqualTo(v);
    }
    assertThat(in.readBoolean()).isTrue();
    assertThat(in.readBoolean()).isFalse();
    assertThat(in.readBoolean()).as("any byte but 0 is true").isTrue();
    assertThat(in.available()).isZero();
  }

  @Test
  void availableCountsWhatIsLeftBeforeTheEnd() throws IOException {
    EntryReader in = reader(out -> {
      out.writeInt(7);
      out.writeLong(8);
      out.writeByte(1);
    });

    assertThat(in.available()).isEqualTo(13);
    in.readInt();
    assertThat(in.available()).isEqualTo(9);
    in.readLong();
    assertThat(in.available()).isEqualTo(1);
  }

  /** A read that needs more bytes than are left fails, even when the array goes on. */
  @Test
  void aReadPastTheEndFails() throws IOException {
    EntryReader in = reader(out -> out.writeShort(0x0102));

    assertThatThrownBy(in::readInt).isInstanceOf(EOFException.class);
    assertThatThrownBy(in::readLong).isInstanceOf(EOFException.class);
    assertThatThrownBy(() -> in.string(3)).isInstanceOf(EOFException.class);
    assertThatThrownBy(() -> in.repeatedString(3, 0)).isInstanceOf(EOFException.class);
    assertThat(in.available()).as("a failed read takes nothing").isEqualTo(2);
    assertThat(in.readChar()).isEqualTo((char) 0x0102);
    assertThatThrownBy(in::readUnsignedByte).isInstanceOf(EOFException.class);
    assertThatThrownBy(in::readBoolean).isInstanceOf(EOFException.class);
    assertThatThrownBy(in::readChar).isInstanceOf(EOFException.class);
  }

  @Test
  void stringsAreUtf8() throws IOException {
    byte[] text = "Zürich €".getBytes(StandardCharsets.UTF_8);
    EntryReader in = reader(out -> {
      out.write(text);
      out.write(text);
    });

    assertThat(in.string(text.length)).isEqualTo("Zürich €");
    assertThat(in.repeatedString(text.length, 3)).isEqualTo("Zürich €");
    assertThat(in.string(0)).isEmpty();
    assertThat(in.repeatedString(0, 0)).isEmpty();
    assertThat(in.available()).isZero();
  }

  @Test
  void aNegativeLengthIsRefused() throws IOException {
    EntryReader in = reader(out -> out.writeInt(1));

    assertThatThrownBy(() -> in.string(-1)).isInstanceOf(IOException.class)
        .isNotInstanceOf(EOFException.class).hasMessage("bad string length -1");
    assertThatThrownBy(() -> in.repeatedString(-2, 0)).isInstanceOf(IOException.class)
        .isNotInstanceOf(EOFException.class).hasMessage("bad string length -2");
  }

  /**
   * A string read again for the same slot is the same object; other bytes, another length or
   * another slot's last string are decoded anew, and a slot remembers only its last string.
   */
  @Test
  void aRepeatedStringIsSharedPerSlot() throws IOException {
    EntryReader in = reader(out -> {
      for (String s : new String[] {"INTEGER", "INTEGER", "DOUBLE_", "DOUBLE_", "INTEGER", "INT",
          "INT", "INTEGER", "INTEGER"}) {
        out.write(s.getBytes(StandardCharsets.US_ASCII));
      }
    });

    String a = in.repeatedString(7, 0);
    String b = in.repeatedString(7, 0);
    String c = in.repeatedString(7, 0);
    String d = in.repeatedString(7, 0);
    String e = in.repeatedString(7, 0);
    String f = in.repeatedString(3, 1);
    String g = in.repeatedString(3, 1);
    String h = in.repeatedString(7, 1);
    String i = in.repeatedString(7, 0);

    assertThat(new String[] {a, b, c, d, e, f, g, h, i}).containsExactly("INTEGER", "INTEGER",
        "DOUBLE_", "DOUBLE_", "INTEGER", "INT", "INT", "INTEGER", "INTEGER");
    assertThat(b).isSameAs(a);
    assertThat(d).isSameAs(c);
    assertThat(e).as("the slot's last string was another").isNotSameAs(a);
    assertThat(g).isSameAs(f);
    assertThat(h).as("another slot").isNotSameAs(e);
    assertThat(i).isSameAs(e);
  }

  /** A plain string read does not disturb what a slot remembers. */
  @Test
  void aPlainStringIsNeverShared() throws IOException {
    EntryReader in = reader(out -> {
      for (int k = 0; k < 3; k++) {
        out.write("abc".getBytes(StandardCharsets.US_ASCII));
      }
    });

    String a = in.repeatedString(3, 2);
    String b = in.string(3);
    String c = in.repeatedString(3, 2);

    assertThat(b).isEqualTo("abc").isNotSameAs(a);
    assertThat(c).isSameAs(a);
  }
}
