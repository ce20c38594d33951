package io.csvws.metadata;

import io.csvws.config.ConnectionConfig;
import io.csvws.config.HeaderMode;
import io.csvws.csvw.CsvwReader;
import io.csvws.csvw.CsvwSidecar;
import io.csvws.dialect.DecodedInput;
import io.csvws.dialect.Dialect;
import io.csvws.dialect.DialectSniffer;
import io.csvws.dialect.Encoding;
import io.csvws.dialect.EncodingSniffer;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.Sentences;
import io.csvws.scan.QueryDiagnostics;
import io.csvws.tokenizer.CsvSyntax;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.tokenizer.FieldText;
import io.csvws.types.ColumnType;
import io.csvws.types.NullTokens;
import io.csvws.types.TypeInference;
import io.csvws.types.ValueFormat;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.FutureTask;

/**
 * Reads the start of a table file and decides everything a scan needs: encoding, dialect, header,
 * column names and types.
 *
 * <p>Only a bounded sample is read: at most {@code sampleRows} data rows and
 * {@link #SAMPLE_BYTES} bytes, so inspecting a file costs the same however large it is. A file
 * that cannot be opened yields metadata with a {@link TableMetadata#failure()} instead of an
 * exception, so one unreadable file does not break listing the others. Stateless and thread-safe.
 */
public final class TableInspector {
  /** The most bytes read from the start of a file to inspect it. */
  public static final int SAMPLE_BYTES = 8 << 20;
  /** Data records spanning at least this many bytes are read in two halves at once. */
  static final int PARALLEL_BYTES = 1 << 20;
  /** The most bytes read from the sampled file in one call. */
  private static final int CHUNK_BYTES = 1 << 20;

  private TableInspector() {
  }

  /**
   * Inspects {@code file} as {@code config} and, if {@code sidecarStamp} is not null, its CSVW
   * metadata file say to read it. The metadata file's dialect overrides the connection's
   * properties; its columns override sniffed names and types.
   */
  public static TableMetadata inspect(TableFile file, ConnectionConfig config,
      FileFingerprint sidecarStamp) {
    if (sidecarStamp == null) {
      return inspect(file, config);
    }
    CsvwSidecar sidecar;
    ConnectionConfig effective;
    try {
      sidecar = CsvwReader.read(file, sidecarStamp);
      effective = config.with(sidecar.properties());
    } catch (CsvwsException e) {
      return failed(file, e);
    }
    TableMetadata m = inspect(file, effective);
    if (m.failure() != null) {
      return m;
    }
    try {
      return SidecarColumns.apply(m, sidecar, effective);
    } catch (CsvwsException e) {
      return failed(file, e);
    }
  }

  /** Inspects {@code file} as {@code config} says to read it. */
  public static TableMetadata inspect(TableFile file, ConnectionConfig config) {
    return inspect(file, config, PARALLEL_BYTES);
  }

  /** As {@link #inspect(TableFile, ConnectionConfig)}, halving samples from this many bytes. */
  static TableMetadata inspect(TableFile file, ConnectionConfig config, int parallelBytes) {
    try {
      return inspectOrThrow(file, config, parallelBytes);
    } catch (CsvwsException e) {
      // A damaged file (gzip garbage, a link swapped in) is this file's failure, not the
      // listing's; only a cancel or timeout stops the statement.
      if (e.code() == ErrorCode.CANCELLED || e.code() == ErrorCode.TIMEOUT) {
        throw e;
      }
      return failed(file, e);
    }
  }

