package io.csvws.metadata;

import io.csvws.scan.QueryDiagnostics;
import io.csvws.tokenizer.CsvSyntax;
import io.csvws.tokenizer.CsvTokenizer;
import io.csvws.tokenizer.FieldText;
import io.csvws.types.NullTokens;
import io.csvws.types.TypeInference;
import java.io.IOException;

/**
 * What a run of sampled data records says about the columns: the types their values fit and how
 * many fields they have. Runs read on different threads are merged into what one read of all of
 * them would say. Not thread-safe.
 */
final class RecordEvidence {
  final TypeInference types;
  int maxFields;
  /** Records whose field count is the first record's, and those whose count differs. */
  int sameFieldsAsFirst;
  int otherFields;
  /** Whether every record has more than one field and an empty last field. */
  boolean lastFieldAlwaysEmpty = true;

  private RecordEvidence(boolean decimalCommaPossible) {
    this.types = new TypeInference(decimalCommaPossible);
  }

  /** Reads records {@code [from, to)} of {@code records}, none of them the first record. */
  static RecordEvidence read(byte[] sample, SampleRecords records, int from, int to,
      String source, CsvSyntax syntax, NullTokens nulls, int firstFields) {
    RecordEvidence e = new RecordEvidence(syntax.delimiter() != ',');
    FieldText text = FieldText.of(syntax);
    try (CsvTokenizer t = records.tokenizer(sample, source, syntax, from, to)) {
      for (int r = from; r < to; r++) {
        QueryDiagnostics.checkInterrupted("inspecting " + source);
        if (!t.next()) {
          throw new IllegalStateException("record " + r + " of the sample went missing");
        }
        int n = t.fieldCount();
        e.maxFields = Math.max(e.maxFields, n);
        e.types.ensureColumns(n);
        for (int k = 0; k < n; k++) {
          text.load(t, k);
          if (text.length() > 0 && !nulls.matches(text.bytes(), text.from(), text.to())) {
            e.types.accept(k, text.bytes(), text.from(), text.to());
          }
        }
        e.lastFieldAlwaysEmpty &= n > 1 && t.end(n - 1) == t.start(n - 1);
        if (n == firstFields) {
          e.sameFieldsAsFirst++;
        } else {
          e.otherFields++;
        }
      }
    } catch (IOException ex) {
      throw new IllegalStateException("reading a byte array", ex);
    }
    return e;
  }

  /** Adds what {@code other}, a run of other records of the same sample, says. */
  void merge(RecordEvidence other) {
    types.merge(other.types);
    maxFields = Math.max(maxFields, other.maxFields);
    sameFieldsAsFirst += other.sameFieldsAsFirst;
    otherFields += other.otherFields;
    lastFieldAlwaysEmpty &= other.lastFieldAlwaysEmpty;
  }
}
