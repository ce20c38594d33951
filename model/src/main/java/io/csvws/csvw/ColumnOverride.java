package io.csvws.csvw;

import io.csvws.types.ColumnType;
import io.csvws.types.ValueFormat;
import java.util.List;

/**
 * What a metadata file says about one column; null components leave the sniffed value.
 *
 * @param field the 0-based field the column reads
 * @param name the column name, or null
 * @param type the SQL type, or null
 * @param format how values are written (date order, decimal comma), or null
 * @param nullTokens cell values that mean NULL in this column, or null
 */
public record ColumnOverride(int field, String name, ColumnType type, ValueFormat format,
    List<String> nullTokens) {
}
