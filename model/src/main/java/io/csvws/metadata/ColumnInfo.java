package io.csvws.metadata;

import io.csvws.types.ColumnType;
import io.csvws.types.ValueFormat;

/**
 * One column of a table file.
 *
 * @param name the column name, unique in its table ignoring case
 * @param field the 0-based index of the field the column reads in each record
 * @param type the SQL type
 * @param decidedBy how the type was decided, for metadata (e.g. "inferred from 10000 rows")
 * @param format how values of the type are written (date order, decimal comma)
 */
public record ColumnInfo(String name, int field, ColumnType type, String decidedBy,
    ValueFormat format) {

  /** A column whose values are written in the standard way (ISO dates, decimal point). */
  public ColumnInfo(String name, int field, ColumnType type, String decidedBy) {
    this(name, field, type, decidedBy, ValueFormat.STANDARD);
  }
}
