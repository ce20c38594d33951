package io.csvws.scan;

import io.csvws.config.ConnectionConfig;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.Predicate1;

/**
 * A planned scan of a table file, ready to run: its {@link ScanPlan} and what the engine lends it
 * (the connection's settings, the metadata cache, the threads for parallel scans).
 *
 * <p>Generated code reaches a scan as this single stashed object, so the code of a scan is the
 * same size whether it projects two columns or twenty thousand; only a pushed-down condition is
 * generated, over just the columns it reads. Immutable and thread-safe; every enumerable opens the
 * file anew.
 */
public final class FileScan {
  private final ScanPlan plan;
  private final ConnectionConfig config;
  private final MetadataCache cache;
  private final ScanWorkers workers;

  /** @param workers threads for parallel scans of large files, or null to read on one thread */
  public FileScan(ScanPlan plan, ConnectionConfig config, MetadataCache cache,
      ScanWorkers workers) {
    this.plan = plan;
    this.config = config;
    this.cache = cache;
    this.workers = workers;
  }

  /**
   * The number of data rows in the file, from what is known of its current version when possible
   * (a sample that covered it, or the row index of an earlier complete scan), else by a scan that
   * decodes nothing and records the row index for next time.
   */
  public long count(DataContext root) {
    TableFile file = plan.file();
    TableMetadata current = plan.metadata();
    try {
      FileFingerprint now = FileFingerprint.of(file.path());
      if (!now.equals(current.fingerprint())) {
        current = cache.get(file.at(now), config);
      }
    } catch (IOException e) {
      // Not readable now: the scan below reports it with the file's name.
    }
    if (current.failure() == null && current.rowCount() >= 0) {
      return current.rowCount();
    }
    RowIndex index = cache.rowIndex(file.at(current.fingerprint()), config);
    if (index != null) {
      return index.rowCount();
    }
    long n = 0;
    try (Enumerator<Object> rows = rows(plan.everyRowNoColumn(), root, null, null)
        .enumerator()) {
      while (rows.moveNext()) {
        n++;
      }
    }
    return n;
  }

  /** All rows. See {@link #enumerable(DataContext, Predicate1)}. */
  public Enumerable<Object> enumerable(DataContext root) {
    return enumerable(root, null);
  }

  /**
   * Rows shaped as Calcite's {@code JavaRowFormat} expects for the projection's width: an empty
   * list per row for no columns, the bare value for one, an {@code Object[]} otherwise.
   *
   * @param condition null, or a test of the values of the plan's filter columns (in that order);
   *     rows it rejects are skipped before other columns are decoded. It receives the same array
   *     for every row and must not keep it.
   */
  public Enumerable<Object> enumerable(DataContext root, Predicate1<Object[]> condition) {
    return rows(plan, root, condition, null);
  }

  /**
   * The partial aggregates of the rows: {@code partial} reduces each batch of rows, as
   * {@link #enumerable(DataContext, Predicate1)} would return them, to a row per group.
   *
   * @param condition as for {@link #enumerable(DataContext, Predicate1)}
   */
  public Enumerable<Object> partialAggregates(DataContext root, Predicate1<Object[]> condition,
      PartialAggregation partial) {
    return rows(plan, root, condition, Objects.requireNonNull(partial));
  }

  /** See {@link #partialAggregates(DataContext, Predicate1, PartialAggregation)}. */
  public Enumerable<Object> partialAggregates(DataContext root, PartialAggregation partial) {
    return partialAggregates(root, null, partial);
  }

  private Enumerable<Object> rows(ScanPlan scanned, DataContext root,
      Predicate1<Object[]> condition, PartialAggregation partial) {
    final AtomicBoolean cancel = root == null ? null
        : (AtomicBoolean) root.get(DataContext.Variable.CANCEL_FLAG.camelName);
    final Object timeout = root == null ? null : root.get(DataContext.Variable.TIMEOUT.camelName);
    final QueryDiagnostics diagnostics = QueryDiagnostics.current();
    // The driver starts the timeout when the execution starts; Calcite's, from the scan's start,
    // serves other callers.
    final long deadline = diagnostics != null && diagnostics.deadline() != Long.MAX_VALUE
        ? diagnostics.deadline()
        : timeout instanceof Long && (Long) timeout > 0
            ? System.nanoTime() + (Long) timeout * 1_000_000L : Long.MAX_VALUE;
    final Interrupts interrupts =
        new Interrupts(cancel, diagnostics, deadline, scanned.file().relativePath());
    // The file counts in the execution's progress from now, before any scan reads, so the total
    // is known early; a second read of it (a join's inner side read again) counts again.
    final AtomicBoolean firstRead = new AtomicBoolean(true);
    if (diagnostics != null) {
      diagnostics.scanWillRead(scanned.metadata().fingerprint().size());
    }
    return new AbstractEnumerable<>() {
      @Override
      public Enumerator<Object> enumerator() {
        return new CsvEnumerator(scanned, config, cache, workers, condition, partial, interrupts,
            diagnostics, firstRead);
      }
    };
  }
}
