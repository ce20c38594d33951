package io.csvws.engine;

import io.csvws.direct.AggregateQuery;
import io.csvws.direct.AggregateQuery.Function;
import io.csvws.metadata.ColumnInfo;
import io.csvws.scan.PartialAggregation;
import io.csvws.schema.CsvwsTable;
import io.csvws.sql.ColumnAggregates;
import io.csvws.types.ColumnType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rows and columns of an {@link AggregateQuery}, answered without Calcite as the planner-free
 * path ({@code io.csvws.sql.SimpleAggregate}) answers the same statement: the same scan and
 * grouping ({@link ColumnAggregates}), so the same rows in the same order, and the columns
 * described as it describes them (a grouping column as the table's column; {@code COUNT} BIGINT
 * NOT NULL; {@code SUM} of INTEGER or BIGINT a BIGINT, of DOUBLE a DOUBLE, of DECIMAL a DECIMAL
 * of the greatest precision and the column's scale; {@code MIN} and {@code MAX} of the column's
 * type; labels an alias, a grouping column's name, else {@code EXPR$n}).
 *
 * <p>Takes only names that are the table's columns exactly as the file spells them, of types it
 * takes: {@code SUM} of numbers, {@code MIN} and {@code MAX} of neither BOOLEAN nor DOUBLE (whose
 * NaN makes the order values come in matter). Anything else (an unknown or ungrouped name, a
 * label spelt like a grouping name or given to a grouping column, two labels alike) is left to
 * the parser's path, which also reports every error.
 */
final class DirectAggregates {
  private static final Set<ColumnType> SUMMED = Set.of(ColumnType.INTEGER, ColumnType.BIGINT,
      ColumnType.DECIMAL, ColumnType.DOUBLE);
  private static final Set<ColumnType> ORDERED = Set.of(ColumnType.INTEGER, ColumnType.BIGINT,
      ColumnType.DECIMAL, ColumnType.VARCHAR, ColumnType.DATE, ColumnType.TIME,
      ColumnType.TIMESTAMP);

  private DirectAggregates() {
  }

  /**
   * The answer to {@code query} over {@code table}, or null when it is not one this path gives.
   *
   * @param schema the schema the table was found in
   * @param name the table's name as the catalog gives it
   * @param columns the table's file columns, no two named alike in any case
   */
  static DirectAnswer.Rows answer(AggregateQuery query, CsvwsTable table, String schema,
      String name, List<ColumnInfo> columns) {
    TreeSet<Integer> grouped = new TreeSet<>();
    Set<String> groupNames = new HashSet<>();
    for (String g : query.groupBy()) {
      int c = DirectColumns.ordinal(columns, g);
      if (c < 0 || !grouped.add(c)) {
        return null;
      }
      groupNames.add(g.toLowerCase(Locale.ROOT));
    }
    int[] groups = new int[grouped.size()];
    int k = 0;
    for (int g : grouped) {
      groups[k++] = g;
    }
    List<PartialAggregation.Kind> kinds = new ArrayList<>();
    List<Integer> args = new ArrayList<>();
    List<DirectAnswer.Column> described = new ArrayList<>();
    int[] picked = new int[query.items().size()];
    Set<String> labels = new HashSet<>();
    for (int i = 0; i < picked.length; i++) {
      AggregateQuery.Item item = query.items().get(i);
      if (item.label() != null && groupNames.contains(item.label().toLowerCase(Locale.ROOT))) {
        return null; // the planner may group by the labelled expression instead
      }
      int c = item.column() == null ? -1 : DirectColumns.ordinal(columns, item.column());
      if (item.column() != null && c < 0) {
        return null;
      }
      DirectAnswer.Column column;
      if (item.function() == Function.COLUMN) {
        if (!grouped.contains(c) || item.label() != null) {
          // Not grouped: the validator says so. Labelled: its name stays the column's, which
          // a direct answer's description does not tell apart from the label.
          return null;
        }
        picked[i] = grouped.headSet(c).size();
        ColumnInfo info = columns.get(c);
        column = DirectColumns.describe(label(item, i), info.type(), DirectColumns.scale(info),
            true, schema, name);
      } else {
        PartialAggregation.Kind kind = kind(item.function(), c < 0 ? null : columns.get(c));
        if (kind == null) {
          return null;
        }
        picked[i] = groups.length + kinds.size();
        kinds.add(kind);
        args.add(c);
        column = result(item, i, kind, c < 0 ? null : columns.get(c));
      }
      if (!labels.add(column.label().toLowerCase(Locale.ROOT))) {
        return null;
      }
      described.add(column);
    }
    int[] read = new int[args.size()];
    boolean countsOnly = groups.length == 0;
    for (int a = 0; a < read.length; a++) {
      read[a] = args.get(a);
      countsOnly &= read[a] < 0;
    }
    // No data context: the execution the caller runs this in holds the cancel and time limit.
    List<Object[]> rows = countsOnly ? ColumnAggregates.counted(table, null, read.length)
        : ColumnAggregates.of(table, groups, kinds.toArray(new PartialAggregation.Kind[0]), read)
            .run(null);
    return new DirectAnswer.Rows(described, ColumnAggregates.picked(rows, picked));
  }

  /** What the scan's threads keep for the call, as {@code PartialAggregateRule} chooses it. */
  private static PartialAggregation.Kind kind(Function function, ColumnInfo column) {
    ColumnType type = column == null ? null : column.type();
    return switch (function) {
      case COUNT_ROWS -> PartialAggregation.Kind.COUNT_ROWS;
      case COUNT -> PartialAggregation.Kind.COUNT;
      case SUM -> !SUMMED.contains(type) ? null
          : type == ColumnType.DOUBLE ? PartialAggregation.Kind.SUM_DOUBLE
          : type == ColumnType.DECIMAL ? PartialAggregation.Kind.SUM_DECIMAL
          : PartialAggregation.Kind.SUM_LONG;
      case MIN -> ORDERED.contains(type) ? PartialAggregation.Kind.MIN : null;
      case MAX -> ORDERED.contains(type) ? PartialAggregation.Kind.MAX : null;
      case COLUMN -> null;
    };
  }

  /** The description of a call's result, computed: no table of origin. */
  private static DirectAnswer.Column result(AggregateQuery.Item item, int i,
      PartialAggregation.Kind kind, ColumnInfo column) {
    String label = label(item, i);
    return switch (kind) {
      case COUNT_ROWS, COUNT ->
          DirectColumns.describe(label, ColumnType.BIGINT, 0, false, null, null);
      case SUM_LONG -> DirectColumns.describe(label, ColumnType.BIGINT, 0, true, null, null);
      case SUM_DOUBLE -> DirectColumns.describe(label, ColumnType.DOUBLE, 0, true, null, null);
      case SUM_DECIMAL, MIN, MAX -> DirectColumns.describe(label, column.type(),
          DirectColumns.scale(column), true, null, null);
    };
  }

  /** An item's label: its own, a grouping column's name, else Calcite's {@code EXPR$i}. */
  private static String label(AggregateQuery.Item item, int i) {
    if (item.label() != null) {
      return item.label();
    }
    return item.function() == Function.COLUMN ? item.column() : "EXPR$" + i;
  }
}
