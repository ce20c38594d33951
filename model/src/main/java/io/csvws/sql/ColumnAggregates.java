package io.csvws.sql;

import io.csvws.scan.FileScan;
import io.csvws.scan.PartialAggregation;
import io.csvws.schema.CsvwsTable;
import io.csvws.sql.GroupedAggregation.Accumulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.function.Predicate1;

/**
 * Aggregates of a table's plain columns, grouped by some of its columns, run as the planner runs
 * them ({@code PartialAggregateRule}): the scan's threads aggregate each batch
 * ({@link PartialAggregation}), and the partial rows are combined ({@link GroupedAggregation}),
 * a group's row holding its grouping values in table order, then one value per call. The
 * planner-free path ({@link SimpleAggregate}) and the engine's direct answers run it, so both
 * give the rows, in the order and with the failures, the planned statement gives. Immutable;
 * each {@link #run} scans the file again.
 */
public final class ColumnAggregates {
  private final ReadColumns columns;
  private final PartialAggregation partial;
  private final GroupedAggregation aggregation;

  private ColumnAggregates(ReadColumns columns, PartialAggregation partial,
      GroupedAggregation aggregation) {
    this.columns = columns;
    this.partial = partial;
    this.aggregation = aggregation;
  }

  /**
   * The aggregates {@code kinds} of the whole table, grouped by {@code groups}.
   *
   * @param groups the grouping columns' ordinals, ascending, each once; none for one row
   * @param kinds what each call keeps, as {@code PartialAggregateRule} chooses it for the call
   *     and its result type
   * @param args the ordinal of the column each call reads; -1 for {@code COUNT(*)}
   */
  public static ColumnAggregates of(CsvwsTable table, int[] groups,
      PartialAggregation.Kind[] kinds, int[] args) {
    return of(table, groups, kinds, args, null);
  }

  /** As {@link #of(CsvwsTable, int[], PartialAggregation.Kind[], int[])}, of a range's rows. */
  static ColumnAggregates of(CsvwsTable table, int[] groups, PartialAggregation.Kind[] kinds,
      int[] args, RowNumberRange range) {
    TreeSet<Integer> read = new TreeSet<>();
    for (int g : groups) {
      read.add(g);
    }
    for (int a : args) {
      if (a >= 0) {
        read.add(a);
      }
    }
    ReadColumns columns = ReadColumns.of(table, read, range);
    int[] position = columns.position();
    int n = kinds.length;
    int[] keys = new int[groups.length];
    int[] partialKeys = new int[groups.length];
    for (int g = 0; g < keys.length; g++) {
      keys[g] = position[groups[g]];
      partialKeys[g] = g;
    }
    int[] positions = new int[n];
    Accumulation[] accumulations = new Accumulation[n];
    // A partial row holds the groups, then one value per call: each call reads its own.
    AggregateOperand[] operands = new AggregateOperand[n];
    for (int c = 0; c < n; c++) {
      positions[c] = args[c] < 0 ? -1 : position[args[c]];
      accumulations[c] = combining(kinds[c]);
      operands[c] = AggregateOperand.at(groups.length + c);
    }
    PartialAggregation partial = new PartialAggregation(columns.fields().length, keys, kinds,
        positions, new boolean[n]);
    return new ColumnAggregates(columns, partial, new GroupedAggregation(partial.outputWidth(),
        partialKeys, accumulations, OperandProgram.ofPositions(operands)));
  }

  /**
   * The columns an aggregate reads and the scan that reads them, as the planner's scan reads
   * them: the columns in table order, the row number tested when a range is given.
   *
   * @param fields the ordinals of the columns read, ascending
   * @param position the position of each read column's value in a scanned row, by ordinal
   * @param scan the scan
   * @param inRange the test of a row's number (its first value), or null without a range
   */
  record ReadColumns(int[] fields, int[] position, FileScan scan,
      Predicate1<Object[]> inRange) {
    /** The scan of the columns {@code read} (ordinals), of the rows of {@code range} or all. */
    static ReadColumns of(CsvwsTable table, Set<Integer> read, RowNumberRange range) {
      int[] fields = new int[read.size()];
      int[] position = new int[table.rowOrdinal() + 1];
      int k = 0;
      for (int f : new TreeSet<>(read)) {
        position[f] = k;
        fields[k++] = f;
      }
      FileScan scan = range == null ? table.scan(fields, new int[0], 1, Long.MAX_VALUE)
          : table.scan(fields, new int[] {table.rowOrdinal()}, range.first(), range.last());
      Predicate1<Object[]> inRange = range == null ? null
          : row -> range.accepts(((Number) row[0]).longValue());
      return new ReadColumns(fields, position, scan, inRange);
    }
  }

  /**
   * The one row of a query that only counts the whole table, as the planner answers it
   * ({@code CountScan}: the row count known for the file, else a count, which reads nothing and
   * so warns of nothing when the count is known): the count once per call.
   *
   * @param root the statement's data context, or null when the caller's execution holds its
   *     cancel flag and time limit
   */
  public static List<Object[]> counted(CsvwsTable table, DataContext root, int calls) {
    Object[] row = new Object[calls];
    Arrays.fill(row, table.countRows(root));
    return List.<Object[]>of(row);
  }

  /** How the partial results of {@code kind} are combined: counts added, the others again. */
  private static Accumulation combining(PartialAggregation.Kind kind) {
    return switch (kind) {
      case COUNT_ROWS, COUNT -> Accumulation.ADD_COUNTS;
      case SUM_LONG -> Accumulation.SUM_LONG;
      case SUM_DOUBLE -> Accumulation.SUM_DOUBLE;
      case SUM_DECIMAL -> Accumulation.SUM_DECIMAL;
      case MIN -> Accumulation.MIN;
      case MAX -> Accumulation.MAX;
    };
  }

  /**
   * A statement's rows from its groups' rows: each group's values at {@code picked}, in that
   * order; a bare value when there is one.
   */
  public static List<Object> picked(List<Object[]> grouped, int[] picked) {
    List<Object> rows = new ArrayList<>(grouped.size());
    for (Object[] g : grouped) {
      if (picked.length == 1) {
        rows.add(g[picked[0]]);
      } else {
        Object[] row = new Object[picked.length];
        for (int k = 0; k < picked.length; k++) {
          row[k] = g[picked[k]];
        }
        rows.add(row);
      }
    }
    return rows;
  }

  /**
   * Scans the file and returns one row per group.
   *
   * @param root the statement's data context, for its cancel flag and time limit; null when
   *     the caller's execution holds them
   */
  public List<Object[]> run(DataContext root) {
    return aggregation.run(columns.scan().partialAggregates(root, columns.inRange(), partial));
  }
}
