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
import org.junit.jupiter.api.Test;

/**
 * Inputs whose meaning hangs on one byte next to a buffer refill (an escape, a CR before its LF, a
 * run of spaces), read with the first read ending at every position in turn: each cut must give
 * the records, quoting and offsets of the input read whole.
 */
class CsvTokenizerCutTest {
  private static final CsvSyntax RFC = CsvSyntax.of(',', '"');
  private static final CsvSyntax BACKSLASH = new CsvSyntax(',', '"', '\\', -1, false);
  private static final CsvSyntax TRIM = new CsvSyntax(',', '"', -1, -1, true);

  /** One record as read: each field shown in quotes when it was quoted, and where it lies. */
  private record Read(List<String> fields, long offset, long endOffset, int fieldCount) {
  }

  private static List<Read> read(InputStream in, CsvSyntax syntax, int skipLines) {
    List<Read> out = new ArrayList<>();
    FieldText f = FieldText.of(syntax);
    try (CsvTokenizer t = new CsvTokenizer(in, "t.csv", syntax, null, 1024)) {
      t.skipLines(skipLines);
      while (t.next()) {
        List<String> fields = new ArrayList<>();
        for (int k = 0; k < t.reportedCount(); k++) {
          f.load(t, k);
          String v = f.decode(StandardCharsets.UTF_8);
          fields.add(f.quoted() ? "\"" + v + "\"" : v);
        }
        out.add(new Read(fields, t.recordOffset(), t.endOffset(), t.fieldCount()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Reads {@code text} whole, then cut after every byte; all reads must agree. */
  private static List<Read> readAtEveryCut(String text, CsvSyntax syntax, int skipLines) {
    byte[] b = text.getBytes(StandardCharsets.UTF_8);
    List<Read> whole = read(new ByteArrayInputStream(b), syntax, skipLines);
    for (int cut = 1; cut < b.length; cut++) {
      assertThat(read(new CutInputStream(b, cut), syntax, skipLines))
          .as("first read ends after byte %d", cut).isEqualTo(whole);
    }
    return whole;
  }

  private static List<List<String>> fields(List<Read> records) {
    return records.stream().map(Read::fields).toList();
  }

  @Test
  void aFieldOfOnlySpacesUnderTrimmingIsAnEmptyUnquotedField() {
    List<Read> records = readAtEveryCut("a,   ,b\n   \n x ,    \n  \"\"  ,\"  \"", TRIM, 0);

    assertThat(fields(records)).containsExactly(List.of("a", "", "b"), List.of(""),
        List.of("x", ""), List.of("\"\"", "\"  \""));
  }

  @Test
  void aFieldOfOnlySpacesAtTheEndOfInputIsEmpty() {
    assertThat(fields(readAtEveryCut("a,  ", TRIM, 0))).containsExactly(List.of("a", ""));
    assertThat(fields(readAtEveryCut("  ", TRIM, 0))).containsExactly(List.of(""));
  }

  @Test
  void trimmingKeepsBytesAfterAClosingQuoteAsPartOfTheValue() {
    List<Read> records = readAtEveryCut(" \"a\"  x ,b\n", TRIM, 0);

    assertThat(fields(records)).containsExactly(List.of("\"a  x \"", "b"));
  }

  @Test
  void aBackslashEscapeAsTheLastByteBeforeARefill() {
    List<Read> records = readAtEveryCut("\"ab\\\"c\\\\\",d\n\"\\,\",\"e\\\n\"\n", BACKSLASH, 0);

    assertThat(fields(records)).containsExactly(List.of("\"ab\"c\\\"", "d"),
        List.of("\",\"", "\"e\n\""));
  }

  @Test
  void aBackslashEscapeAsTheLastByteOfTheInputIsAnUnterminatedQuote() {
    byte[] b = "x\n\"ab\\".getBytes(StandardCharsets.UTF_8);
    for (int cut = 1; cut < b.length; cut++) {
      int at = cut;
      assertThatThrownBy(() -> read(new CutInputStream(b, at), BACKSLASH, 0))
          .isInstanceOf(CsvwsException.class)
          .hasMessageContaining("byte offset 2 (record 2) is never closed");
    }
  }

  @Test
  void skippingTwoLinesWithACrlfSplitAcrossARefill() {
    List<Read> records = readAtEveryCut("t1\r\nt2\r\na,b\r\n1,2\r\n", RFC, 2);

    assertThat(fields(records)).containsExactly(List.of("a", "b"), List.of("1", "2"));
    assertThat(records.get(0).offset()).isEqualTo(8);
    assertThat(records.get(1).offset()).isEqualTo(13);
  }

  @Test
  void skippingThreeLinesEndedByLoneCrs() {
    List<Read> records = readAtEveryCut("t1\rt2\r\rx\ry\r", RFC, 3);

    assertThat(fields(records)).containsExactly(List.of("x"), List.of("y"));
    assertThat(records.get(0).offset()).isEqualTo(7);
  }

  @Test
  void skippedLinesEndingAtTheEndOfInputLeaveNoRecord() {
    assertThat(readAtEveryCut("t1\r\nt2", RFC, 2)).isEmpty();
    assertThat(readAtEveryCut("t1\r", RFC, 2)).isEmpty();
  }

  @Test
  void whetherAFieldWasQuotedTellsTheEmptyStringFromNull() {
    List<Read> records = readAtEveryCut("\"\",,\"a\"\"b\",\"x\"y,z\n,\"\"\n", RFC, 0);

    assertThat(fields(records)).containsExactly(
        List.of("\"\"", "", "\"a\"b\"", "\"xy\"", "z"), List.of("", "\"\""));
  }

  @Test
  void lineEndsMixingLfCrAndCrlfEachEndOneRecord() {
    List<Read> records = readAtEveryCut("a\rb\nc\r\nd\n\re\r\r\nf", RFC, 0);

    assertThat(fields(records)).containsExactly(List.of("a"), List.of("b"), List.of("c"),
        List.of("d"), List.of("e"), List.of("f"));
    assertThat(records).extracting(Read::offset).containsExactly(0L, 2L, 4L, 7L, 10L, 14L);
    assertThat(records).extracting(Read::endOffset).containsExactly(2L, 4L, 7L, 9L, 12L, 15L);
  }

  @Test
  void aQuotedFieldEndedByACrSplitFromItsLf() {
    List<Read> records = readAtEveryCut("\"a\"\r\n\"b\"\r\"c\"", RFC, 0);

    assertThat(fields(records)).containsExactly(List.of("\"a\""), List.of("\"b\""),
        List.of("\"c\""));
    assertThat(records).extracting(Read::endOffset).containsExactly(5L, 9L, 12L);
  }

  @Test
  void aDelimiterAsTheLastByteEndsTheRecordWithAnEmptyField() {
    List<Read> records = readAtEveryCut("a,b\nc,", RFC, 0);

    assertThat(fields(records)).containsExactly(List.of("a", "b"), List.of("c", ""));
    assertThat(records.get(1).fieldCount()).isEqualTo(2);
  }

  /** The first read returns the bytes before {@code cut}; later reads return the rest. */
  static final class CutInputStream extends InputStream {
    private final byte[] data;
    private final int cut;
    private int pos;

    CutInputStream(byte[] data, int cut) {
      this.data = data;
      this.cut = cut;
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
      int n = Math.min(len, (pos < cut ? cut : data.length) - pos);
      System.arraycopy(data, pos, b, off, n);
      pos += n;
      return n;
    }
  }
}
