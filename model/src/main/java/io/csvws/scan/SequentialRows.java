package io.csvws.scan;

import io.csvws.dialect.DecodedInput;
import io.csvws.dialect.FileBytesRead;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;

/**
 * One tokenizer reading a file in order. A scan that starts at the first row and reads to the end
 * leaves a {@link RowIndex} in the metadata cache; a scan whose condition starts at a later row
 * begins at the nearest indexed row when an index exists, and any scan stops after the last row its
 * condition can accept.
 */
final class SequentialRows implements RowSource {
  private static final int CHECK_EVERY = 1024;
  /**
   * The most records a read may span and still count as few for the tokenizer, which then makes
   * no byte-array view: a {@code _row} range of a few rows started from the nearest indexed row (at
   * most {@link RowIndex#STRIDE} rows before its first) fits.
   */
  private static final long FEW_RECORDS = 4 * RowIndex.STRIDE;

  private final ScanPlan plan;
  private final TableMetadata metadata;
  private final int maxRecordBytes;
  /** Where a read of the whole file from its first row leaves the row index it built. */
  private final Consumer<RowIndex> keepIndex;
  private final RowDecoder decoder;
  private final Interrupts interrupts;
  private final CsvTokenizer tokenizer;
  private final ScanProgress progress;
  private final FileBytesRead bytesRead = new FileBytesRead();
  /** Collects the row index while a scan from the first row has not met its end; else null. */
  private RowIndex.Builder index;
  private long row;
  private Object current;
  private boolean closed;

  /**
   * @param known the row index of the version of the file {@code metadata} describes, or null
   * @param maxRecordBytes the longest record the tokenizer accepts
   * @param keepIndex where the row index built by a read from the first row to the end goes
   */
  SequentialRows(ScanPlan plan, TableMetadata metadata, RowIndex known, RowDecoder decoder,
      int maxRecordBytes, Consumer<RowIndex> keepIndex, Interrupts interrupts,
      ScanProgress progress) throws IOException {
    this.plan = plan;
    this.maxRecordBytes = maxRecordBytes;
    this.keepIndex = keepIndex;
    this.progress = progress;
    this.metadata = metadata;
    this.decoder = decoder;
    this.interrupts = interrupts;
    TableFile file = plan.file().at(metadata.fingerprint());
    boolean header = metadata.dialect().header();
    if (known != null && known.indexedRowAtOrBefore(plan.firstRow()) > 1) {
      // Start at the indexed row nearest before the first row the condition can accept.
      long startRow = known.indexedRowAtOrBefore(plan.firstRow());
      long offset = known.offsetOf(startRow);
      tokenizer = tokenizer(DecodedInput.openAt(file, metadata.encoding(), offset,
          bytesRead), plan.lastRow() - startRow < FEW_RECORDS);
      tokenizer.resumeAt(offset, startRow - 1 + (header ? 1 : 0));
      row = startRow - 1;
    } else {
      tokenizer = tokenizer(DecodedInput.openAt(file, metadata.encoding(), 0, bytesRead),
          plan.lastRow() < FEW_RECORDS);
      tokenizer.skipLines(metadata.dialect().skipLines());
      if (header) {
        tokenizer.next();
      }
      if (known == null) {
        index = new RowIndex.Builder();
      }
    }
  }

  private CsvTokenizer tokenizer(InputStream in, boolean fewRecords) {
    return new CsvTokenizer(in, plan.file().relativePath(),
        metadata.dialect().syntax(), decoder.fields(), maxRecordBytes, fewRecords);
  }

  @Override
  public boolean next() throws IOException {
    while (true) {
      if (closed) {
        return false;
      }
      if (!tokenizer.next()) {
        close();
        rememberIndex();
        return false;
      }
      row++;
      if (index != null) {
        index.row(row, tokenizer.recordOffset());
      }
      if ((row & (CHECK_EVERY - 1)) == 0) {
        interrupts.check(row);
        progress.at(bytesRead.bytes(), row);
      }
      if (row > plan.lastRow()) {
        index = null;
        close();
        return false;
      }
      Object r = decoder.read(tokenizer, row);
      if (r != RowDecoder.REJECTED) {
        current = r;
        return true;
      }
    }
  }

  @Override
  public Object current() {
    return current;
  }

  /** The byte offset near the current position, for error messages. */
  long offset() {
    return tokenizer.endOffset();
  }

  /**
   * After reading the whole file from its first row: keeps the row count and offsets, unless the
   * file changed while it was read.
   */
  private void rememberIndex() {
    if (index != null) {
      keepIndex.accept(index.build(metadata.fingerprint(), row));
      index = null;
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    progress.finish(row);
    try {
      tokenizer.close();
    } catch (IOException e) {
      // Nothing was lost: the rows were read. Closing a read-only stream has no effect to report.
    }
  }
}
