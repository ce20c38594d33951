package io.csvws.scan;

import io.csvws.config.TypeErrorPolicy;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.TableMetadata;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.tokenizer.FieldText;
import io.csvws.types.ValueParsers;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.calcite.linq4j.function.Predicate1;
import org.apache.calcite.runtime.FlatLists;

/**
 * Turns the tokenizer's current record into the row a scan produces: decodes the columns a
 * pushed-down condition reads, tests them, and only for accepted rows decodes the rest of the
 * projection. Applies the type-error policy to values that do not fit their column.
 *
 * <p>One per tokenizer: not thread-safe (it reuses buffers between rows).
 */
final class RowDecoder {
  /** Returned by {@link #read} for a record the condition rejects. */
  static final Object REJECTED = new Object();
  /** A row of no columns; generated code expects Calcite's comparable list type. */
  private static final List<Object> EMPTY_ROW = FlatLists.of();
  /** Marks the row number where a tokenizer slot is expected. */
  private static final int ROW_NUMBER = -1;

  private final ScanPlan plan;
  private final TableMetadata metadata;
  private final Predicate1<Object[]> condition;
  private final QueryDiagnostics diagnostics;
  private final TypeErrorPolicy policy;
  private final int[] fields;
  private final Column[] outputs;
  private final Column[] filters;
  private final Object[] filterRow;
  private final FieldText text;

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

  RowDecoder(ScanPlan plan, TableMetadata metadata, Predicate1<Object[]> condition,
      QueryDiagnostics diagnostics) {
    this.plan = plan;
    this.metadata = metadata;
    this.condition = condition;
    this.diagnostics = diagnostics;
    this.policy = plan.config().onTypeError();
    int rowOrdinal = plan.rowOrdinal();
    int[] outputOrdinals = plan.columnsShared();
    int[] filterOrdinals = plan.filterColumnsShared();
    this.fields = IntStream.concat(IntStream.of(outputOrdinals), IntStream.of(filterOrdinals))
        .filter(c -> c != rowOrdinal)
        .map(c -> metadata.columns().get(c).field()).sorted().distinct().toArray();
    this.filters = new Column[filterOrdinals.length];
    for (int j = 0; j < filterOrdinals.length; j++) {
      filters[j] = column(filterOrdinals[j], rowOrdinal, -1);
    }
    this.filterRow = new Object[filterOrdinals.length];
    this.outputs = new Column[outputOrdinals.length];
    for (int k = 0; k < outputOrdinals.length; k++) {
      int filterIndex = condition == null ? -1 : indexOf(filterOrdinals, outputOrdinals[k]);
      outputs[k] = column(outputOrdinals[k], rowOrdinal, filterIndex);
    }
    this.text = new FieldText(metadata.dialect().quote());
  }

  /** The field indexes the tokenizer must report, ascending. */
  int[] fields() {
    return fields.clone();
  }

  /**
   * The row for the tokenizer's current record, numbered {@code row}, shaped for Calcite (an
   * empty list for no columns, the bare value for one, an array otherwise); or {@link #REJECTED}.
   */
  Object read(CsvTokenizer t, long row) {
    if (condition != null) {
      for (int j = 0; j < filters.length; j++) {
        filterRow[j] = value(filters[j], t, row);
      }
      if (!condition.apply(filterRow)) {
        return REJECTED;
      }
    }
    final Column[] out = outputs;
    final int n = out.length;
    if (n == 0) {
      return EMPTY_ROW;
    }
    if (n == 1) {
      return output(out[0], t, row);
    }
    Object[] r = new Object[n];
    for (int k = 0; k < n; k++) {
      r[k] = output(out[k], t, row);
    }
    return r;
  }

  private Column column(int ordinal, int rowOrdinal, int filterIndex) {
    if (ordinal == rowOrdinal) {
      return new Column(ordinal, ROW_NUMBER, null, filterIndex);
    }
    ColumnInfo c = metadata.columns().get(ordinal);
    return new Column(ordinal, Arrays.binarySearch(fields, c.field()),
        new ColumnDecoder(c.type(), metadata.encoding().tokenizerCharset()), filterIndex);
  }

  private Object output(Column c, CsvTokenizer t, long row) {
    return c.filterIndex >= 0 ? filterRow[c.filterIndex] : value(c, t, row);
  }

  private Object value(Column c, CsvTokenizer t, long row) {
    int slot = c.slot;
    if (slot == ROW_NUMBER) {
      return row;
    }
    if (slot >= t.reportedCount()) {
      return null;
    }
    text.load(t, slot);
    Object v = c.decoder.decode(text);
    return v == ValueParsers.MISFIT ? misfit(c, row) : v;
  }

  private Object misfit(Column column, long row) {
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

  private static int indexOf(int[] a, int v) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == v) {
        return i;
      }
    }
    return -1;
  }
}
