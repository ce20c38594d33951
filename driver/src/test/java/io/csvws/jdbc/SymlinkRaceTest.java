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
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A neighbour keeps replacing {@code race.csv} with a link to a file outside the workspace and
 * back with a plain file (each by an atomic rename over it), while queries read it. No query may
 * return a byte of the outside file, and every failure must be a clean SQLException with a
 * SQLState (never Calcite's {@code AssertionError: getRelOptTable returned null}).
 *
 * <p>Four threads query, each on its own connection, until {@code -Dcsvws.race.attempts} (20,000)
 * attempts or {@code -Dcsvws.race.seconds} (20) have passed; the number of attempts is printed and
 * a floor asserted. Before the check and the open were one step, 20 of 5,794 such queries
 * returned the outside rows.
 */
class SymlinkRaceTest {
  private static final String SECRET = "SECRET";
  private static final int THREADS = 4;
  private static final long TARGET = Long.getLong("csvws.race.attempts", 20_000);
  /**
   * Attempts a machine shared with builds reaches in 20 s (2,603 measured under a load of 20 on
   * 2 cores); lowered with -Dcsvws.race.floor.
   */
  private static final long FLOOR = Long.getLong("csvws.race.floor", 1_000);

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
          // A breath: a swapper that never pauses takes a core of the two this runs on.
          LockSupport.parkNanos(100_000);
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
    AtomicLong attempts = new AtomicLong();
    AtomicLong answers = new AtomicLong();
    Map<String, Integer> failures = new ConcurrentHashMap<>();
    List<String> leaks = Collections.synchronizedList(new ArrayList<>());
    List<String> unclean = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch prepared = new CountDownLatch(THREADS);
    CountDownLatch go = new CountDownLatch(1);
    AtomicLong end = new AtomicLong();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      Thread querier = new Thread(() -> {
        try (Connection c = DriverManager.getConnection("jdbc:csvws:" + ws)) {
          // Prepared while race.csv is a plain file, then run again and again: each execution
          // opens the file it resolved at prepare time, which is where a check-then-open leaks.
          List<PreparedStatement> statements = new ArrayList<>();
          for (String sql : queries) {
            statements.add(c.prepareStatement(sql));
          }
          prepared.countDown();
          go.await();
          long n = 0;
          while (System.nanoTime() < end.get() && attempts.incrementAndGet() <= TARGET
              && swapFailure.get() == null) {
            int q = (int) (n % queries.length);
            String sql = queries[q];
            // One time in 16 a plain statement, planned anew (some 30 ms on a loaded machine,
            // against about 1 ms for running a prepared one).
            boolean plain = n++ % 16 == 0;
            try (Statement s = plain ? c.createStatement() : null;
                ResultSet rs = plain ? s.executeQuery(sql) : statements.get(q).executeQuery()) {
              int columns = rs.getMetaData().getColumnCount();
              while (rs.next()) {
                for (int k = 1; k <= columns; k++) {
                  String v = rs.getString(k);
                  if (v != null && v.contains(SECRET)) {
                    leaks.add(sql + " returned " + v);
                  }
                }
              }
              answers.incrementAndGet();
            } catch (SQLException e) {
              if (e.getSQLState() == null || e.getMessage().contains(SECRET)
                  || e.getMessage().contains("Assertion")) {
                unclean.add(sql + ": " + e);
              }
              String shape = e.getSQLState() + " " + e.getMessage().replaceAll("\\d+", "N");
              failures.merge(shape.substring(0, Math.min(100, shape.length())), 1, Integer::sum);
            }
          }
        } catch (Throwable e) {
          unclean.add(String.valueOf(e));
          prepared.countDown();
        }
      }, "querier-" + t);
      querier.start();
      threads.add(querier);
    }
    long started;
    try {
      prepared.await();
      swapper.start();
      started = System.nanoTime();
      end.set(started + TimeUnit.SECONDS.toNanos(seconds));
      go.countDown();
      for (Thread querier : threads) {
        querier.join();
      }
    } finally {
      stop.set(true);
      if (swapper.isAlive()) {
        swapper.join();
      }
    }
    double took = (System.nanoTime() - started) / 1e9;
    long done = Math.min(attempts.get(), TARGET);
    System.out.printf("SymlinkRaceTest: %d attempts in %.1f s on %d threads, %d answers, %d swaps; "
        + "failures %s%n", done, took, THREADS, answers.get(), swaps.get(), new TreeMap<>(failures));
    assertThat(swapFailure.get()).isNull();
    assertThat(leaks).as("rows of the outside file").isEmpty();
    assertThat(unclean).as("failures without a SQLState or with an AssertionError").isEmpty();
    assertThat(answers.get()).as("some queries ran between swaps").isPositive();
    assertThat(done).as("attempts").isGreaterThanOrEqualTo(FLOOR);
  }
}
