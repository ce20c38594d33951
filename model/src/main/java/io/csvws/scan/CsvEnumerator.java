package io.csvws.scan;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.Predicate1;

/**
 * Streams the rows of one table file for Calcite, converting only the columns a query uses.
 *
 * <p>The file is opened on the first {@link #moveNext()}, after checking it still has the
 * columns the statement was planned with. A large plain file whose row index is known is read by
 * {@link ParallelRows} on several threads; anything else by {@link SequentialRows}. Either way rows
 * come in file order; a scan given a {@link PartialAggregation} returns each batch's partial
 * aggregates instead.
 *
 * <p>This is where a scan meets the engine's metadata cache: it finds the file's current metadata
 * and row index there, and gives the row sources what they need (the settings, the threads, the
 * index known, and where to keep one they build) as explicit arguments. Not thread-safe.
 */
final class CsvEnumerator implements Enumerator<Object> {
  private final ScanPlan plan;
  private final ConnectionConfig config;
  private final MetadataCache cache;
  /** Threads for parallel scans, or null to read on one thread. */
  private final ScanWorkers workers;
  private final Predicate1<Object[]> condition;
  private final PartialAggregation partial;
  private final Interrupts interrupts;
  private final QueryDiagnostics diagnostics;
  /** True until a scan of this enumerable has opened: the first read's size is counted already. */
  private final AtomicBoolean firstRead;

  private RowSource rows;
  /** The file's content check as this scan began, when it has no row index to read by. */
  private MetadataCache.ReadCheck readCheck;
  private Object current;
  private boolean done;

  CsvEnumerator(ScanPlan plan, ConnectionConfig config, MetadataCache cache, ScanWorkers workers,
      Predicate1<Object[]> condition, PartialAggregation partial, Interrupts interrupts,
      QueryDiagnostics diagnostics, AtomicBoolean firstRead) {
    this.plan = plan;
    this.config = config;
    this.cache = cache;
    this.workers = workers;
    this.firstRead = firstRead;
    this.condition = condition;
    this.partial = partial;
    this.interrupts = interrupts;
    this.diagnostics = diagnostics;
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
      if (rows == null) {
        rows = open();
      }
      if (rows.next()) {
        current = rows.current();
        return true;
      }
      done = true;
      return false;
    } catch (IOException e) {
      close();
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, plan.file().relativePath()
          + ": reading failed: " + (e.getMessage() == null ? e.getClass().getSimpleName()
              : e.getMessage()), e);
    } catch (RuntimeException e) {
      close();
      throw e;
    }
  }

  private RowSource open() throws IOException {
    TableMetadata metadata = currentMetadata();
    if (diagnostics != null) {
      for (String w : metadata.warnings()) {
        diagnostics.note(plan.file().relativePath() + ": " + w);
      }
    }
    long fileBytes = plan.metadata().fingerprint().size();
    if (diagnostics != null && !firstRead.compareAndSet(true, false)) {
      diagnostics.scanWillRead(fileBytes);
    }
    ScanProgress progress = new ScanProgress(diagnostics, fileBytes);
    RowIndex index = cache.rowIndex(plan.file().at(metadata.fingerprint()), config);
    // Taken before the read: a row index built by this scan is stored vouching for what it read.
    readCheck = index == null ? cache.readCheck(plan.file().at(metadata.fingerprint()), config)
        : null;
    Consumer<RowIndex> keep = new Consumer<>() {
      @Override
      public void accept(RowIndex built) {
        keep(built);
      }
    };
    if (ParallelRows.applies(plan, metadata, index, workers)) {
      return new ParallelRows(plan, metadata, index, workers, config, keep, condition,
          partial, diagnostics, interrupts, progress);
    }
    RowDecoder decoder = new RowDecoder(plan, metadata, config, condition, diagnostics);
    RowSource rows = new SequentialRows(plan, metadata, index, decoder, config.maxRecordBytes(),
        keep, interrupts, progress);
    return partial == null ? rows : new ReducedRows(rows, partial);
  }

  /**
   * The metadata of the file as it is now: the planned metadata when the file is unchanged, the
   * new metadata when only its content changed, and an error when its columns changed or it went.
   */
  private TableMetadata currentMetadata() throws IOException {
    TableFile file = plan.file();
    TableMetadata planned = plan.metadata();
    FileFingerprint now;
    try {
      now = FileFingerprint.of(file.path());
    } catch (NoSuchFileException e) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, file.relativePath()
          + " was removed after the statement was planned; prepare the statement again.", e);
    }
    TableMetadata metadata = planned;
    if (!now.equals(planned.fingerprint())) {
      metadata = cache.get(file.at(now), config);
      if (metadata.failure() == null && !metadata.sameColumns(planned)) {
        throw new CsvwsException(ErrorCode.QUERY_FAILED, file.relativePath()
            + " changed after the statement was planned and its columns are different now; "
            + "prepare the statement again.");
      }
    }
    if (metadata.failure() != null) {
      throw new CsvwsException(metadata.failure().code(), metadata.failure().getMessage(),
          metadata.failure());
    }
    return metadata;
  }

  /** Keeps the row index a complete read built, unless the file changed while it was read. */
  private void keep(RowIndex index) {
    TableFile file = plan.file();
    try {
      if (FileFingerprint.of(file.path()).equals(index.fingerprint())) {
        if (readCheck != null) {
          cache.putRowIndex(file.at(index.fingerprint()), config, index, readCheck);
        }
      }
    } catch (IOException e) {
      // The file went away after it was read; there is nothing to index.
    }
  }

  @Override
  public void reset() {
    close();
    rows = null;
    done = false;
  }

  @Override
  public void close() {
    if (rows != null) {
      rows.close();
    }
    done = true;
  }
}
