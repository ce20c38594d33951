package io.csvws.metadata;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Turns header cells into column names: trimmed; blank cells become {@code column_N} (N the
 * 1-based position); a name already used, ignoring case, gets {@code _2}, {@code _3}, ... in order
 * of appearance. {@link #ROW_COLUMN} is reserved, so a header cell of that name is suffixed too.
 */
public final class ColumnNaming {
  /** The hidden row-number column every table has. */
  public static final String ROW_COLUMN = "_row";

  private ColumnNaming() {
  }

  /** Names for {@code count} columns from header cells (null or shorter list: generated names). */
  public static List<String> name(List<String> header, int count) {
    Set<String> taken = new HashSet<>();
    taken.add(ROW_COLUMN);
    List<String> names = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String cell = header != null && i < header.size() ? header.get(i).strip() : "";
      String base = cell.isEmpty() ? "column_" + (i + 1) : cell;
      String name = base;
      for (int k = 2; !taken.add(name.toLowerCase(Locale.ROOT)); k++) {
        name = base + "_" + k;
      }
      names.add(name);
    }
    return names;
  }
}