  private static TableMetadata inspectOrThrow(TableFile file, ConnectionConfig config,
      int parallelBytes) {
    byte[] head;
    boolean complete;
    try (InputStream in = DecodedInput.openRaw(file)) {
      head = readUpTo(in, SAMPLE_BYTES, file.fingerprint().size());
      complete = head.length < SAMPLE_BYTES || in.read() < 0;
    } catch (IOException e) {
      CsvwsException failure = new CsvwsException(ErrorCode.FILE_READ_FAILED,
          file.relativePath() + " cannot be read: " + reason(e)
              + (file.gzip() ? " (is it really gzip-compressed?)" : "") + ".", e);
      return failed(file, failure);
    }
    QueryDiagnostics.checkInterrupted("inspecting " + file.relativePath());
    Encoding encoding = EncodingSniffer.sniff(head, head.length, complete, config.charset());
    DecodedSample decoded;
    try {
      decoded = decodedSample(file, encoding, head, complete);
    } catch (IOException e) {
      return failed(file, new CsvwsException(ErrorCode.FILE_READ_FAILED,
          file.relativePath() + " cannot be decoded as " + encoding.charset() + ": " + reason(e), e));
    }
    byte[] sample = decoded.bytes();
    QueryDiagnostics.checkInterrupted("inspecting " + file.relativePath());
    Dialect dialect = DialectSniffer.sniff(sample, sample.length, decoded.complete(), config,
        file.kind().delimiterHint());
    QueryDiagnostics.checkInterrupted("inspecting " + file.relativePath());
    return new Sample(file, config, encoding, dialect, sample, decoded.complete(), parallelBytes)
        .read();
  }

  /** The sample as the tokenizer reads it, and whether it is the whole file. */
  private record DecodedSample(byte[] bytes, boolean complete) {
  }

  private static DecodedSample decodedSample(TableFile file, Encoding encoding, byte[] head,
      boolean complete) throws IOException {
    if (encoding.asciiCompatible()) {
      return new DecodedSample(encoding.bomLength() == 0 ? head
          : Arrays.copyOfRange(head, encoding.bomLength(), head.length), complete);
    }
    // Transcode only the sampled head; a character cut by the end of the sample is dropped.
    try (InputStream in = DecodedInput.open(file, encoding)) {
      byte[] out = readUpTo(in, SAMPLE_BYTES, head.length);
      // UTF-8 can be longer than the UTF-16 it comes from, so a file whose bytes fit the sample
      // may still not fit once transcoded.
      boolean whole = complete && in.read() < 0;
      if (!whole && out.length > 0) {
        int end = out.length;
        while (end > 0 && (out[end - 1] & 0xC0) == 0x80) {
          end--;
        }
        return new DecodedSample(Arrays.copyOf(out, Math.max(0, end - 1)), false);
      }
      return new DecodedSample(out, whole);
    }
  }

  /**
   * Up to {@code max} bytes of {@code in}, read a megabyte a call into one array sized by {@code
   * expected} (the file's size), grown only if the stream holds more. Not {@code readNBytes},
   * which reads 8 KB a call into buffers it then joins: for an 8 MB sample, a thousand calls and
   * a tenth of a second of a fresh JVM's first query.
   */
  static byte[] readUpTo(InputStream in, int max, long expected) throws IOException {
    byte[] b = new byte[(int) Math.min(max, Math.max(expected, CHUNK_BYTES / 128))];
    int n = 0;
    while (true) {
      if (n == b.length) {
        // Full: the stream's end, or more than expected (a compressed or growing file).
        int next = n == max ? -1 : in.read();
        if (next < 0) {
          return b;
        }
        b = Arrays.copyOf(b, (int) Math.min(max, 2L * b.length));
        b[n++] = (byte) next;
      }
      int r = in.read(b, n, Math.min(b.length - n, CHUNK_BYTES));
      if (r < 0) {
        return Arrays.copyOf(b, n);
      }
      n += r;
    }
  }

  private static TableMetadata failed(TableFile file, CsvwsException failure) {
    return new TableMetadata(file.fingerprint(),
        EncodingSniffer.sniff(new byte[0], 0, true, java.util.Optional.empty()),
        Dialect.unread(),
        List.of(), 0, false, -1, 0, List.of(failure.getMessage()), failure);
  }

