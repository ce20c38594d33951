package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.apache.calcite.avatica.ConnectionPropertiesImpl;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.QueryState;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Connections and statements belong to their owner: every Avatica request type that names a
 * connection or statement fails (08003, 26000) and changes nothing when it names another user's
 * connection, a connection never opened, a statement of another connection, or a statement never
 * created, in both serialisations.
 */
class OwnershipTest {
  @TempDir
  static Path root;
  static GatewayFixture json;
  static GatewayFixture protobuf;

  @BeforeAll
  static void start() throws Exception {
    json = GatewayFixture.withUsers(Files.createDirectories(root.resolve("j")),
        "--serialization", "json");
    protobuf = GatewayFixture.withUsers(Files.createDirectories(root.resolve("p")));
  }

  @AfterAll
  static void stop() throws Exception {
    json.close();
    protobuf.close();
  }

  /** A request type, made for a connection id and a statement id. */
  record Kind(String name, boolean namesStatement,
      BiFunction<String, Integer, Service.Request> make) {
    @Override
    public String toString() {
      return name;
    }
  }

  static List<Kind> kinds() {
    return List.of(
        new Kind("getCatalogs", false, (c, s) -> new Service.CatalogsRequest(c)),
        new Kind("getSchemas", false, (c, s) -> new Service.SchemasRequest(c, null, null)),
        new Kind("getTables", false, (c, s) -> new Service.TablesRequest(c, null, null, "%",
            null)),
        new Kind("getTableTypes", false, (c, s) -> new Service.TableTypesRequest(c)),
        new Kind("getTypeInfo", false, (c, s) -> new Service.TypeInfoRequest(c)),
        new Kind("getColumns", false, (c, s) -> new Service.ColumnsRequest(c, null, null, "%",
            "%")),
        new Kind("databaseProperties", false, (c, s) -> new Service.DatabasePropertyRequest(c)),
        new Kind("createStatement", false, (c, s) -> new Service.CreateStatementRequest(c)),
        new Kind("prepare", false, (c, s) -> new Service.PrepareRequest(c,
            "SELECT * FROM secret", -1)),
        new Kind("connectionSync", false, (c, s) -> new Service.ConnectionSyncRequest(c,
            new ConnectionPropertiesImpl())),
        new Kind("commit", false, (c, s) -> new Service.CommitRequest(c)),
        new Kind("rollback", false, (c, s) -> new Service.RollbackRequest(c)),
        new Kind("closeConnection", false, (c, s) -> new Service.CloseConnectionRequest(c)),
        new Kind("prepareAndExecute", true, (c, s) -> new Service.PrepareAndExecuteRequest(c, s,
            "SELECT * FROM secret", -1, 100)),
        new Kind("fetch", true, (c, s) -> new Service.FetchRequest(c, s, 0, 100)),
        new Kind("execute", true, (c, s) -> new Service.ExecuteRequest(
            new Meta.StatementHandle(c, s, null), List.of(), 100)),
        new Kind("closeStatement", true, (c, s) -> new Service.CloseStatementRequest(c, s)),
        new Kind("syncResults", true, (c, s) -> new Service.SyncResultsRequest(c, s,
            new QueryState("SELECT * FROM secret"), 0)),
        new Kind("prepareAndExecuteBatch", true, (c, s) ->
            new Service.PrepareAndExecuteBatchRequest(c, s, List.of("SELECT 1"))),
        new Kind("executeBatch", true, (c, s) -> new Service.ExecuteBatchRequest(c, s,
            List.of(List.of()))));
  }

  static Stream<Arguments> cases() {
    List<Arguments> all = new ArrayList<>();
    for (String serialization : new String[] {"json", "protobuf"}) {
      for (Kind k : kinds()) {
        all.add(Arguments.of(serialization, k, "another user's connection"));
        all.add(Arguments.of(serialization, k, "a connection never opened"));
        if (k.namesStatement()) {
          all.add(Arguments.of(serialization, k, "a statement of another connection"));
          all.add(Arguments.of(serialization, k, "a statement never created"));
          all.add(Arguments.of(serialization, k, "another user's statement id"));
        }
      }
    }
    return all.stream();
  }

  private static RawAvatica client(String serialization, String user) {
    GatewayFixture g = serialization.equals("json") ? json : protobuf;
    return new RawAvatica(g.url(), serialization.equals("json"), user,
        user.equals("alice") ? GatewayFixture.ALICE_PASSWORD : GatewayFixture.BOB_PASSWORD);
  }

