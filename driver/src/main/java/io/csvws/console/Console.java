package io.csvws.console;

import io.csvws.driver.CsvwsDriver;
import io.csvws.engine.Engine;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import sqlline.NullAwareOutputFormats;
import sqlline.SqlLine;

/**
 * The csvws console: SQLLine connected to a workspace through {@code jdbc:csvws:}.
 *
 * <p>It opens the folder (or URL) given first, else the example workspace, checks that the
 * driver accepts it (so a wrong folder is one clear line and exit status 2, not a prompt with no
 * connection), then hands over to SQLLine with settings that suit csvws: no credential prompt,
 * table and column completion from {@code DatabaseMetaData}, read-only, no isolation level. The
 * user's own SQLLine options come after these and win.
 *
 * <p>Exit status: 0 success, 1 bad arguments, 2 any other failure (a statement given with
 * {@code -e} that fails, a folder that cannot be opened). One instance runs once.
 */
final class Console {
  static final String CONNECT_INTERACTION_MODE = "notAskCredentials";
  static final int OK = 0;
  static final int USAGE = 1;
  static final int FAILED = 2;

  private final InputStream in;
  private final Terminal terminal;
  private final PrintStream out;
  private final PrintStream err;

  /**
   * A console that reads {@code in}: with SQLLine's line editor when it is the standard input of
   * a terminal, else as a script.
   */
  Console(InputStream in, PrintStream out, PrintStream err) {
    this(in, null, out, err);
  }

  /**
   * A console that edits lines on {@code terminal}, with completion and without saving history;
   * results and messages go to {@code out} and {@code err}.
   */
  Console(Terminal terminal, PrintStream out, PrintStream err) {
    this(null, terminal, out, err);
  }

  private Console(InputStream in, Terminal terminal, PrintStream out, PrintStream err) {
    this.in = in;
    this.terminal = terminal;
    this.out = out;
    this.err = err;
  }

  /** Runs the console to its end and returns the exit status. */
  int run(String... args) {
    ConsoleArgs parsed = ConsoleArgs.parse(args);
    if (parsed.help()) {
      out.print(Usage.text());
      out.flush();
      return OK;
    }
    if (parsed.connectsItself()) {
      if (parsed.target() != null) {
        err.println("csvws: give either a folder or -u/-c, not both.");
        return USAGE;
      }
      return runSqlLine(defaultOptions(), parsed.sqllineArgs());
    }
    // A null resource is allowed and not closed: the example is opened only when needed.
    try (ExampleWorkspace example = parsed.target() == null
        ? ExampleWorkspace.open(Path.of("").toAbsolutePath()) : null) {
      Target target;
      if (example == null) {
        target = Target.of(parsed.target(), parsed.targetIsUrl());
      } else {
        target = Target.of(example.folder().toString(), false);
        err.println("csvws: no folder given; opening the example workspace "
            + (example.isCopy() ? "(a temporary copy in " + example.folder() + ")"
                : example.folder().toString()) + ".");
      }
      String problem = checkConnects(target.url());
      if (problem != null) {
        err.println("csvws: " + problem);
        return FAILED;
      }
      List<String> ours = new ArrayList<>(defaultOptions());
      ours.addAll(List.of("-u", target.url()));
      if (target.nickname() != null) {
        ours.addAll(List.of("-nn", target.nickname()));
      }
      return runSqlLine(ours, parsed.sqllineArgs());
    } catch (IOException e) {
      err.println("csvws: cannot prepare the example workspace: " + e.getMessage());
      return FAILED;
    }
  }

  /**
   * What to connect to, and the name the prompt shows ({@code csvws:<folder name>>}; a URL given
   * whole is shown whole).
   */
  private record Target(String url, String nickname) {
    static Target of(String folderOrUrl, boolean isUrl) {
      if (isUrl) {
        return new Target(folderOrUrl, null);
      }
      String name;
      try {
        Path leaf = Path.of(folderOrUrl).toAbsolutePath().normalize().getFileName();
        name = leaf == null ? folderOrUrl : leaf.toString();
      } catch (InvalidPathException e) {
        name = folderOrUrl; // The driver says what is wrong with it when it connects.
      }
      return new Target(ConsoleArgs.urlForFolder(folderOrUrl), "csvws:" + name);
    }
  }

  /** Connects once and returns the driver's message when that fails, else null. */
  /** The engine of the driver {@code DriverManager} gives csvws URLs to, which SQLLine uses. */
  private static Engine embeddedEngine() {
    try {
      return DriverManager.getDriver(CsvwsDriver.URL_PREFIX + ".") instanceof CsvwsDriver d
          ? d.engine() : null;
    } catch (SQLException e) {
      return null;
    }
  }

  private static String checkConnects(String url) {
    try (Connection c = DriverManager.getConnection(url)) {
      return c.isValid(0) ? null : "the connection to " + url + " is not valid.";
    } catch (SQLException e) {
      return e.getMessage();
    }
  }

