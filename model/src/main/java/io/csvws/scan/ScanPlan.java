package io.csvws.scan;

import io.csvws.config.ConnectionConfig;
import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.RowIndex;
import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.FileFingerprint;
import io.csvws.workspace.TableFile;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.function.Predicate1;

/**
 * Everything one scan of a table file needs, fixed when the query is planned: the file, the
 * metadata the plan was built on, the columns to produce, and the columns a pushed-down condition
 * reads.
 *
 * <p>Generated code reaches a plan as a single stashed object, so the code of a scan is the same
 * size whether it projects two columns or twenty thousand; only a pushed-down condition is
 * generated, over just the columns it reads. Immutable and thread-safe; every enumerable opens the
 * file anew.
 */
public final class ScanPlan {
  private final TableFile file;
  private final TableMetadata metadata;
  private final int[] columns;
  private final int[] filterColumns;
  private final long firstRow;
  private final long lastRow;
  private final ConnectionConfig config;
  private final MetadataCache cache;
  private final ScanWorkers workers;

  /**
   * @param columns the table column ordinals to produce, in output order; the ordinal equal to
   *     the number of columns is the row number
   * @param filterColumns the ordinals a pushed-down condition reads, in the order of the row the
   *     condition is given; empty without a condition
   * @param firstRow no row before this one (1-based) can pass the condition: the scan may start
   *     there, using the row index
   * @param lastRow no row after this one can pass the condition: the scan stops there
   * @param workers threads for parallel scans of large files, or null to read on one thread
   */
  public ScanPlan(TableFile file, TableMetadata metadata, int[] columns, int[] filterColumns,
      long firstRow, long lastRow, ConnectionConfig config, MetadataCache cache,
      ScanWorkers workers) {
    this.file = file;
    this.metadata = metadata;
    this.columns = columns.clone();
    this.filterColumns = filterColumns.clone();
    this.firstRow = firstRow;
    this.lastRow = lastRow;
    this.config = config;
    this.cache = cache;
    this.workers = workers;
  }

  ScanWorkers workers() {
    return workers;
  }

  long firstRow() {
    return firstRow;
  }

  long lastRow() {
    return lastRow;
  }

  /**
   * The number of data rows in the file, from what is known of its current version when possible
   * (a sample that covered it, or the row index of an earlier complete scan), else by a scan that
   * decodes nothing and records the row index for next time.
   */
  public long count(DataContext root) {
    TableMetadata current = metadata;
    try {
      FileFingerprint now = FileFingerprint.of(file.path());
      if (!now.equals(metadata.fingerprint())) {
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
    ScanPlan all = new ScanPlan(file, metadata, new int[0], new int[0], 1, Long.MAX_VALUE,
        config, cache, workers);
    long n = 0;
    try (Enumerator<Object> rows = all.enumerable(root).enumerator()) {
      while (rows.moveNext()) {
        n++;
      }
    }
    return n;
  }

  public TableFile file() {
    return file;
  }

  public TableMetadata metadata() {
    return metadata;
  }

  /** The produced column ordinals (a copy). */
  public int[] columns() {
    return columns.clone();
  }

  int[] columnsShared() {
    return columns;
  }

  int[] filterColumnsShared() {
    return filterColumns;
  }

  ConnectionConfig config() {
    return config;
  }

  MetadataCache cache() {
    return cache;
  }

  /** The ordinal that stands for the row number. */
  public int rowOrdinal() {
    return metadata.columns().size();
  }

  /** Whether the scan produces or tests the row number, which only a read in order knows. */
  boolean readsRowNumber() {
    int r = rowOrdinal();
    return IntStream.concat(IntStream.of(columns), IntStream.of(filterColumns))
        .anyMatch(c -> c == r);
  }

  /** All rows. See {@link #enumerable(DataContext, Predicate1)}. */
  public Enumerable<Object> enumerable(DataContext root) {
    return enumerable(root, null);
  }

  /**
   * Rows shaped as Calcite's {@code JavaRowFormat} expects for the projection's width: an empty
   * list per row for no columns, the bare value for one, an {@code Object[]} otherwise.
   *
   * @param condition null, or a test of the values of {@link #filterColumnsShared() the filter
   *     columns} (in that order); rows it rejects are skipped before other columns are decoded.
   *     It receives the same array for every row and must not keep it.
   */
  public Enumerable<Object> enumerable(DataContext root, Predicate1<Object[]> condition) {
    return rows(root, condition, null);
  }

  /**
   * The partial aggregates of the rows: {@code partial} reduces each batch of rows, as
   * {@link #enumerable(DataContext, Predicate1)} would return them, to a row per group.
   *
   * @param condition as for {@link #enumerable(DataContext, Predicate1)}
   */
  public Enumerable<Object> partialAggregates(DataContext root, Predicate1<Object[]> condition,
      PartialAggregation partial) {
    return rows(root, condition, Objects.requireNonNull(partial));
  }

  /** See {@link #partialAggregates(DataContext, Predicate1, PartialAggregation)}. */
  public Enumerable<Object> partialAggregates(DataContext root, PartialAggregation partial) {
    return partialAggregates(root, null, partial);
  }

  private Enumerable<Object> rows(DataContext root, Predicate1<Object[]> condition,
      PartialAggregation partial) {
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
        new Interrupts(cancel, diagnostics, deadline, file.relativePath());
    // The file counts in the execution's progress from now, before any scan reads, so the total
    // is known early; a second read of it (a join's inner side read again) counts again.
    final AtomicBoolean firstRead = new AtomicBoolean(true);
    if (diagnostics != null) {
      diagnostics.scanWillRead(metadata.fingerprint().size());
    }
    return new AbstractEnumerable<>() {
      @Override
      public Enumerator<Object> enumerator() {
        return new CsvEnumerator(ScanPlan.this, condition, partial, interrupts, diagnostics,
            firstRead);
      }
    };
  }

  /** Keeps the row index a complete read built, unless the file changed while it was read. */
  void remember(TableMetadata read, RowIndex index) {
    try {
      if (FileFingerprint.of(file.path()).equals(read.fingerprint())) {
        cache.putRowIndex(file.at(read.fingerprint()), config, index);
      }
    } catch (IOException e) {
      // The file went away after it was read; there is nothing to index.
    }
  }

  /** Column names of the projection, for EXPLAIN. */
  public List<String> columnNames() {
    List<ColumnInfo> cols = metadata.columns();
    return Arrays.stream(columns)
        .mapToObj(c -> c == cols.size() ? "_row" : cols.get(c).name())
        .toList();
  }
}
