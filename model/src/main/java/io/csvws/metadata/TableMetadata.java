package io.csvws.metadata;

import io.csvws.dialect.Dialect;
import io.csvws.dialect.Encoding;
import io.csvws.error.CsvwsException;
import io.csvws.workspace.FileFingerprint;
import java.util.List;

/**
 * What csvws knows about one version of a table file: how to read it and what its columns are.
 *
 * @param fingerprint the file version this describes
 * @param encoding how its bytes become text
 * @param dialect delimiter, quote, header
 * @param columns the columns, in file order
 * @param sampledRows data rows read to decide all of this
 * @param sampleCoversFile whether the sample was the whole file
 * @param rowCount the number of data rows when known (the sample covered the file), else -1
 * @param bytesPerRow average bytes per record in the sample, for estimates
 * @param warnings what a user should know about how the file was read
 * @param failure why the file cannot be read at all, or null
 */
public record TableMetadata(FileFingerprint fingerprint, Encoding encoding, Dialect dialect,
    List<ColumnInfo> columns, long sampledRows, boolean sampleCoversFile, long rowCount,
    double bytesPerRow, List<String> warnings, CsvwsException failure) {

  public TableMetadata {
    columns = List.copyOf(columns);
    warnings = List.copyOf(warnings);
  }

  /** An estimate of the number of data rows, exact when known. */
  public double estimatedRowCount() {
    if (rowCount >= 0) {
      return rowCount;
    }
    return bytesPerRow > 0 ? Math.max(1, fingerprint.size() / bytesPerRow) : 100;
  }

  /**
   * Whether the columns (names, fields and types) equal those of {@code other}. How a type was
   * decided is not compared: rows appended to a file change the sample, not the columns.
   */
  public boolean sameColumns(TableMetadata other) {
    if (columns.size() != other.columns.size()) {
      return false;
    }
    for (int i = 0; i < columns.size(); i++) {
      ColumnInfo a = columns.get(i);
      ColumnInfo b = other.columns.get(i);
      if (!a.name().equals(b.name()) || a.field() != b.field() || a.type() != b.type()) {
        return false;
      }
    }
    return true;
  }
}
