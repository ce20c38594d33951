package io.csvws.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.csvws.config.ConnectionConfig;
import io.csvws.error.CsvwsException;
import io.csvws.error.ErrorCode;
import io.csvws.error.LenientRead;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The front door on real folders: an engine opens sessions on a workspace, lists its tables and
 * files without a query, and knows the executions running on it with their progress, lenient
 * reads and cancel.
 */
class EngineTest {
  private static final ConnectionConfig MEMORY =
      ConnectionConfig.parse(Map.of("metadataCache", "memory"));

  @TempDir
  Path dir;

  private Session open(Engine engine, ConnectionConfig config) throws SQLException {
    return engine.open("jdbc:csvws:" + dir, dir, config);
  }

  private static List<String> column(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private void write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text, StandardCharsets.UTF_8);
  }

  @Test
  void aSessionRunsQueriesOnItsFolderAndKnowsItsEngineSettingsAndRoot() throws Exception {
    write("a.csv", "id,name\n1,x\n2,y\n");
    Engine engine = Engine.create();
    Session s = open(engine, MEMORY);
    assertThat(s.engine()).isSameAs(engine);
    assertThat(s.config()).isEqualTo(MEMORY);
    assertThat(s.root()).isEqualTo(dir);
    assertThat(s.rootExists()).isTrue();
    assertThat(column(s.connection(), "SELECT name FROM a ORDER BY id")).containsExactly("x", "y");
    assertThat(s.connection().getMetaData().getURL()).isEqualTo("jdbc:csvws:" + dir);
    s.close();
    assertThat(s.connection().isClosed()).isTrue();

    Files.delete(dir.resolve("a.csv"));
    Files.delete(dir);
    assertThat(s.rootExists()).as("folder deleted").isFalse();
  }

  @Test
  void openingAFileOrAMissingFolderFails() throws Exception {
    write("a.csv", "id\n1\n");
    Engine engine = Engine.create();
    assertThatThrownBy(() -> engine.open("u", dir.resolve("a.csv"), MEMORY))
        .isInstanceOf(CsvwsException.class);
    assertThatThrownBy(() -> engine.open("u", dir.resolve("missing"), MEMORY))
        .isInstanceOf(CsvwsException.class);
  }

  @Test
  void aMetadataCacheThatCannotBeUsedFailsTheOpen() throws Exception {
    write("a.csv", "id\n1\n");
    ConnectionConfig onAFile = ConnectionConfig.parse(
        Map.of("metadataCache", dir.resolve("a.csv").toString()));
    assertThatThrownBy(() -> Engine.create().open("u", dir, onAFile))
        .isInstanceOfSatisfying(CsvwsException.class,
            x -> assertThat(x.code()).isEqualTo(ErrorCode.VALIDATION_FAILED))
        .hasMessageContaining("metadataCache");
  }

  @Test
  void notesSayHowTheScannedFilesWereRead() throws Exception {
    write("t.csv", "a,b,\n1,2,\n3,4,\n");
    try (Session s = open(Engine.create(), MEMORY)) {
      Execution e = s.newExecution();
      assertThat(e.collect(() -> column(s.connection(), "SELECT b FROM t")))
          .containsExactly("2", "4");
      assertThat(e.notes()).singleElement().asString().startsWith("t.csv: Every line ends with");
    }
  }

  @Test
  void tablesAreListedFromTheFolderWithTheirSchemaAndTypeAndFilteredByName() throws Exception {
    write("a.csv", "id\n1\n");
    write("sales/eu.csv", "id\n1\n");
    try (Session s = open(Engine.create(), MEMORY)) {
      List<TableEntry> all = s.tables(x -> true, x -> true);
      assertThat(all).contains(new TableEntry("main", "a", "TABLE"),
          new TableEntry("sales", "eu", "TABLE"));
      assertThat(all).anySatisfy(t -> {
        assertThat(t.schema()).isEqualTo("csvws");
        assertThat(t.type()).isEqualTo("SYSTEM TABLE");
      });
      assertThat(s.tables(x -> true, "eu"::equals))
          .containsExactly(new TableEntry("sales", "eu", "TABLE"));
      assertThat(s.tables("main"::equals, x -> true))
          .containsExactly(new TableEntry("main", "a", "TABLE"));
      assertThat(s.prefetchColumns("main"::equals, "a"::equals)).isEqualTo(1);
      assertThat(s.prefetchColumns(x -> false, x -> true)).isZero();
    }
  }

  @Test
  void filesArePagedInPathOrder() throws Exception {
    write("a.csv", "id\n1\n");
    write("b.csv", "id\n1\n2\n");
    write("c/d.tsv", "id\n1\n");
    try (Session s = open(Engine.create(), MEMORY)) {
      WorkspaceListing files = s.files();
      assertThat(files.size()).isEqualTo(3);
      assertThat(files.folderErrors()).isEmpty();
      List<Object[]> page = files.rows(1, 10);
      assertThat(page).hasSize(2);
      assertThat(java.util.Arrays.toString(page.get(0))).contains("b.csv");
      assertThat(java.util.Arrays.toString(page.get(1))).contains("d.tsv");
      assertThat(files.rows(0, 1)).hasSize(1);
    }
  }

  @Test
  void tableFileExtensionsNameTheCsvKinds() {
    assertThat(Engine.tableFileExtensions()).contains(".csv", ".tsv");
    assertThat(Engine.ROW_COLUMN).isEqualTo("_row");
  }

  @Test
  void anExecutionIsListedAsRunningFromItsStartToItsEndOldestFirst() throws Exception {
    write("a.csv", "id\n1\n");
    Engine engine = Engine.create();
    try (Session s = open(engine, MEMORY)) {
      long before = System.nanoTime();
      Execution first = s.newExecution();
      Execution second = s.newExecution();
      assertThat(first.startedNanos()).isBetween(before, System.nanoTime());
      assertThat(engine.runningQueries()).isEmpty();
      assertThat(first.owner()).isSameAs(Thread.currentThread());
      assertThat(second.startedNanos()).isGreaterThanOrEqualTo(first.startedNanos());
      assertThat(first.progress().running()).isFalse();

      second.started();
      first.started();
      assertThat(engine.runningQueries()).containsExactly(first, second);
      assertThat(first.progress().running()).isTrue();
      assertThat(Engine.create().runningQueries()).as("another engine").isEmpty();

      first.ended();
      assertThat(engine.runningQueries()).containsExactly(second);
      List<Execution> many = new ArrayList<>();
      for (int i = 0; i < 40; i++) {
        many.add(s.newExecution());
      }
      for (int i = many.size() - 1; i >= 0; i--) {
        many.get(i).started();
      }
      List<Execution> listed = engine.runningQueries();
      assertThat(listed).hasSize(41).containsAll(many)
          .isSortedAccordingTo((a, b) -> Long.compare(a.startedNanos(), b.startedNanos()));
      assertThat(listed.get(0)).isSameAs(second);
      many.forEach(Execution::ended);
      assertThat(first.progress().running()).isFalse();
      second.ended();
      assertThat(engine.runningQueries()).isEmpty();
    }
  }

  @Test
  void theProgressOfAQueryCountsItsFileBytesAndRows() throws Exception {
    StringBuilder text = new StringBuilder("id,name\n");
    for (int i = 1; i <= 3000; i++) {
      text.append(i).append(",n").append(i).append('\n');
    }
    write("t.csv", text.toString());
    long size = Files.size(dir.resolve("t.csv"));
    try (Session s = open(Engine.create(), MEMORY)) {
      Execution e = s.newExecution();
      QueryProgress before = e.progress();
      assertThat(before.bytesRead()).isZero();
      assertThat(before.bytesTotal()).isZero();
      assertThat(before.rowsRead()).isZero();
      assertThat(before.fraction()).isZero();
      assertThat(before.elapsedMillis()).isBetween(0L,
          (System.nanoTime() - e.startedNanos()) / 1_000_000 + 1);

      e.started();
      List<String> rows = e.collect(() -> column(s.connection(),
          "SELECT name FROM t WHERE name LIKE 'n299%'"));
      assertThat(rows).hasSize(11);
      QueryProgress after = e.progress();
      assertThat(after.bytesTotal()).isEqualTo(size);
      assertThat(after.bytesRead()).isEqualTo(size);
      assertThat(after.rowsRead()).isEqualTo(3000);
      assertThat(after.fraction()).isEqualTo(1.0);
      assertThat(after.elapsedMillis()).isBetween(before.elapsedMillis(),
          (System.nanoTime() - e.startedNanos()) / 1_000_000 + 1);
      assertThat(e.allocatedBytes()).as("a query allocates").isPositive();
      e.ended();
    }
  }

  @Test
  void progressFractionIsBoundedAndZeroWithNothingToRead() {
    assertThat(new QueryProgress(0, 0, 0, 0, true).fraction()).isZero();
    assertThat(new QueryProgress(5, 0, 0, 0, true).fraction()).isZero();
    assertThat(new QueryProgress(5, 10, 0, 0, true).fraction()).isEqualTo(0.5);
    assertThat(new QueryProgress(20, 10, 0, 0, true).fraction()).isEqualTo(1.0);
    assertThat(new QueryProgress(10, 10, 0, 0, true).fraction()).isEqualTo(1.0);
  }

  /** An engine made not to count allocations (the JDBC driver's) counts none, and still runs. */
  @Test
  void anEngineThatDoesNotCountAllocationsReportsNone() throws Exception {
    Files.writeString(dir.resolve("t.csv"), "a\n1\n2\n");
    try (Session s = open(Engine.create(false), MEMORY)) {
      Execution e = s.newExecution();
      byte[] kept = e.collect(() -> new byte[4_000_000]);
      assertThat(kept).hasSize(4_000_000);
      assertThat(e.allocatedBytes()).isZero();
      assertThat(s.answerDirectly("SELECT COUNT(*) FROM t", null))
          .isEqualTo(new DirectAnswer.Count(2));
      assertThat(s.connected()).as("a direct answer makes no Calcite connection").isFalse();
    }
  }

  /**
   * Before the session's Calcite connection is made, the tables a statement names after FROM
   * are learnt on the scan threads (their entries appear in the cache folder), and nothing else
   * is read: not a file named only in a string, nor one named once connected.
   */
  @Test
  void theTablesAStatementNamesAreLearntWhileTheConnectionIsMade() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Path cache = Files.createDirectories(dir.resolve("cache"));
    Files.writeString(data.resolve("t.csv"), "a,b\n1,x\n");
    Files.writeString(data.resolve("u.csv"), "a\n2\n");
    Files.writeString(data.resolve("later.csv"), "a\n3\n");
    ConnectionConfig config = ConnectionConfig.parse(Map.of("metadataCache", cache.toString()));
    try (Session s = Engine.create().open("jdbc:csvws:" + data, data, config)) {
      s.learnTablesAhead("SELECT * FROM t WHERE b <> 'FROM u'");
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
      while (entries(cache) == 0 && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(entries(cache)).as("t's metadata, learnt in the background").isEqualTo(1);
      assertThat(s.connected()).isFalse();
      try (Statement st = s.connection().createStatement();
          ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM t")) {
        assertThat(rs.next()).isTrue();
        assertThat(rs.getLong(1)).isEqualTo(1);
      }
      s.learnTablesAhead("SELECT * FROM later");
      Thread.sleep(200);
      assertThat(entries(cache)).as("nothing learnt ahead once connected").isEqualTo(1);
    }
  }

  private static long entries(Path folder) throws IOException {
    try (java.util.stream.Stream<Path> files = Files.list(folder)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".m.entry")).count();
    }
  }

  @Test
  void allocationIsCountedWhileACallRuns() throws Exception {
    try (Session s = open(Engine.create(), MEMORY)) {
      Execution e = s.newExecution();
      long[] during = new long[1];
      byte[] kept = e.collect(() -> {
        byte[] big = new byte[4_000_000];
        during[0] = e.allocatedBytes();
        return big;
      });
      assertThat(kept).hasSize(4_000_000);
      assertThat(during[0]).as("inside the call").isGreaterThanOrEqualTo(4_000_000);
      assertThat(e.allocatedBytes()).as("after it").isGreaterThanOrEqualTo(during[0]);
      assertThat(s.newExecution().allocatedBytes()).as("a fresh execution").isZero();
    }
  }

  @Test
  void aCancelledExecutionFailsItsQueryAndAnOperatorsReasonIsTheMessage() throws Exception {
    write("t.csv", "id\n1\n2\n");
    try (Session s = open(Engine.create(), MEMORY)) {
      Execution e = s.newExecution();
      assertThat(e.cancelled()).isFalse();
      e.cancel();
      assertThat(e.cancelled()).isTrue();
      assertThat(e.cancelReason()).isNull();
      assertThatThrownBy(() -> e.collect(() -> column(s.connection(), "SELECT id FROM t")))
          .hasStackTraceContaining("cancelled");

      Execution o = s.newExecution();
      o.cancel("Stopped by the operator: heap low.");
      assertThat(o.cancelled()).isTrue();
      assertThat(o.cancelReason()).isEqualTo("Stopped by the operator: heap low.");
      assertThatThrownBy(() -> o.collect(() -> column(s.connection(), "SELECT id FROM t")))
          .hasStackTraceContaining("Stopped by the operator: heap low.");

      Execution fresh = s.newExecution();
      assertThat(fresh.collect(() -> column(s.connection(), "SELECT id FROM t")))
          .containsExactly("1", "2");
    }
  }

  @Test
  void aTimeoutOfZeroSecondsIsNoTimeout() throws Exception {
    write("t.csv", "id\n1\n2\n");
    try (Session s = open(Engine.create(), MEMORY)) {
      Execution e = s.newExecution();
      e.timeoutAfter(0);
      assertThat(e.collect(() -> column(s.connection(), "SELECT id FROM t")))
          .containsExactly("1", "2");
      Execution later = s.newExecution();
      later.timeoutAfter(3600);
      assertThat(later.collect(() -> column(s.connection(), "SELECT id FROM t")))
          .containsExactly("1", "2");
    }
  }

  @Test
  void lenientReadsAreCountedWithTheFirstInFileOrder() throws Exception {
    write("r.csv", "a,b\n1,2\n3\n4\n5,6\n");
    write("n.csv", "n\n1\n2\nx\ny\n");
    ConnectionConfig lenient = ConnectionConfig.parse(Map.of("metadataCache", "memory",
        "onTypeError", "null", "sampleRows", "2"));
    try (Session s = open(Engine.create(), lenient)) {
      Execution e = s.newExecution();
      assertThat(e.count(LenientRead.RAGGED_ROW)).isZero();
      assertThat(e.first(LenientRead.RAGGED_ROW)).isNull();
      assertThat(e.collect(() -> column(s.connection(), "SELECT b FROM r")))
          .containsExactly("2", null, null, "6");
      assertThat(e.count(LenientRead.RAGGED_ROW)).isEqualTo(2);
      assertThat(e.first(LenientRead.RAGGED_ROW)).isEqualTo("r.csv: row 2 (byte offset 8) has 1 field where the header has 2.");
      assertThat(e.notes()).hasSizeLessThanOrEqualTo(20);

      Execution n = s.newExecution();
      assertThat(n.collect(() -> column(s.connection(), "SELECT n FROM n")))
          .containsExactly("1", "2", null, null);
      assertThat(n.count(LenientRead.TYPE_ERROR_NULLED)).isEqualTo(2);
      assertThat(n.first(LenientRead.TYPE_ERROR_NULLED)).contains("n.csv").contains("x");
    }
  }

  @Test
  void queryTextAcceptsOnlyQueriesAndKnowsReservedWords() {
    QueryText.checkIsQuery("SELECT 1");
    QueryText.checkIsQuery("WITH x AS (SELECT 1) SELECT * FROM x");
    QueryText.checkIsQuery("SELEC nonsense");
    assertThatThrownBy(() -> QueryText.checkIsQuery("DELETE FROM t"))
        .isInstanceOfSatisfying(CsvwsException.class,
            x -> assertThat(x.code()).isEqualTo(ErrorCode.READ_ONLY));
    CsvwsException refused = QueryText.refused("a batch", "Run each query on its own.");
    assertThat(refused.code()).isEqualTo(ErrorCode.READ_ONLY);
    assertThat(refused.getMessage()).contains("a batch").contains("Run each query on its own.");
    assertThat(QueryText.isReservedWord("select")).isTrue();
    assertThat(QueryText.isReservedWord("Order")).isTrue();
    assertThat(QueryText.isReservedWord("revenue")).isFalse();
  }

  @Test
  void theCalciteBackendAcceptsNoUrlSoDriverManagerNeverPicksIt() {
    CalciteBackend backend = new CalciteBackend();
    assertThat(backend.acceptsURL("jdbc:calcite:")).isFalse();
    assertThat(backend.acceptsURL(backend.getConnectStringPrefix())).isFalse();
    assertThat(backend.getConnectStringPrefix()).isEqualTo("jdbc:csvws-internal:");
  }

  @Test
  void jdbcTypeNamesArePlain() {
    assertThat(JdbcTypes.typeName(Types.VARCHAR, "VARCHAR CHARACTER SET \"UTF-8\""))
        .isEqualTo("VARCHAR");
    assertThat(JdbcTypes.typeName(Types.INTEGER, "INTEGER")).isEqualTo("INTEGER");
  }
}
