package io.csvws.agent;

/**
 * One column of a table as {@code csvws.columns} describes it.
 *
 * @param position  1-based position in the file
 * @param type      SQL type name, e.g. {@code INTEGER}, {@code DECIMAL(38, 0)}, {@code VARCHAR}
 * @param decidedBy how the type was decided
 */
record ColumnMeta(int position, String name, String type, String decidedBy) {

  String ref() {
    return Sql.quote(name);
  }

  Kind kind() {
    String t = type.toUpperCase(java.util.Locale.ROOT);
    if (t.startsWith("INTEGER") || t.startsWith("BIGINT") || t.startsWith("SMALLINT")
        || t.startsWith("TINYINT")) {
      return Kind.INTEGER;
    }
    if (t.startsWith("DECIMAL") || t.startsWith("DOUBLE") || t.startsWith("FLOAT")
        || t.startsWith("REAL")) {
      return Kind.NUMBER;
    }
    if (t.startsWith("BOOLEAN")) {
      return Kind.BOOLEAN;
    }
    if (t.startsWith("DATE")) {
      return Kind.DATE;
    }
    if (t.startsWith("TIMESTAMP")) {
      return Kind.TIMESTAMP;
    }
    if (t.startsWith("TIME")) {
      return Kind.TIME;
    }
    return Kind.TEXT;
  }

  /** Families of types, as the tools treat them. */
  enum Kind { INTEGER, NUMBER, BOOLEAN, DATE, TIME, TIMESTAMP, TEXT }
}
