package io.csvws.scan;

import io.csvws.config.TypeErrorPolicy;
import io.csvws.dialect.DecodedInput;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.TableMetadata;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.tokenizer.FieldText;
import io.csvws.types.ValueParsers;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.apache.calcite.linq4j.Enumerator;

/**
 * Streams the rows of one table file, converting only the projected columns.
 *
 * <p>The file is opened on the first {@link #moveNext()}. Each row is a new object (operators
 * above may keep rows), but fields of columns not projected are never decoded. Cancellation and
 * the query timeout are checked every {@value #CHECK_EVERY} rows. Not thread-safe.
 */
final class CsvEnumerator implements Enumerator<Object> {
  private static final int CHECK_EVERY = 1024;
  private static final List<Object> EMPTY_ROW = List.of();

  private final ScanPlan plan;
  private final AtomicBoolean cancel;
  private final long deadline;
  private final QueryDiagnostics diagnostics;
  private final TypeErrorPolicy policy;

  private CsvTokenizer tokenizer;
  private FieldText text;
  private TableMetadata metadata;
  /** Per output position: the tokenizer slot holding its field, or -1 for the row number. */
  private int[] slots;
  private ColumnDecoder[] decoders;
  private long row;
  private Object current;
  private boolean done;

  CsvEnumerator(ScanPlan plan, AtomicBoolean cancel, long deadline, QueryDiagnostics diagnostics) {
    this.plan = plan;
    this.cancel = cancel;
    this.deadline = deadline;
    this.diagnostics = diagnostics;
    this.policy = plan.config().onTypeError();
  }

  @Override
  public Object current() {
    return current;
  }

  @Override
  public boolean moveNext() {
    if (done) {
      return false;
    }
    try {
      if (tokenizer == null) {
        open();
      }
      if (!tokenizer.next()) {
        done = true;
        closeQuietly();
        return false;
      }
    } catch (IOException e) {
      throw readFailed(e);
    }
    row++;
    if ((row & (CHECK_EVERY - 1)) == 0) {
      checkInterrupt();
    }
    current = materialize();
    return true;
  }

  private Object materialize() {
    final int[] s = slots;
    final int n = s.length;
    if (n == 0) {
      return EMPTY_ROW;
    }
    if (n == 1) {
      return value(0);
    }
    Object[] r = new Object[n];
    for (int k = 0; k < n; k++) {
      r[k] = value(k);
    }
    return r;
  }

  private Object value(int k) {
    int slot = slots[k];
    if (slot < 0) {
      return row;
    }
    if (slot >= tokenizer.reportedCount()) {
      return null;
    }
    text.load(tokenizer, slot);
    Object v = decoders[k].decode(text);
    if (v == ValueParsers.MISFIT) {
      return misfit(k);
    }
    return v;
  }

  private Object misfit(int k) {
    ColumnInfo c = metadata.columns().get(plan.columnsShared()[k]);
    String value = text.decode(metadata.encoding().tokenizerCharset());
    String shown = value.length() > 100 ? value.substring(0, 100) + "..." : value;
    String message = plan.file().relativePath() + ": row " + row + ", column \"" + c.name()
        + "\" (" + (c.field() + 1) + "): value \"" + shown + "\" is not a " + c.type()
        + " (the type was " + c.decidedBy() + ").";
    if (policy == TypeErrorPolicy.NULL) {
      if (diagnostics != null) {
        diagnostics.typeErrorNulled(message + " Such values read as NULL (onTypeError=null).");
      }
      return null;
    }
    throw new CsvwsException(ErrorCode.TYPE_MISMATCH, message
        + " To read it, query with onTypeError=null (such values read as NULL) or "
        + "inferTypes=false (every column as text).");
  }

  private void open() throws IOException {
    TableFile file = plan.file();
    TableMetadata planned = plan.metadata();
    FileFingerprint now;
    try {
      now = FileFingerprint.of(file.path());
    } catch (NoSuchFileException e) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, file.relativePath()
          + " was removed after the statement was planned; run the statement again.", e);
    }
    metadata = planned;
    if (!now.equals(planned.fingerprint())) {
      TableFile changed = new TableFile(file.path(), file.relativePath(), file.schemaPath(),
          file.tableName(), file.kind(), file.gzip(), now);
      metadata = plan.cache().get(changed, plan.config());
      if (metadata.failure() == null && !metadata.sameColumns(planned)) {
        throw new CsvwsException(ErrorCode.QUERY_FAILED, file.relativePath()
            + " changed after the statement was planned and its columns are different now; "
            + "run the statement again.");
      }
    }
    if (metadata.failure() != null) {
      throw new CsvwsException(metadata.failure().code(), metadata.failure().getMessage(),
          metadata.failure());
    }
    int[] cols = plan.columnsShared();
    int rowOrdinal = planned.columns().size();
    int[] fields = IntStream.of(cols).filter(c -> c != rowOrdinal)
        .map(c -> metadata.columns().get(c).field()).sorted().distinct().toArray();
    slots = new int[cols.length];
    decoders = new ColumnDecoder[cols.length];
    for (int k = 0; k < cols.length; k++) {
      if (cols[k] == rowOrdinal) {
        slots[k] = -1;
        continue;
      }
      ColumnInfo c = metadata.columns().get(cols[k]);
      slots[k] = java.util.Arrays.binarySearch(fields, c.field());
      decoders[k] = new ColumnDecoder(c.type(), metadata.encoding().tokenizerCharset());
    }
    text = new FieldText(metadata.dialect().quote());
    tokenizer = new CsvTokenizer(DecodedInput.open(file, metadata.encoding()), file.relativePath(),
        (byte) metadata.dialect().delimiter(), metadata.dialect().quote(), fields,
        plan.config().maxRecordBytes());
    if (metadata.dialect().header()) {
      tokenizer.next();
    }
  }

  private void checkInterrupt() {
    if (cancel != null && cancel.get()) {
      throw new CsvwsException(ErrorCode.CANCELLED, "Statement cancelled while reading "
          + plan.file().relativePath() + " at row " + row + ".");
    }
    if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0) {
      throw new CsvwsException(ErrorCode.TIMEOUT, "Statement exceeded its query timeout while "
          + "reading " + plan.file().relativePath() + " at row " + row + ".");
    }
  }

  private CsvwsException readFailed(IOException e) {
    closeQuietly();
    String at = tokenizer == null ? "" : " near byte offset " + tokenizer.endOffset();
    return new CsvwsException(ErrorCode.FILE_READ_FAILED, plan.file().relativePath()
        + ": reading failed" + at + ": " + (e.getMessage() == null
            ? e.getClass().getSimpleName() : e.getMessage()), e);
  }

  @Override
  public void reset() {
    closeQuietly();
    tokenizer = null;
    row = 0;
    done = false;
  }

  @Override
  public void close() {
    closeQuietly();
    done = true;
  }

  private void closeQuietly() {
    if (tokenizer != null) {
      try {
        tokenizer.close();
      } catch (IOException e) {
        // Nothing was lost: the rows were read. Closing a read-only stream has no effect to report.
      }
    }
  }

  static String ascii(byte[] b, int s, int e) {
    return new String(b, s, e - s, StandardCharsets.US_ASCII);
  }
}
