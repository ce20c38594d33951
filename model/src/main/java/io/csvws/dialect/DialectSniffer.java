package io.csvws.dialect;

import io.csvws.config.CharSetting;
import io.csvws.error.CsvwsException;
import io.csvws.tokenizer.CsvTokenizer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Chooses the delimiter of a file from a sample of its (decoded) bytes.
 *
 * <p>Each candidate splits the sample's records; the one under which most records have the same
 * number of fields (more than one) wins. Ties go to the file extension's delimiter, then to the
 * order comma, tab, semicolon, pipe. When the runner-up reads the sample as consistently, the
 * confidence is halved and the choice is reported as uncertain.
 */
public final class DialectSniffer {
  static final char[] CANDIDATES = {',', '\t', ';', '|'};
  /** Enough records to judge consistency; more only costs time. */
  private static final int MAX_RECORDS = 1000;

  private DialectSniffer() {
  }

  /**
   * @param sample decoded bytes from the start of the file, after any byte-order mark
   * @param length valid bytes in {@code sample}
   * @param complete whether the sample is the whole file
   * @param delimiter the configured delimiter, or AUTO
   * @param quote the configured quote, or AUTO / NONE
   * @param hint the extension's delimiter, or '\0'
   * @return the dialect, with {@code header} still undecided (false)
   */
  public static Dialect sniff(byte[] sample, int length, boolean complete, CharSetting delimiter,
      CharSetting quote, char hint) {
    int q = quote.kind() == CharSetting.Kind.NONE ? -1
        : quote.kind() == CharSetting.Kind.CHAR ? quote.value() : '"';
    LineEnding le = LineEnding.of(sample, length, q);
    if (!delimiter.isAuto()) {
      return new Dialect(delimiter.value(), q, false, le, 1.0, "delimiter=" + delimiter);
    }
    char best = 0;
    double bestScore = -1;
    int bestFields = 0;
    double secondScore = -1;
    for (char c : CANDIDATES) {
      int[] modeAndCount = modeFieldCount(sample, length, complete, c, q);
      int mode = modeAndCount[0];
      int records = modeAndCount[2];
      double score = mode <= 1 || records == 0 ? 0 : (double) modeAndCount[1] / records;
      boolean better = score > bestScore
          || (score == bestScore && c == hint && best != hint);
      if (better) {
        secondScore = bestScore;
        best = c;
        bestScore = score;
        bestFields = mode;
      } else if (score > secondScore) {
        secondScore = score;
      }
    }
    if (bestScore <= 0) {
      char d = hint != 0 ? hint : ',';
      return new Dialect(d, q, false, le, hint != 0 ? 1.0 : 0.5,
          "no candidate delimiter splits the sample; one column"
              + (hint != 0 ? ", extension suggests " + name(d) : ""));
    }
    boolean ambiguous = secondScore >= bestScore;
    double confidence = ambiguous ? bestScore / 2 : bestScore;
    String how = String.format(Locale.ROOT, "%.0f%% of sampled records have %d fields with %s",
        bestScore * 100, bestFields, name(best))
        + (ambiguous ? "; another delimiter splits the sample as consistently" : "");
    return new Dialect(best, q, false, le, confidence, how);
  }

  /** Returns {mode field count, records with it, records counted}. */
  private static int[] modeFieldCount(byte[] sample, int length, boolean complete, char d, int q) {
    List<Integer> fields = new ArrayList<>();
    boolean cutShort = false;
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(sample, 0, length), "sample",
        (byte) d, q, new int[0], Math.max(length + 1, 1024))) {
      while (fields.size() < MAX_RECORDS && t.next()) {
        fields.add(t.fieldCount());
      }
      // The last record of an incomplete sample may be cut short.
      cutShort = !complete && fields.size() < MAX_RECORDS;
    } catch (CsvwsException e) {
      // A quote that never closes within the sample: judge on the records read before it.
      cutShort = false;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (cutShort && fields.size() > 1) {
      fields.remove(fields.size() - 1);
    }
    Map<Integer, Integer> counts = new HashMap<>();
    fields.forEach(f -> counts.merge(f, 1, Integer::sum));
    int mode = 0;
    int modeCount = 0;
    for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
      if (e.getValue() > modeCount || (e.getValue() == modeCount && e.getKey() > mode)) {
        mode = e.getKey();
        modeCount = e.getValue();
      }
    }
    return new int[] {mode, modeCount, fields.size()};
  }

  static String name(char c) {
    switch (c) {
      case '\t':
        return "tab";
      case ',':
        return "comma";
      case ';':
        return "semicolon";
      case '|':
        return "pipe";
      default:
        return "'" + c + "'";
    }
  }
}