  static String reason(Throwable e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /** One pass over the sample: header cells, field counts and type evidence. */
  private static final class Sample {
    private final TableFile file;
    private final ConnectionConfig config;
    private final Encoding encoding;
    private final Dialect dialect;
    private final byte[] sample;
    private final boolean complete;
    private final int parallelBytes;
    private final List<String> warnings = new ArrayList<>();

    Sample(TableFile file, ConnectionConfig config, Encoding encoding, Dialect dialect,
        byte[] sample, boolean complete, int parallelBytes) {
      this.file = file;
      this.config = config;
      this.encoding = encoding;
      this.dialect = dialect;
      this.sample = sample;
      this.complete = complete;
      this.parallelBytes = parallelBytes;
    }

    TableMetadata read() {
      Charset cs = encoding.tokenizerCharset();
      CsvSyntax syntax = dialect.syntax();
      NullTokens nulls = NullTokens.of(config.nullTokens());
      // The first record may be a header, so it comes on top of sampleRows data rows.
      long limit = config.sampleRows() + (config.header() == HeaderMode.ABSENT ? 0L : 1L);
      SampleRecords found = SampleRecords.find(sample, complete, file.relativePath(), syntax,
          dialect.skipLines(), limit);
      if (found.failure() != null && complete) {
        warnings.add(found.failure().getMessage());
      }
      long records = found.count();
      if (records == 0 && !complete && found.failure() == null) {
        throw new CsvwsException(ErrorCode.FILE_READ_FAILED, file.relativePath() + " has no line "
            + "end in its first " + (sample.length >> 20) + " MiB, so not even its first record "
            + "could be inspected: it is not a table of lines (or it is one huge line). Check the "
            + "file, or set delimiter= and charset= if its lines are there but not recognized.");
      }
      List<byte[]> firstRaw = new ArrayList<>();
      List<String> firstText = new ArrayList<>();
      if (records > 0) {
        readFirstRecord(found, syntax, cs, firstRaw, firstText);
      }
      int firstFields = firstRaw.size();
      QueryDiagnostics.checkInterrupted("inspecting " + file.relativePath());
      RecordEvidence evidence = evidence(found, syntax, nulls, firstFields);
      TypeInference body = evidence.types;
      int maxFields = evidence.maxFields;
      boolean lastFieldAlwaysEmpty = evidence.lastFieldAlwaysEmpty;
      int[] fieldCountSeen = {evidence.sameFieldsAsFirst, evidence.otherFields};
      long sampledBytes = records == 0 ? 0 : found.start(found.count());
      boolean coversFile = complete && found.reachedEnd();

      if (records == 0 || firstFields < 2
          || firstRaw.get(firstFields - 1).length != 0) {
        lastFieldAlwaysEmpty = false;
      }
      QueryDiagnostics.checkInterrupted("inspecting " + file.relativePath());
      boolean header = decideHeader(body, firstRaw, records);
      if (!header && maxFields > config.maxColumns()) {
        throw new CsvwsException(ErrorCode.FILE_READ_FAILED, file.relativePath() + " has a "
            + "record of " + maxFields + " fields, more than the " + config.maxColumns()
            + " columns a table may have (property maxColumns). Check the delimiter, or raise "
            + "maxColumns if the file really is that wide.");
      }
      int columns;
      List<String> names;
      long dataRows = header ? Math.max(0, records - 1) : records;
      // Every line ending with a delimiter (header included) gives each record an empty last
      // field that is not a column.
      boolean trailing = lastFieldAlwaysEmpty && records > 1 && fieldCountSeen[1] == 0;
      if (trailing) {
        firstFields--;
        firstRaw.remove(firstRaw.size() - 1);
        firstText.remove(firstText.size() - 1);
        warnings.add("Every line ends with a delimiter; the empty field after it is not read as "
            + "a column.");
      }
      if (header) {
        columns = firstFields;
        names = ColumnNaming.name(firstText, columns);
        if (fieldCountSeen[1] > 0) {
          warnings.add(fieldCountSeen[1] + " of " + (records - 1) + " sampled rows do not have "
              + firstFields + " fields like the header; missing fields read as NULL and extra "
              + "fields are ignored.");
        }
      } else {
        columns = trailing ? firstFields : Math.max(firstFields, maxFields);
        names = ColumnNaming.name(null, columns);
        body.ensureColumns(columns);
        for (int k = 0; k < firstRaw.size(); k++) {
          byte[] v = firstRaw.get(k);
          if (v.length > 0) {
            body.accept(k, v, 0, v.length);
          }
        }
      }
      List<ColumnInfo> cols = new ArrayList<>(columns);
      for (int k = 0; k < columns; k++) {
        if ((k & 4095) == 4095) {
          QueryDiagnostics.checkInterrupted("inspecting " + file.relativePath());
        }
        ColumnType type;
        ValueFormat format = ValueFormat.standard(config.nullTokens());
        String how;
        if (!config.inferTypes()) {
          type = ColumnType.VARCHAR;
          how = "inferTypes=false";
        } else {
          type = body.decide(k, coversFile);
          format = body.format(k).withNullTokens(config.nullTokens());
          int seen = body.nonEmptyCount(k);
          String textReason = body.textReason(k);
          String note = body.readingNote(k);
          how = seen == 0 ? "no values in the sample"
              : "inferred from " + seen + " values in " + dataRows + " sampled rows"
                  + (coversFile ? " (the whole file)" : "")
                  + (format.describe().isEmpty() ? "" : ", written " + format.describe())
                  + (note == null ? "" : "; " + note)
                  + (textReason == null ? "" : "; text because " + textReason);
          if (textReason != null) {
            warnings.add(Sentences.ending("Column \"" + names.get(k) + "\" is read as text: "
                + textReason));
          }
        }
        cols.add(new ColumnInfo(names.get(k), k, type, how, format));
      }
      if (dialect.skipLines() > 0 && config.skipLines().isEmpty()) {
        int skipped = dialect.skipLines();
        warnings.add("Skipped " + skipped + " line" + (skipped == 1 ? "" : "s")
            + " before the header, starting \"" + firstLine() + "\"; set skipLines=0 to read "
            + "them as records.");
      }
      if (encoding.confidence() < 1) {
        warnings.add("Encoding guessed as " + encoding.charset().name() + ": "
            + encoding.decidedBy() + ". Set charset= if text looks wrong.");
      }
      if (dialect.confidence() < 0.9 && columns > 1) {
        warnings.add(String.format(Locale.ROOT,
            "Delimiter %s chosen with low confidence (%.2f): %s. Set delimiter= if columns look "
                + "wrong.", describe(dialect.delimiter()), dialect.confidence(),
            dialect.decidedBy()));
      }
      double bytesPerRow = records == 0 ? 0 : (double) sampledBytes / records;
      Dialect decided = dialect.withHeader(header).withTrailingDelimiter(trailing);
      return new TableMetadata(file.fingerprint(), encoding, decided, cols, dataRows, coversFile,
          coversFile ? dataRows : -1, bytesPerRow, warnings, null);
    }

    private CsvwsException tooManyFields(int fields) {
      return new CsvwsException(ErrorCode.FILE_READ_FAILED, file.relativePath() + " has "
          + fields + " fields in its first record, more than the " + config.maxColumns()
          + " columns a table may have (property maxColumns). Check the delimiter ("
          + describe(dialect.delimiter()) + "), or raise maxColumns if the file really is that "
          + "wide.");
    }

    /** The cells of the first record, as bytes and as text. */
    private void readFirstRecord(SampleRecords found, CsvSyntax syntax, Charset cs,
        List<byte[]> raw, List<String> text) {
      FieldText field = FieldText.of(syntax);
      try (CsvTokenizer t = found.tokenizer(sample, file.relativePath(), syntax, 0, 1)) {
        t.next();
        if (t.fieldCount() > config.maxColumns()) {
          // Before a byte[] and a String are made of each of a million fields.
          throw tooManyFields(t.fieldCount());
        }
        for (int k = 0; k < t.fieldCount(); k++) {
          field.load(t, k);
          raw.add(Arrays.copyOfRange(field.bytes(), field.from(), field.to()));
          text.add(field.decode(cs));
        }
      } catch (IOException e) {
        throw new IllegalStateException("reading a byte array", e);
      }
    }

    /**
     * What the data records (all but the first) say. A large sample, such as a few hundred rows
     * of a file with thousands of columns, is read in two halves, the second on a pool thread,
     * unless the pool has not started it by the time the first is read.
     */
    private RecordEvidence evidence(SampleRecords found, CsvSyntax syntax, NullTokens nulls,
        int firstFields) {
      int from = Math.min(1, found.count());
      int to = found.count();
      String source = file.relativePath();
      int bytes = found.start(to) - found.start(from);
      if (to - from < 2 || bytes < parallelBytes) {
        return RecordEvidence.read(sample, found, from, to, source, syntax, nulls, firstFields);
      }
      int middle = Math.max(from + 1,
          Math.min(to - 1, found.firstFrom(from, to, found.start(from) + bytes / 2)));
      FutureTask<RecordEvidence> second = new FutureTask<>(() ->
          RecordEvidence.read(sample, found, middle, to, source, syntax, nulls, firstFields));
      ForkJoinPool.commonPool().execute(second);
      RecordEvidence evidence =
          RecordEvidence.read(sample, found, from, middle, source, syntax, nulls, firstFields);
      second.run(); // does nothing when a pool thread has started it
      evidence.merge(join(second));
      return evidence;
    }

    /** The result of a task that is running or done; an interrupt is kept for later. */
    private static <T> T join(FutureTask<T> task) {
      boolean interrupted = false;
      try {
        while (true) {
          try {
            return task.get();
          } catch (InterruptedException e) {
            interrupted = true;
          } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
              throw r;
            }
            if (cause instanceof Error err) {
              throw err;
            }
            throw new IllegalStateException(cause);
          }
        }
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }

    /** The first line of the sample, shortened for a message. */
    private String firstLine() {
      int end = 0;
      while (end < sample.length && end < 200 && sample[end] != '\n' && sample[end] != '\r') {
        end++;
      }
      String line = new String(sample, 0, end, encoding.tokenizerCharset());
      return line.length() > 60 ? line.substring(0, 60) + "..." : line;
    }


    /**
     * A first record is a header when some value of it fits no type the rows below it share (a
     * wider number or a timestamp over dates is data: the column widens to take it). When every
     * column below is text, there is no evidence either way, and a header is assumed, as it is for
     * a file of one record.
     */
    private boolean decideHeader(TypeInference body, List<byte[]> first, long records) {
      if (config.header() != HeaderMode.AUTO) {
        return config.header() == HeaderMode.PRESENT;
      }
      if (records <= 1) {
        return true;
      }
      boolean typedColumn = false;
      for (int k = 0; k < first.size(); k++) {
        ColumnType t = body.decide(k, true);
        if (t == ColumnType.VARCHAR) {
          continue;
        }
        typedColumn = true;
        byte[] v = first.get(k);
        if (v.length > 0 && !body.fitsAlongside(k, v, 0, v.length)) {
          return true;
        }
      }
      return !typedColumn;
    }
  }

  static String describe(char c) {
    return c == '\t' ? "tab" : c < 0x20 || c == 0x7f
        ? String.format(Locale.ROOT, "'\\u%04x'", (int) c) : "'" + c + "'";
  }
}
