package io.csvws.tokenizer;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random records and their RFC 4180 text, written here with quotes where needed (and at
 * random elsewhere), for tests that need inputs far larger than a fixture file.
 */
final class GeneratedCsv {
  private static final String[] ATOMS = {"a", "b", "Z", "0", "7", " ", ",", "\"", "\n", "\r\n",
      "\r", "é", "日", "😀", "\t", ";"};
  private static final String[] LINE_ENDS = {"\n", "\r\n", "\r"};

  final List<List<String>> records = new ArrayList<>();
  final byte[] bytes;

  /**
   * @param seed the random seed
   * @param targetBytes stop adding records once the text is about this long
   * @param maxFieldChars the longest field value (in atoms)
   */
  GeneratedCsv(long seed, int targetBytes, int maxFieldChars) {
    Random r = new Random(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream(targetBytes + 1024);
    while (out.size() < targetBytes) {
      int fields = 1 + r.nextInt(8);
      List<String> record = new ArrayList<>(fields);
      StringBuilder line = new StringBuilder();
      for (int f = 0; f < fields; f++) {
        String v = value(r, maxFieldChars);
        record.add(v);
        if (f > 0) {
          line.append(',');
        }
        // An empty single field must be quoted, or it would be a blank line, which is skipped.
        boolean mustQuote = v.isEmpty() ? fields == 1 : needsQuotes(v);
        if (mustQuote || r.nextInt(5) == 0) {
          line.append('"').append(v.replace("\"", "\"\"")).append('"');
        } else {
          line.append(v);
        }
      }
      records.add(record);
      line.append(LINE_ENDS[r.nextInt(LINE_ENDS.length)]);
      out.writeBytes(line.toString().getBytes(StandardCharsets.UTF_8));
    }
    bytes = out.toByteArray();
  }

  private static String value(Random r, int maxFieldChars) {
    int kind = r.nextInt(10);
    if (kind == 0) {
      return "";
    }
    int n = kind == 1 ? r.nextInt(maxFieldChars + 1) : r.nextInt(Math.min(12, maxFieldChars + 1));
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(ATOMS[r.nextInt(ATOMS.length)]);
    }
    return s.toString();
  }

  private static boolean needsQuotes(String v) {
    return v.indexOf(',') >= 0 || v.indexOf('"') >= 0 || v.indexOf('\n') >= 0
        || v.indexOf('\r') >= 0;
  }
}
