package io.csvws.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The web console's calls for keeping work, over plain HTTP against a real gateway with users
 * alice and bob: the editor's files, the function list, the query history, saved results (the
 * agent tools' named results) and downloads; each refused without the same-origin token, each
 * the user's own.
 */
class WebKeepApiTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String ALICE = "alice";
  private static final String BOB = "bob";

  @TempDir
  static Path root;

  static GatewayFixture gateway;

  @BeforeAll
  static void start() throws Exception {
    gateway = GatewayFixture.withUsers(root);
    StringBuilder numbers = new StringBuilder("n,label\n");
    for (int i = 1; i <= 250; i++) {
      numbers.append(i).append(",\"n ").append(i).append(i % 10 == 0 ? ", round" : "")
          .append("\"\n");
    }
    Files.writeString(root.resolve("alice").resolve("numbers.csv"), numbers);
    // A cast that fails only at the last of 300,000 rows: long after a download's first bytes.
    StringBuilder late = new StringBuilder("v\n");
    for (int i = 1; i <= 300_000; i++) {
      late.append(i).append('\n');
    }
    late.append("not a number\n");
    Files.writeString(root.resolve("alice").resolve("late.csv"), late);
  }

  @AfterAll
  static void stop() throws Exception {
    gateway.close();
  }

  private static String password(String user) {
    return user.equals(ALICE) ? GatewayFixture.ALICE_PASSWORD : GatewayFixture.BOB_PASSWORD;
  }

  private static HttpRequest.Builder request(String user, String path) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(gateway.url() + path));
    if (user != null) {
      b.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
          (user + ":" + password(user)).getBytes(StandardCharsets.UTF_8)));
    }
    return b;
  }

  private static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  private static String token(String user) throws Exception {
    return JSON.readTree(send(request(user, "/web/api/session").GET()).body()).get("token")
        .asText();
  }

  private static HttpResponse<String> get(String user, String token, String path)
      throws Exception {
    return send(request(user, path).header("X-Csvws-Token", token).GET());
  }

  private static HttpResponse<String> post(String user, String token, String path,
      Map<String, ?> body) throws Exception {
    return send(request(user, path).header("X-Csvws-Token", token)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
  }

  private static HttpResponse<String> query(String user, String token, String sql)
      throws Exception {
    return post(user, token, "/web/api/query", Map.of("sql", sql));
  }

  /** The rows of a query's first page, each as its cells joined by '|'. */
  private static List<String> rows(String user, String token, String sql) throws Exception {
    HttpResponse<String> r = query(user, token, sql);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    List<String> out = new ArrayList<>();
    for (JsonNode row : JSON.readTree(r.body()).get("page").get("rows")) {
      List<String> cells = new ArrayList<>();
      row.forEach(c -> cells.add(c.isNull() ? "NULL" : c.asText()));
      out.add(String.join("|", cells));
    }
    return out;
  }

  private static String errorMessage(HttpResponse<String> r) throws Exception {
    return JSON.readTree(r.body()).get("error").get("message").asText();
  }

  @Test
  void theEditorsFilesComeFromTheWebJarWithTypesAndCaching() throws Exception {
    assertThat(send(request(null, "/web/lib/codemirror/codemirror.js").GET()).statusCode())
        .isEqualTo(401);
    HttpResponse<String> js = send(request(ALICE, "/web/lib/codemirror/codemirror.js").GET());
    assertThat(js.statusCode()).isEqualTo(200);
    assertThat(js.headers().firstValue("Content-Type").orElse("")).startsWith("text/javascript");
    assertThat(js.body()).contains("CodeMirror");
    String etag = js.headers().firstValue("ETag").orElseThrow();
    assertThat(etag).contains("codemirror-5.");
    assertThat(js.headers().firstValue("Cache-Control").orElse("")).contains("max-age=");
    assertThat(send(request(ALICE, "/web/lib/codemirror/codemirror.js")
        .header("If-None-Match", etag).GET()).statusCode()).isEqualTo(304);
    HttpResponse<String> css = send(request(ALICE, "/web/lib/codemirror/show-hint.css").GET());
    assertThat(css.headers().firstValue("Content-Type").orElse("")).startsWith("text/css");
    assertThat(send(request(ALICE, "/web/lib/codemirror/sql.js").GET()).body())
        .contains("text/x-sql");
    // Only the files the page uses; no path reaches the class loader.
    assertThat(send(request(ALICE, "/web/lib/codemirror/../../../io/csvws/web/WebConsole.class")
        .GET()).statusCode()).isEqualTo(404);
    assertThat(send(request(ALICE, "/web/lib/codemirror/mode/xml/xml.js").GET()).statusCode())
        .isEqualTo(404);
    // The page's own new scripts, too, put server text into the page as text only.
    for (String file : List.of("editor.js", "history.js", "keep.js")) {
      HttpResponse<String> mine = send(request(ALICE, "/web/" + file).GET());
      assertThat(mine.statusCode()).isEqualTo(200);
      assertThat(mine.body()).doesNotContain("innerHTML").doesNotContain("insertAdjacentHTML")
          .doesNotContain("eval(");
    }
    HttpResponse<String> page = send(request(ALICE, "/").GET());
    assertThat(page.body()).contains("<script src=\"/web/lib/codemirror/codemirror.js\"")
        .doesNotContain("<script>");
  }

  @Test
  void theFunctionListIsTheEnginesCatalogue() throws Exception {
    String token = token(ALICE);
    assertThat(get(ALICE, "", "/web/api/functions").statusCode()).isEqualTo(403);
    HttpResponse<String> r = get(ALICE, token, "/web/api/functions");
    assertThat(r.statusCode()).isEqualTo(200);
    List<String> names = new ArrayList<>();
    JSON.readTree(r.body()).get("functions").forEach(f -> names.add(f.get("name").asText()));
    assertThat(names).contains("UPPER", "COUNT", "DATE_TRUNC", "ROW_NUMBER")
        .doesNotHaveDuplicates().noneMatch(n -> n.contains(" "));
    // The same names the engine lists in csvws.functions (a sample that must agree).
    assertThat(rows(ALICE, token, "SELECT COUNT(*) FROM csvws.functions WHERE name = 'DATE_TRUNC'")
        .get(0)).isNotEqualTo("0");
  }

  @Test
  void theHistoryIsEachUsersOwnNewestFirst() throws Exception {
    String alice = token(ALICE);
    String bob = token(BOB);
    assertThat(get(ALICE, "", "/web/api/history").statusCode()).isEqualTo(403);
    assertThat(get(ALICE, bob, "/web/api/history").statusCode()).isEqualTo(403);
    query(ALICE, alice, "SELECT 'first query' AS q");
    query(ALICE, alice, "SELECT nope FROM numbers");
    query(ALICE, alice, "SELECT 'third query' AS q");
    JsonNode h = JSON.readTree(get(ALICE, alice, "/web/api/history").body()).get("queries");
    List<String> sql = new ArrayList<>();
    h.forEach(q -> sql.add(q.get("sql").asText()));
    assertThat(sql.indexOf("SELECT 'third query' AS q")).isLessThan(
        sql.indexOf("SELECT nope FROM numbers"));
    assertThat(sql.indexOf("SELECT nope FROM numbers")).isLessThan(
        sql.indexOf("SELECT 'first query' AS q"));
    JsonNode failed = h.get(sql.indexOf("SELECT nope FROM numbers"));
    assertThat(failed.get("error").asText()).contains("nope");
    assertThat(h.get(sql.indexOf("SELECT 'third query' AS q")).get("error").isNull()).isTrue();
    // Running a query again moves it to the top rather than repeating it.
    query(ALICE, alice, "SELECT 'first query' AS q");
    h = JSON.readTree(get(ALICE, alice, "/web/api/history").body()).get("queries");
    assertThat(h.get(0).get("sql").asText()).isEqualTo("SELECT 'first query' AS q");
    long copies = 0;
    for (JsonNode q : h) {
      copies += q.get("sql").asText().equals("SELECT 'first query' AS q") ? 1 : 0;
    }
    assertThat(copies).isEqualTo(1);

    String bobsHistory = get(BOB, bob, "/web/api/history").body();
    assertThat(bobsHistory).doesNotContain("first query").doesNotContain("nope");
  }

  @Test
  void aSavedResultIsATableInLaterQueriesOfItsUserOnly() throws Exception {
    String alice = token(ALICE);
    String bob = token(BOB);
    Map<String, String> save = Map.of("name", "high_numbers",
        "sql", "SELECT n, label FROM numbers WHERE n > 245");
    HttpResponse<String> refused = post(ALICE, "", "/web/api/saved", save);
    assertThat(refused.statusCode()).isEqualTo(403);
    assertThat(post(ALICE, bob, "/web/api/saved", save).statusCode()).isEqualTo(403);
    HttpResponse<String> foreign = send(request(ALICE, "/web/api/saved")
        .header("X-Csvws-Token", alice).header("Origin", "http://evil.example")
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(save))));
    assertThat(foreign.statusCode()).isEqualTo(403);
    assertThat(get(ALICE, alice, "/web/api/saved").body()).doesNotContain("high_numbers");

    HttpResponse<String> saved = post(ALICE, alice, "/web/api/saved", save);
    assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
    assertThat(JSON.readTree(saved.body()).get("total_row_count").asLong()).isEqualTo(5);
    assertThat(rows(ALICE, alice, "SELECT COUNT(*), MIN(n) FROM high_numbers"))
        .containsExactly("5|246");
    JsonNode list = JSON.readTree(get(ALICE, alice, "/web/api/saved").body());
    assertThat(list.get("results").get(0).get(0).asText()).isEqualTo("high_numbers");

    // Bob neither sees nor reaches it.
    assertThat(get(BOB, bob, "/web/api/saved").body()).doesNotContain("high_numbers");
    HttpResponse<String> bobs = query(BOB, bob, "SELECT * FROM high_numbers");
    assertThat(bobs.statusCode()).isEqualTo(400);
    assertThat(errorMessage(bobs)).contains("high_numbers");
    assertThat(post(BOB, bob, "/web/api/saved/high_numbers/drop", Map.of()).statusCode())
        .isNotEqualTo(200);

    // A name that is a table of the workspace is refused, as the agent tool refuses it.
    HttpResponse<String> clash = post(ALICE, alice, "/web/api/saved",
        Map.of("name", "numbers", "sql", "SELECT 1 AS x"));
    assertThat(clash.statusCode()).isEqualTo(400);
    assertThat(clash.body()).contains("already a table");

    assertThat(post(ALICE, "", "/web/api/saved/high_numbers/drop", Map.of()).statusCode())
        .isEqualTo(403);
    assertThat(post(ALICE, alice, "/web/api/saved/high_numbers/drop", Map.of()).statusCode())
        .isEqualTo(200);
    assertThat(query(ALICE, alice, "SELECT * FROM high_numbers").statusCode()).isEqualTo(400);
  }

  @Test
  void errorPositionsPointIntoTheTextWrittenEvenWithSavedResultsExpanded() throws Exception {
    String alice = token(ALICE);
    assertThat(post(ALICE, alice, "/web/api/saved", Map.of("name", "small",
        "sql", "SELECT n FROM numbers WHERE n <= 3")).statusCode()).isEqualTo(200);
    try {
      HttpResponse<String> r = query(ALICE, alice, "SELECT n,\n  nope\nFROM small");
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(errorMessage(r)).startsWith("From line 2, column 3 to line 2, column 6")
          .contains("'nope'");
      // A query of its own WITH gets the saved result's definition inserted in the middle.
      r = query(ALICE, alice, "WITH t AS (SELECT 1 AS one) SELECT nope FROM t, small");
      assertThat(errorMessage(r)).startsWith("From line 1, column 36 to line 1, column 39");
      assertThat(rows(ALICE, alice,
          "WITH t AS (SELECT 1 AS one) SELECT COUNT(*) FROM t, small")).containsExactly("3");
    } finally {
      post(ALICE, alice, "/web/api/saved/small/drop", Map.of());
    }
  }

  @Test
  void anErrorInsideASavedResultSaysWhichAndMarksNothing() throws Exception {
    String alice = token(ALICE);
    Path file = root.resolve("alice").resolve("shifting.csv");
    Files.writeString(file, "a,b\n1,2\n");
    assertThat(post(ALICE, alice, "/web/api/saved", Map.of("name", "uses_b",
        "sql", "SELECT b FROM shifting")).statusCode()).isEqualTo(200);
    try {
      // A saved result is a saved query: it runs over the file as it is now, without b.
      Files.writeString(file, "a,c\n1,2\n");
      HttpResponse<String> r = query(ALICE, alice, "SELECT * FROM uses_b");
      assertThat(r.statusCode()).isEqualTo(400);
      assertThat(errorMessage(r)).startsWith("In the saved result uses_b that the query uses: ")
          .contains("'b'").doesNotContain("line ");
    } finally {
      post(ALICE, alice, "/web/api/saved/uses_b/drop", Map.of());
    }
  }

  private static String askDownload(String user, String token, String sql, String format,
      String name) throws Exception {
    Map<String, String> body = new LinkedHashMap<>();
    body.put("sql", sql);
    body.put("format", format);
    body.put("name", name);
    HttpResponse<String> r = post(user, token, "/web/api/downloads", body);
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    return JSON.readTree(r.body()).get("url").asText();
  }

  @Test
  void aCsvDownloadStreamsTheExportOnceForItsUser() throws Exception {
    String alice = token(ALICE);
    String bob = token(BOB);
    Map<String, String> ask = Map.of("sql", "SELECT 1 AS x", "format", "csv");
    assertThat(post(ALICE, "", "/web/api/downloads", ask).statusCode()).isEqualTo(403);
    assertThat(post(ALICE, bob, "/web/api/downloads", ask).statusCode()).isEqualTo(403);
    assertThat(post(ALICE, alice, "/web/api/downloads",
        Map.of("sql", "SELECT 1 AS x", "format", "pdf")).statusCode()).isEqualTo(400);

    String url = askDownload(ALICE, alice, "SELECT n, label FROM numbers WHERE n IN (9, 10) "
        + "ORDER BY n", "csv", "numbers/../../etc passwd");
    assertThat(url).startsWith("/web/api/downloads/");
    // Another user's credentials do not fetch it, and do not use it up.
    assertThat(send(request(BOB, url).GET()).statusCode()).isEqualTo(404);
    assertThat(send(request(null, url).GET()).statusCode()).isEqualTo(401);
    HttpResponse<String> file = send(request(ALICE, url).GET());
    assertThat(file.statusCode()).isEqualTo(200);
    assertThat(file.headers().firstValue("Content-Type").orElse("")).startsWith("text/csv");
    assertThat(file.headers().firstValue("Content-Disposition").orElse(""))
        .startsWith("attachment; filename=\"numbers_etc_passwd.csv\"");
    assertThat(file.body()).isEqualTo("n,label\r\n9,n 9\r\n10,\"n 10, round\"\r\n");
    // Once only.
    assertThat(send(request(ALICE, url).GET()).statusCode()).isEqualTo(404);
  }

  @Test
  void aDownloadOfASavedResultAndAsXlsxIsAWorkbook() throws Exception {
    String alice = token(ALICE);
    assertThat(post(ALICE, alice, "/web/api/saved", Map.of("name", "tens",
        "sql", "SELECT n, label FROM numbers WHERE MOD(n, 10) = 0 AND n <= 30")).statusCode())
        .isEqualTo(200);
    try {
      String url = askDownload(ALICE, alice, "SELECT * FROM tens ORDER BY n", "xlsx", "tens");
      HttpResponse<InputStream> file = HTTP.send(request(ALICE, url).GET().build(),
          HttpResponse.BodyHandlers.ofInputStream());
      assertThat(file.statusCode()).isEqualTo(200);
      assertThat(file.headers().firstValue("Content-Type").orElse(""))
          .isEqualTo("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      assertThat(file.headers().firstValue("Content-Disposition").orElse(""))
          .contains("filename=\"tens.xlsx\"");
      Map<String, String> parts = new LinkedHashMap<>();
      try (ZipInputStream zip = new ZipInputStream(file.body())) {
        for (ZipEntry e = zip.getNextEntry(); e != null; e = zip.getNextEntry()) {
          parts.put(e.getName(), new String(zip.readAllBytes(), StandardCharsets.UTF_8));
        }
      }
      assertThat(parts).containsKeys("[Content_Types].xml", "xl/workbook.xml",
          "xl/worksheets/sheet1.xml", "xl/styles.xml");
      String sheet = parts.get("xl/worksheets/sheet1.xml");
      assertThat(sheet).contains("<c r=\"A2\"><v>10</v></c>").contains("<c r=\"A4\"><v>30</v>")
          .contains("n 30, round").doesNotContain("A5");
    } finally {
      post(ALICE, alice, "/web/api/saved/tens/drop", Map.of());
    }
  }

  @Test
  void aFailingDownloadIsAnErrorOrACutConnectionNeverAShortFile() throws Exception {
    String alice = token(ALICE);
    // Refused before any byte: an error the page can show.
    String url = askDownload(ALICE, alice, "SELECT nope FROM numbers", "csv", "x");
    HttpResponse<String> early = send(request(ALICE, url).GET());
    assertThat(early.statusCode()).isEqualTo(400);
    assertThat(early.headers().firstValue("Content-Disposition")).isEmpty();
    assertThat(errorMessage(early)).contains("nope");
    // Failing at the last row, long after the first bytes left: the connection is cut, so the
    // client sees an incomplete response, not a file that ends early and looks whole.
    url = askDownload(ALICE, alice, "SELECT CAST(v AS INTEGER) AS v FROM late", "csv", "late");
    String finalUrl = url;
    assertThatThrownBy(() -> {
      HttpResponse<InputStream> r = HTTP.send(request(ALICE, finalUrl).GET().build(),
          HttpResponse.BodyHandlers.ofInputStream());
      assertThat(r.statusCode()).isEqualTo(200);
      try (InputStream in = r.body()) {
        in.transferTo(java.io.OutputStream.nullOutputStream());
      }
    }).isInstanceOf(IOException.class);
    assertThat(gateway.accessLogText()).contains("WEB DOWNLOAD ASKED");
  }
}
