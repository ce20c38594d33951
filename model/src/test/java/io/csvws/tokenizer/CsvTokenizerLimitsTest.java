package io.csvws.tokenizer;

import static io.csvws.tokenizer.TokenizerRun.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.tokenizer.TokenizerRun.Rec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Malformed input fails with the place instead of reading on: a quote that never closes, a record
 * over the size bound. Neither may be mistaken for the other or let the buffer grow past the bound.
 */
class CsvTokenizerLimitsTest {
  private static final int LIMIT = 1024;

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private static CsvwsException failure(InputStream in, int maxRecordBytes) {
    CsvwsException e = catchThrowableOfType(CsvwsException.class,
        () -> read(in, (byte) ',', '"', null, maxRecordBytes));
    assertThat(e).as("expected a CsvwsException").isNotNull();
    assertThat(e.code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    assertThat(e.getMessage()).startsWith("test.csv: ");
    return e;
  }

  @Test
  void unterminatedQuoteNamesTheByteOffsetWhereItOpened() {
    byte[] bytes = ascii("a,b\nc,\"unclosed\nmore,rows\nand more\n");

    CsvwsException e = failure(new ByteArrayInputStream(bytes), 1 << 20);

    assertThat(e.getMessage()).contains("opened at byte offset 6").contains("record 2")
        .contains("never closed").contains("quote=none");
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5})
  void unterminatedQuoteAfterManyBufferRefillsStillNamesItsOffset(long seed) {
    GeneratedCsv before = new GeneratedCsv(seed, 100_000, 20);
    long records = before.records.size();
    byte[] tail = ascii("x,\"no end\nof this");
    byte[] bytes = new byte[before.bytes.length + tail.length];
    System.arraycopy(before.bytes, 0, bytes, 0, before.bytes.length);
    System.arraycopy(tail, 0, bytes, before.bytes.length, tail.length);

    for (InputStream in : List.of(new ByteArrayInputStream(bytes),
        new TrickleInputStream(bytes, seed))) {
      CsvwsException e = failure(in, 1 << 20);

      assertThat(e.getMessage()).contains("opened at byte offset " + (before.bytes.length + 2))
          .contains("(record " + (records + 1) + ")");
    }
  }

  @Test
  void recordOverTheLimitNamesItsStart() {
    byte[] bytes = ascii("ok\n" + "x".repeat(5000) + "\nnext\n");

    CsvwsException e = failure(new ByteArrayInputStream(bytes), LIMIT);

    assertThat(e.getMessage()).contains("record 2 starting at byte offset 3")
        .contains("larger than the limit of 1024 bytes").doesNotContain("quoted field");
  }

  @Test
  void recordOverTheLimitNamesTheQuoteStillOpen() {
    byte[] bytes = ascii("ok\na,\"" + "y".repeat(5000) + "\"\nnext\n");

    CsvwsException e = failure(new ByteArrayInputStream(bytes), LIMIT);

    assertThat(e.getMessage()).contains("record 2 starting at byte offset 3")
        .contains("A quoted field opened at byte offset 5 and not yet closed");
  }

  @Test
  void recordOverTheLimitFarIntoTheInput() {
    String prefix = "abc\n".repeat(50_000);
    byte[] bytes = ascii(prefix + "\"" + "y".repeat(3000) + "\"\n");

    CsvwsException e = failure(new ByteArrayInputStream(bytes), LIMIT);

    assertThat(e.getMessage()).contains("record 50001 starting at byte offset 200000")
        .contains("quoted field opened at byte offset 200000");
  }

