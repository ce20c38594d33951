package io.csvws.agent;

/**
 * How much of a result a call may show: the column window, the cell limit and the byte budget,
 * from its arguments within the operator's limits.
 */
record Shape(long columnOffset, int maxColumns, int cellChars, int responseBytes) {

  static Shape of(Args a, AgentLimits l) {
    return new Shape(
        a.has("column_offset") ? a.integer("column_offset", 0) : 0,
        a.has("max_columns") ? a.bounded("max_columns", l.defaultColumns(), l.maxColumns())
            : l.defaultColumns(),
        a.has("max_cell_chars")
            ? a.bounded("max_cell_chars", l.defaultCellChars(), l.maxCellChars())
            : l.defaultCellChars(),
        a.has("max_response_bytes")
            ? a.bounded("max_response_bytes", l.defaultResponseBytes(), l.maxResponseBytes())
            : l.defaultResponseBytes());
  }
}
