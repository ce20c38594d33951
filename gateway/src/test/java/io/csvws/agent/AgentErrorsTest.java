package io.csvws.agent;

import static io.csvws.agent.ToolCalls.str;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Calls that must fail do, with the code an agent can branch on and a message that says what to
 * do next; and nothing an agent sends changes a file of the workspace.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AgentErrorsTest {
  private Path workspace;
  private Path outside;
  private Map<String, String> before;
  private AgentTools tools;
  private ToolCalls call;

  @BeforeAll
  void workspace(@TempDir Path dir) throws IOException, NoSuchAlgorithmException {
    workspace = Files.createDirectories(dir.resolve("ws"));
    outside = Files.createDirectories(dir.resolve("outside"));
    Files.writeString(outside.resolve("secret.csv"), "k,v\nkey,hunter2\n");
    Files.writeString(workspace.resolve("customers.csv"),
        "id,name,status\n1,Ann,active\n2,Bob,inactive\n3,Cy,active\n");
    StringBuilder big = new StringBuilder("n\n");
    for (int i = 0; i < 3000; i++) {
      big.append(i).append('\n');
    }
    Files.writeString(workspace.resolve("numbers.csv"), big.toString());
    Files.createSymbolicLink(workspace.resolve("escape.csv"), outside.resolve("secret.csv"));
    before = checksums(workspace);
    tools = AgentTools.open(workspace, null, AgentLimits.builder().queryTimeoutSeconds(2)
        .build());
    call = new ToolCalls(tools);
  }

  @AfterAll
  void close() throws IOException, NoSuchAlgorithmException {
    tools.close();
    assertThat(checksums(workspace)).isEqualTo(before);
  }

  static Map<String, String> checksums(Path root) throws IOException, NoSuchAlgorithmException {
    Map<String, String> sums = new TreeMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : (Iterable<Path>) files::iterator) {
        if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          MessageDigest md = MessageDigest.getInstance("SHA-256");
          try (InputStream in = Files.newInputStream(p)) {
            md.update(in.readAllBytes());
          }
          sums.put(root.relativize(p) + "@" + Files.getLastModifiedTime(p),
              HexFormat.of().formatHex(md.digest()));
        }
      }
    }
    return sums;
  }

  @Test
  void pathsOutOfTheWorkspaceAreSandboxViolations() {
    for (String table : List.of("../outside/secret.csv", "sub/../../outside/secret.csv",
        "..\\outside\\secret.csv", outside.resolve("secret.csv").toString(), "/etc/passwd",
        "~/secret.csv", "C:\\data\\x.csv", "file:///etc/passwd", "escape.csv")) {
      for (String tool : List.of("describe_table", "headers", "read_rows", "column_stats")) {
        String args = "{\"table\": " + str(table)
            + (tool.equals("read_rows") ? ", \"row_start\": 1, \"row_count\": 1}" : "}");
        String m = call.error(tool, args, "SANDBOX_VIOLATION");
        assertThat(m).doesNotContain("hunter2");
      }
    }
    String m = call.error("query", "{\"sql\": \"SELECT * FROM \\\"../outside/secret.csv\\\"\"}",
        "SANDBOX_VIOLATION");
    assertThat(m).doesNotContain("hunter2");
    call.error("query", "{\"sql\": \"SELECT * FROM \\\"escape.csv\\\"\"}", "SANDBOX_VIOLATION");
    assertThat(call.ok("list_tables", "{}").get("table_count").asInt()).isEqualTo(2);
  }

  @Test
  void statementsOtherThanQueriesAreRefusedAsReadOnly() {
    for (String sql : List.of("INSERT INTO customers VALUES (4, 'Dee', 'active')",
        "DELETE FROM customers", "UPDATE customers SET name = 'x'", "DROP TABLE customers",
        "CREATE TABLE t (a INT)", "SELECT 1; DROP TABLE customers",
        "EXPLAIN PLAN FOR INSERT INTO customers VALUES (4, 'Dee', 'active')",
        "ALTER SESSION SET x = 1", "TRUNCATE TABLE customers")) {
      String m = call.error("query", "{\"sql\": " + str(sql) + "}", "READ_ONLY");
      assertThat(m).contains("read-only").contains("export");
      call.error("save_result", "{\"name\": \"w\", \"sql\": " + str(sql) + "}", "READ_ONLY");
    }
  }

  @Test
  void unknownNamesGetSuggestions() {
    String m = call.error("read_rows", "{\"table\": \"customers\", \"row_start\": 1, "
        + "\"row_count\": 1, \"columns\": [\"stauts\"]}", "VALIDATION_FAILED");
    assertThat(m).contains("No column 'stauts' in customers").contains("id, name, status");
    m = call.error("find_rows", "{\"table\": \"customers\", \"column\": \"nmae\", "
        + "\"value\": \"Ann\"}", "VALIDATION_FAILED");
    assertThat(m).contains("name");
    m = call.error("describe_table", "{\"table\": \"customer\"}", "FILE_READ_FAILED");
    assertThat(m).contains("No table 'customer'").contains("Did you mean: customers")
        .contains("list_tables");
    m = call.error("query", "{\"sql\": \"SELECT nmae FROM customers\"}", "QUERY_FAILED");
    assertThat(m).contains("nmae").contains("describe_table");
  }

  @Test
  void badArgumentsAreValidationFailures() {
    assertThat(call.error("no_such_tool", "{}", "VALIDATION_FAILED")).contains("list_tables");
    assertThat(call.error("read_rows", "{\"table\": \"customers\", \"row_start\": 1, "
        + "\"row_count\": 1, \"rows\": 5}", "VALIDATION_FAILED")).contains("Unknown argument "
            + "'rows'").contains("row_count");
    assertThat(call.error("read_rows", "{\"table\": \"customers\"}", "VALIDATION_FAILED"))
        .contains("row_start");
    assertThat(call.error("read_rows", "{\"table\": \"customers\", \"row_start\": \"one\", "
        + "\"row_count\": 1}", "VALIDATION_FAILED")).contains("whole number");
    assertThat(call.error("read_rows", "{\"table\": \"customers\", \"row_start\": 0, "
        + "\"row_count\": 1}", "VALIDATION_FAILED")).contains("1-based");
    assertThat(call.error("query", "{\"sql\": \"SELECT 1\", \"window_rows\": 999999}",
        "VALIDATION_FAILED")).contains("limit is 5000");
    assertThat(call.error("query", "{\"sql\": \"SELECT 1\", \"window_offset\": -1}",
        "VALIDATION_FAILED")).contains("at least 0");
    assertThat(call.error("headers", "{\"table\": \"customers\", \"column_offset\": 3}",
        "VALIDATION_FAILED")).contains("there are 3 columns");
    assertThat(call.error("query", "not json", "VALIDATION_FAILED")).contains("JSON object");
    assertThat(call.error("export", "{\"sql\": \"SELECT 1\", \"target\": \"x.csv\"}",
        "VALIDATION_FAILED")).contains("export folder");
  }

  @Test
  void aQueryPastTheTimeoutStopsWithTimeout() {
    long started = System.nanoTime();
    String m = call.error("query", "{\"sql\": \"SELECT COUNT(*) FROM numbers a, numbers b, "
        + "numbers c WHERE a.n + b.n = c.n\"}", "TIMEOUT");
    assertThat(m).contains("2 s");
    assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started)).isLessThan(30);
    // the pool is still fine afterwards
    assertThat(call.ok("query", "{\"sql\": \"SELECT COUNT(*) FROM customers\"}").get("rows")
        .get(0).get(0).asInt()).isEqualTo(3);
  }

  @Test
  void sqlThatCannotRunIsQueryFailed() {
    String m = call.error("query", "{\"sql\": \"SELEC 1\"}", "QUERY_FAILED");
    assertThat(m).isNotBlank();
    assertThat(m.getBytes(StandardCharsets.UTF_8).length).isLessThan(3000);
  }
}
