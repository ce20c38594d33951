package io.csvws.scan;

import io.csvws.config.ConnectionConfig;
import io.csvws.config.EncodingErrorPolicy;
import io.csvws.config.RaggedRowPolicy;
import io.csvws.config.TypeErrorPolicy;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.LenientRead;
import io.csvws.metadata.ColumnInfo;
import io.csvws.metadata.TableMetadata;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.tokenizer.FieldText;
import io.csvws.types.ColumnType;
import io.csvws.types.ValueParsers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
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
  private final int expectedFields;
  private final RaggedRowPolicy raggedPolicy;
  private final EncodingErrorPolicy encodingPolicy;
  /** Whether row numbers are guesses: then anything to report stops the read instead. */
  private final boolean speculative;

  /**
   * Thrown instead of reporting or failing while row numbers are not known (see {@link
   * ParallelRows}): the read stops, and an exact read from the same record reports it.
   */
  static final class NeedsExactRead extends RuntimeException {
    private static final long serialVersionUID = 1L;
    static final NeedsExactRead INSTANCE = new NeedsExactRead();

    private NeedsExactRead() {
      super("row numbers are needed", null, false, false);
    }
  }

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

  RowDecoder(ScanPlan plan, TableMetadata metadata, ConnectionConfig config,
      Predicate1<Object[]> condition, QueryDiagnostics diagnostics) {
    this(plan, metadata, config, condition, diagnostics, false);
  }

  /**
   * @param config the settings that say what a type error, a ragged row or an invalid byte
   *     becomes
   * @param speculative true when the row numbers given to {@link #read} are not the file's: a
   *     ragged row, invalid bytes or a value that does not fit then throw {@link NeedsExactRead}
   */
  RowDecoder(ScanPlan plan, TableMetadata metadata, ConnectionConfig config,
      Predicate1<Object[]> condition, QueryDiagnostics diagnostics, boolean speculative) {
    this.plan = plan;
    this.speculative = speculative;
    this.metadata = metadata;
    this.condition = condition;
    this.diagnostics = diagnostics;
    this.policy = config.onTypeError();
    this.expectedFields = metadata.dialect().fieldsFor(metadata.columns().size());
    this.raggedPolicy = config.onRaggedRow();
    this.encodingPolicy = config.onEncodingError();
    int rowOrdinal = plan.rowOrdinal();
    int[] outputOrdinals = plan.columnsShared();
    int[] filterOrdinals = plan.filterColumnsShared();
    this.fields = fieldsOf(metadata, rowOrdinal, outputOrdinals, filterOrdinals);
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
    this.text = FieldText.of(metadata.dialect().syntax());
  }

  /**
   * The file fields behind the output and filter columns but {@code _row}, ascending, each once.
   * Loops, not a stream: every scan makes a decoder, and a fresh JVM's first stream pipeline
   * costs milliseconds of linking.
   */
  private static int[] fieldsOf(TableMetadata metadata, int rowOrdinal, int[] outputOrdinals,
      int[] filterOrdinals) {
    int[] all = new int[outputOrdinals.length + filterOrdinals.length];
    int n = 0;
    for (int[] ordinals : new int[][] {outputOrdinals, filterOrdinals}) {
      for (int c : ordinals) {
        if (c != rowOrdinal) {
          all[n++] = metadata.columns().get(c).field();
        }
      }
    }
    Arrays.sort(all, 0, n);
    int distinct = 0;
    for (int k = 0; k < n; k++) {
      if (distinct == 0 || all[distinct - 1] != all[k]) {
        all[distinct++] = all[k];
      }
    }
    return Arrays.copyOf(all, distinct);
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
    if (!accepts(t, row)) {
      return REJECTED;
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

  /**
   * Whether the condition accepts the tokenizer's current record, numbered {@code row} (reporting
   * a ragged record first). Then {@link #output} and {@link #unscaled} read its values.
   */
  boolean accepts(CsvTokenizer t, long row) {
    if (t.fieldCount() != expectedFields) {
      ragged(t, row);
    }
    if (condition != null) {
      for (int j = 0; j < filters.length; j++) {
        filterRow[j] = value(filters[j], t, row);
      }
      return condition.apply(filterRow);
    }
    return true;
  }

  /** The value at {@code position} of the row {@link #read} makes of the accepted record. */
  Object output(int position, CsvTokenizer t, long row) {
    return output(outputs[position], t, row);
  }

  /**
   * The scale of the DECIMAL column at output {@code position} when {@link #unscaled} can read
   * it (its field is decoded for the output alone, written with a decimal point); else -1.
   */
  int compactScale(int position) {
    Column c = outputs[position];
    if (c.slot == ROW_NUMBER || c.filterIndex >= 0 || c.decoder.type() != ColumnType.DECIMAL
        || c.decoder.format().decimalComma()) {
      return -1;
    }
    return c.decoder.format().scale();
  }

  /**
   * The unscaled value at output {@code position} of the accepted record, a column {@link
   * #compactScale} allows; {@link ValueParsers#NOT_COMPACT} when {@link #output} must read it (a
   * NULL, a longer value, a misfit), which then applies the policies as {@link #read} does.
   */
  long unscaled(int position, CsvTokenizer t) {
    Column c = outputs[position];
    if (c.slot >= t.reportedCount()) {
      return ValueParsers.NOT_COMPACT;
    }
    text.load(t, c.slot);
    return ValueParsers.decimalUnscaled(text.bytes(), text.from(), text.to(),
        c.decoder.format().scale());
  }

  private Column column(int ordinal, int rowOrdinal, int filterIndex) {
    if (ordinal == rowOrdinal) {
      return new Column(ordinal, ROW_NUMBER, null, filterIndex);
    }
    ColumnInfo c = metadata.columns().get(ordinal);
    return new Column(ordinal, Arrays.binarySearch(fields, c.field()),
        new ColumnDecoder(c.type(), c.format(), metadata.encoding().tokenizerCharset()),
        filterIndex);
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
    if (v == ValueParsers.MISFIT) {
      return misfit(c, row);
    }
    if (v instanceof String && ((String) v).indexOf('\uFFFD') >= 0) {
      invalidBytes(c, t, row, (String) v);
    }
    return v;
  }

  /**
   * A text value with U+FFFD: counted, or an error, when it comes from bytes invalid in the
   * file's encoding rather than from the character itself written in UTF-8.
   */
  private void invalidBytes(Column column, CsvTokenizer t, long row, String value) {
    long replaced = value.chars().filter(ch -> ch == '\uFFFD').count();
    if (replaced <= literalReplacementChars()) {
      return;
    }
    if (speculative) {
      throw NeedsExactRead.INSTANCE;
    }
    ColumnInfo c = metadata.columns().get(column.ordinal);
    long offset = t.recordOffset();
    Supplier<String> message = () -> plan.file().relativePath() + ": row " + row
        + " (record at byte offset " + offset + "), column \"" + c.name()
        + "\" has bytes that are not valid " + metadata.encoding().charset().name() + ".";
    if (encodingPolicy == EncodingErrorPolicy.FAIL) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, message.get() + " Give the file's "
          + "charset with charset=, or query with onEncodingError=replace (invalid bytes read as "
          + "U+FFFD).");
    }
    if (diagnostics != null) {
      diagnostics.count(LenientRead.INVALID_BYTES, plan.file().relativePath(), row,
          message);
    }
  }

  /**
   * U+FFFD written as such (EF BF BD) in the field's UTF-8 bytes. A file transcoded to UTF-8
   * (UTF-16) has its invalid sequences replaced before the scan sees them, so there every U+FFFD
   * counts as invalid: one written in the file is indistinguishable, and far rarer.
   */
  private int literalReplacementChars() {
    if (!metadata.encoding().tokenizerCharset().equals(StandardCharsets.UTF_8)
        || !metadata.encoding().asciiCompatible()) {
      return 0;
    }
    byte[] b = text.bytes();
    int n = 0;
    for (int i = text.from(); i + 2 < text.to(); i++) {
      if (b[i] == (byte) 0xEF && b[i + 1] == (byte) 0xBF && b[i + 2] == (byte) 0xBD) {
        n++;
      }
    }
    return n;
  }

  private void ragged(CsvTokenizer t, long row) {
    if (speculative) {
      throw NeedsExactRead.INSTANCE;
    }
    long offset = t.recordOffset();
    int fields = t.fieldCount();
    Supplier<String> message = () -> plan.file().relativePath() + ": row " + row
        + " (byte offset " + offset + ") has " + fields + " field" + (fields == 1 ? "" : "s")
        + " where the header has " + expectedFields + ".";
    if (raggedPolicy == RaggedRowPolicy.FAIL) {
      throw new CsvwsException(ErrorCode.FILE_READ_FAILED, message.get() + " Fix the row, or "
          + "query with onRaggedRow=pad (missing fields read as NULL, extra fields are ignored).");
    }
    if (diagnostics != null) {
      diagnostics.count(LenientRead.RAGGED_ROW, plan.file().relativePath(), row,
          message);
    }
  }

  private Object misfit(Column column, long row) {
    if (speculative) {
      throw NeedsExactRead.INSTANCE;
    }
    if (policy == TypeErrorPolicy.NULL) {
      if (diagnostics != null) {
        // count() asks for the message, if at all, before it returns, while the field is still
        // in the buffer.
        diagnostics.count(LenientRead.TYPE_ERROR_NULLED, plan.file().relativePath(),
            row, () -> misfitMessage(column, row,
                text.decode(metadata.encoding().tokenizerCharset()))
                + " Such values read as NULL (onTypeError=null).");
      }
      return null;
    }
    throw new CsvwsException(ErrorCode.TYPE_MISMATCH, misfitMessage(column, row,
        text.decode(metadata.encoding().tokenizerCharset()))
        + " To read it, query with onTypeError=null (such values read as NULL) or "
        + "inferTypes=false (every column as text).");
  }

  private String misfitMessage(Column column, long row, String value) {
    ColumnInfo c = metadata.columns().get(column.ordinal);
    String shown = value.length() > 100 ? value.substring(0, 100) + "..." : value;
    return plan.file().relativePath() + ": row " + row + ", column \"" + c.name()
        + "\" (" + (c.field() + 1) + "): value \"" + shown + "\" is not a "
        + c.type().sqlName(c.format().scale())
        + (c.format().describe().isEmpty() ? "" : " (" + c.format().describe() + ")")
        + misfitReason(c, value)
        + " (the type was " + c.decidedBy() + ").";
  }

  /**
   * Why a value that looks like one of the column's type still does not fit: more decimals than
   * a DECIMAL column's scale, digits finer than the milliseconds a time holds. Empty otherwise.
   */
  private static String misfitReason(ColumnInfo c, String value) {
    switch (c.type()) {
      case DECIMAL:
        return value.matches("[+-]?[0-9]*[.,][0-9]+") ? ": it has more decimals than the column's "
            + c.format().scale() + ", and csvws never rounds a value it reads" : "";
      case TIME:
      case TIMESTAMP:
        if (value.matches(".*:[0-9]{2}[.][0-9]{4,}.*")) {
          return ": it has digits finer than the milliseconds " + c.type().sqlName(0)
              + " holds, and csvws never cuts them";
        }
        return c.type() == ColumnType.TIMESTAMP && !c.format().zonesToUtc()
            && value.matches(".{16,}([+-][0-9:]+|Z)") ? ": it has a zone offset, which no sampled "
            + "value has; csvws converts offsets to UTC only in a column whose metadata says so "
            + "(read it as text with inferTypes=false, or raise sampleRows)" : "";
      case DOUBLE:
        return value.matches("[+-]?[0-9.]+([eE][+-]?[0-9]+)?") ? ": a DOUBLE would round its "
            + "digits, and csvws never rounds a value it reads" : "";
      default:
        return "";
    }
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
