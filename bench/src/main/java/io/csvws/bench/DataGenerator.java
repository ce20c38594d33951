package io.csvws.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Writes the benchmark's files: the same seed and sizes always give the same bytes.
 *
 * <p><b>tall</b>: {@value #TALL_HEADER}; a header and one line per row, LF line endings. The note
 * is always quoted, holds commas, and now and then a doubled quote.
 *
 * <p><b>wide</b>: {@code chr,pos,ref,alt,sample_00000,...}: genomic-style variant rows with
 * small integer samples.
 */
public final class DataGenerator {
  static final String TALL_HEADER =
      "id,name,email,status,amount,qty,order_date,created_at,active,country,score,note";
  static final int TALL_COLUMNS = 12;
  /** The first columns of wide; the rest are samples. */
  static final int WIDE_FIXED_COLUMNS = 4;
  static final String[] STATUSES = {"new", "paid", "shipped", "cancelled", "returned"};
  static final String[] COUNTRIES = {"DE", "FR", "US", "GB", "ES", "IT", "NL", "PL", "SE", "BR",
      "IN", "JP", "CN", "CA", "AU", "MX", "CH", "AT", "BE", "DK"};

  private static final String[] FIRST = {"Anna", "Ben", "Clara", "David", "Emma", "Felix",
      "Greta", "Hugo", "Ida", "Jonas", "Klara", "Leon", "Mia", "Noah", "Olivia", "Paul", "Quinn",
      "Rosa", "Samuel", "Tara", "Uma", "Victor", "Wanda", "Xaver", "Yara", "Zoe", "Ahmed", "Bea",
      "Chen", "Dmitri", "Elena", "Farid", "Giulia", "Hana", "Ivan", "Jun", "Kofi", "Lucia",
      "Mateo", "Nadia"};
  private static final String[] LAST = {"Schmidt", "Martin", "Smith", "Garcia", "Rossi",
      "Jansen", "Kowalski", "Nilsson", "Silva", "Sharma", "Tanaka", "Wang", "Tremblay", "Brown",
      "Lopez", "Muller", "Huber", "Peeters", "Jensen", "Dubois", "Novak", "Horvat", "Ivanova",
      "Kim", "Nguyen", "Okafor", "Haddad", "Cohen", "Murphy", "Walsh", "Fischer", "Weber",
      "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch", "Richter", "Klein"};
  private static final String[] DOMAINS = {"example.com", "example.org", "mail.test",
      "shop.example", "corp.test", "inbox.example"};
  private static final String[] WORDS = {"delivered", "late", "box", "damaged", "customer",
      "called", "again", "refund", "pending", "gift", "wrap", "please", "fragile", "express",
      "weekend", "office", "hours", "left", "at", "door", "neighbour", "signed", "by", "front",
      "desk", "invoice", "attached", "VAT", "id", "missing", "repeat", "order", "discount",
      "applied", "coupon", "spring", "sale", "back", "ordered", "size", "colour", "blue", "red"};
  private static final byte[] ODD_WORD = "said \"\"fine\"\"".getBytes(StandardCharsets.US_ASCII);
  private static final String[] BASES = {"A", "C", "G", "T"};

  /** 2015-01-01 plus this many days gives the order dates. */
  private static final int DAYS = 4018;
  private static final byte[][] DATES = new byte[DAYS][];

  static {
    LocalDate d = LocalDate.of(2015, 1, 1);
    for (int i = 0; i < DAYS; i++) {
      DATES[i] = d.plusDays(i).toString().getBytes(StandardCharsets.US_ASCII);
    }
  }

  private DataGenerator() {
  }

  private static byte[][] bytes(String[] s, boolean lower) {
    byte[][] b = new byte[s.length][];
    for (int i = 0; i < s.length; i++) {
      String v = lower ? s[i].toLowerCase(Locale.ROOT) : s[i];
      b[i] = v.getBytes(StandardCharsets.US_ASCII);
    }
    return b;
  }

  /** Writes the tall file: a header and {@code rows} rows. */
  static void writeTall(AsciiOut out, long seed, long rows) throws IOException {
    SplittableRandom rnd = new SplittableRandom(seed);
    byte[][] first = bytes(FIRST, false);
    byte[][] firstLower = bytes(FIRST, true);
    byte[][] last = bytes(LAST, false);
    byte[][] lastLower = bytes(LAST, true);
    byte[][] domains = bytes(DOMAINS, false);
    byte[][] statuses = bytes(STATUSES, false);
    byte[][] countries = bytes(COUNTRIES, false);
    byte[][] words = bytes(WORDS, false);
    byte[] note = new byte[128];
    out.put(TALL_HEADER).put('\n');
    for (long id = 1; id <= rows; id++) {
      int f = rnd.nextInt(first.length);
      int l = rnd.nextInt(last.length);
      out.putLong(id).put(',');
      out.put(first[f]).put(' ').put(last[l]).put(',');
      out.put(firstLower[f]).put('.').put(lastLower[l]).putLong(rnd.nextInt(1000)).put('@')
          .put(domains[rnd.nextInt(domains.length)]).put(',');
      out.put(statuses[rnd.nextInt(statuses.length)]).put(',');
      out.putFixed(rnd.nextLong(100, 1_000_000), 2).put(',');
      out.putLong(1 + rnd.nextInt(100)).put(',');
      int day = rnd.nextInt(DAYS);
      out.put(DATES[day]).put(',');
      out.put(DATES[Math.min(DAYS - 1, day + rnd.nextInt(3))]).put(' ')
          .putPadded(rnd.nextInt(24), 2).put(':')
          .putPadded(rnd.nextInt(60), 2).put(':')
          .putPadded(rnd.nextInt(60), 2).put(',');
      out.put(rnd.nextBoolean() ? "true" : "false").put(',');
      out.put(countries[rnd.nextInt(countries.length)]).put(',');
      out.putFixed(rnd.nextLong(0, 100_000_000), 5).put(',');
      int n = note(rnd, words, note);
      out.put('"').put(note, 0, n).put('"').put('\n');
    }
  }

  /**
   * Fills {@code note} with 20 to 80 characters of words, the first two always separated by a
   * comma; now and then a doubled quote. Returns the length.
   */
  private static int note(SplittableRandom rnd, byte[][] words, byte[] note) {
    int target = 20 + rnd.nextInt(61);
    boolean odd = rnd.nextInt(16) == 0;
    int n = 0;
    int w = 0;
    while (n < target) {
      if (w > 0) {
        if (w == 1 || rnd.nextInt(4) == 0) {
          note[n++] = ',';
        }
        note[n++] = ' ';
      }
      byte[] word = odd && w == 2 ? ODD_WORD : words[rnd.nextInt(words.length)];
      System.arraycopy(word, 0, note, n, word.length);
      n += word.length;
      w++;
    }
    n = target;
    int quotes = 0;
    int lastQuote = -1;
    for (int i = 0; i < n; i++) {
      if (note[i] == '"') {
        quotes++;
        lastQuote = i;
      }
    }
    if (quotes % 2 == 1) {
      note[lastQuote] = 'q';
    }
    if (note[n - 1] == ' ') {
      note[n - 1] = '.';
    }
    return n;
  }

  /** The header names of the wide file. */
  static String wideColumnName(int i) {
    return switch (i) {
      case 0 -> "chr";
      case 1 -> "pos";
      case 2 -> "ref";
      case 3 -> "alt";
      default -> String.format(Locale.ROOT, "sample_%05d", i - WIDE_FIXED_COLUMNS);
    };
  }

  /** Writes the wide file: a header of {@code columns} names and {@code rows} rows. */
  static void writeWide(AsciiOut out, long seed, int rows, int columns) throws IOException {
    if (columns <= WIDE_FIXED_COLUMNS) {
      throw new IllegalArgumentException("wide needs more than " + WIDE_FIXED_COLUMNS + " columns");
    }
    SplittableRandom rnd = new SplittableRandom(seed ^ 0x5DEECE66DL);
    for (int c = 0; c < columns; c++) {
      if (c > 0) {
        out.put(',');
      }
      out.put(wideColumnName(c));
    }
    out.put('\n');
    for (int r = 0; r < rows; r++) {
      out.put("chr").putLong(1 + (long) r * 22 / rows).put(',');
      out.putLong(10_000L + r * 1_000L + rnd.nextInt(1_000)).put(',');
      int ref = rnd.nextInt(4);
      out.put(BASES[ref]).put(',');
      out.put(BASES[(ref + 1 + rnd.nextInt(3)) % 4]);
      for (int c = WIDE_FIXED_COLUMNS; c < columns; c++) {
        out.put(',').putLong(rnd.nextInt(100));
      }
      out.put('\n');
    }
  }
}
