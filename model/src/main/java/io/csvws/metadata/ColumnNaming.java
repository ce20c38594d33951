package io.csvws.metadata;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns header cells into column names: trimmed; blank cells become {@code column_N} (N the
 * 1-based position); a name already used, ignoring case, gets {@code _2}, {@code _3}, ... in order
 * of appearance. {@link #ROW_COLUMN} is reserved, so a header cell of that name is suffixed too.
 *
 * <p>Linear in the number of columns: for each name the next suffix to try is remembered, so a
 * header of 200,000 cells all named {@code c} does not try {@code c_2}, {@code c_3}, ... again for
 * every cell. Every suffix below the remembered one was already taken, and taken names stay taken,
 * so the names are those of trying from {@code _2} each time.
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
    Map<String, Integer> nextSuffix = new HashMap<>();
    List<String> names = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String cell = header != null && i < header.size() ? header.get(i).strip() : "";
      String base = cell.isEmpty() ? "column_" + (i + 1) : cell;
      String name = base;
      if (!taken.add(base.toLowerCase(Locale.ROOT))) {
        String key = base.toLowerCase(Locale.ROOT);
        int k = nextSuffix.getOrDefault(key, 2);
        do {
          name = base + "_" + k++;
        } while (!taken.add(name.toLowerCase(Locale.ROOT)));
        nextSuffix.put(key, k);
      }
      names.add(name);
    }
    return names;
  }
}
