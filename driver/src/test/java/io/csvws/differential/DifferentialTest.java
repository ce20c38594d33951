package io.csvws.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential suite: every query of {@link Topics} runs through {@code jdbc:csvws:} and through
 * DuckDB on the same files, and the answers must be the same value by value (see {@link Value}),
 * with the documented {@link Convention}s as the only allowed differences. A failure shows the SQL,
 * both answers (the first differing row) and the exception; the failures of a run are also written
 * to {@code target/differential-failures.txt}, grouped by topic, and the time each engine took for
 * each query to {@code target/differential-times.txt}.
 *
 * <p>Run it alone with {@code mvn -B -o -pl driver -am test -Dtest=DifferentialTest
 * -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class DifferentialTest {
  @TempDir
  static Path dir;

  private static Oracle oracle;
  private static final List<String> TIMES = Collections.synchronizedList(new ArrayList<>());
  private static final List<String> FAILURES = Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void open() throws IOException, SQLException {
    long t0 = System.nanoTime();
    oracle = Oracle.open(dir);
    TIMES.add((System.nanoTime() - t0) / 1_000_000 + " ms opening both engines");
  }

  @AfterAll
  static void close() throws SQLException, IOException {
    if (oracle != null) {
      oracle.close();
    }
    TIMES.add("JVM CPU time so far: " + ProcessHandle.current().info().totalCpuDuration()
        .map(d -> d.toMillis() + " ms").orElse("unknown"));
    Path target = Paths.get("target");
    if (Files.isDirectory(target)) {
      Files.write(target.resolve("differential-failures.txt"), FAILURES, StandardCharsets.UTF_8);
      Files.write(target.resolve("differential-times.txt"), TIMES, StandardCharsets.UTF_8);
    }
  }

  @TestFactory
  Stream<DynamicNode> queries() {
    return Topics.all().stream().map(topic -> DynamicContainer.dynamicContainer(topic.name(),
        topic.queries().stream().map(q -> DynamicTest.dynamicTest(label(q),
            () -> check(topic, q)))));
  }

  @TestFactory
  Stream<DynamicNode> resultTypes() {
    return ResultType.all().stream().map(t -> DynamicTest.dynamicTest(
        t.sql() + " is " + t.expected().description(), () -> checkType(t)));
  }

  private static void checkType(ResultType t) throws SQLException {
    try (Statement s = oracle.csvws().createStatement(); ResultSet rs = s.executeQuery(t.sql())) {
      ResultSetMetaData md = rs.getMetaData();
      String actual = md.getColumnTypeName(1) + "(" + md.getPrecision(1) + ", " + md.getScale(1)
          + ")";
      if (!t.expected().holds(md.getColumnType(1), md.getPrecision(1), md.getScale(1))) {
        FAILURES.add("[result types] " + t.sql() + "\n    is " + actual + ", expected "
            + t.expected().description());
      }
      assertThat(t.expected().holds(md.getColumnType(1), md.getPrecision(1), md.getScale(1)))
          .as("%s: ResultSetMetaData says %s, expected %s", t.sql(), actual,
              t.expected().description())
          .isTrue();
    }
  }

  /**
   * The columns whose reading the queries rely on: dates in three orders, timestamps with zones,
   * booleans written four ways, text keeping the NA token, ragged rows, integers beyond BIGINT. If
   * one were read as text, the mirrored DuckDB table would be text too and the queries on it would
   * compare less than they mean to.
   */
  @TestFactory
  Stream<DynamicNode> filesAreReadAsTheQueriesAssume() {
    Map<String, String> expected = new TreeMap<>(Map.ofEntries(
        Map.entry("stations.date", "DATE"), Map.entry("us_sales.sold_on", "DATE"),
        Map.entry("semicolons.day", "DATE"), Map.entry("customers.signup", "DATE"),
        Map.entry("notes.created", "TIMESTAMP"), Map.entry("orders.ordered_at", "TIMESTAMP"),
        Map.entry("events.time", "TIME"), Map.entry("customers.vip", "BOOLEAN"),
        Map.entry("notes.done", "BOOLEAN"), Map.entry("customers.country", "VARCHAR"),
        Map.entry("stations.station", "VARCHAR"), Map.entry("stations.count", "INTEGER"),
        Map.entry("products.count", "INTEGER"), Map.entry("ragged.a", "INTEGER"),
        Map.entry("orders.int_big", "INTEGER"), Map.entry("orders.big", "BIGINT"),
        Map.entry("big_numbers.huge", "DECIMAL(38, 0)"), Map.entry("big_numbers.big", "BIGINT"),
        // Issue 13: month-name dates are dates; microseconds are kept (or the column is text).
        Map.entry("month_names.released", "DATE"), Map.entry("month_names.opened", "DATE"),
        Map.entry("micro_times.ts", "TIMESTAMP(6)|VARCHAR")));
    return expected.entrySet().stream().map(e -> DynamicTest.dynamicTest(
        e.getKey() + " is " + e.getValue(), () -> {
          String[] name = e.getKey().split("\\.");
          try (Statement s = oracle.csvws().createStatement(); ResultSet rs = s.executeQuery(
              "SELECT data_type FROM csvws.columns WHERE table_name = '" + name[0]
                  + "' AND column_name = '" + name[1] + "'")) {
            assertThat(rs.next()).as(e.getKey()).isTrue();
            String type = rs.getString(1);
            if (Stream.of(e.getValue().split("\\|")).noneMatch(type::startsWith)) {
              FAILURES.add("[reading] " + e.getKey() + " is " + type + ", expected "
                  + e.getValue());
            }
            assertThat(Stream.of(e.getValue().split("\\|")).anyMatch(type::startsWith))
                .as("%s is %s, expected %s", e.getKey(), type, e.getValue()).isTrue();
          }
        }));
  }

  @TestFactory
  Stream<DynamicNode> theLargeFileIsReadInParallel() {
    return Stream.of(DynamicTest.dynamicTest("big_log.csv is over 16 MiB",
        () -> assertThat(Files.size(dir.resolve("big_log.csv")))
            .isGreaterThan(GeneratedTables.PARALLEL_SCAN_BYTES)));
  }

  /** Each allowed difference is written down where its {@link Convention} says. */
  @TestFactory
  Stream<DynamicNode> conventionsAreDocumented() {
    Path root = Path.of(System.getProperty("csvws.projectRoot", ".."));
    return Stream.of(Convention.values()).map(c -> DynamicTest.dynamicTest(
        c + " is '" + c.topic() + "' in " + c.doc().path(), () -> {
          boolean documented = Files.readString(root.resolve(c.doc().path()))
              .contains(c.docsText());
          if (!documented) {
            FAILURES.add("[docs] nothing on '" + c.topic() + "' in " + c.doc().path() + " for "
                + c + " (" + c.duckDbSide() + ")");
          }
          assertThat(documented).as("%s says '%s' (%s)", c.doc().path(), c.docsText().strip(), c)
              .isTrue();
        }));
  }

  @TestFactory
  Stream<DynamicNode> atLeast300Queries() {
    int n = Topics.all().stream().mapToInt(t -> t.queries().size()).sum();
    return Stream.of(DynamicTest.dynamicTest(n + " queries",
        () -> assertThat(n).as("queries in the suite").isGreaterThanOrEqualTo(300)));
  }

  private static String label(QueryCase q) {
    String oneLine = q.sql().replaceAll("\\s+", " ");
    return oneLine.length() > 120 ? oneLine.substring(0, 117) + "..." : oneLine;
  }

  private static void check(Topic topic, QueryCase q) {
    long t0 = System.nanoTime();
    Answer mine = Answer.of(oracle.csvws(), q.sql(), q.textValues());
    long t1 = System.nanoTime();
    // DuckDB's JDBC getString prints java.time's toString ("00:15", "10:30:00.0"); the text DuckDB
    // itself prints for a value is its cast to VARCHAR.
    Answer theirs = q.textValues()
        ? Answer.of(oracle.duck(), "SELECT CAST(COLUMNS(*) AS VARCHAR) FROM (" + q.duckSql()
            + ") AS t", true)
        : Answer.of(oracle.duck(), q.duckSql());
    long t2 = System.nanoTime();
    TIMES.add((t1 - t0) / 1_000_000 + " ms csvws, " + (t2 - t1) / 1_000_000 + " ms DuckDB, "
        + theirs.rows().size() + " rows: " + q.sql());
    String problem = Comparison.problem(q, mine, theirs);
    if (problem != null) {
      FAILURES.add("[" + topic.name() + "] " + q.sql().replaceAll("\\s+", " ") + "\n    "
          + problem.replace("\n", "\n    "));
      AssertionError e = new AssertionError(problem);
      if (mine.error() != null) {
        e.initCause(mine.error());
      }
      throw e;
    }
  }
}
