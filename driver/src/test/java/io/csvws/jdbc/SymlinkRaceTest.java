package io.csvws.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A neighbour keeps replacing {@code race.csv} with a link to a file outside the workspace and
 * back with a plain file (each by an atomic rename over it), while queries read it. No query may
 * return a byte of the outside file, and every failure must be a clean SQLException with a
 * SQLState (never Calcite's {@code AssertionError: getRelOptTable returned null}).
 *
 * <p>Bounded in time ({@code -Dcsvws.race.seconds}, 20 by default); the number of attempts is
 * printed. Before the check and the open were one step, 20 of 5,794 such queries returned the
 * outside rows.
 */
class SymlinkRaceTest {
  private static final String SECRET = "SECRET";

  @TempDir
  Path tmp;

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void aFileSwappedForALinkNeverLeaksWhatTheLinkLeadsTo() throws Exception {
    Path ws = Files.createDirectory(tmp.resolve("ws"));
    Path outside = Files.createDirectory(tmp.resolve("outside"));
    Path secret = outside.resolve("secret.csv");
    // The same shape as the inside file, so an answer from the outside file would look plausible.
    Files.writeString(secret, "name,value\n" + SECRET + ",1\n" + SECRET + ",2\n");
    String inside = "name,value\ninside,1\ninside,2\n";
    Files.writeString(ws.resolve("race.csv"), inside);
    Files.createDirectory(ws.resolve("sub"));
    Files.writeString(ws.resolve("sub/race.csv"), inside);
    Path outsideFolder = Files.createDirectory(tmp.resolve("outsideFolder"));
    Files.copy(secret, outsideFolder.resolve("race.csv"));

    long seconds = Long.getLong("csvws.race.seconds", 20);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> swapFailure = new AtomicReference<>();
    AtomicLong swaps = new AtomicLong();
    Thread swapper = new Thread(() -> {
      try {
        Path link = ws.resolve("race.link");
        Path plain = ws.resolve("race.plain");
        Path folderLink = ws.resolve("sub.link");
        Path folderPlain = ws.resolve("sub.plain");
        Path folder = ws.resolve("sub");
        while (!stop.get()) {
          Files.deleteIfExists(link);
          Files.createSymbolicLink(link, secret);
          Files.move(link, ws.resolve("race.csv"), StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
          // Every other plain file has another shape, so a statement that sees the file twice
          // may see two different tables.
          Files.writeString(plain, swaps.get() % 2 == 0 ? inside
              : "name,value,extra\ninside,1,x\ninside,2,y\ninside,3,z\n");
          Files.move(plain, ws.resolve("race.csv"), StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
          // A folder on the path swapped for a link to an outside folder and back.
          Files.deleteIfExists(folderLink);
          Files.createSymbolicLink(folderLink, outsideFolder);
          Files.move(folder, folderPlain, StandardCopyOption.ATOMIC_MOVE);
          Files.move(folderLink, folder, StandardCopyOption.ATOMIC_MOVE);
          Files.delete(folder);
          Files.move(folderPlain, folder, StandardCopyOption.ATOMIC_MOVE);
          swaps.incrementAndGet();
        }
      } catch (Throwable t) {
        swapFailure.set(t);
      }
    }, "swapper");

    String[] queries = {
        "SELECT * FROM race",
        "SELECT name, value FROM race WHERE value > 0",
        "SELECT COUNT(*), MAX(name) FROM race",
        "SELECT * FROM \"race.csv\"",
        "SELECT * FROM sub.race",
        "SELECT * FROM \"sub/race.csv\"",
    };
    long attempts = 0;
    long answers = 0;
    Map<String, Integer> failures = new TreeMap<>();
    List<String> leaks = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:csvws:" + ws)) {
      // Prepared once while race.csv is a plain file, then run again and again: each execution
      // opens the file it resolved at prepare time, which is where a check-then-open leaks.
      List<PreparedStatement> prepared = new ArrayList<>();
      for (String sql : queries) {
        prepared.add(c.prepareStatement(sql));
      }
      swapper.start();
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (System.nanoTime() < end && swapFailure.get() == null) {
        String sql = queries[(int) (attempts % queries.length)];
        boolean plain = attempts % 8 == 0;
        attempts++;
        try (Statement s = plain ? c.createStatement() : null;
            ResultSet rs = plain ? s.executeQuery(sql)
                : prepared.get((int) ((attempts - 1) % queries.length)).executeQuery()) {
          int columns = rs.getMetaData().getColumnCount();
          while (rs.next()) {
            for (int k = 1; k <= columns; k++) {
              String v = rs.getString(k);
              if (v != null && v.contains(SECRET)) {
                leaks.add(sql + " returned " + v);
              }
            }
          }
          answers++;
        } catch (SQLException e) {
          assertThat(e.getSQLState()).as("SQLState of %s: %s", sql, e.getMessage()).isNotNull();
          assertThat(e.getMessage()).as(sql).doesNotContain(SECRET).doesNotContain("Assertion");
          String shape = e.getSQLState() + " " + e.getMessage().replaceAll("\\d+", "N");
          failures.merge(shape.substring(0, Math.min(100, shape.length())), 1, Integer::sum);
        }
      }
    } finally {
      stop.set(true);
      if (swapper.isAlive()) {
        swapper.join();
      }
    }
    System.out.printf("SymlinkRaceTest: %d attempts in %d s, %d answers, %d swaps; failures %s%n",
        attempts, seconds, answers, swaps.get(), failures);
    assertThat(swapFailure.get()).isNull();
    assertThat(leaks).as("rows of the outside file").isEmpty();
    assertThat(answers).as("some queries ran between swaps").isPositive();
  }
}