  /**
   * Options that fit csvws, given before the user's so that theirs win: no user or password
   * prompt; SQLLine's gathering of every table name at connect skipped (fastConnect), as the
   * console completes names lazily itself ({@link WorkspaceCompleter}), so a folder of many files
   * opens at once; read-only and the driver's only isolation level, so SQLLine does not warn at
   * every connect;
   * CSV output quoted with {@code "} as RFC 4180 has it (SQLLine's default quote is {@code '}).
   */
  static List<String> defaultOptions() {
    return List.of("-ac", CsvwsApplication.class.getName(),
        "--connectInteractionMode=" + CONNECT_INTERACTION_MODE,
        "--fastConnect=true",
        "--readOnly=true",
        "--isolation=TRANSACTION_NONE",
        // Table and vertical output print this for NULL, never the empty text; CSV, TSV, JSON
        // and XML have their own way (see NullAwareOutputFormats).
        "--nullValue=" + NullAwareOutputFormats.NULL_VALUE,
        // Said explicitly: the driver's warnings (values read as NULL, cut cells, doubts about
        // a file) are shown after each result; SQLLine shows them on standard error.
        "--showWarnings=true",
        // Quoted because SQLLine's option parser reads a lone " as an unclosed quote.
        "--csvQuoteCharacter='\"'");
  }

  /**
   * SQLLine prints the stack trace of every error raised before its prompt loop starts, and
   * statements given with {@code -e} run in that phase: a typo in a query would print sixty lines
   * of Calcite internals. Marking SQLLine's start-up as complete makes those errors one line, as
   * in the prompt; {@code --verbose=true} still shows traces. SQLLine has no option for this, so
   * its private flag is set; if a later SQLLine lacks it, errors are just more verbose.
   */
  private static void reportInitErrorsBriefly() {
    try {
      Field initComplete = SqlLine.class.getDeclaredField("initComplete");
      initComplete.setAccessible(true);
      initComplete.setBoolean(null, true);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Keep SQLLine's own behaviour.
    }
  }

  private int runSqlLine(List<String> ours, List<String> theirs) {
    List<String> all = new ArrayList<>(ours);
    if (theirs.contains("-e")) {
      // Statements given on the command line print their results and nothing else: no banner
      // and no "1 row selected" on standard error. Errors and warnings still show.
      all.add("--silent=true");
    }
    all.addAll(theirs);
    String[] args = all.toArray(new String[0]);
    // Only a person at a terminal presses Tab: a script does not list names ahead.
    boolean atTerminal = terminal != null || (in == System.in && System.console() != null);
    // On a terminal a statement running over a second shows its progress on standard error.
    Engine engine = embeddedEngine();
    ProgressLine progress = atTerminal && engine != null
        ? new ProgressLine(err, Thread.currentThread(), engine) : null;
    if (progress != null) {
      progress.start();
    }
    ConsoleSqlLine sqlLine = new ConsoleSqlLine(atTerminal, progress);
    sqlLine.setOutputStream(out);
    sqlLine.setErrorStream(err);
    reportInitErrorsBriefly();
    try {
      if (terminal != null) {
        return runOn(terminal, () -> sqlLine.begin(args, null, false));
      }
      if (in == System.in && System.console() != null) {
        // A person at a terminal: SQLLine's line editor, completion and saved history.
        return sqlLine.begin(args, null, true).ordinal();
      }
      // A pipe or a file: read as a script, echoing nothing and drawing no escape sequences.
      try (Terminal script = scriptTerminal(in, out)) {
        return runOn(script, () -> sqlLine.begin(args, in, false));
      }
    } catch (IOException e) {
      err.println("csvws: the console cannot start: " + e.getMessage());
      return FAILED;
    } catch (IllegalArgumentException e) {
      // SQLLine's argument parser throws this for an unbalanced quote in an option.
      err.println("csvws: " + e.getMessage() + "; see --help.");
      return USAGE;
    } finally {
      if (progress != null) {
        progress.close();
      }
      sqlLine.closeNames();
    }
  }

  /** What SQLLine runs; it throws only what {@link SqlLine#begin} throws. */
  private interface SqlLineRun {
    SqlLine.Status run() throws IOException;
  }

  /**
   * Runs SQLLine on {@code t}. SQLLine builds its own terminal and has no parameter for one;
   * JLine's override makes that build return {@code t}. The override is global, which is why a
   * console runs once per JVM. JLine 3.21 (SQLLine 1.12's) marks the override deprecated, as
   * meant for tests; it is the only way in.
   */
  @SuppressWarnings("deprecation")
  private static int runOn(Terminal t, SqlLineRun run) throws IOException {
    TerminalBuilder.setTerminalOverride(t);
    try {
      return run.run().ordinal();
    } finally {
      TerminalBuilder.setTerminalOverride(null);
    }
  }

  /**
   * A terminal over plain streams that does not echo its input and knows no escape codes. JLine
   * otherwise backs such a terminal with a pseudo-terminal opened through JNA, which first
   * unpacks JNA's native library from the jar: a sixth of a cold {@code -e} run's time, for a
   * terminal that no person sees. Without JNA and Jansi it is JLine's plain Java terminal.
   */
  private static Terminal scriptTerminal(InputStream in, PrintStream out) throws IOException {
    Terminal t = TerminalBuilder.builder().name("csvws-script").streams(in, out).type("dumb")
        .jna(false).jansi(false).encoding(StandardCharsets.UTF_8).paused(true).build();
    Attributes a = t.getAttributes();
    // Otherwise the input is copied to the output as soon as it is read, ahead of the results.
    a.setLocalFlag(Attributes.LocalFlag.ECHO, false);
    t.setAttributes(a);
    t.resume();
    return t;
  }
}
