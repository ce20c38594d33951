package io.csvws.scan;

import io.csvws.config.TypeErrorPolicy;
import io.csvws.dialect.DecodedInput;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.tokenizer.FieldText;
import io.csvws.types.ValueParsers;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.runtime.FlatLists;

/**
 * Streams the rows of one table file, converting only the columns a query uses.
 *
 * <p>The file is opened on the first {@link #moveNext()}. With a pushed-down condition, the
 * columns it reads are decoded first and the rest of the projection only for rows it accepts.
 * Each produced row is a new object (operators above may keep rows), but fields of columns not
 * used are never decoded. Cancellation and the query timeout are checked every
 * {@value #CHECK_EVERY} records. Not thread-safe.
 */
final class CsvEnumerator implements Enumerator<Object> {
  private static final int CHECK_EVERY = 1024;
  /** A row of no columns; generated code expects Calcite's comparable list type. */
  private static final List<Object> EMPTY_ROW = FlatLists.of();
  /** Marks the row number where a tokenizer slot is expected. */
  private static final int ROW_NUMBER = -1;

  private final ScanPlan plan;
  private final Predicate1<Object[]> condition;
  private final AtomicBoolean cancel;
  private final long deadline;
  private final QueryDiagnostics diagnostics;
  private final TypeErrorPolicy policy;

  private CsvTokenizer tokenizer;
  private FieldText text;
  private TableMetadata metadata;
  private Column[] outputs;
  private Column[] filters;
  private Object[] filterRow;
  private long row;
  /** Collects the row index while a scan from the first row has not met its end; else null. */
  private RowIndex.Builder index;
  private Object current;
  private boolean done;

  /**
   * One column the scan reads.
   *
   * @param ordinal the table column ordinal (the row number's ordinal for {@code _row})
   * @param slot the tokenizer slot of its field, or {@link #ROW_NUMBER}
   * @param decoder converts its field; null for the row number
   * @param filterIndex for an output column that the condition also reads, its index in the
   *     filter row (already decoded); -1 otherwise
   */
  private record Column(int ordinal, int slot, ColumnDecoder decoder, int filterIndex) {
  }

  CsvEnumerator(ScanPlan plan, Predicate1<Object[]> condition, AtomicBoolean cancel,
      long deadline, QueryDiagnostics diagnostics) {
    this.plan = plan;
    this.condition = condition;
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
      while (true) {
        if (!tokenizer.next()) {
          done = true;
          closeQuietly();
          rememberIndex();
          return false;
        }
        row++;
        if (index != null) {
          index.row(row, tokenizer.recordOffset());
        }
        if ((row & (CHECK_EVERY - 1)) == 0) {
          checkInterrupt();
        }
        if (row > plan.lastRow()) {
          done = true;
          closeQuietly();
          return false;
        }
        if (condition != null) {
          for (int j = 0; j < filters.length; j++) {
            filterRow[j] = value(filters[j]);
          }
          if (!condition.apply(filterRow)) {
            continue;
          }
        }
        current = materialize();
        return true;
      }
    } catch (IOException e) {
      throw readFailed(e);
    }
  }

  private Object materialize() {
    final Column[] out = outputs;
    final int n = out.length;
    if (n == 0) {
      return EMPTY_ROW;
    }
    if (n == 1) {
      return output(out[0]);
    }
    Object[] r = new Object[n];
    for (int k = 0; k < n; k++) {
      r[k] = output(out[k]);
    }
    return r;
  }

  private Object output(Column c) {
    return c.filterIndex >= 0 ? filterRow[c.filterIndex] : value(c);
  }

  private Object value(Column c) {
    int slot = c.slot;
    if (slot == ROW_NUMBER) {
      return row;
    }
    if (slot >= tokenizer.reportedCount()) {
      return null;
    }
    text.load(tokenizer, slot);
    Object v = c.decoder.decode(text);
    return v == ValueParsers.MISFIT ? misfit(c) : v;
  }

  private Object misfit(Column column) {
    ColumnInfo c = metadata.columns().get(column.ordinal);
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
      metadata = plan.cache().get(file.at(now), plan.config());
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
    int rowOrdinal = planned.columns().size();
    int[] outputOrdinals = plan.columnsShared();
    int[] filterOrdinals = plan.filterColumnsShared();
    int[] fields = IntStream.concat(IntStream.of(outputOrdinals), IntStream.of(filterOrdinals))
        .filter(c -> c != rowOrdinal)
        .map(c -> metadata.columns().get(c).field()).sorted().distinct().toArray();
    filters = new Column[filterOrdinals.length];
    for (int j = 0; j < filterOrdinals.length; j++) {
      filters[j] = column(filterOrdinals[j], rowOrdinal, fields, -1);
    }
    filterRow = new Object[filterOrdinals.length];
    outputs = new Column[outputOrdinals.length];
    for (int k = 0; k < outputOrdinals.length; k++) {
      int filterIndex = indexOf(filterOrdinals, outputOrdinals[k]);
      outputs[k] = column(outputOrdinals[k], rowOrdinal, fields, condition == null ? -1 : filterIndex);
    }
    text = new FieldText(metadata.dialect().quote());
    RowIndex known = plan.firstRow() > RowIndex.STRIDE
        ? plan.cache().rowIndex(file.at(metadata.fingerprint()), plan.config()) : null;
    if (known != null) {
      // Start at the indexed row nearest before the first row the condition can accept.
      long startRow = known.indexedRowAtOrBefore(plan.firstRow());
      long offset = known.offsetOf(startRow);
      tokenizer = tokenizer(DecodedInput.openAt(file, metadata.encoding(), offset), fields);
      tokenizer.resumeAt(offset, startRow - 1 + (metadata.dialect().header() ? 1 : 0));
      row = startRow - 1;
      return;
    }
    tokenizer = tokenizer(DecodedInput.open(file, metadata.encoding()), fields);
    if (metadata.dialect().header()) {
      tokenizer.next();
    }
    if (plan.cache().rowIndex(file.at(metadata.fingerprint()), plan.config()) == null) {
      index = new RowIndex.Builder();
    }
  }

  private CsvTokenizer tokenizer(java.io.InputStream in, int[] fields) {
    return new CsvTokenizer(in, plan.file().relativePath(), (byte) metadata.dialect().delimiter(),
        metadata.dialect().quote(), fields, plan.config().maxRecordBytes());
  }

  /**
   * After a scan read the whole file from its first row: keeps the row count and offsets, unless
   * the file changed while it was read.
   */
  private void rememberIndex() {
    if (index == null) {
      return;
    }
    TableFile file = plan.file();
    try {
      if (FileFingerprint.of(file.path()).equals(metadata.fingerprint())) {
        plan.cache().putRowIndex(file.at(metadata.fingerprint()), plan.config(),
            index.build(metadata.fingerprint(), row));
      }
    } catch (IOException e) {
      // The file went away after it was read; there is nothing to index.
    }
    index = null;
  }

  private Column column(int ordinal, int rowOrdinal, int[] fields, int filterIndex) {
    if (ordinal == rowOrdinal) {
      return new Column(ordinal, ROW_NUMBER, null, filterIndex);
    }
    ColumnInfo c = metadata.columns().get(ordinal);
    return new Column(ordinal, Arrays.binarySearch(fields, c.field()),
        new ColumnDecoder(c.type(), metadata.encoding().tokenizerCharset()), filterIndex);
  }

  private static int indexOf(int[] a, int v) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == v) {
        return i;
      }
    }
    return -1;
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
    index = null;
    row = 0;
    done = false;
  }

  @Override
  public void close() {
    closeQuietly();
    index = null;
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
}
