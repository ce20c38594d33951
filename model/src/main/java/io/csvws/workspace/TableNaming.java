package io.csvws.workspace;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Gives every table file and sub-folder of one folder a name that no other entry shares, ignoring
 * case (unquoted identifiers match regardless of case, so names that differ only in case would be
 * ambiguous).
 *
 * <p>The rule, applied to the entries sorted by file name (code point order):
 * <ol>
 *   <li>A table is named after its file without extensions: {@code q1.csv} is {@code q1}.</li>
 *   <li>When several files share that name, each takes its extensions as a suffix instead:
 *       {@code a.csv} and {@code a.tsv} are {@code a_csv} and {@code a_tsv}.</li>
 *   <li>A name still taken (by an earlier entry, ignoring case) gets {@code _2}, {@code _3}, ...</li>
 * </ol>
 * Folders follow rule 3 only. The result depends on the set of names alone, never on listing order.
 */
final class TableNaming {
  private TableNaming() {
  }

  /** Returns table name by file name, in file-name order. */
  static Map<String, String> nameTables(Collection<String> fileNames) {
    List<String> sorted = new ArrayList<>(fileNames);
    sorted.sort(null);
    // Each file's base name and its key are worked out once: a folder may hold 10,000 files.
    String[] bases = new String[sorted.size()];
    String[] keys = new String[sorted.size()];
    Map<String, Integer> baseCount = new HashMap<>();
    boolean shared = false;
    for (int i = 0; i < bases.length; i++) {
      bases[i] = FileKind.baseName(sorted.get(i));
      keys[i] = key(bases[i]);
      Integer before = baseCount.put(keys[i], 1);
      if (before != null) {
        baseCount.put(keys[i], before + 1);
        shared = true;
      }
    }
    Map<String, String> result = new LinkedHashMap<>();
    if (!shared) {
      // No two files share a base name, ignoring case: each is named after it and none clashes.
      for (int i = 0; i < bases.length; i++) {
        result.put(sorted.get(i), bases[i]);
      }
      return result;
    }
    Set<String> taken = new HashSet<>();
    Map<String, Integer> nextSuffix = new HashMap<>();
    for (int i = 0; i < bases.length; i++) {
      String f = sorted.get(i);
      String name = baseCount.get(keys[i]) == 1 ? bases[i]
          : bases[i] + "_" + FileKind.extensionSuffix(f);
      result.put(f, unique(name, taken, nextSuffix));
    }
    return result;
  }

  /** Returns schema name by folder name, in folder-name order. */
  static Map<String, String> nameFolders(Collection<String> folderNames) {
    List<String> sorted = new ArrayList<>(folderNames);
    sorted.sort(null);
    Map<String, String> result = new LinkedHashMap<>();
    Set<String> taken = new HashSet<>();
    Map<String, Integer> nextSuffix = new HashMap<>();
    for (String f : sorted) {
      result.put(f, unique(f, taken, nextSuffix));
    }
    return result;
  }

  /**
   * The name, or the name with the first free suffix. The next suffix to try is remembered per
   * name, so many entries of one name are named in linear time; suffixes below it are all taken.
   */
  private static String unique(String name, Set<String> taken, Map<String, Integer> nextSuffix) {
    if (taken.add(key(name))) {
      return name;
    }
    int i = nextSuffix.getOrDefault(key(name), 2);
    String candidate;
    do {
      candidate = name + "_" + i++;
    } while (!taken.add(key(candidate)));
    nextSuffix.put(key(name), i);
    return candidate;
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
