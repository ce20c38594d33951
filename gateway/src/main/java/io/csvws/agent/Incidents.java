package io.csvws.agent;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * Failures whose details are the server's business: the stack trace, class names, absolute paths
 * and temporary file names go to the server's log under a short reference, and the client's
 * message carries only the reference. The same reference in both lets an operator find the
 * details a user reports.
 */
public final class Incidents {
  /** A Java class name ending in Exception or Error, or a stack frame. */
  private static final Pattern INTERNALS = Pattern.compile(
      "\\b(?:[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error)\\b|\\bat [a-z][\\w.$]*\\("
          + "|\\b(?:NullPointer|IllegalState|IllegalArgument|ClassCast|IndexOutOfBounds|Assertion"
          + "|UnsupportedOperation|StackOverflow|ArrayIndexOutOfBounds)(?:Exception|Error)\\b");
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Consumer<String> log;
  private final List<Pattern> hiddenRoots;

  /**
   * @param log         the server's log, one entry a call
   * @param hiddenRoots absolute folders whose names a client must not see (the workspace, the
   *                    export folder); the temporary folder and the home folder are always hidden
   */
  public Incidents(Consumer<String> log, Path... hiddenRoots) {
    this.log = log;
    List<String> roots = new ArrayList<>();
    for (Path p : hiddenRoots) {
      if (p != null) {
        roots.add(p.toAbsolutePath().toString());
      }
    }
    roots.add(System.getProperty("java.io.tmpdir"));
    roots.add(System.getProperty("user.home"));
    roots.removeIf(r -> r == null || r.length() < 2);
    // Longest first, so a workspace inside the home folder is hidden as the workspace.
    roots.sort((a, b) -> b.length() - a.length());
    List<Pattern> patterns = new ArrayList<>();
    for (String root : roots) {
      // Only where the absolute name starts: "/root" in "data/root/x.csv" is a relative name.
      patterns.add(Pattern.compile("(?<![\\w.~/-])" + Pattern.quote(root)
          + "(?:(/)|(?![\\w.-]))"));
    }
    this.hiddenRoots = List.copyOf(patterns);
  }

  /** Incidents written to standard error, as the agent tools over MCP log. */
  public static Incidents toStandardError(Path... hiddenRoots) {
    return new Incidents(System.err::println, hiddenRoots);
  }

  /**
   * Logs {@code failure} in full under a new reference and returns the reference.
   *
   * @param context what was being done, for the log line
   */
  public String record(String context, Throwable failure) {
    byte[] bytes = new byte[4];
    RANDOM.nextBytes(bytes);
    String reference = HexFormat.of().formatHex(bytes);
    StringWriter trace = new StringWriter();
    if (failure != null) {
      failure.printStackTrace(new PrintWriter(trace));
    }
    log.accept("incident " + reference + " (" + context + "): " + trace.toString().strip());
    return reference;
  }

  /** Whether a message shows the server's internals: a class name or a stack frame. */
  public static boolean showsInternals(String message) {
    return message != null && INTERNALS.matcher(message).find();
  }

  /** {@code message} with the hidden folders' absolute names cut off (relative names remain). */
  public String scrub(String message) {
    if (message == null) {
      return null;
    }
    String m = message;
    for (Pattern root : hiddenRoots) {
      // Inside the folder: the name relative to it; the folder itself: ".".
      m = root.matcher(m).replaceAll(r -> r.group(1) != null ? "" : ".");
    }
    return m;
  }

  /**
   * A message safe for a client: {@code message} scrubbed, or, when it shows internals, a
   * sentence with a reference under which {@code failure} is logged.
   */
  public String forClient(String context, String message, Throwable failure) {
    if (message == null || message.isBlank() || showsInternals(message)) {
      return internal(record(context, failure));
    }
    return scrub(message);
  }

  /** The message of a failure the client cannot act on, with its reference for the operator. */
  public static String internal(String reference) {
    return "The server failed to answer this request (an internal error). The operator finds "
        + "the details in the server's log under reference " + reference + ".";
  }
}
