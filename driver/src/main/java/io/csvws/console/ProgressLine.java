package io.csvws.console;

import io.csvws.engine.Engine;
import io.csvws.engine.Execution;
import io.csvws.engine.QueryProgress;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The console's progress line: while a statement of the console's own thread has run longer than
 * a second, one line on standard error says how far its scans are (bytes of the files read out of
 * their size, rows read, time elapsed), rewritten in place a few times a second, and erased before
 * anything else is printed, so a result never starts on a progress line. Used only on a terminal:
 * a script or a pipe gets no progress line.
 */
final class ProgressLine implements AutoCloseable {
  /** How long a statement runs before its progress shows. */
  static final long SHOW_AFTER_MILLIS = 1_000;
  private static final long TICK_MILLIS = 200;
  private static final String ERASE = "\r\u001b[K";

  private final PrintStream err;
  private final Thread owner;
  private final Engine engine;
  private final Thread ticker;
  private boolean shown;
  /** When output was last printed: a statement that started before it shows no more progress. */
  private long lastOutputNanos = System.nanoTime();
  private volatile boolean closed;

  /**
   * @param err where the line goes
   * @param owner the thread that runs the console's statements; others' (a background listing of
   *     table names) never show
   * @param engine the engine the console's statements run on
   */
  ProgressLine(PrintStream err, Thread owner, Engine engine) {
    this.err = err;
    this.owner = owner;
    this.engine = engine;
    this.ticker = new Thread(this::tick, "csvws-console-progress");
    this.ticker.setDaemon(true);
  }

  void start() {
    ticker.start();
  }

  private void tick() {
    while (!closed) {
      try {
        Thread.sleep(TICK_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      show(running());
    }
  }

  /** The console's statement running for over a second now, or null. */
  private Execution running() {
    List<Execution> all = engine.runningQueries();
    long now = System.nanoTime();
    for (int i = all.size() - 1; i >= 0; i--) {
      Execution d = all.get(i);
      if (d.owner() == owner && now - d.startedNanos() > SHOW_AFTER_MILLIS * 1_000_000) {
        return d;
      }
    }
    return null;
  }

  private synchronized void show(Execution d) {
    if (closed) {
      return;
    }
    if (d == null || d.startedNanos() - lastOutputNanos < 0) {
      erase();
      return;
    }
    err.print(ERASE + text(d.progress()));
    err.flush();
    shown = true;
  }

  /** The line for {@code p}, e.g. {@code [=====     ] 48% 12.0 MB of 25.1 MB, 1,234 rows, 3.2 s}. */
  static String text(QueryProgress p) {
    StringBuilder b = new StringBuilder("csvws: ");
    if (p.bytesTotal() > 0) {
      int width = 20;
      int filled = (int) Math.floor(p.fraction() * width);
      b.append('[').append("=".repeat(filled)).append(" ".repeat(width - filled)).append("] ")
          .append((int) Math.floor(p.fraction() * 100)).append("% ")
          .append(bytes(p.bytesRead())).append(" of ").append(bytes(p.bytesTotal())).append(", ");
    }
    b.append(String.format(Locale.ROOT, "%,d rows, %.1f s", p.rowsRead(),
        p.elapsedMillis() / 1000.0));
    return b.toString();
  }

  private static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    String[] units = {"KB", "MB", "GB", "TB"};
    double v = n / 1024.0;
    int u = 0;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }

  /** Erases the line, if shown, before the console prints anything. */
  synchronized void beforeOutput() {
    erase();
    lastOutputNanos = System.nanoTime();
  }

  private void erase() {
    if (shown) {
      err.print(ERASE);
      err.flush();
      shown = false;
    }
  }

  @Override
  public void close() {
    closed = true;
    ticker.interrupt();
    synchronized (this) {
      erase();
    }
  }
}
