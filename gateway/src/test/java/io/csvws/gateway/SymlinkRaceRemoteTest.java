package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The link-swap race of the engine's {@code SymlinkRaceTest}, through the gateway: while a
 * neighbour keeps replacing {@code race.csv} with a link to a file outside the workspace and back,
 * remote queries never return the outside file's rows, and every failure reaches the client as an
 * SQLException with a SQLState (never an {@code AssertionError}). Bounded by
 * {@code -Dcsvws.race.seconds} (15 by default).
 */
class SymlinkRaceRemoteTest {
  private static final String SECRET = "SECRET";

  @TempDir
  Path root;

  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS)
  void remoteQueriesNeverReadWhereASwappedLinkLeads() throws Exception {
    Path ws = Files.createDirectories(root.resolve("ws"));
    Path secret = Files.createDirectories(root.resolve("outside")).resolve("secret.csv");
    Files.writeString(secret, "name,value\n" + SECRET + ",1\n");
    String inside = "name,value\ninside,1\n";
    Files.writeString(ws.resolve("race.csv"), inside);
    long seconds = Long.getLong("csvws.race.seconds", 15);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<Throwable> swapFailure = new AtomicReference<>();
    Thread swapper = new Thread(() -> {
      try {
        while (!stop.get()) {
          Path link = ws.resolve("race.link");
          Files.deleteIfExists(link);
          Files.createSymbolicLink(link, secret);
          Files.move(link, ws.resolve("race.csv"), StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
          Path plain = ws.resolve("race.plain");
          Files.writeString(plain, inside);
          Files.move(plain, ws.resolve("race.csv"), StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
        }
      } catch (Throwable t) {
        swapFailure.set(t);
      }
    }, "swapper");
    long attempts = 0;
    long answers = 0;
    List<String> leaks = new ArrayList<>();
    Map<String, Integer> failures = new TreeMap<>();
    try (GatewayFixture gateway = GatewayFixture.anonymous(root, ws);
        Connection c = DriverManager.getConnection(gateway.jdbcUrl("protobuf"))) {
      PreparedStatement prepared = c.prepareStatement("SELECT * FROM race");
      swapper.start();
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      while (System.nanoTime() < end && swapFailure.get() == null) {
        attempts++;
        try {
          List<String> rows = attempts % 2 == 0 ? GatewayFixture.rows(c, "SELECT * FROM race")
              : rows(prepared);
          rows.stream().filter(r -> r.contains(SECRET)).forEach(leaks::add);
          answers++;
        } catch (SQLException e) {
          assertThat(e.getSQLState()).as("SQLState of %s", e.getMessage()).isNotNull();
          assertThat(e.getMessage()).doesNotContain(SECRET).doesNotContain("AssertionError");
          String shape = e.getSQLState() + " " + String.valueOf(e.getMessage())
              .replaceAll("\\d+", "N");
          failures.merge(shape.substring(0, Math.min(100, shape.length())), 1, Integer::sum);
        }
      }
    } finally {
      stop.set(true);
      if (swapper.isAlive()) {
        swapper.join();
      }
    }
    System.out.printf("SymlinkRaceRemoteTest: %d attempts in %d s, %d answers; failures %s%n",
        attempts, seconds, answers, failures);
    assertThat(swapFailure.get()).isNull();
    assertThat(leaks).as("rows of the outside file").isEmpty();
    assertThat(answers).isPositive();
  }

  private static List<String> rows(PreparedStatement p) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = p.executeQuery()) {
      while (rs.next()) {
        out.add(rs.getString(1) + "|" + rs.getString(2));
      }
    }
    return out;
  }
}
