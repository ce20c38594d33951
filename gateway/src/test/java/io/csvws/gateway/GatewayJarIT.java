package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runnable jar: serving, SQLLine as a remote client, and a graceful stop on SIGTERM. */
class GatewayJarIT {
  @TempDir
  static Path root;
  static Path workspace;

  @BeforeAll
  static void workspace() throws Exception {
    workspace = Files.createDirectories(root.resolve("ws"));
    try (BufferedWriter w = Files.newBufferedWriter(workspace.resolve("big.csv"))) {
      w.write("id,text\n");
      for (int i = 0; i < 1_500_000; i++) {
        w.write(i + ",row " + i + " of the big file\n");
      }
    }
    Files.writeString(workspace.resolve("small.csv"), "id,name\n1,one\n2,two\n");
  }

  @Test
  void helpListsTheCommands() throws Exception {
    Process p = new ProcessBuilder(GatewayProcess.java(), "-jar", GatewayProcess.jar().toString(),
        "--help").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(out).contains("serve --workspace DIR", "mcp DIR", "tools --schema",
        "hash-password");
  }

  @Test
  void sqllineQueriesTheGatewayRemotely(@TempDir Path dir) throws Exception {
    try (GatewayProcess g = GatewayProcess.start(dir, List.of(), "--workspace",
        workspace.toString())) {
      Path script = Files.writeString(dir.resolve("script.sql"),
          "!tables\nSELECT name FROM small ORDER BY id;\n");
      Process sqlline = new ProcessBuilder(GatewayProcess.java(), "-Duser.home=" + dir,
          "-cp", GatewayProcess.jar().toString(), "sqlline.SqlLine",
          "-u", g.jdbcUrl(), "-n", "", "-p", "", "--run=" + script, "--outputformat=csv")
          .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(
              Files.writeString(dir.resolve("empty"), "").toFile())).start();
      String out = new String(sqlline.getInputStream().readAllBytes());
      assertThat(sqlline.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(out).contains("'small'").contains("'big'")
          .contains("'name'\n'one'\n'two'");
    }
  }

  @Test
  void sigtermLetsARequestInFlightFinishThenExits(@TempDir Path dir) throws Exception {
    GatewayProcess g = GatewayProcess.start(dir, List.of(), "--workspace",
        workspace.toString());
    try {
      Connection c = DriverManager.getConnection(g.jdbcUrl());
      GatewayFixture.rows(c, "SELECT 1");
      CompletableFuture<Long> slow = CompletableFuture.supplyAsync(() -> {
        // Only the answer matters: the server is stopping, so nothing is closed afterwards.
        try {
          ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM big a "
              + "JOIN big b ON a.id = b.id WHERE a.text LIKE '%7%7%7%'");
          rs.next();
          return rs.getLong(1);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      Thread.sleep(700);
      assertThat(slow).as("the query is still running when SIGTERM arrives").isNotDone();
      g.process.destroy();
      assertThat(slow.get(60, TimeUnit.SECONDS)).isPositive();
      assertThat(g.process.waitFor(40, TimeUnit.SECONDS)).as("exits after draining").isTrue();
      assertThat(GatewayProcess.read(g.stderr)).contains("\"event\":\"stopped\"");
    } finally {
      g.process.destroyForcibly();
    }
  }

  @Test
  void hashPasswordPrintsASaltedHash() throws Exception {
    List<String> hashes = new ArrayList<>();
    for (int i = 0; i < 2; i++) {
      Process p = new ProcessBuilder(GatewayProcess.java(), "-jar",
          GatewayProcess.jar().toString(), "hash-password").start();
      p.getOutputStream().write("secret\n".getBytes());
      p.getOutputStream().close();
      String out = new String(p.getInputStream().readAllBytes()).trim();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      hashes.add(out);
    }
    assertThat(hashes.get(0)).startsWith("pbkdf2-sha256$").isNotEqualTo(hashes.get(1));
    assertThat(PasswordHash.parse(hashes.get(0)).matches("secret".toCharArray())).isTrue();
  }
}
