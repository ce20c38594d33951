package io.csvws.dialect;

import io.csvws.config.CharSetting;
import io.csvws.config.ConnectionConfig;
import io.csvws.config.TrimMode;
import io.csvws.error.CsvwsException;
import io.csvws.tokenizer.CsvSyntax;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.tokenizer.Words;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Decides how a file is split into records and fields from a sample of its (decoded) bytes.
 *
 * <p>Delimiter: each candidate splits the sample's records; the one under which most records have
 * the same number of fields (more than one) wins. Ties go to the file extension's delimiter, then
 * to the order comma, tab, semicolon, pipe. When the runner-up reads the sample as consistently,
 * the confidence is halved and the choice is reported as uncertain.
 *
 * <p>Quote: the double quote, unless the sample has none and reads at least as consistently with
 * the single quote, with fields cleanly enclosed in it. Escape: a backslash, when the sample has a
 * backslash-quote pair inside a field (which RFC 4180 would read as the field's end). Preamble:
 * leading records with fewer fields than the rest (or only a first one), up to
 * {@value #MAX_PREAMBLE}, are lines to skip. Trimming: when most fields after a delimiter start
 * with a space. Every automatic decision can be overridden by its property.
 */
public final class DialectSniffer {
  static final char[] CANDIDATES = {',', '\t', ';', '|'};
  /** Enough records to judge consistency; more only costs time. */
  private static final int MAX_RECORDS = 1000;
  /**
   * Bytes each delimiter candidate splits: {@value #MAX_RECORDS} ordinary records fit many times
   * over, and a file of very long records shows its shape in fewer of them.
   */
  private static final int DELIMITER_BYTES = 1 << 20;
  /** The most leading lines taken for a preamble. */
  static final int MAX_PREAMBLE = 20;
  /** Fields that are enough to judge how a sample is spaced. */
  private static final long SHAPE_FIELDS = 200_000;
  /** Share of fields after a delimiter that must start with a space for trimming. */
  private static final double TRIM_SHARE = 0.8;

  private DialectSniffer() {
  }

  /** Sniffs with every setting but the delimiter and quote automatic. */
  public static Dialect sniff(byte[] sample, int length, boolean complete, CharSetting delimiter,
      CharSetting quote, char hint) {
    Map<String, String> p = new HashMap<>();
    p.put("delimiter", delimiter.isAuto() ? "auto" : String.valueOf(delimiter.value()));
    p.put("quote", quote.kind() == CharSetting.Kind.NONE ? "none"
        : quote.isAuto() ? "auto" : String.valueOf(quote.value()));
    return sniff(sample, length, complete, ConnectionConfig.parse(p), hint);
  }

  /**
   * @param sample decoded bytes from the start of the file, after any byte-order mark
   * @param length valid bytes in {@code sample}
   * @param complete whether the sample is the whole file
   * @param config the connection's (or the file's) settings; automatic ones are sniffed
   * @param hint the extension's delimiter, or '\0'
   * @return the dialect, with {@code header} still undecided (false)
   */
  public static Dialect sniff(byte[] sample, int length, boolean complete, ConnectionConfig config,
      char hint) {
    int comment = charOrNone(config.comment(), -1);
    List<Integer> quotes = quoteCandidates(sample, length, config.quote());
    int judged = Math.min(length, DELIMITER_BYTES);
    Choice best = null;
    for (int q : quotes) {
      int escape = config.escape().isAuto() ? sniffEscape(sample, length, q)
          : charOrNone(config.escape(), -1);
      Choice c = chooseDelimiter(sample, judged, complete && judged == length,
          config.delimiter(), q, escape, comment, hint);
      if (best == null || c.score > best.score
          || (c.score == best.score && q == '\'' && c.counts.cleanQuotes > 0
              && c.counts.trailing == 0)) {
        best = c;
      }
    }
    Choice c = best;
    CsvSyntax plain = new CsvSyntax(c.delimiter, c.quote, c.escape, comment, false);
    Shape shape = shape(sample, length, plain, config.skipLines(), c.counts.mode);
    int skip = config.skipLines().orElse(shape.preambleLines);
    boolean trim = config.trim() == TrimMode.ALWAYS
        || (config.trim() == TrimMode.AUTO && shape.spaced >= 2
            && shape.spaced >= TRIM_SHARE * shape.afterDelimiter);
    LineEnding le = LineEnding.of(sample, length, c.quote);
    String how = c.how;
    if (skip > 0 && config.skipLines().isEmpty()) {
      how += "; " + skip + " preamble line" + (skip == 1 ? "" : "s") + " before the first record "
          + "with " + shape.mode + " fields skipped";
    }
    if (trim && config.trim() == TrimMode.AUTO) {
      how += "; spaces around fields trimmed";
    }
    if (c.escape == '\\' && config.escape().isAuto()) {
      how += "; backslash escapes quotes";
    }
    if (c.quote == '\'' && config.quote().isAuto()) {
      how += "; fields quoted with '";
    }
    return new Dialect(c.delimiter, c.quote, c.escape, comment, trim, skip, false, false, le,
        c.confidence, how);
  }

  private static int charOrNone(CharSetting s, int auto) {
    switch (s.kind()) {
      case CHAR:
        return s.value();
      case NONE:
        return -1;
      default:
        return auto;
    }
  }

  private static List<Integer> quoteCandidates(byte[] b, int length, CharSetting quote) {
    if (quote.kind() == CharSetting.Kind.NONE) {
      return List.of(-1);
    }
    if (quote.kind() == CharSetting.Kind.CHAR) {
      return List.of((int) quote.value());
    }
    // A double quote anywhere settles it; only a sample without one is read for single quotes.
    long doubles = Words.repeated('"');
    long singles = Words.repeated('\'');
    boolean singleQuotes = false;
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      long w = Words.at(b, i);
      if (Words.zeroBytes(w ^ doubles) != 0) {
        return List.of((int) '"');
      }
      singleQuotes |= Words.zeroBytes(w ^ singles) != 0;
    }
    for (; i < length; i++) {
      if (b[i] == '"') {
        return List.of((int) '"');
      }
      singleQuotes |= b[i] == '\'';
    }
    return singleQuotes ? List.of((int) '"', (int) '\'') : List.of((int) '"');
  }

  /**
   * A backslash before a quote with more of the field after it: RFC 4180 would end the field
   * there, so the file escapes quotes with backslashes.
   */
  private static int sniffEscape(byte[] b, int length, int quote) {
    if (quote < 0) {
      return -1;
    }
    long quotes = Words.repeated(quote);
    for (int i = 1; i + 2 < length; i++) {
      if (i + 8 <= length) {
        long found = Words.zeroBytes(Words.at(b, i) ^ quotes);
        if (found == 0) {
          i += 7;
          continue;
        }
        i += Words.firstByte(found);
        if (i + 2 >= length) {
          break;
        }
      }
      if (b[i] == quote && b[i - 1] == '\\' && (i < 2 || b[i - 2] != '\\')) {
        byte next = b[i + 1];
        if (next != '\n' && next != '\r' && !isCandidate(next)) {
          return '\\';
        }
      }
    }
    return -1;
  }

  private static boolean isCandidate(byte c) {
    for (char d : CANDIDATES) {
      if (c == d) {
        return true;
      }
    }
    return false;
  }

  /** A delimiter chosen for one quote, and how well it reads the sample. */
  private record Choice(char delimiter, int quote, int escape, double score, double confidence,
      String how, Counts counts) {
  }

  private static Choice chooseDelimiter(byte[] sample, int length, boolean complete,
      CharSetting delimiter, int q, int escape, int comment, char hint) {
    if (!delimiter.isAuto()) {
      Counts counts = count(sample, length, complete,
          new CsvSyntax(delimiter.value(), q, escape, comment, false), q == '\'');
      return new Choice(delimiter.value(), q, escape, 1.0, 1.0, "delimiter=" + delimiter,
          counts);
    }
    char best = 0;
    double bestScore = -1;
    int bestFields = 0;
    double secondScore = -1;
    Counts bestCounts = null;
    for (char c : CANDIDATES) {
      Counts counts = count(sample, length, complete, new CsvSyntax(c, q, escape, comment, false),
          q == '\'');
      double score = counts.score();
      boolean better = score > bestScore
          || (score == bestScore && c == hint && best != hint);
      if (better) {
        secondScore = bestScore;
        best = c;
        bestScore = score;
        bestFields = counts.mode;
        bestCounts = counts;
      } else if (score > secondScore) {
        secondScore = score;
      }
    }
    if (bestScore <= 0) {
      char d = hint != 0 ? hint : ',';
      return new Choice(d, q, escape, 0, hint != 0 ? 1.0 : 0.5,
          "no candidate delimiter splits the sample; one column"
              + (hint != 0 ? ", extension suggests " + name(d) : ""),
          new Counts(0, 0, 0, 0, 0));
    }
    boolean ambiguous = secondScore >= bestScore;
    double confidence = ambiguous ? bestScore / 2 : bestScore;
    // Not String.format: its first use with a number loads the locale's number symbols, a
    // fresh JVM's tens of milliseconds for a percentage rounded as %.0f rounds it.
    String how = Math.round(bestScore * 100) + "% of sampled records have " + bestFields
        + " fields with " + name(best)
        + (ambiguous ? "; another delimiter splits the sample as consistently" : "");
    return new Choice(best, q, escape, bestScore, confidence, how, bestCounts);
  }

  /** How a syntax splits the sample: the most common field count and quoting evidence. */
  private record Counts(int mode, int modeCount, int records, int cleanQuotes, int trailing) {
    double score() {
      return mode <= 1 || records == 0 ? 0 : (double) modeCount / records;
    }
  }

  /**
   * @param quoting whether to count cleanly quoted and trailing-garbage fields, which costs a span
   *     per field (only the single-quote decision needs them; wide files have many fields)
   */
  private static Counts count(byte[] sample, int length, boolean complete, CsvSyntax syntax,
      boolean quoting) {
    List<Integer> fields = new ArrayList<>();
    int clean = 0;
    int trailing = 0;
    boolean cutShort = false;
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(sample, 0, length), "sample",
        syntax, quoting ? null : new int[0], Math.max(length + 1, 1024))) {
      while (fields.size() < MAX_RECORDS && t.next()) {
        fields.add(t.fieldCount());
        for (int k = 0; k < t.reportedCount(); k++) {
          int f = t.flags(k);
          if ((f & CsvTokenizer.TRAILING) != 0) {
            trailing++;
          } else if ((f & CsvTokenizer.QUOTED) != 0) {
            clean++;
          }
        }
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
    return new Counts(mode, modeCount, fields.size(), clean, trailing);
  }

  /** The preamble and spacing of a sample split by a chosen syntax. */
  private record Shape(int mode, int preambleLines, int afterDelimiter, int spaced) {
  }

  /** @param mode the most common field count under {@code syntax}, as choosing it found */
  private static Shape shape(byte[] sample, int length, CsvSyntax syntax, OptionalInt skipLines,
      int mode) {
    int preambleRecords = 0;
    long firstRecordOffset = 0;
    int afterDelimiter = 0;
    int spaced = 0;
    boolean inPreamble = skipLines.isEmpty() && mode > 1;
    try (CsvTokenizer t = new CsvTokenizer(new ByteArrayInputStream(sample, 0, length), "sample",
        syntax, null, Math.max(length + 1, 1024))) {
      if (skipLines.orElse(0) > 0) {
        t.skipLines(skipLines.getAsInt());
      }
      int records = 0;
      long fields = 0;
      // Enough records for a preamble and enough fields to judge spacing; a wide file reaches the
      // field budget long before 200 records.
      while (records < 200 && (records <= MAX_PREAMBLE || fields < SHAPE_FIELDS) && t.next()) {
        records++;
        fields += t.fieldCount();
        if (inPreamble) {
          if (records <= MAX_PREAMBLE && isPreamble(t, mode)) {
            preambleRecords++;
            continue;
          }
          inPreamble = false;
          firstRecordOffset = t.recordOffset();
          if (preambleRecords > 0 && !allFilled(t, mode)) {
            // Lines above a record that does not look like a header are more likely sparse
            // data than a preamble: keep them.
            preambleRecords = 0;
          }
        }
        byte[] b = t.buffer();
        for (int k = 1; k < t.reportedCount(); k++) {
          int s = t.start(k);
          if (t.end(k) > s) {
            afterDelimiter++;
            if (b[s] == ' ') {
              spaced++;
            }
          }
        }
      }
      if (inPreamble) {
        // Every record looked like a preamble: there is none.
        preambleRecords = 0;
      }
    } catch (CsvwsException e) {
      // An unterminated quote: judged on what was read.
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int lines = preambleRecords == 0 ? 0 : lineBreaks(sample, (int) firstRecordOffset);
    return new Shape(mode, lines, afterDelimiter, spaced);
  }

  /** Fewer fields than the body, or the body's count with only the first field filled. */
  private static boolean isPreamble(CsvTokenizer t, int mode) {
    int n = t.fieldCount();
    if (n < mode) {
      return true;
    }
    if (n != mode) {
      return false;
    }
    for (int k = 1; k < t.reportedCount(); k++) {
      if (t.end(k) > t.start(k)) {
        return false;
      }
    }
    return true;
  }

  private static boolean allFilled(CsvTokenizer t, int mode) {
    if (t.fieldCount() != mode) {
      return false;
    }
    for (int k = 0; k < t.reportedCount(); k++) {
      if (t.end(k) <= t.start(k)) {
        return false;
      }
    }
    return true;
  }

  /** Line breaks (LF, CRLF or CR) in {@code b[0..end)}. */
  private static int lineBreaks(byte[] b, int end) {
    int lines = 0;
    for (int i = 0; i < end; i++) {
      if (b[i] == '\n' || (b[i] == '\r' && (i + 1 >= end || b[i + 1] != '\n'))) {
        lines++;
      }
    }
    return lines;
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
