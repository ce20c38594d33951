package io.csvws.metadata;

import io.csvws.config.ConnectionConfig;
import io.csvws.csvw.ColumnOverride;
import io.csvws.csvw.CsvwSidecar;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.types.ColumnType;
import io.csvws.types.ValueFormat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Applies what a CSVW metadata file says of columns to sniffed metadata. */
final class SidecarColumns {
  private SidecarColumns() {
  }

  static TableMetadata apply(TableMetadata m, CsvwSidecar sidecar, ConnectionConfig config) {
    List<ColumnInfo> columns = new ArrayList<>(m.columns());
    if (sidecar.columns().size() > columns.size()) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, sidecar.source() + " describes "
          + sidecar.columns().size() + " columns but the file has " + columns.size()
          + ". Fix the metadata file, or remove it to let csvws sniff the table.");
    }
    for (ColumnOverride o : sidecar.columns()) {
      ColumnInfo c = columns.get(o.field());
      ValueFormat format = o.format() != null ? o.format() : c.format();
      List<String> nulls = o.nullTokens() != null ? o.nullTokens() : config.nullTokens();
      boolean typed = o.type() != null;
      ColumnType type = typed ? o.type() : c.type();
      String decidedBy = typed ? "given by " + sidecar.source() : c.decidedBy();
      if (type == ColumnType.DECIMAL && typed) {
        // A CSVW decimal has no scale: the sample's, when it read the column as exact numbers.
        if (c.type() == ColumnType.DECIMAL || c.type() == ColumnType.INTEGER
            || c.type() == ColumnType.BIGINT) {
          format = new ValueFormat(format.dateOrder(), format.decimalComma(), List.of(),
              c.format().scale());
          decidedBy += ", with the " + c.format().scale() + " decimals of the sampled values";
        } else {
          type = ColumnType.VARCHAR;
          decidedBy += ", but read as text: the sampled values are not decimals of at most 38 "
              + "digits (" + c.decidedBy() + ")";
        }
      }
      columns.set(o.field(), new ColumnInfo(o.name() != null ? o.name() : c.name(), c.field(),
          type, decidedBy, format.withNullTokens(nulls)));
    }
    Map<String, String> seen = new HashMap<>();
    for (ColumnInfo c : columns) {
      if (c.name().equalsIgnoreCase(ColumnNaming.ROW_COLUMN)) {
        throw new CsvwsException(ErrorCode.VALIDATION_FAILED, sidecar.source() + " names a "
            + "column \"" + c.name() + "\", the name of the row-number column; rename it.");
      }
      String previous = seen.put(c.name().toLowerCase(Locale.ROOT), c.name());
      if (previous != null) {
        throw new CsvwsException(ErrorCode.VALIDATION_FAILED, sidecar.source()
            + " names two columns \"" + previous + "\" and \"" + c.name() + "\", which differ "
            + "only in case; give them distinct names.");
      }
    }
    List<String> warnings = new ArrayList<>(m.warnings());
    warnings.add("Read as " + sidecar.source() + " describes it.");
    return new TableMetadata(m.fingerprint(), m.encoding(), m.dialect(), columns,
        m.sampledRows(), m.sampleCoversFile(), m.rowCount(), m.bytesPerRow(), warnings, null);
  }
}
