package io.csvws.console;

import java.io.IOException;
import java.io.InputStream;
import org.jline.reader.History;
import org.jline.reader.LineReader;
import org.jline.reader.impl.LineReaderImpl;
import sqlline.SqlLine;

/**
 * SQLLine with the console's repair of its line editor: completion through
 * {@link SuffixSafeCompleter}. SQLLine builds its line reader in {@link #getConsoleReader}, which
 * is the one place to reach it before the first line is read.
 */
class ConsoleSqlLine extends SqlLine {
  @Override
  public LineReader getConsoleReader(InputStream inputStream, History fileHistory)
      throws IOException {
    LineReader reader = super.getConsoleReader(inputStream, fileHistory);
    if (reader instanceof LineReaderImpl) {
      LineReaderImpl impl = (LineReaderImpl) reader;
      if (impl.getCompleter() != null && !(impl.getCompleter() instanceof SuffixSafeCompleter)) {
        impl.setCompleter(new SuffixSafeCompleter(impl.getCompleter()));
      }
    }
    return reader;
  }
}