  /** The bound is on the record; its line end does not count, nor does the end of input. */
  static Stream<Arguments> recordsAtTheLimit() {
    String exact = "z".repeat(LIMIT);
    return Stream.of(
        Arguments.of("exactly the limit, LF", exact + "\nnext\n"),
        Arguments.of("exactly the limit, CRLF", exact + "\r\nnext\n"),
        Arguments.of("exactly the limit, CR", exact + "\rnext\n"),
        Arguments.of("exactly the limit, end of input", exact),
        Arguments.of("quoted, exactly the limit", "\"" + "q".repeat(LIMIT - 2) + "\"\r\n"),
        Arguments.of("after a first record", "a\n" + exact + "\r\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("recordsAtTheLimit")
  void aRecordOfExactlyTheLimitIsRead(String name, String text) {
    byte[] bytes = ascii(text);
    for (InputStream in : List.of(new ByteArrayInputStream(bytes),
        new TrickleInputStream(bytes, 42))) {
      List<Rec> records = read(in, (byte) ',', '"', null, LIMIT);

      assertThat(records.stream().mapToLong(r -> r.endOffset() - r.offset()).max().getAsLong())
          .isGreaterThanOrEqualTo(LIMIT);
    }
  }

  static Stream<Arguments> recordsOverTheLimit() {
    String over = "z".repeat(LIMIT + 1);
    return Stream.of(
        Arguments.of("one byte over, LF", over + "\nnext\n"),
        Arguments.of("one byte over, CRLF", over + "\r\n"),
        Arguments.of("one byte over, end of input", over),
        Arguments.of("quoted, one byte over", "\"" + "q".repeat(LIMIT - 1) + "\"\n"),
        Arguments.of("after a first record", "a\n" + over + "\r\n"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("recordsOverTheLimit")
  void aRecordOneByteOverTheLimitFails(String name, String text) {
    byte[] bytes = ascii(text);
    for (InputStream in : List.of(new ByteArrayInputStream(bytes),
        new TrickleInputStream(bytes, 42))) {
      assertThat(failure(in, LIMIT).getMessage())
          .contains("larger than the limit of 1024 bytes");
    }
  }

  /** Reading stops at the bound: the buffer never holds much more than one allowed record. */
  @Test
  void theBufferNeverGrowsPastTheBound() throws IOException {
    byte[] bytes = ascii("\"" + "w".repeat(10 * LIMIT));
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(bytes), "test.csv",
        (byte) ',', '"', null, 4 * LIMIT)) {
      assertThatThrownBy(t::next).isInstanceOf(CsvwsException.class)
          .hasMessageContaining("larger than the limit of 4096 bytes");
      assertThat(t.buffer().length).isLessThanOrEqualTo(4 * LIMIT + 2);
    }
  }

  @Test
  void quoteNoneReadsQuotesAsOrdinaryBytes() {
    byte[] bytes = ascii("a\"b,\"c\"\n\"d,e\"\"\n\"never closed");

    List<Rec> records = read(new ByteArrayInputStream(bytes), (byte) ',', -1, null, LIMIT);

    assertThat(TokenizerRun.values(records)).containsExactly(
        List.of("a\"b", "\"c\""), List.of("\"d", "e\"\""), List.of("\"never closed"));
    assertThat(records).allSatisfy(r -> assertThat(r.fields()).allSatisfy(
        f -> assertThat(f.flags()).isZero()));
  }

  /** With no quote byte, 0xFF must not act as one (a sign-extended -1 would match it). */
  @Test
  void quoteNoneWithFfBytes() throws IOException {
    byte[] bytes = {(byte) 0xFF, 'a', ',', 'b', (byte) 0xFF, '\n', (byte) 0xFF, ',',
        (byte) 0xFF, (byte) 0xFF, '\n', (byte) 0xFF};
    String[][] expected = {{"ÿa", "bÿ"}, {"ÿ", "ÿÿ"}, {"ÿ"}};
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(bytes), "test.csv",
        (byte) ',', -1, null, LIMIT)) {
      FieldText text = new FieldText(-1);
      for (String[] record : expected) {
        assertThat(t.next()).isTrue();
        assertThat(t.reportedCount()).isEqualTo(record.length);
        for (int k = 0; k < record.length; k++) {
          text.load(t, k);
          assertThat(t.flags(k)).isZero();
          assertThat(text.decode(StandardCharsets.ISO_8859_1)).isEqualTo(record[k]);
        }
      }
      assertThat(t.next()).isFalse();
    }
  }

  @Test
  void ffBytesAreDataWithADoubleQuoteToo() {
    byte[] bytes = {'"', (byte) 0xFF, ',', '"', ',', (byte) 0xFF, '\n'};

    List<Rec> records = read(new ByteArrayInputStream(bytes), (byte) ',', '"', null, LIMIT);

    assertThat(records).hasSize(1);
    assertThat(records.get(0).fieldCount()).isEqualTo(2);
    assertThat(records.get(0).fields().get(0).quoted()).isTrue();
  }
}
