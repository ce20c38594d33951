package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 32 clients run mixed queries against a gateway with a small heap for a minute (bounded; set
 * {@code -Dcsvws.loadSeconds} to change it) while one client runs a query that would exhaust the
 * heap: that one is cancelled with a clear error, the others see no error at all.
 */
class GatewayLoadIT {
  private static final int CLIENTS = 32;
  private static final int ROWS = 600_000;

  @TempDir
  Path dir;

  @Test
  void thirtyTwoClientsKeepWorkingWhileAMemoryHogIsCancelled() throws Exception {
    Path ws = Files.createDirectories(dir.resolve("ws"));
    try (BufferedWriter w = Files.newBufferedWriter(ws.resolve("events.csv"))) {
      w.write("id,kind,amount,note\n");
      String[] kinds = {"click", "view", "buy", "refund", "share"};
      for (int i = 0; i < ROWS; i++) {
        w.write(i + "," + kinds[i % 5] + "," + (i % 997) + ".5,note number " + i
            + " with padding to make each row a little wider than it needs to be\n");
      }
    }
    int seconds = Integer.getInteger("csvws.loadSeconds", 60);
    try (GatewayProcess g = GatewayProcess.start(dir, List.of("-Xmx1g", "-XX:+UseG1GC"),
        "--workspace", ws.toString(), "--heap-guard", "0.8",
        "--max-connections-per-user", "64")) {
      List<String> queries = List.of(
          "SELECT COUNT(*) FROM events",
          "SELECT kind, COUNT(*), SUM(amount) FROM events GROUP BY kind",
          "SELECT id, note FROM events WHERE \"_row\" BETWEEN 5000 AND 5010",
          "SELECT id FROM events WHERE kind = 'buy' AND amount > 990 LIMIT 20",
          "SELECT MAX(amount) FROM events WHERE id < 1000");
      ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
      ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
      ExecutorService pool = Executors.newFixedThreadPool(CLIENTS + 1);
      List<Future<?>> clients = new ArrayList<>();
      for (int k = 0; k < CLIENTS; k++) {
        int client = k;
        clients.add(pool.submit(() -> {
          try (Connection c = DriverManager.getConnection(g.jdbcUrl())) {
            int i = client;
            while (System.nanoTime() < end) {
              String sql = queries.get(i++ % queries.size());
              long t = System.nanoTime();
              try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                  rs.getObject(1);
                }
              } catch (SQLException e) {
                errors.add(sql + ": " + e.getMessage());
              }
              latencies.add(System.nanoTime() - t);
            }
          } catch (SQLException e) {
            errors.add("connect: " + e.getMessage());
          }
          return null;
        }));
      }
      Thread.sleep(3000);
      Future<String> hog = pool.submit(() -> {
        try (Connection c = DriverManager.getConnection(g.jdbcUrl());
            Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT a.note, b.note, a.kind, b.amount FROM events a "
                + "JOIN events b ON a.id / 50 = b.id / 50 ORDER BY a.note DESC, b.note")) {
          rs.next();
          return "answered";
        } catch (SQLException e) {
          return e.getSQLState() + " " + e.getMessage();
        }
      });
      String hogResult = hog.get(seconds + 120, TimeUnit.SECONDS);
      for (Future<?> f : clients) {
        f.get(seconds + 120, TimeUnit.SECONDS);
      }
      pool.shutdownNow();

      List<Long> sorted = new ArrayList<>(latencies);
      Collections.sort(sorted);
      double p50 = sorted.get(sorted.size() / 2) / 1e6;
      double p99 = sorted.get((int) (sorted.size() * 0.99)) / 1e6;
      System.out.printf(Locale.ROOT, "gateway load: %d clients, %d s, %d queries, %.1f "
          + "queries/s, p50 %.1f ms, p99 %.1f ms, memory hog: %s%n", CLIENTS, seconds,
          sorted.size(), sorted.size() / (double) seconds, p50, p99, hogResult);

      assertThat(errors).as("errors of the ordinary clients; the gateway's failures: %s",
          GatewayProcess.read(g.stderr).lines().filter(l -> !l.contains("\"status\":200"))
              .limit(20).toList()).isEmpty();
      assertThat(sorted).hasSizeGreaterThan(CLIENTS);
      assertThat(hogResult).as("the memory-hungry query")
          .startsWith("57014").contains("cancelled by the gateway to protect the server");
      assertThat(g.process.isAlive()).as("the gateway is still up").isTrue();
      String metrics = new String(new java.net.URL(g.url + "/metrics").openStream()
          .readAllBytes());
      assertThat(metrics).containsPattern("csvws_queries_cancelled_total [1-9]");
    }
  }
}
