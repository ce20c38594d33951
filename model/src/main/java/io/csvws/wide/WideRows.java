package io.csvws.wide;

import java.util.List;
import org.apache.calcite.linq4j.Enumerable;

/** Runtime of {@link WideProject}. Public only because generated code calls it. */
public final class WideRows {
  private WideRows() {
  }

  /**
   * Rows whose k-th value is the {@code mapping[k]}-th value of the input row.
   *
   * @param arrays whether input rows are {@code Object[]}; otherwise they are lists
   */
  public static Enumerable<Object[]> project(Enumerable<?> input, int[] mapping, boolean arrays) {
    return input.select(in -> {
      Object[] out = new Object[mapping.length];
      if (arrays) {
        Object[] row = (Object[]) in;
        for (int k = 0; k < mapping.length; k++) {
          out[k] = row[mapping[k]];
        }
      } else {
        List<?> row = (List<?>) in;
        for (int k = 0; k < mapping.length; k++) {
          out[k] = row.get(mapping[k]);
        }
      }
      return out;
    });
  }
}
