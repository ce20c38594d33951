package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.csvws.agent.AgentMcpServer;
import io.csvws.error.ErrorCode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.Channels;
import java.nio.channels.Pipe;
import java.nio.charset.StandardCharsets;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The link-swap race of the engine's {@code SymlinkRaceTest}, through every way in a remote
 * client has: remote JDBC (with {@code jdbc:csvws:remote:} and Avatica's stock URL), the agent
 * tools as JSON over HTTP, and the agent tools over MCP (the stdio server, in this JVM over
 * pipes). While a neighbour keeps replacing {@code race.csv} with a link to a file outside the
 * workspace and back, no answer ever holds the outside file's rows, and every failure is an
 * SQLException with a SQLState or a JSON error whose code stands for one, with no stack trace,
 * exception class or absolute path in it. And while exports run, the user's export folder is
 * swapped for a link to a folder outside: nothing is written there.
 *
 * <p>Each way runs on several threads until {@code -Dcsvws.race.attempts} (20,000) attempts or its
 * time is up ({@code -Dcsvws.race.seconds}, 15 a way by default); the count is printed, and a
 * floor is asserted that a machine shared with builds reaches (lowered with
 * {@code -Dcsvws.race.floor}). An attempt through JDBC mostly runs a prepared query again; one
 * through the agent tools plans its query anew (Calcite generates and compiles code for it),
 * which is most of its cost: measured side by side on a loaded machine, a prepared query took
 * 1.2 ms embedded, 2 to 4 ms remote, a planned one 31 to 47 ms either way, an agent call 31 ms.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class SymlinkRaceRemoteTest {
  private static final String SECRET = "SECRET";
  private static final long TARGET = Long.getLong("csvws.race.attempts", 20_000);
  private static final long SECONDS = Long.getLong("csvws.race.seconds", 15);
  private static final long PAUSE_NANOS = 100_000;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final PrintStream REPORT = System.out;

  @TempDir
  Path root;
  private Path ws;
  private Path secret;
  private final AtomicBoolean stop = new AtomicBoolean();
  private final AtomicReference<Throwable> swapFailure = new AtomicReference<>();
  private final AtomicLong swaps = new AtomicLong();
  private Thread swapper;

  @BeforeEach
  void workspace() throws Exception {
    ws = Files.createDirectories(root.resolve("ws"));
    secret = Files.createDirectories(root.resolve("outside")).resolve("secret.csv");
    Files.writeString(secret, "name,value\n" + SECRET + ",1\n");
    Files.writeString(ws.resolve("race.csv"), "name,value\ninside,1\n");
  }

  @AfterEach
  void stopSwapping() throws InterruptedException {
    stop.set(true);
    if (swapper != null) {
      swapper.join();
    }
  }

  /** Starts the neighbour: race.csv becomes a link outside and a plain file, by atomic renames. */
  private void swapFiles() {
    swapper = new Thread(() -> {
      try {
        Path link = ws.resolve("race.link");
        Path plain = ws.resolve("race.plain");
        while (!stop.get()) {
          Files.deleteIfExists(link);
          Files.createSymbolicLink(link, secret);
          Files.move(link, ws.resolve("race.csv"), StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
          Files.writeString(plain, "name,value\ninside," + swaps.get() % 7 + "\n");
          Files.move(plain, ws.resolve("race.csv"), StandardCopyOption.ATOMIC_MOVE,
              StandardCopyOption.REPLACE_EXISTING);
          swaps.incrementAndGet();
          // A breath with the plain file in place: a swapper that never pauses takes a core of
          // the two this runs on, and queries would almost never find the plain file.
          LockSupport.parkNanos(PAUSE_NANOS);
        }
      } catch (Throwable t) {
        swapFailure.set(t);
      }
    }, "swapper");
    swapper.start();
  }

  /** What one attempt gave: an answer's text, or a failure's SQLState and message. */
  private record Outcome(String answer, String state, String message) {
    static Outcome answer(String text) {
      return new Outcome(text, null, null);
    }

    static Outcome failure(String state, String message) {
      return new Outcome(null, state, String.valueOf(message));
    }

    /** A tool's JSON answer: an error's code stands for a SQLState. */
    static Outcome tool(String json) throws Exception {
      JsonNode error = JSON.readTree(json).get("error");
      if (error == null) {
        return answer(json);
      }
      String code = error.path("code").asText();
      String state = Stream.of(ErrorCode.values()).filter(c -> c.name().equals(code))
          .map(ErrorCode::sqlState).findFirst().orElse(null);
      return failure(state, code + " " + error.path("message").asText());
    }
  }

  /** One client of one way, used by one thread. */
  private interface Client extends AutoCloseable {
    Outcome attempt() throws Exception;

    @Override
    void close() throws java.io.IOException, SQLException;
  }

  /** Opens a client for thread {@code index}. */
  private interface Way {
    Client open(int index) throws Exception;
  }

  /** What a way gave over all its threads. */
  private static final class Tally {
    final AtomicLong attempts = new AtomicLong();
    final AtomicLong answers = new AtomicLong();
    final Map<String, Integer> failures = new ConcurrentHashMap<>();
    final List<String> leaks = Collections.synchronizedList(new ArrayList<>());
    final List<String> unclean = Collections.synchronizedList(new ArrayList<>());
  }

  /**
   * Opens a client of {@code way} on each of {@code threads} threads, then starts
   * {@code neighbour}, then runs attempts until {@link #TARGET} or the time; checks outcomes and
   * asserts at least {@code floor} attempts.
   */
  private Tally race(String name, int threads, long seconds, long floor, Runnable neighbour,
      Way way) throws Exception {
    Tally tally = new Tally();
    AtomicLong end = new AtomicLong();
    CountDownLatch opened = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    String rootText = root.toString();
    List<Thread> running = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      int index = i;
      Thread t = new Thread(() -> {
        try (Client client = way.open(index)) {
          opened.countDown();
          go.await();
          while (System.nanoTime() < end.get() && tally.attempts.incrementAndGet() <= TARGET
              && swapFailure.get() == null) {
            Outcome o = client.attempt();
            if (o.answer() != null) {
              if (o.answer().contains(SECRET)) {
                tally.leaks.add(o.answer());
              }
              tally.answers.incrementAndGet();
              continue;
            }
            String m = o.message();
            if (o.state() == null || m.contains(SECRET) || m.contains(rootText)
                || m.contains("\tat ") || m.contains("Exception") || m.contains("Assertion")) {
              tally.unclean.add(o.state() + " " + m);
            }
            String shape = o.state() + " " + m.replaceAll("\\d+", "N");
            tally.failures.merge(shape.substring(0, Math.min(90, shape.length())), 1,
                Integer::sum);
          }
        } catch (Throwable e) {
          tally.unclean.add(name + " thread " + index + ": " + e);
          opened.countDown();
        }
      }, name + "-" + i);
      t.start();
      running.add(t);
    }
    opened.await();
    neighbour.run();
    long started = System.nanoTime();
    end.set(started + TimeUnit.SECONDS.toNanos(seconds));
    go.countDown();
    for (Thread t : running) {
      t.join();
    }
    double took = (System.nanoTime() - started) / 1e9;
    long attempts = Math.min(tally.attempts.get(), TARGET);
    REPORT.printf("SymlinkRaceRemoteTest %s: %d attempts in %.1f s on %d threads (%.2f ms an "
        + "attempt a thread), %d answers, %d swaps so far; failures %s%n", name, attempts, took,
        threads, took * 1000 * threads / Math.max(1, attempts), tally.answers.get(), swaps.get(),
        new TreeMap<>(tally.failures));
    assertThat(swapFailure.get()).isNull();
    assertThat(tally.leaks).as("%s: rows of the outside file", name).isEmpty();
    assertThat(tally.unclean).as("%s: failures without a SQLState or with internals", name)
        .isEmpty();
    assertThat(tally.answers.get()).as("%s: some queries ran between swaps", name).isPositive();
    assertThat(attempts).as("%s: attempts", name)
        .isGreaterThanOrEqualTo(Math.min(floor, Long.getLong("csvws.race.floor", floor)));
    return tally;
  }

  /**
   * A JDBC client: a prepared query run again and again, and one time in 16 a plain one (which
   * is planned anew: some 30 ms of a loaded machine, against 2 to 4 for the prepared one).
   */
  private static Client jdbc(Connection c) throws SQLException {
    PreparedStatement prepared = c.prepareStatement("SELECT * FROM race");
    return new Client() {
      long n;

      @Override
      public Outcome attempt() {
        try (Statement s = n % 16 == 0 ? c.createStatement() : null;
            ResultSet rs = s != null ? s.executeQuery("SELECT * FROM race")
                : prepared.executeQuery()) {
          n++;
          StringBuilder rows = new StringBuilder();
          while (rs.next()) {
            rows.append(rs.getString(1)).append('|').append(rs.getString(2)).append('\n');
          }
          return Outcome.answer(rows.toString());
        } catch (SQLException e) {
          return Outcome.failure(e.getSQLState(), e.getMessage());
        }
      }

      @Override
      public void close() throws SQLException {
        c.close();
      }
    };
  }

  @Test
  void remoteJdbcNeverReadsWhereASwappedLinkLeads() throws Exception {
    try (GatewayFixture gateway = GatewayFixture.anonymous(root, ws)) {
      // Half the threads on jdbc:csvws:remote:, half on Avatica's own URL.
      race("remote JDBC", 4, SECONDS, 400, this::swapFiles,
          i -> jdbc(DriverManager.getConnection(i % 2 == 0
              ? "jdbc:csvws:remote:" + gateway.url() : gateway.jdbcUrl("protobuf"))));
    }
  }

  @Test
  void agentToolsOverHttpNeverReadWhereASwappedLinkLeads() throws Exception {
    try (GatewayFixture gateway = GatewayFixture.anonymous(root, ws)) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      HttpRequest query = HttpRequest.newBuilder(URI.create(gateway.url()
          + "/agent/tools/query")).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"sql\":\"SELECT * FROM race\"}")).build();
      race("agent tools over HTTP", 4, SECONDS, 200, this::swapFiles, i -> new Client() {
        @Override
        public Outcome attempt() throws Exception {
          HttpResponse<String> r = http.send(query, HttpResponse.BodyHandlers.ofString());
          Outcome o = Outcome.tool(r.body());
          if (o.answer() != null) {
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
          }
          return o;
        }

        @Override
        public void close() {
        }
      });
    }
  }

  @Test
  void agentToolsOverMcpNeverReadWhereASwappedLinkLeads() throws Exception {
    // The MCP server points System.out at its standard error while it runs.
    PrintStream out = System.out;
    try {
      // One server, as in production (one per process): a second one in this JVM would share
      // System.out, which the server redirects while it runs.
      race("agent tools over MCP", 1, SECONDS, 150, this::swapFiles, i -> new McpClient(ws));
    } finally {
      System.setOut(out);
    }
  }

  /**
   * The MCP server of {@code csvws-gateway mcp DIR}, run in this JVM with its standard input
   * and output on pipes, spoken to in JSON-RPC lines as an MCP client does over stdio.
   */
  private static final class McpClient implements Client {
    private final OutputStream toServer;
    private final BufferedReader fromServer;
    private final Thread server;
    /** Reads the server's answers, so that a lost answer fails the test instead of hanging it. */
    private final java.util.concurrent.ExecutorService reader =
        java.util.concurrent.Executors.newSingleThreadExecutor();
    private long id;

    McpClient(Path workspace) throws Exception {
      Pipe in = Pipe.open();
      Pipe out = Pipe.open();
      toServer = Channels.newOutputStream(in.sink());
      fromServer = new BufferedReader(new InputStreamReader(Channels.newInputStream(out.source()),
          StandardCharsets.UTF_8));
      PrintStream serverOut = new PrintStream(Channels.newOutputStream(out.sink()), true,
          StandardCharsets.UTF_8);
      PrintStream serverErr = new PrintStream(OutputStream.nullOutputStream());
      server = new Thread(() -> AgentMcpServer.run(new String[] {workspace.toString()},
          Channels.newInputStream(in.source()), serverOut, serverErr), "mcp-server");
      server.start();
      send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{"
          + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},"
          + "\"clientInfo\":{\"name\":\"race\",\"version\":\"1\"}}}");
      JsonNode init = JSON.readTree(answer());
      assertThat(init.has("result")).as(init.toString()).isTrue();
      send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
    }

    /** The server's next line, or a failure naming the call when none comes within 60 s. */
    private String answer() throws Exception {
      try {
        return reader.submit(fromServer::readLine).get(60, TimeUnit.SECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        throw new AssertionError("The MCP server did not answer call " + id + " within 60 s");
      }
    }

    private void send(String line) throws Exception {
      toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      toServer.flush();
    }

    @Override
    public Outcome attempt() throws Exception {
      id++;
      send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{"
          + "\"name\":\"query\",\"arguments\":{\"sql\":\"SELECT * FROM race\"}}}");
      JsonNode answer = JSON.readTree(answer());
      assertThat(answer.path("id").asLong()).as(answer.toString()).isEqualTo(id);
      JsonNode result = answer.get("result");
      if (result == null) {
        return Outcome.failure(null, answer.toString());
      }
      return Outcome.tool(result.path("content").path(0).path("text").asText());
    }

    @Override
    public void close() throws java.io.IOException {
      reader.shutdownNow();
      toServer.close();
      try {
        server.join(TimeUnit.SECONDS.toMillis(30));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * While the agent tools export over HTTP, the user's own export folder keeps being replaced by
   * a link to a folder outside the export folder and back: no file is ever written outside.
   */
  @Test
  void exportsNeverWriteThroughASwappedUserExportFolder() throws Exception {
    Path exports = Files.createDirectories(root.resolve("exports"));
    Path outside = Files.createDirectories(root.resolve("outside-exports"));
    try (GatewayFixture gateway = GatewayFixture.anonymous(root, ws, "--export-dir",
        exports.toString())) {
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      HttpRequest export = HttpRequest.newBuilder(URI.create(gateway.url()
          + "/agent/tools/export")).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"sql\":\"SELECT 1 AS x\","
              + "\"target\":\"x.csv\",\"overwrite\":true}")).build();
      // The first call makes the user's export folder.
      Outcome first = Outcome.tool(http.send(export, HttpResponse.BodyHandlers.ofString()).body());
      assertThat(first.answer()).as(first.message()).isNotNull();
      Path user = exports.resolve("anonymous");
      assertThat(user).isDirectory();
      Thread folderSwapper = new Thread(() -> {
        try {
          Path aside = exports.resolve("anonymous.aside");
          Path link = exports.resolve("anonymous.link");
          while (!stop.get()) {
            Files.move(user, aside, StandardCopyOption.ATOMIC_MOVE);
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, outside);
            Files.move(link, user, StandardCopyOption.ATOMIC_MOVE);
            Files.delete(user);
            Files.move(aside, user, StandardCopyOption.ATOMIC_MOVE);
            swaps.incrementAndGet();
            LockSupport.parkNanos(PAUSE_NANOS);
          }
        } catch (Throwable t) {
          swapFailure.set(t);
        }
      }, "folder-swapper");
      Tally tally = race("export into a swapped user folder", 2, Math.min(SECONDS, 8), 100,
          () -> {
            swapper = folderSwapper;
            swapper.start();
          }, i -> new Client() {
            @Override
            public Outcome attempt() throws Exception {
              return Outcome.tool(http.send(export, HttpResponse.BodyHandlers.ofString()).body());
            }

            @Override
            public void close() {
            }
          });
      assertThat(tally.failures.keySet()).as("the race was run: some exports were refused")
          .anySatisfy(f -> assertThat(f).startsWith("42501"));
    }
    try (Stream<Path> o = Files.list(outside)) {
      assertThat(o).as("files written through the link").isEmpty();
    }
  }
}
