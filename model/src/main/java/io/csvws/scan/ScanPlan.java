package io.csvws.scan;

import io.csvws.config.ConnectionConfig;
import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.MetadataCache;
import io.csvws.metadata.TableMetadata;
import io.csvws.workspace.TableFile;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * Everything one scan of a table file needs, fixed when the query is planned: the file, the
 * metadata the plan was built on, and the columns to produce.
 *
 * <p>Generated code reaches a plan as a single stashed object, so the code of a scan is the same
 * size whether it projects two columns or twenty thousand. Immutable and thread-safe; every
 * {@link #enumerable} call opens the file anew.
 */
public final class ScanPlan {
  private final TableFile file;
  private final TableMetadata metadata;
  private final int[] columns;
  private final ConnectionConfig config;
  private final MetadataCache cache;

  /**
   * @param columns the table column ordinals to produce, in output order; the ordinal equal to
   *     the number of columns is the row number
   */
  public ScanPlan(TableFile file, TableMetadata metadata, int[] columns, ConnectionConfig config,
      MetadataCache cache) {
    this.file = file;
    this.metadata = metadata;
    this.columns = columns.clone();
    this.config = config;
    this.cache = cache;
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

  /**
   * Rows shaped as Calcite's {@code JavaRowFormat} expects for the projection's width: an empty
   * list per row for no columns, the bare value for one, an {@code Object[]} otherwise.
   */
  public Enumerable<Object> enumerable(DataContext root) {
    final AtomicBoolean cancel = root == null ? null
        : (AtomicBoolean) root.get(DataContext.Variable.CANCEL_FLAG.camelName);
    final Object timeout = root == null ? null : root.get(DataContext.Variable.TIMEOUT.camelName);
    final long deadline = timeout instanceof Long && (Long) timeout > 0
        ? System.nanoTime() + (Long) timeout * 1_000_000L : Long.MAX_VALUE;
    final QueryDiagnostics diagnostics = QueryDiagnostics.current();
    return new AbstractEnumerable<>() {
      @Override
      public Enumerator<Object> enumerator() {
        return new CsvEnumerator(ScanPlan.this, cancel, deadline, diagnostics);
      }
    };
  }

  /** Column names of the projection, for EXPLAIN. */
  public List<String> columnNames() {
    List<ColumnInfo> cols = metadata.columns();
    return Arrays.stream(columns)
        .mapToObj(c -> c == cols.size() ? "_row" : cols.get(c).name())
        .toList();
  }
}
