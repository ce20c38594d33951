package io.csvws.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a response left out and how to get it: {@code truncated}, {@code truncation} (e.g.
 * "showing 50 of 20000 columns, 145 cells truncated to 500 characters") and {@code next}, the
 * arguments that bring the rest in.
 */
final class Notes {
  private final List<String> cut = new ArrayList<>();
  private final List<String> next = new ArrayList<>();

  Notes columns(ColumnWindow w) {
    if (w.shown() < w.total()) {
      cut.add(w.offset() == 0 ? "showing " + w.shown() + " of " + w.total() + " columns"
          : "showing columns " + (w.offset() + 1) + "-" + (w.offset() + w.shown()) + " of "
              + w.total());
      if (w.offset() + w.shown() < w.total()) {
        next.add("column_offset=" + (w.offset() + w.shown()) + " shows the next columns; "
            + "columns=[...] picks columns by name");
      } else {
        next.add("column_offset=0 shows the first columns");
      }
    }
    return this;
  }

  Notes cells(Cells cells, AgentLimits limits) {
    return cells(cells.truncated(), cells.limit(), limits);
  }

  Notes cells(int count, int limit, AgentLimits limits) {
    if (count > 0) {
      cut.add(count + (count == 1 ? " cell" : " cells") + " truncated to " + limit
          + " characters");
      next.add((limit < limits.maxCellChars()
          ? "max_cell_chars (up to " + limits.maxCellChars() + ") shows more of each cell; " : "")
          + "SUBSTRING(column, start, length) in query reads any part of a long value");
    }
    return this;
  }

  Notes add(String what, String how) {
    cut.add(what);
    if (how != null) {
      next.add(how);
    }
    return this;
  }

  boolean any() {
    return !cut.isEmpty();
  }

  void put(Map<String, Object> response) {
    response.put("truncated", !cut.isEmpty());
    if (!cut.isEmpty()) {
      response.put("truncation", String.join(", ", cut));
      response.put("next", String.join("; ", next));
    }
  }
}
