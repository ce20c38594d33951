package io.csvws.tokenizer;

import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into records and fields, RFC 4180 style, keeping only the positions of the
 * fields a caller asked for.
 *
 * <p>Fields that are not wanted are skipped: their bytes are scanned for the next delimiter, quote
 * or line end, but nothing is copied or decoded. A wanted field is reported as a span of the
 * internal buffer plus flags saying whether it was quoted; {@link FieldText} turns spans into
 * values. Spans stay valid until the next call to {@link #next()}.
 *
 * <p>Rules: the delimiter and quote are single bytes (every supported charset is ASCII-compatible
 * once UTF-16 is transcoded); a field is quoted only if its first byte is the quote; inside quotes a
 * doubled quote is one quote, the escape byte (if the syntax has one) makes the next byte data, and
 * delimiters and line breaks are data; records end at LF, CRLF or CR; empty lines between records
 * are skipped, and so are lines that begin with the comment byte; a quote that is never closed, or a
 * record larger than the configured bound, fails with the row and byte offset instead of reading
 * on. With {@link CsvSyntax#trim()}, spaces around fields (outside quotes) are not part of them.
 *
 * <p>The buffer holds at least one whole record, so the record is re-scanned from its start when it
 * crosses a buffer boundary; the buffer doubles as needed up to {@code maxRecordBytes} plus room
 * for a CRLF, so a record of exactly the bound is read. Not thread-safe.
 *
 * <p>Runs of bytes that cannot end a field are stepped over eight at a time ({@link Words}). A
 * caller that reads only a few records says so, and the eight bytes are then gathered one by one
 * ({@link Words#gather}) instead of read through the byte-array view behind {@link Words#at}: the
 * view reads faster once compiled, but making and linking it costs a fresh JVM more than it saves
 * over a few hundred records (a {@code _row} seek from an indexed row reads at most about a
 * thousand), and the steps stay eight bytes long, so the loops stay too short to start the
 * optimizing compiler, whose work a JVM's exit waits for.
 */
public final class CsvTokenizer implements Closeable {
  /** The field began with a quote; its value lies between the quotes. */
  public static final int QUOTED = 1;
  /** The quoted field contains doubled quotes, so its value must be unescaped. */
  public static final int ESCAPED = 2;
  /** Bytes follow the closing quote before the delimiter; they are kept as part of the value. */
  public static final int TRAILING = 4;

  private static final int NEED_MORE = -1;
  private static final long LF_BYTES = Words.repeated('\n');
  private static final long CR_BYTES = Words.repeated('\r');
  private static final int INITIAL_BUFFER = 1 << 16;

  private final InputStream in;
  private final String source;
  private final byte delimiter;
  private final int quote;
  /** The escape byte inside quotes, or 256 (matches no byte) when only doubled quotes escape. */
  private final int escape;
  /** The byte that starts a comment line, or 256. */
  private final int comment;
  private final boolean trim;
  /** The delimiter, quote and escape repeated in every byte of a word; 0 masks for none. */
  private final long delimiterBytes;
  private final long quoteBytes;
  private final long escapeBytes;
  private final boolean hasQuote;
  private final boolean hasEscape;
  /** Whether words are read through {@link Words#at}, else {@link Words#gather}. */
  private final boolean viewedWords;
  /** Lines still to skip before the first record, raw, whatever they contain. */
  private int linesToSkip;
  /** Whether the buffer ended inside a line being skipped, so its rest is skipped too. */
  private boolean midSkippedLine;
  private final int maxRecordBytes;
  /** The largest the buffer may grow: a record at the bound plus a CRLF to find its end. */
  private final int maxBuffer;
  /** Field indexes to report, ascending; null reports every field. */
  private final int[] wanted;

  private byte[] buf;
  private int pos;
  private int limit;
  private boolean eof;
  /** Absolute offset in the stream of {@code buf[0]}. */
  private long base;

  private int[] starts;
  private int[] ends;
  private byte[] flags;
  private int reported;
  private int fieldCount;
  private int recordStart;
  /** End of the last parsed record's bytes, before its line break. */
  private int contentEnd;
  private long recordNumber;
  /** Where the quote of an unfinished quoted field opened, for error messages; -1 if none. */
  private int openQuoteAt = -1;

  /**
   * @param in the bytes, positioned after any byte-order mark
   * @param source the file as users name it, for messages
   * @param delimiter the field delimiter
   * @param quote the quote byte, or -1 when quotes are ordinary characters
   * @param wanted the field indexes (0-based, ascending, distinct) whose spans are reported, or
   *     null to report every field
   * @param maxRecordBytes the largest record accepted, in bytes
   */
  public CsvTokenizer(InputStream in, String source, byte delimiter, int quote, int[] wanted,
      int maxRecordBytes) {
    this(in, source, CsvSyntax.of((char) delimiter, quote), wanted, maxRecordBytes);
  }

  /**
   * @param in the bytes, positioned after any byte-order mark
   * @param source the file as users name it, for messages
   * @param syntax delimiter, quote, escape, comment and trimming
   * @param wanted the field indexes (0-based, ascending, distinct) whose spans are reported, or
   *     null to report every field
   * @param maxRecordBytes the largest record accepted, in bytes
   */
  public CsvTokenizer(InputStream in, String source, CsvSyntax syntax, int[] wanted,
      int maxRecordBytes) {
    this(in, source, syntax, wanted, maxRecordBytes, false);
  }

  /**
   * @param in the bytes, positioned after any byte-order mark
   * @param source the file as users name it, for messages
   * @param syntax delimiter, quote, escape, comment and trimming
   * @param wanted the field indexes (0-based, ascending, distinct) whose spans are reported, or
   *     null to report every field
   * @param maxRecordBytes the largest record accepted, in bytes
   * @param fewRecords whether the caller reads only a few records (up to a few thousand), for
   *     which words are gathered byte by byte (see the class comment); the records are the same
   */
  public CsvTokenizer(InputStream in, String source, CsvSyntax syntax, int[] wanted,
      int maxRecordBytes, boolean fewRecords) {
    this.in = in;
    this.viewedWords = !fewRecords;
    this.source = source;
    this.delimiter = (byte) syntax.delimiter();
    // 256 matches no byte: bytes are compared sign-extended, so -1 would match 0xFF.
    this.quote = syntax.quote() < 0 ? 256 : (byte) syntax.quote();
    this.escape = syntax.escape() < 0 || syntax.escape() == syntax.quote() ? 256
        : (byte) syntax.escape();
    this.comment = syntax.comment() < 0 ? 256 : (byte) syntax.comment();
    this.trim = syntax.trim();
    this.hasQuote = quote != 256;
    this.hasEscape = escape != 256;
    this.delimiterBytes = Words.repeated(delimiter);
    this.quoteBytes = hasQuote ? Words.repeated(quote) : 0;
    this.escapeBytes = hasEscape ? Words.repeated(escape) : 0;
    this.wanted = wanted == null ? null : wanted.clone();
    this.maxRecordBytes = maxRecordBytes;
    this.maxBuffer = (int) Math.min(Integer.MAX_VALUE - 8, maxRecordBytes + 2L);
    this.buf = new byte[Math.min(INITIAL_BUFFER, Math.max(1024, maxRecordBytes))];
    int n = wanted == null ? 16 : Math.max(1, wanted.length);
    this.starts = new int[n];
    this.ends = new int[n];
    this.flags = new byte[n];
    if (wanted != null) {
      for (int i = 1; i < wanted.length; i++) {
        if (wanted[i] <= wanted[i - 1]) {
          throw new IllegalArgumentException("wanted fields must be ascending: "
              + Arrays.toString(wanted));
        }
      }
    }
  }

  /**
   * Declares that the stream given at construction starts at {@code offset} of the file's bytes,
   * at the start of a record preceded by {@code recordsBefore} records, so offsets and record
   * numbers stay those of the whole file. Call before the first {@link #next()}.
   */
  public void resumeAt(long offset, long recordsBefore) {
    if (recordNumber != 0 || limit != 0) {
      throw new IllegalStateException("resumeAt must be called before reading");
    }
    base = offset;
    recordNumber = recordsBefore;
    linesToSkip = 0;
  }

  /**
   * Skips the first {@code lines} lines of the input (a preamble before the header) whatever they
   * contain. Call before the first {@link #next()}.
   */
  public void skipLines(int lines) {
    if (recordNumber != 0 || limit != 0) {
      throw new IllegalStateException("skipLines must be called before reading");
    }
    linesToSkip = lines;
  }

  /**
   * Advances to the next record.
   *
   * @return false at the end of the input
   * @throws CsvwsException {@link ErrorCode#FILE_READ_FAILED} for an unterminated quote or a
   *     record over the size bound
   * @throws IOException if the stream fails
   */
  public boolean next() throws IOException {
    while (true) {
      if (pos >= limit) {
        if (eof) {
          return false;
        }
        fill();
        continue;
      }
      if (midSkippedLine || linesToSkip > 0 || buf[pos] == comment) {
        if (!skipLine()) {
          fill();
        }
        continue;
      }
      byte c = buf[pos];
      if (c == '\n') {
        pos++;
        continue;
      }
      if (c == '\r') {
        if (pos + 1 >= limit && !eof) {
          fill();
          continue;
        }
        pos++;
        if (pos < limit && buf[pos] == '\n') {
          pos++;
        }
        continue;
      }
      int end = parseRecord(pos);
      if (end != NEED_MORE) {
        if (contentEnd - pos > maxRecordBytes) {
          // The buffer has room for a line break beyond the bound, so a record up to two bytes
          // over it can still parse; it is refused here.
          throw recordTooLarge();
        }
        recordStart = pos;
        pos = end;
        recordNumber++;
        return true;
      }
      fill();
    }
  }

  /**
   * Moves past the line at {@code pos} and its line break; false if the buffer ends first (the
   * part scanned is dropped, so a long line never grows the buffer).
   */
  private boolean skipLine() {
    int p = pos;
    while (p < limit) {
      byte c = buf[p];
      if (c == '\n' || c == '\r') {
        if (c == '\r' && p + 1 >= limit && !eof) {
          pos = p;
          midSkippedLine = true;
          return false;
        }
        p++;
        if (c == '\r' && p < limit && buf[p] == '\n') {
          p++;
        }
        pos = p;
        midSkippedLine = false;
        if (linesToSkip > 0) {
          linesToSkip--;
        }
        return true;
      }
      p++;
    }
    pos = p;
    if (eof) {
      linesToSkip = 0;
      midSkippedLine = false;
      return true;
    }
    midSkippedLine = true;
    return false;
  }

  /**
   * Scans the record starting at {@code p}, filling the spans of wanted fields. Returns the
   * position after its line end, or {@link #NEED_MORE} if the buffer ends first and more input may
   * follow.
   */
  private int parseRecord(int p) {
    final byte[] b = buf;
    final int lim = limit;
    final byte d = delimiter;
    final int q = quote;
    final int esc = escape;
    final int[] want = wanted;
    final boolean viewed = viewedWords;
    int field = 0;
    int w = 0;
    int nextWanted = want == null ? 0 : (want.length > 0 ? want[0] : Integer.MAX_VALUE);
    openQuoteAt = -1;
    while (true) {
      if (field < nextWanted && !trim) {
        // Fields nobody asked for are counted eight bytes at a time, up to the next wanted field
        // or the first quote or line break; the field holding that is parsed byte by byte below.
        int fieldStart = p;
        while (p + 8 <= lim) {
          long word = viewed ? Words.at(b, p) : Words.gather(b, p);
          long delimiters = Words.zeroBytes(word ^ delimiterBytes);
          long stops = Words.zeroBytes(word ^ LF_BYTES) | Words.zeroBytes(word ^ CR_BYTES)
              | (hasQuote ? Words.zeroBytes(word ^ quoteBytes) : 0);
          if (stops != 0) {
            delimiters &= (stops & -stops) - 1;
          }
          int n = Long.bitCount(delimiters);
          if (n >= nextWanted - field) {
            for (int k = nextWanted - field; k > 1; k--) {
              delimiters &= delimiters - 1;
            }
            fieldStart = p + Words.firstByte(delimiters) + 1;
            field = nextWanted;
            break;
          }
          if (n > 0) {
            fieldStart = p + Words.lastByte(delimiters) + 1;
            field += n;
          }
          if (stops != 0) {
            break;
          }
          p += 8;
        }
        p = fieldStart;
      }
      if (trim) {
        while (p < lim && b[p] == ' ') {
          p++;
        }
      }
      final int start = p;
      int end = -1;
      int fl = 0;
      if (p < lim && b[p] == q) {
        fl = QUOTED;
        openQuoteAt = p;
        p++;
        while (true) {
          while (p + 8 <= lim) {
            long word = viewed ? Words.at(b, p) : Words.gather(b, p);
            long found = Words.zeroBytes(word ^ quoteBytes)
                | (hasEscape ? Words.zeroBytes(word ^ escapeBytes) : 0);
            if (found != 0) {
              p += Words.firstByte(found);
              break;
            }
            p += 8;
          }
          if (p >= lim) {
            if (!eof) {
              return NEED_MORE;
            }
            throw unterminatedQuote();
          }
          if (b[p] == esc) {
            if (p + 1 >= lim) {
              if (!eof) {
                return NEED_MORE;
              }
              throw unterminatedQuote();
            }
            fl |= ESCAPED;
            p += 2;
            continue;
          }
          if (b[p] == q) {
            if (p + 1 >= lim && !eof) {
              return NEED_MORE;
            }
            if (p + 1 < lim && b[p + 1] == q) {
              fl |= ESCAPED;
              p += 2;
              continue;
            }
            p++;
            break;
          }
          p++;
        }
        openQuoteAt = -1;
        if (trim) {
          end = p;
          while (p < lim && b[p] == ' ') {
            p++;
          }
        }
        if (p < lim) {
          byte c = b[p];
          if (c != d && c != '\n' && c != '\r') {
            fl |= TRAILING;
            end = -1;
            while (p < lim) {
              c = b[p];
              if (c == d || c == '\n' || c == '\r') {
                break;
              }
              p++;
            }
          }
        }
      } else {
        while (p + 8 <= lim) {
          long word = viewed ? Words.at(b, p) : Words.gather(b, p);
          long found = Words.zeroBytes(word ^ delimiterBytes) | Words.zeroBytes(word ^ LF_BYTES)
              | Words.zeroBytes(word ^ CR_BYTES);
          if (found != 0) {
            p += Words.firstByte(found);
            break;
          }
          p += 8;
        }
        while (p < lim) {
          byte c = b[p];
          if (c == d || c == '\n' || c == '\r') {
            break;
          }
          p++;
        }
        if (trim) {
          end = p;
          while (end > start && b[end - 1] == ' ') {
            end--;
          }
        }
      }
      if (p >= lim && !eof) {
        return NEED_MORE;
      }
      if (field == nextWanted) {
        if (w == starts.length) {
          grow();
        }
        starts[w] = start;
        ends[w] = end < 0 ? p : end;
        flags[w] = (byte) fl;
        w++;
        nextWanted = want == null ? field + 1 : (w < want.length ? want[w] : Integer.MAX_VALUE);
      }
      field++;
      if (p >= lim) {
        return finish(field, w, p, p);
      }
      byte c = b[p];
      if (c == d) {
        p++;
        if (p >= lim && eof) {
          // A delimiter right before the end of input: the record ends with an empty field.
          if (field == nextWanted) {
            if (w == starts.length) {
              grow();
            }
            starts[w] = p;
            ends[w] = p;
            flags[w] = 0;
            w++;
          }
          return finish(field + 1, w, p, p);
        }
        continue;
      }
      final int lineBreak = p;
      if (c == '\r') {
        if (p + 1 >= lim && !eof) {
          return NEED_MORE;
        }
        p++;
        if (p < lim && b[p] == '\n') {
          p++;
        }
      } else {
        p++;
      }
      return finish(field, w, lineBreak, p);
    }
  }

  private int finish(int fields, int reportedFields, int contentEnd, int end) {
    fieldCount = fields;
    reported = reportedFields;
    this.contentEnd = contentEnd;
    return end;
  }

  private void grow() {
    int n = starts.length * 2;
    starts = Arrays.copyOf(starts, n);
    ends = Arrays.copyOf(ends, n);
    flags = Arrays.copyOf(flags, n);
  }

  /** Keeps the unfinished record at the start of the buffer, grows it if full, and reads more. */
  private void fill() throws IOException {
    if (pos > 0) {
      int keep = limit - pos;
      System.arraycopy(buf, pos, buf, 0, keep);
      base += pos;
      if (openQuoteAt >= 0) {
        openQuoteAt -= pos;
      }
      limit = keep;
      pos = 0;
    }
    if (limit == buf.length) {
      if (buf.length >= maxBuffer) {
        throw recordTooLarge();
      }
      buf = Arrays.copyOf(buf, (int) Math.min(maxBuffer, buf.length * 2L));
    }
    int n = in.read(buf, limit, buf.length - limit);
    if (n < 0) {
      eof = true;
    } else {
      limit += n;
    }
  }

  private CsvwsException unterminatedQuote() {
    long at = base + openQuoteAt;
    return new CsvwsException(ErrorCode.FILE_READ_FAILED,
        source + ": a quoted field opened at byte offset " + at + " (record " + (recordNumber + 1)
            + ") is never closed, so the rest of the file would be one value. Close the quote in "
            + "the file, or read it with quote=none.");
  }

  private CsvwsException recordTooLarge() {
    String cause = openQuoteAt >= 0
        ? " A quoted field opened at byte offset " + (base + openQuoteAt)
            + " and not yet closed is the likely cause."
        : "";
    return new CsvwsException(ErrorCode.FILE_READ_FAILED,
        source + ": record " + (recordNumber + 1) + " starting at byte offset " + (base + pos)
            + " is larger than the limit of " + maxRecordBytes + " bytes." + cause);
  }

  /** The buffer the spans refer to. */
  public byte[] buffer() {
    return buf;
  }

  /** How many fields the current record has (delimiters outside quotes, plus one). */
  public int fieldCount() {
    return fieldCount;
  }

  /** How many wanted fields the current record has; fewer than wanted when the record is short. */
  public int reportedCount() {
    return reported;
  }

  /** Start of the k-th reported field's raw bytes (quotes included). */
  public int start(int k) {
    return starts[k];
  }

  /** End (exclusive) of the k-th reported field's raw bytes. */
  public int end(int k) {
    return ends[k];
  }

  /** {@link #QUOTED}, {@link #ESCAPED} and {@link #TRAILING} bits of the k-th reported field. */
  public int flags(int k) {
    return flags[k];
  }

  /** 1-based number of the current record, counting every record from the start of the input. */
  public long recordNumber() {
    return recordNumber;
  }

  /** Absolute offset of the current record's first byte in the (decompressed) stream. */
  public long recordOffset() {
    return base + recordStart;
  }

  /** Absolute offset just after the current record and its line break. */
  public long endOffset() {
    return base + pos;
  }

  /** The source name given at construction. */
  public String source() {
    return source;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
