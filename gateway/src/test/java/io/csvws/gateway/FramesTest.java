package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.remote.JsonService;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No empty answer claims to be complete: for prepareAndExecute and for prepare then execute, and
 * every combination of maxRowCount, maxRowsInFirstFrame and fetch size (each also left out, as a plain JSON client may), over JSON
 * and protobuf, a client that fetches until a frame says done gets every row, and never a frame
 * that says done before the rows are all there.
 */
class FramesTest {
  private static final int ROWS = 120;
  /** The gateway's frame limit, below the table's size so that results span frames. */
  private static final int MAX_FRAME_ROWS = 50;

  @TempDir
  static Path root;
  static GatewayFixture json;
  static GatewayFixture protobuf;

  @BeforeAll
  static void start() throws Exception {
    Path ws = Files.createDirectories(root.resolve("ws"));
    StringBuilder b = new StringBuilder("id\n");
    for (int i = 1; i <= ROWS; i++) {
      b.append(i).append('\n');
    }
    Files.writeString(ws.resolve("numbers.csv"), b);
    json = GatewayFixture.anonymous(Files.createDirectories(root.resolve("j")), ws,
        "--serialization", "json", "--max-frame-rows", String.valueOf(MAX_FRAME_ROWS));
    protobuf = GatewayFixture.anonymous(Files.createDirectories(root.resolve("p")), ws,
        "--serialization", "protobuf", "--max-frame-rows", String.valueOf(MAX_FRAME_ROWS));
  }

  @AfterAll
  static void stop() throws Exception {
    json.close();
    protobuf.close();
  }

  /** null: the field is left out of the request. */
  private static final Integer[] MAX_ROW_COUNTS = {null, -1, 0, 5, 1000};
  private static final Integer[] FIRST_FRAMES = {null, -1, 0, 1, 100_000};
  private static final Integer[] FETCH_SIZES = {null, -1, 0, 7, 100_000};