  private static int statement(RawAvatica c, String connection) throws Exception {
    return ((Service.CreateStatementResponse) c.send(
        new Service.CreateStatementRequest(connection)).response()).statementId;
  }

  @ParameterizedTest(name = "{0} {1}: {2}")
  @MethodSource("cases")
  void aRequestNamingWhatItDoesNotOwnFailsAndChangesNothing(String serialization, Kind kind,
      String what) throws Exception {
    RawAvatica bob = client(serialization, "bob");
    RawAvatica alice = client(serialization, "alice");
    String tag = Long.toString(System.nanoTime(), 36);
    String bobs = "bob-" + tag;
    String a1 = "a1-" + tag;
    String a2 = "a2-" + tag;
    assertThat(bob.send(new Service.OpenConnectionRequest(bobs, null)).status()).isEqualTo(200);
    int bobStatement = statement(bob, bobs);
    assertThat(alice.send(new Service.OpenConnectionRequest(a1, null)).status()).isEqualTo(200);
    assertThat(alice.send(new Service.OpenConnectionRequest(a2, null)).status()).isEqualTo(200);
    int aliceStatement = statement(alice, a1);

    Service.Request request;
    switch (what) {
      case "another user's connection":
        request = kind.make().apply(bobs, bobStatement);
        break;
      case "a connection never opened":
        request = kind.make().apply("never-" + tag, aliceStatement);
        break;
      case "a statement of another connection":
        request = kind.make().apply(a2, aliceStatement);
        break;
      case "a statement never created":
        request = kind.make().apply(a1, 1_000_000);
        break;
      default:
        request = kind.make().apply(a1, bobStatement);
        break;
    }
    RawAvatica.Answer answer = alice.send(request);
    assertThat(answer.error()).as(answer.text()).isNotNull();
    assertThat(answer.error().sqlState).isIn("08003", "26000");
    assertThat(answer.text()).doesNotContain("bob-only").doesNotContain("Exception")
        .doesNotContain("\tat ");

    // Nothing changed: bob's connection and statement, and alice's, still work.
    assertThat(query(bob, bobs, bobStatement, "SELECT * FROM secret")).contains("bob-only");
    assertThat(query(alice, a1, aliceStatement, "SELECT COUNT(*) FROM orders")).contains("3");
    assertThat(alice.send(new Service.CreateStatementRequest(a2)).error()).isNull();
    bob.send(new Service.CloseConnectionRequest(bobs));
    alice.send(new Service.CloseConnectionRequest(a1));
    alice.send(new Service.CloseConnectionRequest(a2));
  }

  private static String query(RawAvatica c, String connection, int statement, String sql)
      throws Exception {
    RawAvatica.Answer a = c.send(new Service.PrepareAndExecuteRequest(connection, statement, sql,
        -1, 100));
    assertThat(a.error()).as(a.text()).isNull();
    Service.ExecuteResponse r = (Service.ExecuteResponse) a.response();
    assertThat(r.missingStatement).isFalse();
    return String.valueOf(r.results.get(0).firstFrame.rows);
  }

  @Test
  void aStatementRunsOnlyUnderItsOwnConnectionAndAClosedOneIsGone() throws Exception {
    RawAvatica alice = client("protobuf", "alice");
    alice.send(new Service.OpenConnectionRequest("own-1", null));
    int s = statement(alice, "own-1");
    alice.send(new Service.CloseStatementRequest("own-1", s));
    RawAvatica.Answer again = alice.send(new Service.PrepareAndExecuteRequest("own-1", s,
        "SELECT 1", -1, 10));
    assertThat(again.error()).isNotNull();
    assertThat(again.error().sqlState).isEqualTo("26000");
    assertThat(again.error().errorMessage).contains("Unknown statement " + s);
    RawAvatica.Answer twice = alice.send(new Service.OpenConnectionRequest("own-1",
        Map.of()));
    assertThat(twice.error().sqlState).as("already open").isEqualTo("08002");
    alice.send(new Service.CloseConnectionRequest("own-1"));
    assertThat(alice.send(new Service.CloseConnectionRequest("own-1")).error().sqlState)
        .as("closed twice").isEqualTo("08003");
  }
}
