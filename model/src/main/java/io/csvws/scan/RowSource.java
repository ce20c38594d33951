package io.csvws.scan;

import java.io.IOException;

/** The rows of one scan, in file order, decoded and filtered. Not thread-safe. */
interface RowSource {
  /** Advances to the next accepted row; false at the end. */
  boolean next() throws IOException;

  /** The current row, shaped for Calcite. */
  Object current();

  /** Stops reading and releases the file; safe to call more than once. */
  void close();
}
