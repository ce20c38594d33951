package io.csvws.metadata;

import io.csvws.error.CsvwsException;
import io.csvws.scan.QueryDiagnostics;
import io.csvws.tokenizer.CsvSyntax;
import io.csvws.tokenizer.CsvTokenizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;

/**
 * Where the records of an inspection sample lie, found in one pass that reads no field, so that
 * the records can then be read in parts, on several threads. Immutable once found.
 */
final class SampleRecords {
  private static final int[] NO_FIELDS = {};

  /** {@code starts[r]}: offset of record r in the sample; {@code starts[count]}: end of the last. */
  private final int[] starts;
  private final int count;
  private final boolean reachedEnd;
  private final CsvwsException failure;

  private SampleRecords(int[] starts, int count, boolean reachedEnd, CsvwsException failure) {
    this.starts = starts;
    this.count = count;
    this.reachedEnd = reachedEnd;
    this.failure = failure;
  }

  /**
   * The records of {@code sample} after {@code skipLines} lines, at most {@code limit}. When the
   * sample is not the whole file, a last record that may be cut short is left out.
   */
  static SampleRecords find(byte[] sample, boolean complete, String source, CsvSyntax syntax,
      int skipLines, long limit) {
    int[] starts = new int[1024];
    int count = 0;
    boolean reachedEnd = false;
    CsvwsException failure = null;
    boolean endsWithLineBreak = sample.length > 0
        && (sample[sample.length - 1] == '\n' || sample[sample.length - 1] == '\r');
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(sample), source, syntax,
        NO_FIELDS, sample.length + 1)) {
      t.skipLines(skipLines);
      while (true) {
        if (!t.next()) {
          reachedEnd = true;
          break;
        }
        if (count == limit) {
          // A record past the sample: the file goes on, so the sample does not cover it.
          break;
        }
        if (!complete && t.endOffset() >= sample.length && !endsWithLineBreak) {
          // The last record of an incomplete sample may be cut short: its values would mislead.
          break;
        }
        if ((count & 1023) == 1023) {
          QueryDiagnostics.checkInterrupted("inspecting " + source);
        }
        if (count + 1 >= starts.length) {
          starts = Arrays.copyOf(starts, starts.length * 2);
        }
        starts[count] = (int) t.recordOffset();
        count++;
        starts[count] = (int) t.endOffset();
      }
    } catch (CsvwsException e) {
      if (e.code() == io.csvws.error.ErrorCode.CANCELLED
          || e.code() == io.csvws.error.ErrorCode.TIMEOUT) {
        throw e;
      }
      failure = e;
    } catch (IOException e) {
      throw new IllegalStateException("reading a byte array", e);
    }
    return new SampleRecords(starts, count, reachedEnd, failure);
  }

  /** How many records the sample holds. */
  int count() {
    return count;
  }

  /** Whether the pass reached the end of the sample (no limit or malformed record stopped it). */
  boolean reachedEnd() {
    return reachedEnd;
  }

  /** The malformed record that ended the pass, or null. */
  CsvwsException failure() {
    return failure;
  }

  /** Where record {@code r} starts; {@code start(count())} is where the last one ends. */
  int start(int r) {
    return starts[r];
  }

  /** The first record of {@code [from, to)} that starts at or after {@code offset}. */
  int firstFrom(int from, int to, int offset) {
    int i = Arrays.binarySearch(starts, from, to, offset);
    return i >= 0 ? i : -i - 1;
  }

  /**
   * A tokenizer over records {@code [from, to)}, reporting every field. Bytes between records
   * (blank lines, comments) are skipped as in a read from the start.
   */
  CsvTokenizer tokenizer(byte[] sample, String source, CsvSyntax syntax, int from, int to) {
    int length = starts[to] - starts[from];
    return new CsvTokenizer(new ByteArrayInputStream(sample, starts[from], length), source,
        syntax, null, length + 1);
  }
}
