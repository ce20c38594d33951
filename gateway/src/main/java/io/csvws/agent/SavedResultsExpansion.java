package io.csvws.agent;

import java.util.List;

/**
 * A query with the saved results it names defined in front of it (common table expressions),
 * and where that text went in: the expanded text is the original with {@code insertedLength}
 * characters inserted at {@code insertedAt}. A position the engine names in the expanded text
 * maps back to the original by that one insertion.
 *
 * @param sql the text to run
 * @param insertedAt where in the original text the definitions were inserted
 * @param insertedLength how many characters were inserted (0: the query names no saved result)
 * @param names the saved results the query uses, in the order they are defined
 */
public record SavedResultsExpansion(String sql, int insertedAt, int insertedLength,
    List<String> names) {
  /** Copies {@code names}. */
  public SavedResultsExpansion {
    names = List.copyOf(names);
  }

  static SavedResultsExpansion none(String sql) {
    return new SavedResultsExpansion(sql, 0, 0, List.of());
  }

  /**
   * The offset in the original text of offset {@code expanded} of the expanded text, or -1 when
   * it falls inside the inserted definitions.
   */
  public int originalOffset(int expanded) {
    if (expanded < insertedAt) {
      return expanded;
    }
    if (expanded >= insertedAt + insertedLength) {
      return expanded - insertedLength;
    }
    return -1;
  }
}
