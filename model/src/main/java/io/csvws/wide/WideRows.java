package io.csvws.wide;

import java.util.Arrays;
import java.util.List;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.linq4j.Enumerable;

/** Runtime of {@link WideProject}. Public only because generated code calls it. */
public final class WideRows {
  private WideRows() {
  }

  /**
   * Rows whose k-th value is the {@code mapping[k]}-th value of the input row.
   *
   * @param format how input rows are held: {@code Object[]} ({@link JavaRowFormat#ARRAY}), a list
   *     ({@link JavaRowFormat#LIST}), or the bare value of a one-column row
   *     ({@link JavaRowFormat#SCALAR}, which is what an input of one column gives)
   */
  public static Enumerable<Object[]> project(Enumerable<?> input, int[] mapping,
      JavaRowFormat format) {
    switch (format) {
      case ARRAY:
        return input.select(in -> {
          Object[] row = (Object[]) in;
          Object[] out = new Object[mapping.length];
          for (int k = 0; k < mapping.length; k++) {
            out[k] = row[mapping[k]];
          }
          return out;
        });
      case LIST:
        return input.select(in -> {
          List<?> row = (List<?>) in;
          Object[] out = new Object[mapping.length];
          for (int k = 0; k < mapping.length; k++) {
            out[k] = row.get(mapping[k]);
          }
          return out;
        });
      case SCALAR:
        // Every index of the mapping is 0, the only column.
        return input.select(in -> {
          Object[] out = new Object[mapping.length];
          Arrays.fill(out, in);
          return out;
        });
      default:
        throw new IllegalArgumentException("rows as " + format + " are converted to arrays first");
    }
  }
}
