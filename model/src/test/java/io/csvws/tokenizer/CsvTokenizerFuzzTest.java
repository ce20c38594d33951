package io.csvws.tokenizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random bytes (NUL, lone CR, stray quotes, 0xFF, delimiters) through the tokenizer with a small
 * record bound, against {@link ReferenceTokenizer}: it never hangs, throws nothing but
 * {@link CsvwsException}, keeps its buffer within the bound, and reports exactly the records the
 * rules give, up to the first record it must refuse.
 */
class CsvTokenizerFuzzTest {
  private static final int CASES = 4000;
  private static final byte[] ALPHABET = {'a', 'b', ' ', ',', ',', '"', '"', '\n', '\r', 0,
      (byte) 0xFF, (byte) 0x80, ';', '\t'};

  @Test
  void randomBytesNeverHangCrashOrOutgrowTheBound() {
    assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
      for (long seed = 0; seed < CASES; seed++) {
        fuzzOne(seed);
      }
    });
  }

  private static void fuzzOne(long seed) throws IOException {
    Random r = new Random(seed);
    byte[] bytes = new byte[r.nextInt(r.nextInt(10) == 0 ? 8000 : 600)];
    // Some inputs are mostly one byte, so long runs (a huge quoted field, many blank lines) occur.
    byte bias = ALPHABET[r.nextInt(ALPHABET.length)];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = r.nextInt(3) == 0 ? bias : ALPHABET[r.nextInt(ALPHABET.length)];
    }
    byte delimiter = r.nextInt(4) == 0 ? (byte) ';' : (byte) ',';
    int quote = r.nextInt(5) == 0 ? -1 : '"';
    int maxRecordBytes = r.nextBoolean() ? 300 : 1024;
    int[] wanted = r.nextInt(3) == 0 ? null : randomWanted(r);
    InputStream in = r.nextBoolean() ? new TrickleInputStream(bytes, seed)
        : new ByteArrayInputStream(bytes);
    String context = "seed " + seed + (seed % 2 == 1 ? ", words gathered" : "") + ", input "
        + Arrays.toString(bytes);

    ReferenceTokenizer.Result expected = ReferenceTokenizer.tokenize(bytes, delimiter, quote);
    int bound = Math.max(1024, maxRecordBytes + 2);
    List<ReferenceTokenizer.Record> read = new ArrayList<>();
    CsvwsException failure = null;
    // Odd seeds gather words byte by byte, as a read of a few records does.
    try (CsvTokenizer t = new CsvTokenizer(in, "fuzz.csv",
        CsvSyntax.of((char) delimiter, quote), wanted, maxRecordBytes, seed % 2 == 1)) {
      try {
        while (t.next()) {
          assertThat(t.buffer().length).as(context).isLessThanOrEqualTo(bound);
          assertThat(read.size()).as(context).isLessThan(expected.records().size());
          ReferenceTokenizer.Record ref = expected.records().get(read.size());
          assertSameRecord(t, ref, wanted, quote, context);
          read.add(ref);
        }
      } catch (CsvwsException e) {
        failure = e;
      } catch (RuntimeException | Error e) {
        fail(context + ": unexpected " + e, e);
      }
      assertThat(t.buffer().length).as(context).isLessThanOrEqualTo(bound);
    }

    int tooLarge = -1;
    for (int i = 0; i < expected.records().size(); i++) {
      ReferenceTokenizer.Record rec = expected.records().get(i);
      if (rec.contentEnd() - rec.start() > maxRecordBytes) {
        tooLarge = i;
        break;
      }
    }
    if (tooLarge >= 0) {
      assertThat(failure).as(context + ": a record over the bound").isNotNull();
      assertThat(read).as(context).hasSize(tooLarge);
      assertThat(failure.getMessage()).as(context).contains("record " + (tooLarge + 1)
          + " starting at byte offset " + expected.records().get(tooLarge).start()
          + " is larger than the limit of " + maxRecordBytes + " bytes");
    } else if (expected.unterminatedQuoteAt() >= 0) {
      assertThat(failure).as(context + ": an unterminated quote").isNotNull();
      assertThat(read).as(context).hasSize(expected.records().size());
      String recordNo = "record " + (expected.records().size() + 1);
      if (bytes.length - expected.unterminatedRecordStart() <= maxRecordBytes) {
        assertThat(failure.getMessage()).as(context).contains(
            "opened at byte offset " + expected.unterminatedQuoteAt() + " (" + recordNo + ")");
      } else {
        // The rest of the input is over the bound too: either error is right, naming the quote.
        assertThat(failure.getMessage()).as(context)
            .contains("byte offset " + expected.unterminatedQuoteAt()).contains(recordNo);
      }
    } else {
      assertThat(failure).as(context).isNull();
      assertThat(read).as(context).hasSize(expected.records().size());
    }
    if (failure != null) {
      assertThat(failure.code()).isEqualTo(ErrorCode.FILE_READ_FAILED);
    }
  }

  private static void assertSameRecord(CsvTokenizer t, ReferenceTokenizer.Record ref,
      int[] wanted, int quote, String context) {
    int count = ref.values().size();
    assertThat(t.fieldCount()).as(context).isEqualTo(count);
    assertThat(t.recordOffset()).as(context).isEqualTo(ref.start());
    assertThat(t.endOffset()).as(context).isEqualTo(ref.end());
    FieldText text = new FieldText(quote);
    int k = 0;
    for (int field = 0; field < count; field++) {
      if (wanted != null && Arrays.binarySearch(wanted, field) < 0) {
        continue;
      }
      text.load(t, k);
      assertThat(t.flags(k)).as(context + ", field " + field).isEqualTo(ref.flags().get(field));
      assertThat(Arrays.copyOfRange(text.bytes(), text.from(), text.to()))
          .as(context + ", field " + field).isEqualTo(ref.values().get(field));
      k++;
    }
    assertThat(t.reportedCount()).as(context).isEqualTo(k);
  }

  private static int[] randomWanted(Random r) {
    return r.ints(r.nextInt(5), 0, 12).sorted().distinct().toArray();
  }
}
