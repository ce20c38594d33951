package io.csvws.metadata;

import io.csvws.types.ColumnType;

/**
 * One column of a table file.
 *
 * @param name the column name, unique in its table ignoring case
 * @param field the 0-based index of the field the column reads in each record
 * @param type the SQL type
 * @param decidedBy how the type was decided, for metadata (e.g. "inferred from 10000 rows")
 */
public record ColumnInfo(String name, int field, ColumnType type, String decidedBy) {
}
