package io.csvws.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.Map;
import org.jline.reader.History;
import org.jline.reader.LineReader;
import org.jline.reader.impl.LineReaderImpl;
import org.jline.utils.AttributedString;
import sqlline.NullAwareOutputFormats;
import sqlline.OutputFormat;
import sqlline.PromptHandler;
import sqlline.SqlLine;

/**
 * SQLLine with the console's repairs: completion of workspace names through
 * {@link WorkspaceCompleter}, gathered lazily, and through {@link SuffixSafeCompleter} (SQLLine
 * builds its line reader in {@link #getConsoleReader}, the one place to reach it before the first
 * line is read), and output formats that keep NULL apart from empty text
 * ({@link NullAwareOutputFormats}).
 */
class ConsoleSqlLine extends SqlLine {
  private final WorkspaceNames names = new WorkspaceNames();
  private final boolean listNamesAhead;
  /** The progress line of long statements, or null (not on a terminal). */
  private final ProgressLine progress;

  /** @param listNamesAhead whether to list table names in the background from the first prompt */
  ConsoleSqlLine(boolean listNamesAhead) {
    this(listNamesAhead, null);
  }

  /** @param progress the progress line to erase before anything is printed, or null */
  ConsoleSqlLine(boolean listNamesAhead, ProgressLine progress) {
    this.listNamesAhead = listNamesAhead;
    this.progress = progress;
  }

  /** Every message and result goes through here: the progress line is erased first. */
  @Override
  public void output(String msg, boolean newline, PrintStream out) {
    if (progress != null) {
      progress.beforeOutput();
    }
    super.output(msg, newline, out);
  }

  /** As {@link #output(String, boolean, PrintStream)}, for styled text. */
  @Override
  public void output(AttributedString msg, boolean newline, PrintStream out) {
    if (progress != null) {
      progress.beforeOutput();
    }
    super.output(msg, newline, out);
  }

  @Override
  public LineReader getConsoleReader(InputStream inputStream, History fileHistory)
      throws IOException {
    LineReader reader = super.getConsoleReader(inputStream, fileHistory);
    if (reader instanceof LineReaderImpl) {
      LineReaderImpl impl = (LineReaderImpl) reader;
      if (impl.getCompleter() != null && !(impl.getCompleter() instanceof SuffixSafeCompleter)) {
        impl.setCompleter(new SuffixSafeCompleter(
            new WorkspaceCompleter(impl.getCompleter(), this::currentUrl, names)));
      }
    }
    return reader;
  }

  /**
   * SQLLine's formats with NULL kept distinct. SQLLine asks for them before every result, and
   * replaces its CSV format when the CSV options changed; replacing it again here first keeps
   * that from undoing the distinction.
   */
  @Override
  public Map<String, OutputFormat> getOutputFormats() {
    Map<String, OutputFormat> formats = super.getOutputFormats();
    if (formats == null) {
      return null;
    }
    Map<String, OutputFormat> current = NullAwareOutputFormats.upToDate(this, formats);
    if (current != formats) {
      updateOutputFormats(current);
    }
    return current;
  }

  /**
   * SQLLine asks for the prompt before each line it reads at a prompt (never for {@code -e}
   * statements): the moment to start listing table names in the background, so they are ready
   * by the first Tab without delaying the first prompt.
   */
  @Override
  public PromptHandler getPromptHandler() {
    if (listNamesAhead) {
      names.warmUp(currentUrl());
    }
    return super.getPromptHandler();
  }

  /** The URL of the current connection, or null when there is none. */
  private String currentUrl() {
    try {
      return getConnectionMetadata().getUrl();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Closes the connections names were read through. */
  void closeNames() {
    names.close();
  }
}
