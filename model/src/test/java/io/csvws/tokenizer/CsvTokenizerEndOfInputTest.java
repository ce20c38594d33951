package io.csvws.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.error.CsvwsException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The last record of an input, read into a buffer whose bytes past the input's end still hold
 * earlier records (as after every refill); and what a stream may do besides handing out bytes: read
 * nothing for a while, start in the middle of a file, be closed.
 */
class CsvTokenizerEndOfInputTest {
  private static final CsvSyntax RFC = CsvSyntax.of(',', '"');
  private static final CsvSyntax BACKSLASH = new CsvSyntax(',', '"', '\\', -1, false);
  private static final CsvSyntax TRIM = new CsvSyntax(',', '"', -1, -1, true);

  /** One record: fields shown in quotes when quoted, their flags, and where the record lies. */
  private record Read(List<String> fields, List<Integer> flags, long number, long offset,
      long endOffset, int fieldCount) {
  }

  private static List<Read> read(InputStream in, CsvSyntax syntax, int maxRecordBytes) {
    List<Read> out = new ArrayList<>();
    FieldText f = FieldText.of(syntax);
    try (CsvTokenizer t = new CsvTokenizer(in, "t.csv", syntax, null, maxRecordBytes)) {
      while (t.next()) {
        List<String> fields = new ArrayList<>();
        List<Integer> flags = new ArrayList<>();
        for (int k = 0; k < t.reportedCount(); k++) {
          f.load(t, k);
          String v = f.decode(StandardCharsets.UTF_8);
          fields.add(f.quoted() ? "\"" + v + "\"" : v);
          flags.add(t.flags(k));
        }
        out.add(new Read(fields, flags, t.recordNumber(), t.recordOffset(), t.endOffset(),
            t.fieldCount()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Hands out each of its parts in one read, then reports the end. */
  private static final class PartsInputStream extends InputStream {
    private final byte[][] parts;
    private int next;

    PartsInputStream(byte[]... parts) {
      this.parts = parts;
    }

    @Override
    public int read() {
      throw new UnsupportedOperationException("the tokenizer reads blocks");
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (next >= parts.length) {
        return -1;
      }
      byte[] p = parts[next++];
      if (p.length > len) {
        throw new IllegalStateException("part larger than the buffer's room");
      }
      System.arraycopy(p, 0, b, off, p.length);
      return p.length;
    }
  }

  static Stream<Arguments> lastRecords() {
    return Stream.of(
        Arguments.of("rfc", "a,\"q\"", List.of("a", "\"q\""), List.of(0, 1)),
        Arguments.of("rfc", "a,\"q\"\"r\"", List.of("a", "\"q\"r\""), List.of(0, 3)),
        Arguments.of("rfc", "a,\"q\"x", List.of("a", "\"qx\""), List.of(0, 5)),
        Arguments.of("rfc", "a\r", List.of("a"), List.of(0)),
        Arguments.of("rfc", "a\n\r", List.of("a"), List.of(0)),
        Arguments.of("rfc", "a\n\r\r", List.of("a"), List.of(0)),
        Arguments.of("trim", "a,   ", List.of("a", ""), List.of(0, 0)),
        Arguments.of("trim", "a, \"q\"  ", List.of("a", "\"q\""), List.of(0, 1)),
        Arguments.of("trim", "a, \"q\"\"\"  ", List.of("a", "\"q\"\""), List.of(0, 3)),
        Arguments.of("backslash", "a,\"q\\\"r\"", List.of("a", "\"q\"r\""), List.of(0, 3)));
  }

  /**
   * A last record read after a longer one whose bytes are left in the buffer past the input's end
   * (a run of {@code stale} bytes) reads as it does alone: nothing past the end is looked at.
   * Read alone, its fields (in quotes when quoted) and flags are those given.
   */
  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("lastRecords")
  void theLastRecordReadsAsAloneWhateverTheBufferHeldBefore(String syntaxName, String tail,
      List<String> fields, List<Integer> flags) {
    CsvSyntax syntax = switch (syntaxName) {
      case "trim" -> TRIM;
      case "backslash" -> BACKSLASH;
      default -> RFC;
    };
    byte[] t = utf8(tail);

    List<Read> alone = read(new ByteArrayInputStream(t), syntax, 1024);
    assertThat(alone).hasSize(1);
    assertThat(alone.get(0).fields()).isEqualTo(fields);
    assertThat(alone.get(0).flags()).isEqualTo(flags);

    for (char stale : new char[] {' ', 'x', '"', '\n', '\r', ',', '\\'}) {
      byte[] before = utf8("p,q" + String.valueOf(stale).repeat(200) + "\n");
      List<Read> records = read(new PartsInputStream(before, t), syntax, 1024);
      Read last = records.get(records.size() - 1);

      assertThat(last.fields()).as("after %s", (int) stale).isEqualTo(fields);
      assertThat(last.flags()).as("after %s", (int) stale).isEqualTo(flags);
      assertThat(last.offset()).isEqualTo(before.length);
      assertThat(last.endOffset()).isEqualTo(alone.get(0).endOffset() + before.length);
    }
  }

  /** Blank lines ended by lone CRs, each a refill apart, keep the buffer at one record. */
  @Test
  void blankCrLinesDoNotGrowTheBuffer() {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      s.append("r,").append(i).append("\r\r");
    }
    List<Read> records = read(new ByteArrayInputStream(utf8(s.toString())), RFC, 64);

    assertThat(records).hasSize(2000);
    assertThat(records.get(1999).fields()).containsExactly("r", "1999");
    assertThat(records.get(1999).number()).isEqualTo(2000);
  }

  /**
   * A record over the bound that still fits the buffer is refused with its own start, also after
   * refills (the buffer's offset in the stream plus the record's in the buffer).
   */
  @Test
  void aRecordOverTheBoundFoundWholeNamesItsOffsetAfterRefills() {
    byte[] bytes = utf8("abc\n".repeat(600) + "q".repeat(150) + "\nafter\n");

    assertThatThrownBy(() -> read(new ByteArrayInputStream(bytes), RFC, 100))
        .isInstanceOf(CsvwsException.class)
        .hasMessageContaining("record 601 starting at byte offset 2400 is larger than the limit "
            + "of 100 bytes.");
  }

  /** A stream may return no bytes without being at its end. */
  @Test
  void readsThatReturnNothingAreNotTheEnd() {
    byte[] bytes = utf8("id,name\n1,\"a,b\"\n2,c\n");
    InputStream sometimesNothing = new InputStream() {
      private int pos;
      private boolean nothing = true;

      @Override
      public int read() {
        throw new UnsupportedOperationException();
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (pos >= bytes.length) {
          return -1;
        }
        nothing = !nothing;
        if (!nothing) {
          return 0;
        }
        int n = Math.min(3, bytes.length - pos);
        System.arraycopy(bytes, pos, b, off, n);
        pos += n;
        return n;
      }
    };

    assertThat(read(sometimesNothing, RFC, 1024)).extracting(Read::fields).containsExactly(
        List.of("id", "name"), List.of("1", "\"a,b\""), List.of("2", "c"));
  }

  /** More fields than the first guess of room, the last one empty after a final delimiter. */
  @ParameterizedTest(name = "{0} fields")
  @ValueSource(ints = {16, 17, 18, 33})
  void aFinalDelimiterAddsAnEmptyFieldToAWideRecord(int fields) {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < fields - 1; i++) {
      s.append('f').append(i).append(',');
    }
    List<Read> records = read(new ByteArrayInputStream(utf8(s.toString())), RFC, 1024);

    assertThat(records).hasSize(1);
    assertThat(records.get(0).fieldCount()).isEqualTo(fields);
    assertThat(records.get(0).fields()).hasSize(fields).endsWith("f" + (fields - 2), "");
  }

  @Test
  void resumingMidFileKeepsTheFilesOffsetsAndRecordNumbers() throws IOException {
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(utf8("x,1\ny,2\n")),
        "t.csv", RFC, null, 1024)) {
      t.skipLines(3);
      t.resumeAt(5000, 41);
      assertThat(t.next()).isTrue();
      assertThat(t.recordNumber()).as("lines to skip are dropped").isEqualTo(42);
      assertThat(t.recordOffset()).isEqualTo(5000);
      assertThat(t.endOffset()).isEqualTo(5004);
      assertThat(t.next()).isTrue();
      assertThat(t.recordNumber()).isEqualTo(43);
      assertThat(t.recordOffset()).isEqualTo(5004);
      assertThat(t.source()).isEqualTo("t.csv");
      assertThatThrownBy(() -> t.resumeAt(0, 0)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> t.skipLines(1)).isInstanceOf(IllegalStateException.class);
    }
  }

  /** A first read that failed has read bytes: the start can no longer be declared. */
  @Test
  void resumingAfterAFailedFirstReadIsRefused() throws IOException {
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(utf8("\"open")), "t.csv",
        RFC, null, 1024)) {
      assertThatThrownBy(t::next).isInstanceOf(CsvwsException.class);
      assertThat(t.recordNumber()).isZero();
      assertThatThrownBy(() -> t.resumeAt(10, 1)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> t.skipLines(1)).isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void closingTheTokenizerClosesItsStream() throws IOException {
    boolean[] closed = {false};
    InputStream in = new ByteArrayInputStream(utf8("a\n")) {
      @Override
      public void close() {
        closed[0] = true;
      }
    };
    new CsvTokenizer(in, "t.csv", RFC, null, 1024).close();

    assertThat(closed[0]).isTrue();
  }

  /** Any byte can structure a file, NUL included: -1, not 0, means "none". */
  @Test
  void nulCanBeTheQuoteTheEscapeOrTheComment() {
    CsvSyntax nulQuote = new CsvSyntax(',', 0, -1, -1, false);
    assertThat(read(new ByteArrayInputStream(utf8("a,\0x,y\0\n")), nulQuote, 1024))
        .extracting(Read::fields).containsExactly(List.of("a", "\"x,y\""));

    CsvSyntax nulEscape = new CsvSyntax(',', '"', 0, -1, false);
    assertThat(read(new ByteArrayInputStream(utf8("\"a\0\"b\",c\n")), nulEscape, 1024))
        .extracting(Read::fields).containsExactly(List.of("\"a\"b\"", "c"));

    CsvSyntax nulComment = new CsvSyntax(',', '"', -1, 0, false);
    assertThat(read(new ByteArrayInputStream(utf8("\0a,b\nc,d\n")), nulComment, 1024))
        .extracting(Read::fields).containsExactly(List.of("c", "d"));
  }

  @Test
  void theDelimiterIsAnyAsciiCharacter() {
    CsvSyntax del = CsvSyntax.of('\u007f', '"');
    assertThat(read(new ByteArrayInputStream(utf8("a\u007fb\n")), del, 1024))
        .extracting(Read::fields).containsExactly(List.of("a", "b"));
    assertThatThrownBy(() -> CsvSyntax.of('\u0080', '"'))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> CsvSyntax.of('é', '"'))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** An unquoted field is a view of the tokenizer's buffer; an escaped one a copy. */
  @Test
  void fieldTextIsAViewOrACopy() throws IOException {
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(utf8("abc,\"de\",\"f\"\"g\"\n")),
        "t.csv", RFC, null, 1024)) {
      assertThat(t.next()).isTrue();
      FieldText f = new FieldText('"');

      f.load(t, 0);
      assertThat(f.bytes()).isSameAs(t.buffer());
      assertThat(f.from()).isEqualTo(0);
      assertThat(f.to()).isEqualTo(3);
      assertThat(f.length()).isEqualTo(3);
      assertThat(f.quoted()).isFalse();

      f.load(t, 1);
      assertThat(f.bytes()).isSameAs(t.buffer());
      assertThat(f.from()).isEqualTo(5);
      assertThat(f.to()).isEqualTo(7);
      assertThat(f.length()).isEqualTo(2);
      assertThat(f.quoted()).isTrue();

      f.load(t, 2);
      assertThat(f.bytes()).isNotSameAs(t.buffer());
      assertThat(f.from()).isZero();
      assertThat(f.length()).isEqualTo(3);
      assertThat(new String(f.bytes(), f.from(), f.length(), StandardCharsets.UTF_8))
          .isEqualTo("f\"g");
    }
  }
}
