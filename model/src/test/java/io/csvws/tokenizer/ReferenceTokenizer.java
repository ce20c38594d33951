package io.csvws.tokenizer;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The tokenizer's documented rules written as plainly as possible, over a whole byte array, with
 * no buffers and no size bound: the oracle the fuzz test compares {@link CsvTokenizer} with.
 */
final class ReferenceTokenizer {

  /** One record: its fields' values and flags, where it starts, where its bytes and line end end. */
  record Record(List<byte[]> values, List<Integer> flags, int start, int contentEnd, int end) {
  }

  /** The outcome: the records read, and where a quote opened that never closed (or -1). */
  record Result(List<Record> records, int unterminatedQuoteAt, int unterminatedRecordStart) {
  }

  private ReferenceTokenizer() {
  }

  static Result tokenize(byte[] b, byte d, int quote) {
    List<Record> records = new ArrayList<>();
    int n = b.length;
    int pos = 0;
    while (pos < n) {
      if (b[pos] == '\n') {
        pos++;
        continue;
      }
      if (b[pos] == '\r') {
        pos++;
        if (pos < n && b[pos] == '\n') {
          pos++;
        }
        continue;
      }
      int start = pos;
      List<byte[]> values = new ArrayList<>();
      List<Integer> flags = new ArrayList<>();
      while (true) {
        ByteArrayOutputStream v = new ByteArrayOutputStream();
        int fl = 0;
        if (quote >= 0 && pos < n && (b[pos] & 0xff) == quote) {
          fl = CsvTokenizer.QUOTED;
          int openedAt = pos;
          pos++;
          while (true) {
            if (pos >= n) {
              return new Result(records, openedAt, start);
            }
            if ((b[pos] & 0xff) == quote) {
              if (pos + 1 < n && (b[pos + 1] & 0xff) == quote) {
                v.write(b[pos]);
                fl |= CsvTokenizer.ESCAPED;
                pos += 2;
                continue;
              }
              pos++;
              break;
            }
            v.write(b[pos++]);
          }
          if (pos < n && !ends(b[pos], d)) {
            fl |= CsvTokenizer.TRAILING;
            while (pos < n && !ends(b[pos], d)) {
              v.write(b[pos++]);
            }
          }
        } else {
          while (pos < n && !ends(b[pos], d)) {
            v.write(b[pos++]);
          }
        }
        values.add(v.toByteArray());
        flags.add(fl);
        if (pos >= n) {
          records.add(new Record(values, flags, start, pos, pos));
          break;
        }
        if (b[pos] == d) {
          pos++;
          if (pos >= n) {
            values.add(new byte[0]);
            flags.add(0);
            records.add(new Record(values, flags, start, pos, pos));
            break;
          }
          continue;
        }
        int contentEnd = pos;
        if (b[pos] == '\r' && pos + 1 < n && b[pos + 1] == '\n') {
          pos += 2;
        } else {
          pos++;
        }
        records.add(new Record(values, flags, start, contentEnd, pos));
        break;
      }
    }
    return new Result(records, -1, -1);
  }

  private static boolean ends(byte c, byte d) {
    return c == d || c == '\n' || c == '\r';
  }
}
