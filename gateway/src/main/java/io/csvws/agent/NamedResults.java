package io.csvws.agent;

import io.csvws.engine.QueryText;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Queries saved under a name (handles, in the manner of a data-frame name an agent passes from
 * call to call). A name used in a later query is given to it as a common table expression, so it
 * behaves like a view: the query runs again each time, over the files as they are then.
 *
 * <p>Each saved query is stored already expanded (the results it used are inlined), so it stays
 * valid when those are dropped or replaced. Thread-safe.
 */
final class NamedResults {
  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,62}");
  private static final Pattern LEADING_WITH =
      Pattern.compile("^\\s*WITH(\\s+RECURSIVE)?\\s", Pattern.CASE_INSENSITIVE);

  /** A saved query, with what was known of its result when it was saved. */
  record Saved(String name, String sql, String expanded, List<String> columns, long rowCount,
      Instant savedAt) {
  }

  private final Map<String, Saved> byName = new LinkedHashMap<>();
  private final int capacity;

  NamedResults(int capacity) {
    this.capacity = capacity;
  }

  static String checkName(String name) {
    if (!NAME.matcher(name).matches()) {
      throw Args.invalid("'" + Tables.shorten(name) + "' cannot name a result: use letters, "
          + "digits and underscores, starting with a letter, at most 63 characters "
          + "(e.g. top_customers).");
    }
    return name;
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  synchronized void put(Saved s) {
    if (!byName.containsKey(key(s.name())) && byName.size() >= capacity) {
      throw Args.invalid("There are already " + capacity + " saved results, the operator's "
          + "limit. Drop one with drop_result first.");
    }
    byName.remove(key(s.name()));
    byName.put(key(s.name()), s);
  }

  synchronized Saved get(String name) {
    Saved s = byName.get(key(name));
    if (s == null) {
      throw new CsvwsException(ErrorCode.VALIDATION_FAILED, "No saved result '"
          + Tables.shorten(name) + "'. " + (byName.isEmpty() ? "Nothing is saved yet: "
              + "save_result saves a query under a name."
              : "Saved results: " + String.join(", ", names()) + "."));
    }
    return s;
  }

  synchronized boolean remove(String name) {
    return byName.remove(key(name)) != null;
  }

  synchronized List<Saved> all() {
    return new ArrayList<>(byName.values());
  }

  private List<String> names() {
    List<String> n = new ArrayList<>();
    for (Saved s : byName.values()) {
      n.add(s.name());
    }
    return n;
  }

  /**
   * {@code sql} with every saved result it names defined in front of it as a common table
   * expression; unchanged when it names none. A name the query defines itself in its own WITH
   * is left to it.
   */
  String expand(String sql) {
    return expansion(sql).sql();
  }

  /**
   * As {@link #expand}, saying where the definitions went in, so that a position the engine
   * names in the expanded text can be taken back to the text the person wrote.
   */
  SavedResultsExpansion expansion(String sql) {
    List<Saved> used = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    synchronized (this) {
      if (byName.isEmpty()) {
        return SavedResultsExpansion.none(sql);
      }
      for (String word : QueryText.unqualifiedNames(sql)) {
        Saved s = byName.get(key(word));
        if (s != null && seen.add(key(word)) && !definesItself(sql, s.name())) {
          used.add(s);
        }
      }
    }
    if (used.isEmpty()) {
      return SavedResultsExpansion.none(sql);
    }
    StringBuilder ctes = new StringBuilder();
    List<String> names = new ArrayList<>();
    for (Saved s : used) {
      if (ctes.length() > 0) {
        ctes.append(", ");
      }
      ctes.append(s.name()).append(" AS (").append(s.expanded()).append("\n)");
      names.add(s.name());
    }
    Matcher m = LEADING_WITH.matcher(sql);
    if (m.find()) {
      String inserted = ctes + ", ";
      return new SavedResultsExpansion(sql.substring(0, m.end()) + inserted
          + sql.substring(m.end()), m.end(), inserted.length(), names);
    }
    String inserted = "WITH " + ctes + "\n";
    return new SavedResultsExpansion(inserted + sql, 0, inserted.length(), names);
  }

  private static boolean definesItself(String sql, String name) {
    return Pattern.compile("(?i)(\\bWITH|,)\\s*\"?" + Pattern.quote(name) + "\"?\\s+AS\\s*\\(")
        .matcher(sql).find();
  }
}