  static Stream<Arguments> cases() {
    List<Arguments> all = new ArrayList<>();
    for (String serialization : new String[] {"json", "protobuf"}) {
     for (String mode : new String[] {"prepareAndExecute", "prepare+execute"}) {
      for (boolean count : new boolean[] {false, true}) {
        for (Integer maxRowCount : MAX_ROW_COUNTS) {
          for (Integer firstFrame : FIRST_FRAMES) {
            for (Integer fetch : FETCH_SIZES) {
              boolean absent = maxRowCount == null || firstFrame == null || fetch == null;
              // Protobuf has no "left out" distinct from 0: the 0 cases cover it.
              if (serialization.equals("json") || !absent) {
                all.add(Arguments.of(serialization, mode, count
                    ? "SELECT COUNT(*) FROM numbers" : "SELECT id FROM numbers", maxRowCount,
                    firstFrame, fetch));
              }
            }
          }
        }
      }
     }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2} maxRowCount={3} maxRowsInFirstFrame={4} fetch={5}")
  @MethodSource("cases")
  void everyRowArrivesOrMoreAreAnnounced(String serialization, String mode, String sql,
      Integer maxRowCount, Integer firstFrame, Integer fetch) throws Exception {
    boolean isJson = serialization.equals("json");
    RawAvatica c = new RawAvatica((isJson ? json : protobuf).url(), isJson, null, null);
    String conn = "frames-" + System.nanoTime();
    assertThat(c.send(new Service.OpenConnectionRequest(conn, null)).status()).isEqualTo(200);
    try {
      check(c, isJson, conn, mode, sql, maxRowCount, firstFrame, fetch);
    } finally {
      c.send(new Service.CloseConnectionRequest(conn));
    }
  }

  private static void check(RawAvatica c, boolean isJson, String conn, String mode, String sql,
      Integer maxRowCount, Integer firstFrame, Integer fetch) throws Exception {
    int statement;
    RawAvatica.Answer executed;
    if (mode.equals("prepare+execute")) {
      RawAvatica.Answer prepared;
      if (isJson) {
        prepared = c.postJson("{\"request\":\"prepare\",\"connectionId\":\"" + conn
            + "\",\"sql\":\"" + sql + "\""
            + (maxRowCount == null ? "" : ",\"maxRowCount\":" + maxRowCount) + "}");
      } else {
        prepared = c.send(new Service.PrepareRequest(conn, sql, maxRowCount));
      }
      assertThat(prepared.status()).as(prepared.text()).isEqualTo(200);
      Meta.StatementHandle h = ((Service.PrepareResponse) prepared.response()).statement;
      statement = h.id;
      if (isJson) {
        ObjectNode request = (ObjectNode) JsonService.MAPPER.readTree(
            "{\"request\":\"execute\",\"parameterValues\":[]}");
        request.set("statementHandle", JsonService.MAPPER.readTree(prepared.body())
            .get("statement"));
        if (firstFrame != null) {
          request.put("maxRowCount", firstFrame);
        }
        executed = c.postJson(request.toString());
      } else {
        executed = c.send(new Service.ExecuteRequest(h, List.of(), firstFrame));
      }
    } else {
      Service.CreateStatementResponse created = (Service.CreateStatementResponse)
          c.send(new Service.CreateStatementRequest(conn)).response();
      statement = created.statementId;
      if (isJson) {
        StringBuilder b = new StringBuilder("{\"request\":\"prepareAndExecute\","
            + "\"connectionId\":\"").append(conn).append("\",\"statementId\":")
            .append(statement).append(",\"sql\":\"").append(sql).append('"');
        if (maxRowCount != null) {
          b.append(",\"maxRowCount\":").append(maxRowCount);
        }
        if (firstFrame != null) {
          b.append(",\"maxRowsInFirstFrame\":").append(firstFrame);
        }
        executed = c.postJson(b.append('}').toString());
      } else {
        executed = c.send(new Service.PrepareAndExecuteRequest(conn, statement, sql,
            maxRowCount, firstFrame));
      }
    }
    assertThat(executed.status()).as(executed.text()).isEqualTo(200);
    Service.ExecuteResponse response = (Service.ExecuteResponse) executed.response();
    Meta.Frame frame = response.results.get(0).firstFrame;
    List<Object> rows = new ArrayList<>();
    int frames = 0;
    while (true) {
      assertThat(frame).as("a frame").isNotNull();
      frame.rows.forEach(rows::add);
      if (frame.done) {
        break;
      }
      assertThat(++frames).as("fetches").isLessThan(ROWS + 5);
      RawAvatica.Answer fetched;
      if (isJson) {
        fetched = c.postJson("{\"request\":\"fetch\",\"connectionId\":\"" + conn
            + "\",\"statementId\":" + statement + ",\"offset\":" + rows.size()
            + (fetch == null ? "" : ",\"fetchMaxRowCount\":" + fetch) + "}");
      } else {
        fetched = c.send(new Service.FetchRequest(conn, statement, rows.size(), fetch));
      }
      assertThat(fetched.status()).as(fetched.text()).isEqualTo(200);
      frame = ((Service.FetchResponse) fetched.response()).frame;
    }
    if (sql.contains("COUNT")) {
      assertThat(rows).hasSize(1);
      assertThat(String.valueOf(first(rows.get(0)))).isEqualTo(String.valueOf(ROWS));
    } else {
      int expected = maxRowCount != null && maxRowCount > 0 ? Math.min(maxRowCount, ROWS) : ROWS;
      assertThat(rows).as("rows").hasSize(expected);
      assertThat(String.valueOf(first(rows.get(expected - 1)))).isEqualTo(
          String.valueOf(expected));
    }
  }

  private static Object first(Object row) {
    if (row instanceof List) {
      return ((List<?>) row).get(0);
    }
    if (row instanceof Object[]) {
      return ((Object[]) row)[0];
    }
    return row;
  }
}
