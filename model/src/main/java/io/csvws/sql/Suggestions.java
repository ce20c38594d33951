package io.csvws.sql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * "Did you mean" candidates for a misspelt name: the at most three names nearest to it, by edit
 * distance (a swap of two neighbouring letters counts as one edit) ignoring case, or starting with
 * what was typed. Stateless.
 */
final class Suggestions {
  /** Never more than this many suggestions: a long list reads as noise. */
  static final int MAX = 3;

  private Suggestions() {
  }

  /**
   * The names of {@code candidates} close enough to {@code typed}, nearest first, each once;
   * empty when none is close or {@code typed} itself is a candidate.
   */
  static List<String> nearest(String typed, Iterable<String> candidates) {
    String t = typed.toLowerCase(Locale.ROOT);
    int limit = Math.max(1, Math.min(3, t.length() / 3));
    Map<String, Integer> scored = new LinkedHashMap<>();
    for (String c : candidates) {
      String lower = c.toLowerCase(Locale.ROOT);
      if (lower.equals(t)) {
        return List.of();
      }
      int d = distance(t, lower);
      if (d > limit && !(t.length() >= 3 && lower.startsWith(t))) {
        continue;
      }
      scored.merge(c, d, Math::min);
    }
    List<String> names = new ArrayList<>(scored.keySet());
    names.sort(Comparator.comparingInt((String n) -> scored.get(n))
        .thenComparing(n -> n.toLowerCase(Locale.ROOT)));
    return names.subList(0, Math.min(MAX, names.size()));
  }

  /** "; did you mean 'a'?", "; did you mean one of 'a', 'b'?", or "" for no names. */
  static String phrase(List<String> names) {
    if (names.isEmpty()) {
      return "";
    }
    StringBuilder b = new StringBuilder(
        names.size() == 1 ? "; did you mean " : "; did you mean one of ");
    for (int i = 0; i < names.size(); i++) {
      b.append(i == 0 ? "" : ", ").append('\'').append(names.get(i)).append('\'');
    }
    return b.append('?').toString();
  }

  /** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int v = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          v = Math.min(v, d[i - 2][j - 2] + 1);
        }
        d[i][j] = v;
      }
    }
    return d[a.length()][b.length()];
  }
}
