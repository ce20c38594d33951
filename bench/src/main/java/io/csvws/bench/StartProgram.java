package io.csvws.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * The child JVM of the "start" scenario: as small as a program that runs one query can be, so that
 * its time is the JVM's and the driver's, not the bench's. {@code empty} returns from {@code main}
 * at once: the time a JVM takes to start on that command line. Otherwise it connects as
 * {@link Engine#connect(Path, String)} does, runs each statement, reads every cell with
 * {@code getObject}, and prints per statement its number of rows and its first cell, which the
 * parent checks. Last it prints {@code answered=} and {@link System#nanoTime()} when it had every
 * answer (an empty {@code main}: when it began), which the parent reads against its own clock: the
 * JVM's is the machine's monotonic clock, one for all processes.
 *
 * <p>Arguments: {@code empty}, or {@code ENGINE FOLDER CACHE SQL...} with an {@link Engine} name.
 */
public final class StartProgram {
  private StartProgram() {
  }

  public static void main(String[] args) throws Exception {
    if (args[0].equals("empty")) {
      printAnswered(System.nanoTime());
      return;
    }
    Engine engine = Engine.valueOf(args[0]);
    Path folder = Path.of(args[1]);
    StringBuilder out = new StringBuilder();
    try (Connection c = engine.connect(folder, args[2])) {
      engine.prepareTable(c, folder, "tall");
      for (int q = 3; q < args.length; q++) {
        long rows = 0;
        Object first = null;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(args[q])) {
          int n = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            for (int i = 1; i <= n; i++) {
              Object o = rs.getObject(i);
              if (rows == 0 && i == 1) {
                first = o;
              }
            }
            rows++;
          }
        }
        out.append("rows=").append(rows).append(" first=").append(first).append('\n');
      }
    }
    long answered = System.nanoTime();
    System.out.print(out);
    printAnswered(answered);
  }

  /** Without string concatenation, whose first use links classes of its own in a fresh JVM. */
  private static void printAnswered(long nanos) {
    System.out.print("answered=");
    System.out.println(nanos);
  }
}
